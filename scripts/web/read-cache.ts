// The indexer's SQL reads, shared by every page. Ponder answers a read (`GET /sql/db?sql=…`, what @ponder/client
// sends) from tables that change only as it indexes blocks, so the same read asked again at the same indexed block
// has the same answer. The gateway's clock (heads.ts) knows that block: this cache keeps each read's answer for as
// long as it stays the same (everything is dropped when it moves), and identical reads asked at once wait for one
// request to the indexer. A class asks the same reads at every block (the phase, the names, the leaderboard, a room
// both its players watch): the indexer answers each once a block, however many phones show it.
//
// The clock learns the indexed block by asking, so it can lag the indexer: a read sent while the clock says block B
// may be answered from block B + 1. Such an answer is never kept under B: an answer kept under B is one the indexer
// gave while it was at B (a status read started after the answer came still said B), and once an answer shows the
// indexer has moved past B, nothing more is kept or served from the cache until the clock moves: every read goes to
// the indexer, in order. So the reads a page sends together are answered from one block whenever the indexer stayed
// on it; the class pages' statements name their block in their own answer (web/src/data/class.ts stamped), and a
// snapshot whose parts name different blocks is not shown.
import type http from "node:http";

/** An answer as the indexer gave it. */
export interface IndexerAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

/** The indexer's block by a status read started after the call (null: no answer in time). */
export type IndexedNow = () => Promise<number | null>;

export class IndexerReadCache {
  private block: number | null = null;
  /** The block the cache no longer trusts (an answer came from a later one while the clock said this one). */
  private distrusted: number | null = null;
  private answers = new Map<string, Promise<IndexerAnswer>>();
  /** Reads answered from the cache, and reads sent to the indexer. */
  hits = 0;
  misses = 0;

  /**
   * `indexedNow`: how the cache checks an answer before keeping it; `maxEntries`: distinct reads kept per block (more
   * are passed through uncached).
   */
  constructor(
    private readonly indexedNow: IndexedNow,
    private readonly maxEntries = 2_000,
  ) {}

  /**
   * The answer to read `key` at indexed block `block`, from `fetch` once per block; `block` null (the clock does not
   * know it: no page listens, or the indexer does not answer) is never cached. Only 200 answers are kept.
   */
  get(key: string, block: number | null, fetch: () => Promise<IndexerAnswer>): Promise<IndexerAnswer> {
    if (block === null || block === this.distrusted) {
      this.misses++;
      return fetch();
    }
    if (block !== this.block) {
      this.answers.clear();
      this.block = block;
    }
    const known = this.answers.get(key);
    if (known) {
      this.hits++;
      return known;
    }
    this.misses++;
    if (this.answers.size >= this.maxEntries) return fetch();
    // Readers that ask while the answer is checked wait for the check: none is served before the cache has stopped
    // serving older answers beside it.
    const answer = fetch().then(async (a) => {
      if (a.status === 200 && (await this.indexedNow()) !== block) this.distrust(block);
      return a;
    });
    this.answers.set(key, answer);
    // A failed read is not kept (the entry is removed only if it is still this one: the block may have moved).
    const drop = () => this.answers.get(key) === answer && this.answers.delete(key);
    answer.then((a) => a.status !== 200 && drop(), drop);
    return answer;
  }

  /** Stops keeping and serving answers for `block`: the indexer was seen past it (or did not say) while it was current. */
  private distrust(block: number): void {
    if (this.block !== block) return;
    this.answers.clear();
    this.distrusted = block;
  }
}
