// Reading logs in pages of blocks. Public RPC endpoints refuse `eth_getLogs` over wide block ranges (or ranges with
// too many results) and drop the odd request; one query from a deployment block to the latest block fails there.
// Here a range is read page by page: a page the node refuses as too large is halved and retried at once, any other
// failure is retried after a growing pause, and only a page that keeps failing ends the read.

import { toBeHex, zeroPadValue, type Filter, type Log } from "ethers";

export interface PagingOptions {
  /** First block (default 0). */
  fromBlock?: number;
  /** Last block (default: the latest block when the read starts). */
  toBlock?: number;
  /** Blocks per page to start with (default 5,000); shrinks when the node refuses a range. */
  pageSize?: number;
  /** Retries of one page after failures that are not about its size (default 4). */
  retries?: number;
  /** First pause before a retry, doubled each time (default 500 ms). */
  backoffMs?: number;
  /** Called before each page is read (progress, tests). */
  onPage?: (fromBlock: number, toBlock: number) => void;
  /** How to pause (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
}

/** Defaults of {@link PagingOptions}. */
export const DEFAULT_PAGE_SIZE = 5_000;
export const DEFAULT_RETRIES = 4;
export const DEFAULT_BACKOFF_MS = 500;

/**
 * Whether a node's error says the block range (or its result) is too large. The texts of the common providers and
 * nodes: "block range is too wide", "query returned more than 10000 results", "exceed maximum block range",
 * "Log response size exceeded", "range too large", "limit exceeded", "eth_getLogs is limited to a 10,000 range".
 */
export function isRangeError(error: unknown): boolean {
  const text = errorText(error).toLowerCase();
  return /range|too many|more than \d|results? (limit|size)|response size|limit exceeded|too large|exceed(s|ed)? max/.test(
    text,
  );
}

function errorText(error: unknown): string {
  if (error === null || error === undefined) return "";
  if (typeof error === "string") return error;
  if (typeof error !== "object") return String(error);
  const e = error as { message?: unknown; error?: unknown; info?: { error?: unknown }; shortMessage?: unknown };
  return [e.message, e.shortMessage, errorText(e.error), errorText(e.info?.error)].filter(Boolean).join(" | ");
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `query(from, to)` over `[fromBlock, toBlock]` page by page and concatenates the results in block order.
 * `latest` supplies the last block when `toBlock` is not given.
 */
export async function pagedQuery<T>(
  query: (fromBlock: number, toBlock: number) => Promise<T[]>,
  latest: () => Promise<number>,
  opts: PagingOptions = {},
): Promise<T[]> {
  const from = opts.fromBlock ?? 0;
  const to = opts.toBlock ?? (await latest());
  const retries = opts.retries ?? DEFAULT_RETRIES;
  const sleep = opts.sleep ?? wait;
  let size = Math.max(1, opts.pageSize ?? DEFAULT_PAGE_SIZE);
  const out: T[] = [];
  for (let start = from; start <= to;) {
    const end = Math.min(to, start + size - 1);
    let failures = 0;
    for (;;) {
      opts.onPage?.(start, end);
      try {
        out.push(...(await query(start, end)));
        break;
      } catch (error) {
        if (isRangeError(error) && end > start) {
          // Refused as too large: halve the page (for the rest of the read too) and ask again at once.
          size = Math.max(1, Math.floor((end - start + 1) / 2));
          return out.concat(
            await pagedQuery(query, latest, { ...opts, fromBlock: start, toBlock: to, pageSize: size }),
          );
        }
        if (++failures > retries) throw error;
        await sleep((opts.backoffMs ?? DEFAULT_BACKOFF_MS) * 2 ** (failures - 1));
      }
    }
    start = end + 1;
  }
  return out;
}

/** The subset of an ethers provider that {@link getLogsPaged} needs. */
export interface LogSource {
  getLogs(filter: Filter): Promise<Log[]>;
  getBlockNumber(): Promise<number>;
}

/** `eth_getLogs` for `filter` (address, topics) over a block range, in pages. */
export function getLogsPaged(
  provider: LogSource,
  filter: Omit<Filter, "fromBlock" | "toBlock">,
  opts: PagingOptions = {},
): Promise<Log[]> {
  return pagedQuery(
    (fromBlock, toBlock) => provider.getLogs({ ...filter, fromBlock, toBlock }),
    () => provider.getBlockNumber(),
    opts,
  );
}

/**
 * The logs of contract `address` whose first indexed argument is `id` (a room's, a game's), in pages: what a game
 * page reads of its own game from the node when no indexer answers.
 */
export function getLogsOfId(
  provider: LogSource,
  address: string,
  id: bigint,
  opts: PagingOptions = {},
): Promise<Log[]> {
  return getLogsPaged(provider, { address, topics: [null, zeroPadValue(toBeHex(id), 32)] }, opts);
}
