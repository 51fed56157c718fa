// The gateway's shared chain clock (/heads): ONE poll of the node's head (and of the indexer's /status), shared by
// every open page, pushed to each page as server-sent events. A page then needs no node request of its own to learn
// that a block came (countdowns, "the indexer is N blocks behind", when to re-read its lists): idle pages cost the
// node nothing, however many phones keep one open. Polling runs only while some page listens.
//   event data: {"block":n,"timestamp":s,"indexer":{"block":m}|null,"indexerError":"…"|null,"nodeError":"…"|null,
//                "mined":[{"hash","block","status","gasUsed","emitters"}]|null}   (client/common/heads.ts)
// With each new block it pushes that block's transactions from the node's receipts (one eth_getBlockReceipts for
// every page): a page sees its own transaction mined with the block, not one more round trip later.
import type http from "node:http";
import { MINED_LIST_MAX, type Heads, type MinedTx } from "../../client/common/heads";
import { nodeRpc as rpc } from "./upstream";

export interface HeadsOptions {
  nodeUrl: string;
  /** The indexer's base URL (its /status is read), if any. */
  indexerUrl?: URL | null;
  /** Poll interval, ms (default 150: one poller for every page, so it may be quick; the gateway asks 50 on a chain
   * mining on a timer). */
  intervalMs?: number;
}

/** How often the indexer's status is asked while it is in step with the node's head, ms. */
const IN_STEP_MS = 500;
/**
 * How long one status read may take before it counts as failed. A starved indexer (a teacher's busy laptop) answers
 * late but answers: it stays the pages' source of history rather than being said lost and read around.
 */
const STATUS_TIMEOUT_MS = 10_000;
/** How long a tick waits for the status read it started before it publishes the node's head without it. */
const STATUS_WAIT_MS = 1_000;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for `work`, at most `ms` (its timer cleared either way; the work goes on if it is slower). */
async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

/** Ponder's /status: `{ <chain name>: { id, block: { number, timestamp } } }`; the highest block of any chain. */
async function indexerBlock(indexer: URL, stop: AbortSignal): Promise<number> {
  const r = await fetch(new URL("status", indexer.href.endsWith("/") ? indexer.href : indexer.href + "/"), {
    signal: AbortSignal.any([AbortSignal.timeout(STATUS_TIMEOUT_MS), stop]),
  });
  if (!r.ok) throw new Error(`the indexer answered ${r.status}`);
  const status = (await r.json()) as Record<string, { block?: { number?: number } | null }>;
  const blocks = Object.values(status).map((c) => Number(c.block?.number ?? 0));
  return blocks.length ? Math.max(...blocks) : 0;
}

export class HeadsHub {
  private listeners = new Set<http.ServerResponse>();
  private polling = false;
  private stopped = false;
  /** The last message sent, without its list of mined transactions (see publish). */
  private last = "";
  heads: Heads;
  /** Node requests the hub made (for the benchmark's count: shared by every page). */
  nodeRequests = 0;
  /** The indexer's failed reads in a row: it is said unreachable from the second (a busy indexer answers late). */
  private indexerFailures = 0;
  /** When the indexer's status was last asked (ms since 1970). */
  private indexerAskedAt = 0;
  /** The status read in flight, if any: one at a time, however long it takes (the clock does not wait for it). */
  private indexerRead: Promise<void> | null = null;
  /** What the status reads said last: the indexed block, or (from the second failed read in a row) the error. */
  private indexerState: Pick<Heads, "indexer" | "indexerError"> = { indexer: null, indexerError: null };
  /** Whether a tick is waiting for the status read in flight. */
  private tickWaits = false;
  /** Whether the last status read took longer than a tick waits for one (then the ticks do not wait at all). */
  private indexerSlow = false;
  /** The read cache's status read in flight, and the one that waits for it (indexedNow). */
  private checkRead: Promise<number | null> | null = null;
  private checkNext: Promise<number | null> | null = null;
  /** Aborts a status read in flight when the hub stops. */
  private stopping = new AbortController();
  /** Whether the node gives a block's receipts in one call (null: not asked yet). */
  private blockReceipts: boolean | null = null;
  /** Receipt reads of the hub (for the benchmark's count: one per block for every page). */
  receiptRequests = 0;

  constructor(private opts: HeadsOptions) {
    this.heads = { block: 0, timestamp: 0, indexer: null, indexerError: null, nodeError: null, mined: null };
  }

  /** Serves one page's stream until it leaves. */
  serve(req: http.IncomingMessage, res: http.ServerResponse): void {
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      "x-accel-buffering": "no",
      connection: "keep-alive",
    });
    res.flushHeaders();
    this.listeners.add(res);
    if (this.heads.block > 0) res.write(`data: ${JSON.stringify(this.heads)}\n\n`);
    const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), 15_000);
    req.on("close", () => {
      clearInterval(keepAlive);
      this.listeners.delete(res);
    });
    if (!this.polling) void this.loop();
  }

  /** Polls while some page listens. */
  private async loop(): Promise<void> {
    this.polling = true;
    while (this.listeners.size > 0 && !this.stopped) {
      await this.tick();
      const until = Date.now() + (this.opts.intervalMs ?? 150);
      // While the indexer is behind the node's head, its status alone is asked every 25 ms until the next tick (a
      // local HTTP read, no node request): pages learn of a newly indexed block as soon as it is (a new event shows
      // that much sooner), not up to a whole interval later.
      while (Date.now() < until && this.indexerBehind() && !this.stopped) {
        await sleep(25);
        await atMost(this.askIndexer(), Math.max(0, until - Date.now()));
      }
      const left = until - Date.now();
      if (left > 0) await sleep(left);
    }
    this.polling = false;
  }

  /** The node's head while the clock is running and the node answers, else null (nobody polls: it may be old). */
  liveHeadBlock(): number | null {
    return this.polling && this.listeners.size > 0 && !this.heads.nodeError && this.heads.block > 0
      ? this.heads.block
      : null;
  }

  /**
   * The indexed block while the clock is running and the indexer answers, else null (no page listens: nobody polls,
   * and the last value may be old).
   */
  liveIndexedBlock(): number | null {
    return this.polling && this.listeners.size > 0 && !this.heads.indexerError
      ? (this.heads.indexer?.block ?? null)
      : null;
  }

  /**
   * Whether a tick asks the indexer's status. In step with the node's head, the indexer has nothing to index until the
   * node's next block: it is asked every {@link IN_STEP_MS} then (to notice it stopped or was restarted), not at every
   * tick. Each status read is a query of Ponder's one PGlite connection, which its indexing and every page's reads wait
   * behind.
   */
  private indexerDue(): boolean {
    const h = this.heads;
    const inStep = h.indexer !== null && h.indexerError === null && h.indexer.block >= h.block;
    return !inStep || Date.now() - this.indexerAskedAt >= IN_STEP_MS;
  }

  private indexerBehind(): boolean {
    return this.heads.indexer !== null && this.heads.indexer.block < this.heads.block;
  }

  private async tick(): Promise<void> {
    // (The list of mined transactions goes with a block's first message only.)
    const next: Heads = { ...this.heads, mined: null };
    // The indexer's status and the node's latest block at once: one round trip, so that pages hear of a block as
    // soon as the node has it (three reads one after the other cost a busy class stack tenths of a second).
    this.nodeRequests++;
    const node = rpc<{ number: string; timestamp: string } | null>(this.opts.nodeUrl, "eth_getBlockByNumber", [
      "latest",
      false,
    ]);
    // (A read still in flight from an earlier tick is not waited for: the indexer is slow, the node's head is news.)
    const status = this.indexerDue() && !this.indexerRead ? this.askIndexer() : null;
    const [head] = await Promise.allSettled([node]);
    // The status read started with the node's: awaited briefly, so that a quick indexer's block comes in the same
    // message; a starved indexer's read goes on, and its answer is published when it comes (askIndexer).
    if (status && !this.indexerSlow) {
      this.tickWaits = true;
      await atMost(status, STATUS_WAIT_MS);
      this.tickWaits = false;
    }
    if (head.status === "fulfilled" && head.value) {
      next.block = Number(head.value.number);
      next.timestamp = Number(head.value.timestamp);
      next.nodeError = null;
      if (next.block > this.heads.block && this.heads.block > 0)
        next.mined = await this.minedSince(this.heads.block, next.block);
    } else if (head.status === "rejected") {
      next.nodeError = `the node is not answering (${message(head.reason)})`;
    }
    this.publish(next);
  }

  /**
   * The transactions of blocks `from + 1` to `to`, from the node's receipts; null when the node cannot say so in one
   * call per block (eth_getBlockReceipts unknown to it: asked once), when more than a few blocks came at once or the
   * list is long (pages then ask for their receipts themselves).
   */
  private async minedSince(from: number, to: number): Promise<MinedTx[] | null> {
    if (this.blockReceipts === false || to - from > 4) return null;
    const blocks = Array.from({ length: to - from }, (_, i) => from + 1 + i);
    type Receipt = {
      transactionHash: string;
      blockNumber: string;
      status: string;
      gasUsed: string;
      logs?: { address: string }[];
    };
    try {
      const lists = await Promise.all(
        blocks.map((n) => {
          this.receiptRequests++;
          return rpc<Receipt[] | null>(this.opts.nodeUrl, "eth_getBlockReceipts", [`0x${n.toString(16)}`]);
        }),
      );
      this.blockReceipts = true;
      if (lists.some((l) => !Array.isArray(l))) return null;
      const mined = lists.flatMap((l) =>
        l!.map((r) => {
          // The contracts whose events it emitted (none: no key, as a plain transfer).
          const emitters = [...new Set((r.logs ?? []).map((log) => log.address.toLowerCase()))];
          return {
            hash: r.transactionHash,
            block: Number(r.blockNumber),
            status: Number(r.status),
            gasUsed: BigInt(r.gasUsed).toString(),
            ...(emitters.length > 0 ? { emitters } : {}),
          };
        }),
      );
      return mined.length <= MINED_LIST_MAX ? mined : null;
    } catch (err) {
      // A node without the method says so ("method not found", -32601, "not supported"): never asked again.
      if (this.blockReceipts === null && /not (found|supported|available)|unsupported|-32601/i.test(message(err)))
        this.blockReceipts = false;
      return null;
    }
  }

  /** Starts a status read unless one is in flight; its answer is published as soon as it comes. */
  private askIndexer(): Promise<void> {
    if (!this.opts.indexerUrl) return Promise.resolve();
    this.indexerRead ??= this.readIndexer().finally(() => {
      this.indexerRead = null;
      // (A tick waiting for this read publishes it with the node's head itself: one message, not two.)
      if (this.polling && !this.stopped && !this.tickWaits) this.publish({ ...this.heads, mined: null });
    });
    return this.indexerRead;
  }

  /**
   * The indexer's block by a status read that starts after this call (the read cache's check of an answer: see
   * read-cache.ts), or null if it does not answer within {@link STATUS_WAIT_MS}. Callers that come while such a read is
   * in flight share the next one (one in flight, one waiting, however many ask). Its answer is the clock's too.
   */
  indexedNow(): Promise<number | null> {
    if (!this.opts.indexerUrl) return Promise.resolve(null);
    const read = this.checkRead
      ? (this.checkNext ??= this.checkRead.then(() => {
          this.checkRead = this.checkNext;
          this.checkNext = null;
          return this.readForCheck();
        }))
      : (this.checkRead = this.readForCheck());
    // (A starved indexer's read goes on after the wait, and no other starts beside it until it ends.)
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), STATUS_WAIT_MS)));
    return Promise.race([read, late]).finally(() => clearTimeout(timer));
  }

  private readForCheck(): Promise<number | null> {
    return this.readStatus("check").finally(() => {
      if (this.checkNext === null) this.checkRead = null;
    });
  }

  /** The clock's own status read, into {@link indexerState}; a read slower than a tick waits makes the ticks not wait. */
  private async readIndexer(): Promise<void> {
    const asked = (this.indexerAskedAt = Date.now());
    await this.readStatus("clock");
    this.indexerSlow = Date.now() - asked > STATUS_WAIT_MS;
  }

  /**
   * One status read, taken into {@link indexerState}; the indexer's block, or null if it did not answer. The clock's
   * read records what it hears (a restarted indexer's lower block too) and counts failures (the indexer is said
   * unreachable from the second in a row); a check's read records only a block newer than the clock's, published at
   * once (pages and the cache move on without waiting for a tick), and its failure is the check's alone.
   */
  private async readStatus(reader: "clock" | "check"): Promise<number | null> {
    let block: number;
    try {
      block = await indexerBlock(this.opts.indexerUrl!, this.stopping.signal);
    } catch (err) {
      if (reader === "clock" && ++this.indexerFailures >= 2)
        this.indexerState = { indexer: null, indexerError: `the indexer is not answering (${message(err)})` };
      return null;
    }
    if (reader === "clock" || (block > (this.indexerState.indexer?.block ?? -1) && !this.stopped)) {
      this.indexerState = { indexer: { block }, indexerError: null };
      this.indexerFailures = 0;
      if (reader === "check" && this.polling) this.publish({ ...this.heads, mined: null });
    }
    return block;
  }

  /** Makes `next`, with the indexer's latest status, the heads, and pushes it to every page if it changed. */
  private publish(next: Heads): void {
    // A block mined between the node's read and the indexer's could give {block: n, indexed: n + 1}: the indexed block
    // is then said to be n (it has indexed at least that much), never ahead of the node's head in one message. A game
    // page that took the indexer's word for a block its own node read had not reached never read that block (the
    // snatch e2e's chat message that never showed).
    const { indexer, indexerError } = this.indexerState;
    next.indexer = indexer && indexer.block > next.block ? { block: next.block } : indexer;
    next.indexerError = indexerError;
    this.heads = next;
    // Compared without the list of mined transactions: the block's next message (without its list) is no news.
    const key = JSON.stringify({ ...next, mined: null });
    if (key !== this.last || next.mined !== null) {
      this.last = key;
      const text = JSON.stringify(next);
      for (const res of this.listeners) res.write(`data: ${text}\n\n`);
    }
  }

  stop(): void {
    this.stopped = true;
    this.stopping.abort();
    for (const res of this.listeners) res.end();
    this.listeners.clear();
  }
}
