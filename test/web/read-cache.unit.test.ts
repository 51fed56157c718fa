// The gateway's cache of indexer reads (scripts/web/read-cache.ts) against a model indexer that moves on by itself and
// a clock that learns its block late: reads that agree on their block (here a checkpoint read before and after the
// rows) must all be from that block, whatever the interleaving. Before the cache checked its answers, a row answered
// at an older block than the checkpoint beside it was served (the console's "as of block N" showing a room's points
// of block N − 1, when the console read its checkpoint in statements of their own).
import { expect } from "chai";
import { IndexerReadCache, type IndexerAnswer } from "../../scripts/web/read-cache";

/** A seeded generator (xorshift32), so that a failing interleaving can be replayed from its seed. */
function random(seed: number) {
  let x = seed || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/** Resolves after `n` turns of the event loop (a read's time on the wire). */
const turns = (n: number) =>
  new Promise<void>((r) => {
    const go = (k: number) => (k <= 0 ? r() : setImmediate(() => go(k - 1)));
    go(n);
  });

const answer = (body: string): IndexerAnswer => ({ status: 200, headers: {}, body: Buffer.from(body) });

/** An indexer whose every read answers `<key>@<its block when it ran>`, and a clock that knows its block late. */
function world(seed: number) {
  const rnd = random(seed);
  const w = {
    indexed: 1,
    clock: 1 as number | null,
    fetches: 0,
    rnd,
    async read(key: string): Promise<IndexerAnswer> {
      w.fetches++;
      await turns(rnd(4));
      const at = w.indexed;
      await turns(rnd(4));
      return answer(`${key}@${at}`);
    },
    /** The clock's status read: the indexer's block, published to the clock as the gateway's hub does. */
    async indexedNow(): Promise<number | null> {
      await turns(rnd(3));
      const at = w.indexed;
      await turns(rnd(3));
      if (w.clock !== null && at > w.clock) w.clock = at;
      return at;
    },
  };
  return w;
}

const blockOf = (a: IndexerAnswer) => Number(a.body.toString().split("@")[1]);

describe("the gateway's indexer read cache (scripts/web/read-cache.ts)", () => {
  it("keeps an answer the indexer gave at the clock's block and serves it again without asking", async () => {
    const w = world(7);
    const cache = new IndexerReadCache(() => w.indexedNow());
    const first = await cache.get("rooms", 1, () => w.read("rooms"));
    const again = await cache.get("rooms", 1, () => w.read("rooms"));
    expect([blockOf(first), blockOf(again), w.fetches, cache.hits]).to.deep.equal([1, 1, 1, 1]);
  });

  it("keeps no answer from a later block than the clock's, and serves nothing older beside it", async () => {
    const w = world(11);
    const cache = new IndexerReadCache(() => w.indexedNow());
    await cache.get("checkpoint", 1, () => w.read("checkpoint")); // kept: the indexer was at 1
    w.indexed = 2; // the indexer moves on; the clock still says 1
    const rows = await cache.get("rooms", 1, () => w.read("rooms"));
    expect(blockOf(rows)).to.equal(2);
    const checkpoint = await cache.get("checkpoint", 1, () => w.read("checkpoint"));
    expect(blockOf(checkpoint), "the checkpoint read beside the rows").to.equal(2);
    expect(w.fetches).to.equal(3);
  });

  it("keeps nothing when the indexer does not say its block in time, and trusts the clock's next block", async () => {
    const w = world(13);
    const cache = new IndexerReadCache(() => Promise.resolve(null));
    await cache.get("rooms", 1, () => w.read("rooms"));
    await cache.get("rooms", 1, () => w.read("rooms"));
    expect(w.fetches).to.equal(2);
    const trusting = new IndexerReadCache(() => w.indexedNow());
    await trusting.get("rooms", 1, () => w.read("rooms"));
    w.indexed = w.clock = 2;
    await trusting.get("rooms", 2, () => w.read("rooms"));
    await trusting.get("rooms", 2, () => w.read("rooms"));
    expect(w.fetches).to.equal(4);
  });

  it("never serves a reader whose checkpoints agree rows of another block (200 random interleavings)", async function () {
    this.timeout(60_000);
    let consistent = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const w = world(seed);
      const cache = new IndexerReadCache(() => w.indexedNow());
      const get = (key: string) => cache.get(key, w.clock, () => w.read(key));
      let done = false;
      // The indexer commits blocks and the clock learns them late, while four pages read snapshots.
      const chain = (async () => {
        while (!done) {
          await turns(1 + w.rnd(6));
          w.indexed++;
          if (w.rnd(3) === 0) w.clock = w.indexed;
        }
      })();
      const page = async (keys: string[]) => {
        for (let snapshot = 0; snapshot < 4; snapshot++) {
          for (let attempt = 0; attempt < 20; attempt++) {
            const before = blockOf(await get("checkpoint"));
            const rows = await Promise.all(keys.map(get));
            const after = blockOf(await get("checkpoint"));
            if (before !== after) continue;
            expect(rows.map(blockOf), `seed ${seed}: rows beside checkpoint ${before}`).to.deep.equal(
              keys.map(() => before),
            );
            consistent++;
            break;
          }
        }
      };
      try {
        await Promise.all([page(["rooms", "entries"]), page(["rooms"]), page(["entries", "phases"]), page(["rooms"])]);
      } finally {
        done = true;
        await chain;
      }
    }
    // Most snapshots agree within a few attempts: the check above ran, not only its retries.
    expect(consistent).to.be.greaterThan(600);
  });
});
