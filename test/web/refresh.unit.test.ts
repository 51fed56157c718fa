// How the page's clocks refresh queries (web/src/data/refresh.ts, used by the indexer's clock in DataProvider and by
// the game pages' words), against a real TanStack QueryClient: a block indexed while a read is in flight is never
// lost (the read is made once more after it answers), and a block indexed while nothing is read re-reads once.
import { expect } from "chai";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { refresh } from "../../web/src/data/refresh";

const KEY = ["__ponder_react", "games"];
const tick = () => new Promise((r) => setTimeout(r, 5));

/** A query on screen (an observer) whose reads answer when the test says, each with the indexer's block at its start. */
function watched(client: QueryClient) {
  let indexerBlock = 0;
  const pending: (() => void)[] = [];
  let reads = 0;
  const observer = new QueryObserver(client, {
    queryKey: KEY,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => {
      reads++;
      const seen = indexerBlock;
      return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
    },
  });
  const stop = observer.subscribe(() => undefined);
  return {
    observer,
    stop,
    reads: () => reads,
    setIndexerBlock: (n: number) => (indexerBlock = n),
    answer: async () => {
      pending.shift()?.();
      await tick();
    },
    inFlight: () => pending.length,
  };
}

describe("web data layer: refreshing queries when a clock moves", function () {
  it("reads again after an in-flight read answers, when a block was indexed during it", async function () {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const q = watched(client);
    await tick();
    expect(q.reads()).to.equal(1); // the first read, at block 0
    q.setIndexerBlock(23);
    refresh(client, ["__ponder_react"]); // block 23 indexed while the first read is still out: not cancelled, not restarted
    await tick();
    expect(q.reads()).to.equal(1);
    await q.answer(); // answers with block 0's rows ...
    expect(q.observer.getCurrentResult().data).to.equal(0);
    expect(q.reads()).to.equal(2); // ... so it is read again
    await q.answer();
    expect(q.observer.getCurrentResult().data).to.equal(23);
    expect(q.inFlight()).to.equal(0);
    expect(q.reads()).to.equal(2); // and only once
    q.stop();
    client.clear();
  });

  it("reads once per block indexed while idle", async function () {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const q = watched(client);
    await tick();
    await q.answer();
    expect(q.reads()).to.equal(1);
    q.setIndexerBlock(5);
    refresh(client, ["__ponder_react"]);
    await tick();
    expect(q.reads()).to.equal(2);
    await q.answer();
    expect(q.observer.getCurrentResult().data).to.equal(5);
    expect(q.reads()).to.equal(2);
    q.stop();
    client.clear();
  });
});
