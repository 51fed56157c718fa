// The indexer's SQL reads, shared by every page. Ponder answers a read (`GET /sql/db?sql=…`, what @ponder/client
// sends) from tables that change only as it indexes blocks, so the same read asked again at the same indexed block
// has the same answer. The gateway's clock (heads.ts) knows that block: this cache keeps each read's answer for as
// long as it stays the same (everything is dropped when it moves), and identical reads asked at once wait for one
// request to the indexer. A class asks the same reads at every block (the phase, the names, the leaderboard, a room
// both its players watch): the indexer answers each once a block, however many phones show it.
import type http from "node:http";

/** An answer as the indexer gave it. */
export interface IndexerAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

export class IndexerReadCache {
  private block: number | null = null;
  private answers = new Map<string, Promise<IndexerAnswer>>();
  /** Reads answered from the cache, and reads sent to the indexer. */
  hits = 0;
  misses = 0;

  /** `maxEntries`: distinct reads kept per block (more are passed through uncached). */
  constructor(private readonly maxEntries = 2_000) {}

  /**
   * The answer to read `key` at indexed block `block`, from `fetch` once per block; `block` null (the clock does not
   * know it: no page listens, or the indexer does not answer) is never cached. Only 200 answers are kept.
   */
  get(key: string, block: number | null, fetch: () => Promise<IndexerAnswer>): Promise<IndexerAnswer> {
    if (block === null) {
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
    const answer = fetch();
    if (this.answers.size < this.maxEntries) {
      this.answers.set(key, answer);
      // A failed read is not kept (the entry is removed only if it is still this one: the block may have moved).
      const drop = () => this.answers.get(key) === answer && this.answers.delete(key);
      answer.then((a) => a.status !== 200 && drop(), drop);
    }
    return answer;
  }
}
