import { expect } from "chai";
import type { Filter, Log } from "ethers";
import { getLogsPaged, isRangeError, pagedQuery } from "../../client/logs";

/** A node with one log per block 0..`latest`, refusing ranges wider than `maxRange`, and failing calls listed in `flaky`. */
function fakeNode(latest: number, maxRange: number, flaky: Set<number> = new Set()) {
  const calls: [number, number][] = [];
  let call = 0;
  return {
    calls,
    getBlockNumber: async () => latest,
    getLogs: async (filter: Filter): Promise<Log[]> => {
      const from = Number(filter.fromBlock);
      const to = Number(filter.toBlock);
      calls.push([from, to]);
      if (flaky.has(call++)) throw Object.assign(new Error("request timed out"), { code: "TIMEOUT" });
      if (to - from + 1 > maxRange) {
        throw Object.assign(new Error(`query exceeds max block range ${maxRange}`), { code: -32005 });
      }
      return Array.from({ length: to - from + 1 }, (_, i) => ({ blockNumber: from + i }) as unknown as Log);
    },
  };
}

const noWait = async () => undefined;

describe("client/logs: paged log reading", function () {
  it("reads a range in pages, halving the page when the node refuses a range", async function () {
    const node = fakeNode(9_999, 1_000);
    const logs = await getLogsPaged(
      node,
      { address: "0x" + "11".repeat(20) },
      { fromBlock: 100, pageSize: 5_000, sleep: noWait },
    );
    expect(logs.map((l) => l.blockNumber)).to.deep.equal(Array.from({ length: 9_900 }, (_, i) => 100 + i));
    // 5,000 refused, 2,500 refused, 1,250 refused, then pages of 625 blocks to the end.
    expect(node.calls.slice(0, 4)).to.deep.equal([
      [100, 5_099],
      [100, 2_599],
      [100, 1_349],
      [100, 724],
    ]);
    expect(node.calls.slice(3).every(([a, b]) => b - a + 1 <= 625)).to.equal(true);
  });

  it("retries a failing page with a growing pause, then gives up", async function () {
    const node = fakeNode(299, 1_000, new Set([1, 2]));
    const pauses: number[] = [];
    const logs = await getLogsPaged(
      node,
      {},
      { pageSize: 100, backoffMs: 10, sleep: async (ms) => void pauses.push(ms) },
    );
    expect(logs).to.have.length(300);
    expect(pauses).to.deep.equal([10, 20]);
    const broken = fakeNode(99, 1_000, new Set([0, 1, 2, 3, 4, 5]));
    let error = "";
    await getLogsPaged(broken, {}, { retries: 2, sleep: noWait }).catch((e: Error) => (error = e.message));
    expect(error).to.equal("request timed out");
    expect(broken.calls).to.have.length(3);
  });

  it("recognises the range errors of common providers, not other failures", function () {
    for (const text of [
      "query returned more than 10000 results",
      "block range is too wide",
      "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range",
      "exceed maximum block range: 50000",
      "eth_getLogs is limited to a 10,000 range",
    ]) {
      expect(isRangeError(new Error(text)), text).to.equal(true);
    }
    expect(isRangeError({ error: { message: "limit exceeded" } })).to.equal(true);
    expect(isRangeError(new Error("connect ECONNREFUSED"))).to.equal(false);
  });

  it("pagedQuery takes the last block from the node when none is given, and reads nothing for an empty range", async function () {
    const seen: [number, number][] = [];
    const out = await pagedQuery(
      async (a, b) => (seen.push([a, b]), [a]),
      async () => 12,
      { fromBlock: 3, pageSize: 5 },
    );
    expect(seen).to.deep.equal([
      [3, 7],
      [8, 12],
    ]);
    expect(out).to.deep.equal([3, 8]);
    expect(
      await pagedQuery(
        async () => [1],
        async () => 2,
        { fromBlock: 5 },
      ),
    ).to.deep.equal([]);
  });
});
