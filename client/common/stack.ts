// The runtime config of the class stack's gateway (scripts/web/gateway.ts): what /stack.json answers and what the
// gateway writes into index.html as `window.__STACK__`, so that one built bundle finds the chain, the indexer and the
// faucet on whatever address it is served from (the laptop's loopback or the room's network).

export interface StackConfig {
  chainId: number;
  /** The same-origin JSON-RPC path ("/rpc"). */
  rpc: string;
  /** The shared chain clock's path ("/heads": server-sent events of the node's head and the indexer's block). */
  heads: string;
  /** The indexer's path ("/indexer"), or null when the stack runs none. */
  indexer: string | null;
  /** The faucet's path and terms (wei as decimal strings: top-up balance, most per address), or null. */
  faucet: { path: string; amount: string; perAddress: string } | null;
  /** Seconds between blocks (interval mining), or null: a block per transaction (automine). */
  blockTime: number | null;
  /** Whether this page's device is the host (the machine running the stack): it may mine blocks and use the node's
   *  development accounts; phones sign in the page. */
  host: boolean;
  /** The address phones open (the LAN URL), or null when the stack is on loopback only. */
  url: string | null;
}

/** `config`'s path (e.g. "/rpc") as an absolute URL on `origin` (the page's). */
export function stackUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}
