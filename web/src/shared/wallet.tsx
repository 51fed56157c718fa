// The connection: which node the app reads, which account signs.
// - On a development node (chain 31337/1337 in the bundle's deployments): the node's own unlocked accounts
//   (`eth_accounts`, signed by the node through `eth_sendTransaction`); no key is ever in the bundle.
// - Anywhere else: an injected wallet, found by EIP-6963 discovery (`window.ethereum` as the fallback), with a
//   wrong-network warning and a `wallet_switchEthereumChain` request.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { BrowserProvider, JsonRpcProvider, JsonRpcSigner, Network, type AbstractProvider, type Signer } from "ethers";
import {
  deploymentFor,
  deployments,
  LOCAL_CHAIN_IDS,
  localRpcUrl,
  stackConfig,
  type NetworkDeployment,
} from "./deployments";
import { discoverWallets, type Eip1193Provider, type WalletDetail } from "./eip6963";
import { describeError } from "./errors";
import { useToasts } from "./toasts";

export type WalletMode = "local" | "injected";

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
  chooseLocalAccount(address: string): void;
  useLocalNode(): void;
  connectWallet(uuid: string): Promise<void>;
  disconnect(): void;
  switchChain(chainId: number): Promise<void>;
}

const WalletContext = createContext<Wallet | null>(null);

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

const hasLocalDeployment = deployments.some((d) => LOCAL_CHAIN_IDS.includes(d.chainId));
const STORAGE_MODE = "wallet.mode";
const STORAGE_ACCOUNT = "wallet.localAccount";

export function WalletProvider({ children }: { children: ReactNode }) {
  const toasts = useToasts();
  const localUrl = useMemo(() => localRpcUrl(), []);
  const [mode, setMode] = useState<WalletMode>(
    () => (sessionStorage.getItem(STORAGE_MODE) as WalletMode | null) ?? (hasLocalDeployment ? "local" : "injected"),
  );
  const [provider, setProvider] = useState<AbstractProvider | null>(null);
  const [chainId, setChainId] = useState<number | null>(null);
  const [signer, setSigner] = useState<Signer | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [localAccounts, setLocalAccounts] = useState<string[]>([]);
  const [wallets, setWallets] = useState<WalletDetail[]>([]);
  const [injected, setInjected] = useState<WalletDetail | null>(null);
  const [epoch, setEpoch] = useState(0);

  useEffect(() => discoverWallets(window as unknown as Parameters<typeof discoverWallets>[0], setWallets), []);

  // Local node: learn the chain id and the accounts; retry until the node answers.
  useEffect(() => {
    if (mode !== "local") return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async () => {
      try {
        const id = Number(await rpcCall<string>(localUrl, "eth_chainId"));
        // A phone behind the class stack's gateway reads the chain but may not use the node's accounts (the host's).
        const stack = stackConfig();
        const accounts = stack && !stack.host ? [] : await rpcCall<string[]>(localUrl, "eth_accounts");
        if (stopped) return;
        const p = new JsonRpcProvider(localUrl, undefined, {
          staticNetwork: Network.from(id),
          // A local node answers at once: a mined transaction shows within a quarter of a second, not a second.
          pollingInterval: 250,
          batchMaxCount: 1,
          // No 250 ms result cache: a read right after a mined transaction must see it.
          cacheTimeout: -1,
        });
        const saved = sessionStorage.getItem(STORAGE_ACCOUNT);
        const chosen = accounts.find((a) => a.toLowerCase() === saved?.toLowerCase()) ?? accounts[0] ?? null;
        setProvider(p);
        setChainId(id);
        setLocalAccounts(accounts);
        // Account and signer change together, synchronously: an awaited getSigner here could resolve after the
        // player picked another account and sign that player's next transaction with the first account.
        setAccount(chosen);
        setSigner(chosen ? new JsonRpcSigner(p, chosen) : null);
        setProblem(null);
        setEpoch((e) => e + 1);
      } catch {
        if (stopped) return;
        setProblem(`cannot reach the local node at ${localUrl}: start it with \`npm run web\` (retrying)`);
        timer = setTimeout(attempt, 2000);
      }
    };
    void attempt();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [mode, localUrl]);

  // Injected wallet: follow its account and chain.
  useEffect(() => {
    if (mode !== "injected" || !injected) return;
    const eip1193: Eip1193Provider = injected.provider;
    let stopped = false;
    const refresh = async () => {
      try {
        const id = Number(await eip1193.request({ method: "eth_chainId" }));
        const accounts = (await eip1193.request({ method: "eth_accounts" })) as string[];
        if (stopped) return;
        const p = new BrowserProvider(eip1193, id, { cacheTimeout: -1 });
        const signer = accounts[0] ? await p.getSigner(accounts[0]) : null;
        if (stopped) return;
        setProvider(p);
        setChainId(id);
        setAccount(accounts[0] ?? null);
        setSigner(signer);
        setProblem(accounts[0] ? null : `${injected.info.name} is locked or shares no account with this page`);
        setEpoch((e) => e + 1);
      } catch (err) {
        if (!stopped) setProblem(describeError(err));
      }
    };
    const onChange = () => void refresh();
    eip1193.on?.("chainChanged", onChange);
    eip1193.on?.("accountsChanged", onChange);
    void refresh();
    return () => {
      stopped = true;
      eip1193.removeListener?.("chainChanged", onChange);
      eip1193.removeListener?.("accountsChanged", onChange);
    };
  }, [mode, injected]);

  const chooseLocalAccount = useCallback(
    (address: string) => {
      if (!(provider instanceof JsonRpcProvider)) return;
      sessionStorage.setItem(STORAGE_ACCOUNT, address);
      setAccount(address);
      setSigner(new JsonRpcSigner(provider, address));
    },
    [provider],
  );

  const reset = () => {
    setProvider(null);
    setSigner(null);
    setAccount(null);
    setChainId(null);
    setProblem(null);
  };

  const useLocalNode = useCallback(() => {
    sessionStorage.setItem(STORAGE_MODE, "local");
    setInjected(null);
    reset();
    setMode("local");
  }, []);

  const connectWallet = useCallback(
    async (uuid: string) => {
      const detail = wallets.find((w) => w.info.uuid === uuid);
      if (!detail) return;
      try {
        await detail.provider.request({ method: "eth_requestAccounts" });
      } catch (err) {
        toasts.push("error", describeError(err));
        return;
      }
      sessionStorage.setItem(STORAGE_MODE, "injected");
      reset();
      setInjected(detail);
      setMode("injected");
    },
    [wallets, toasts],
  );

  const disconnect = useCallback(() => {
    setInjected(null);
    reset();
    setMode("injected");
    sessionStorage.setItem(STORAGE_MODE, "injected");
  }, []);

  const switchChain = useCallback(
    async (target: number) => {
      if (!injected) return;
      const hexId = "0x" + target.toString(16);
      try {
        await injected.provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: hexId }] });
      } catch (err) {
        // 4902: the wallet does not know the chain; a development chain can be added with the local node's URL.
        const code = (err as { code?: number }).code;
        if (code === 4902 && LOCAL_CHAIN_IDS.includes(target)) {
          try {
            await injected.provider.request({
              method: "wallet_addEthereumChain",
              params: [
                {
                  chainId: hexId,
                  chainName: `Local node ${target}`,
                  rpcUrls: [localUrl],
                  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
                },
              ],
            });
            return;
          } catch (addErr) {
            toasts.push("error", describeError(addErr));
            return;
          }
        }
        toasts.push("error", describeError(err));
      }
    },
    [injected, localUrl, toasts],
  );

  const value: Wallet = {
    mode,
    provider,
    chainId,
    deployment: deploymentFor(chainId ?? undefined) ?? null,
    signer,
    account,
    problem,
    localAccounts,
    localUrl,
    wallets,
    walletName: injected?.info.name ?? null,
    epoch,
    chooseLocalAccount,
    useLocalNode,
    connectWallet,
    disconnect,
    switchChain,
  };
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}
