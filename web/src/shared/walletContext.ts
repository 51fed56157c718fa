// The connection's shape as the pages see it (useWallet), kept apart from its provider (./wallet.tsx).
import { createContext, useContext } from "react";
import type { AbstractProvider, Signer } from "ethers";
import type { BurnerSeat, BurnerStore } from "./burner";
import type { NetworkDeployment } from "./deployments";
import type { WalletDetail } from "./eip6963";

export type WalletMode = "local" | "injected" | "burner";

export interface Wallet {
  mode: WalletMode;
  /** Reads go here (the local node, or the injected wallet's provider). Null while connecting. */
  provider: AbstractProvider | null;
  chainId: number | null;
  /** The deployment for `chainId`; null on a chain the bundle was not built for (wrong network). */
  deployment: NetworkDeployment | null;
  signer: Signer | null;
  account: string | null;
  /** What is wrong, in words (node unreachable, wallet locked, ...), or null. */
  problem: string | null;
  /** Local mode: the node's development accounts. */
  localAccounts: string[];
  localUrl: string;
  /** Injected wallets discovered (EIP-6963, then window.ethereum). */
  wallets: WalletDetail[];
  walletName: string | null;
  /** Bumped when the connection is rebuilt, so data hooks reload. */
  epoch: number;
  /** Burner mode: the seat in use; and every seat this browser keeps. */
  burner: BurnerSeat | null;
  burners: BurnerSeat[];
  /** Whether this page can make a funded burner now (a local chain whose stack runs a faucet). */
  canPlay: boolean;
  /** Play: this browser's play seat on the page's chain (made and funded by the faucet if there is none yet). */
  play(): Promise<void>;
  /** Plays as a seat this browser keeps (or one just stored from a card). */
  switchToBurner(address: string): void;
  /** Removes a seat's key from this browser (its play ETH stays on its address). */
  forgetBurner(address: string): void;
  /** The burner store (the seat page saves a card's seat in it). */
  burnerStore: BurnerStore;
  chooseLocalAccount(address: string): void;
  useLocalNode(): void;
  connectWallet(uuid: string): Promise<void>;
  disconnect(): void;
  switchChain(chainId: number): Promise<void>;
}

export const WalletContext = createContext<Wallet | null>(null);

export function useWallet(): Wallet {
  const w = useContext(WalletContext);
  if (!w) throw new Error("useWallet outside WalletProvider");
  return w;
}

/** A raw JSON-RPC call (used before a provider exists: to learn the chain id and whether the node is up). */
export async function rpcCall<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result as T;
}
