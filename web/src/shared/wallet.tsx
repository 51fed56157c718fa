// The connection: which node the app reads, which account signs.
// - On a development node (chain 31337/1337 in the bundle's deployments): the node's own unlocked accounts
//   (`eth_accounts`, signed by the node through `eth_sendTransaction`); no key is ever in the bundle.
// - Anywhere else: an injected wallet, found by EIP-6963 discovery (`window.ethereum` as the fallback), with a
//   wrong-network warning and a `wallet_switchEthereumChain` request.
// - A burner seat (shared/burner.ts): a key kept in this browser's storage, made by **Play** (funded at once by the
//   class stack's faucet on a local chain) or read from a class sheet's card; it signs in the page (seatWallet.ts)
//   through the page's JSON-RPC (the gateway's /rpc, or a public network's node named on the card) and holds play
//   money only: it never touches an injected wallet's funds, and the key is never sent anywhere.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import {
  BrowserProvider,
  JsonRpcProvider,
  JsonRpcSigner,
  Network,
  BaseWallet,
  SigningKey,
  hexlify,
  randomBytes,
  type AbstractProvider,
  type Signer,
} from "ethers";
import { BurnerStore, type BurnerSeat } from "./burner";
import { deploymentFor, deployments, LOCAL_CHAIN_IDS, localRpcUrl, stackConfig } from "./deployments";
import { stackUrl } from "../../../client/common/stack";
import { discoverWallets, type Eip1193Provider, type WalletDetail } from "./eip6963";
import { describeError } from "./errors";
import { askFaucet } from "./faucet";
import { ownProvider } from "./ownProvider";
import { SeatWallet } from "./seatWallet";
import { useToasts } from "./toasts";
import { rpcCall, WalletContext, type Wallet, type WalletMode } from "./walletContext";

export { rpcCall, useWallet, type Wallet, type WalletMode } from "./walletContext";

const hasLocalDeployment = deployments.some((d) => LOCAL_CHAIN_IDS.includes(d.chainId));
const STORAGE_MODE = "wallet.mode";
const STORAGE_ACCOUNT = "wallet.localAccount";

/** The JSON-RPC provider of the page's node (the gateway's /rpc or the build's local node, or a card's node). */
function rpcProvider(url: string, chainId: number): JsonRpcProvider {
  return new JsonRpcProvider(url, undefined, {
    staticNetwork: Network.from(chainId),
    // A local node answers at once: a mined transaction shows within a quarter of a second, not a second.
    pollingInterval: 250,
    // The calls a page makes in one moment (a block's action checks and reads, a move's estimate with its nonce,
    // fees and balance) go as one JSON-RPC batch: a browser opens at most six connections to a host, and a move's
    // requests used to queue behind the checks. (The gateway takes batches of up to 100 calls.)
    batchMaxCount: 50,
    // No 250 ms result cache: a read right after a mined transaction must see it.
    cacheTimeout: -1,
  });
}

/** The mode a page opens in: the tab's choice, else this browser's burner seat, else the node's or a wallet. */
function initialMode(store: BurnerStore): WalletMode {
  const saved = sessionStorage.getItem(STORAGE_MODE) as WalletMode | null;
  if (saved) return saved;
  if (store.active()) return "burner";
  return hasLocalDeployment ? "local" : "injected";
}

export function WalletProvider({ children }: { children: ReactNode }) {
  const toasts = useToasts();
  const localUrl = useMemo(() => localRpcUrl(), []);
  const burnerStore = useMemo(() => new BurnerStore(localStorage, sessionStorage), []);
  const [mode, setMode] = useState<WalletMode>(() => initialMode(burnerStore));
  const [burner, setBurner] = useState<BurnerSeat | null>(() => burnerStore.active());
  const [burners, setBurners] = useState<BurnerSeat[]>(() => burnerStore.list());
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
        const p = rpcProvider(localUrl, id);
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

  // Burner seat: its key signs in the page, through the page's node (or the node its card names).
  const burnerAddress = burner?.address ?? null;
  const burnerRpc = burner?.rpc ?? null;
  useEffect(() => {
    if (mode !== "burner") return;
    const seat = burnerAddress ? burnerStore.get(burnerAddress) : null;
    if (!seat) {
      setProvider(null);
      setSigner(null);
      setAccount(null);
      setProblem("this browser keeps no seat: press Play, or open your card's link again");
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const url = burnerRpc ?? localUrl;
    const attempt = async () => {
      try {
        const id = Number(await rpcCall<string>(url, "eth_chainId"));
        if (stopped) return;
        const p = rpcProvider(url, id);
        const stack = stackConfig();
        const faucet =
          stack?.faucet && stack.chainId === id && !burnerRpc
            ? (address: string) => askFaucet(stackUrl(window.location.origin, stack.faucet!.path), address)
            : undefined;
        setProvider(p);
        setChainId(id);
        setAccount(seat.address);
        setSigner(
          new SeatWallet(seat.key, p, {
            seat,
            faucet,
            sendVia: ownProvider(p),
            onSent: () => {
              burnerStore.noteSent(seat.address);
              setBurners(burnerStore.list());
            },
          }),
        );
        setProblem(
          id === seat.chainId
            ? null
            : `this seat was made for chain ${seat.chainId}, but the page's node is on chain ${id}: it holds nothing here`,
        );
        setEpoch((e) => e + 1);
      } catch {
        if (stopped) return;
        setProblem(`cannot reach the node at ${url} (retrying)`);
        timer = setTimeout(attempt, 2000);
      }
    };
    void attempt();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [mode, burnerAddress, burnerRpc, localUrl, burnerStore]);

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
    burnerStore.setActive(null);
    setBurner(null);
    setInjected(null);
    reset();
    setMode("local");
  }, [burnerStore]);

  const switchToBurner = useCallback(
    (address: string) => {
      const seat = burnerStore.get(address);
      if (!seat) return;
      burnerStore.setActive(seat.address);
      sessionStorage.setItem(STORAGE_MODE, "burner");
      setBurners(burnerStore.list());
      setInjected(null);
      if (mode !== "burner" || burner?.address !== seat.address) reset();
      setBurner(seat);
      setMode("burner");
    },
    [burnerStore, mode, burner],
  );

  const stack = stackConfig();
  const canPlay = Boolean(stack?.faucet);
  const play = useCallback(async () => {
    const s = stackConfig();
    if (!s?.faucet) {
      toasts.push("error", "no faucet here: Play needs the class stack on a local chain (ask your teacher for a card)");
      return;
    }
    const existing = burnerStore.list().find((b) => b.chainId === s.chainId && b.source === "play");
    let seat = existing;
    if (!seat) {
      const key = new BaseWallet(new SigningKey(hexlify(randomBytes(32))));
      seat = burnerStore.save({
        key: key.privateKey,
        address: key.address,
        chainId: s.chainId,
        source: "play",
        seat: null,
        name: "",
        tournament: null,
        rpc: null,
        base: 0,
        sent: 0,
        since: Date.now(),
      });
    }
    try {
      await askFaucet(stackUrl(window.location.origin, s.faucet.path), seat.address);
    } catch (err) {
      toasts.push("error", `Play: ${describeError(err)}`);
    }
    switchToBurner(seat.address);
  }, [burnerStore, toasts, switchToBurner]);

  const forgetBurner = useCallback(
    (address: string) => {
      burnerStore.forget(address);
      setBurners(burnerStore.list());
      if (burner?.address.toLowerCase() === address.toLowerCase()) {
        setBurner(null);
        sessionStorage.removeItem(STORAGE_MODE);
        reset();
        setMode(hasLocalDeployment ? "local" : "injected");
      }
    },
    [burnerStore, burner],
  );

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
      burnerStore.setActive(null);
      setBurner(null);
      reset();
      setInjected(detail);
      setMode("injected");
    },
    [wallets, toasts, burnerStore],
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
    burner: mode === "burner" ? (burners.find((b) => b.address === burner?.address) ?? burner) : null,
    burners,
    canPlay,
    play,
    switchToBurner,
    forgetBurner,
    burnerStore,
    chooseLocalAccount,
    useLocalNode,
    connectWallet,
    disconnect,
    switchChain,
  };
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}
