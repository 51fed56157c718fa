// EIP-6963 wallet discovery: wallets announce themselves with an event; the page asks with another. The legacy
// `window.ethereum` is the fallback when nothing announces. Written against a minimal event target so it is testable
// without a browser.

/** EIP-1193 provider: what ethers' BrowserProvider wraps. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

/** EIP-6963 provider info. */
export interface WalletInfo {
  uuid: string;
  name: string;
  /** data: URI of the wallet's icon. */
  icon: string;
  rdns: string;
}

export interface WalletDetail {
  info: WalletInfo;
  provider: Eip1193Provider;
}

/** The part of `window` discovery needs. */
export interface DiscoveryTarget {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  dispatchEvent(event: Event): boolean;
  ethereum?: Eip1193Provider;
}

export const ANNOUNCE = "eip6963:announceProvider";
export const REQUEST = "eip6963:requestProvider";

/** The fallback entry for a `window.ethereum` nobody announced. */
export const LEGACY_INFO: WalletInfo = { uuid: "legacy-window-ethereum", name: "Browser wallet", icon: "", rdns: "" };

function isDetail(x: unknown): x is WalletDetail {
  const d = x as Partial<WalletDetail> | undefined;
  return (
    typeof d?.info?.uuid === "string" && typeof d.info.name === "string" && typeof d.provider?.request === "function"
  );
}

/**
 * Listens for announced wallets and asks for them; calls `onChange` with the list (deduplicated by uuid, in order
 * of announcement, `window.ethereum` last when no announced wallet wraps the same provider). Returns the unsubscribe.
 */
export function discoverWallets(target: DiscoveryTarget, onChange: (wallets: WalletDetail[]) => void): () => void {
  const announced = new Map<string, WalletDetail>();
  const emit = () => {
    const list = [...announced.values()];
    const legacy = target.ethereum;
    if (legacy && !list.some((w) => w.provider === legacy)) list.push({ info: LEGACY_INFO, provider: legacy });
    onChange(list);
  };
  const listener = (event: Event) => {
    const detail = (event as Event & { detail?: unknown }).detail;
    if (!isDetail(detail) || announced.has(detail.info.uuid)) return;
    announced.set(detail.info.uuid, detail);
    emit();
  };
  target.addEventListener(ANNOUNCE, listener);
  target.dispatchEvent(new Event(REQUEST));
  emit();
  return () => target.removeEventListener(ANNOUNCE, listener);
}
