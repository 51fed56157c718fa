// What the gateway's shared chain clock (/heads, scripts/web/heads.ts) pushes to every open page as a server-sent
// event, and how a page reads a transaction of its own out of it. Plain TypeScript: the gateway writes it, the
// pages' clock (web/src/shared/block.tsx) and the transactions panel (web/src/shared/confirm.ts) read it.

/** A transaction of a newly mined block, from the node's receipts: enough to say "mined in block n, g gas". */
export interface MinedTx {
  hash: string;
  block: number;
  /** 1: it succeeded; 0: it reverted. */
  status: number;
  /** Gas used, as a decimal string. */
  gasUsed: string;
  /**
   * The contracts whose events it emitted (lower case, each once): a page watching a contract (a tournament whose
   * rooms are being created) re-reads it with the block itself, not when the indexer has caught up.
   */
  emitters?: string[];
}

/** Whether a successful transaction of `mined` emitted events from `address`. */
export function touches(mined: readonly MinedTx[] | null | undefined, address: string): boolean {
  const a = address.toLowerCase();
  return !!mined?.some((m) => m.status === 1 && m.emitters?.includes(a));
}

/** One message of /heads. */
export interface Heads {
  /** The node's latest block and its timestamp (0 until known). */
  block: number;
  timestamp: number;
  /** The indexer's latest indexed block, or null when the stack runs none or it does not answer. */
  indexer: { block: number } | null;
  /** Why the indexer does not answer (null: it answers, or there is none). */
  indexerError: string | null;
  /** Why the node does not answer (null while it does). */
  nodeError: string | null;
  /**
   * In the first message of a block: the transactions of the blocks mined since the previous message, so that a page
   * learns its own transaction was mined with the block itself, without asking the node for its receipt. Null when
   * the node does not give a block's receipts at once (eth_getBlockReceipts), too many blocks came at once, or the
   * list would be too long: a page then asks for its receipt as usual.
   */
  mined: MinedTx[] | null;
}

/** Most transactions one message lists (a full local block holds over a thousand; a class's, a few dozen). */
export const MINED_LIST_MAX = 300;

/** `hash` in a message's list of mined transactions, if it is there. */
export function minedTx(mined: readonly MinedTx[] | null | undefined, hash: string): MinedTx | undefined {
  const h = hash.toLowerCase();
  return mined?.find((m) => m.hash.toLowerCase() === h);
}
