// The bench's gas traces (scripts/lib/gas-trace.ts): a transaction's opcodes summed into categories, and a whole
// run's transactions summed by kind with their floor (what they pay before any execution). Synthetic traces: no
// contract runs here.
import { expect } from "chai";
import { floorOf, runTables, summarise, sumByKind, type GasBreakdown } from "../../scripts/lib/gas-trace";

/** A top-level trace of `ops` ([op, gas]): each step's gas left follows from the ones before. */
function trace(ops: [string, number][]) {
  let left = 1_000_000;
  return ops.map(([op, gasCost]) => {
    const step = { depth: 1, gas: left, gasCost, op };
    left -= gasCost;
    return step;
  });
}

/** Gas of the work outside the floor (what the code's own instructions cost). */
const above = (b: GasBreakdown) => b.execution + b.warmReads.gas + b.slotRewrites.gas + b.keccak.gas + b.transient.gas;

describe("gas traces by kind (scripts/lib/gas-trace.ts)", function () {
  // A cold read, a new word, a log with a topic and 32 bytes, some arithmetic; calldata 0x0001 (4 + 16).
  const write = summarise(
    trace([
      ["PUSH1", 3],
      ["SLOAD", 2_100],
      ["SSTORE", 20_000],
      ["LOG1", 375 + 375 + 8 * 32],
      ["ADD", 3],
      ["STOP", 0],
    ]),
    21_000 + 20 + 3 + 2_100 + 20_000 + 1_006 + 3,
    "0x0001",
  );
  // A cold update, a warm read, a keccak, a word set back to its value (refund 2,800 of the 2,900 + 2,100).
  const update = summarise(
    trace([
      ["SSTORE", 5_000],
      ["SLOAD", 100],
      ["KECCAK256", 42],
      ["SSTORE", 100],
      ["STOP", 0],
    ]),
    21_000 + 16 + 5_000 + 100 + 42 + 100 - 2_800,
    "0x01",
  );

  it("sums a transaction's opcodes into categories that add up to its gas", function () {
    expect(write.coldReads).to.deep.equal({ count: 1, gas: 2_100 });
    expect(write.newSlots).to.deep.equal({ count: 1, gas: 20_000 });
    expect(write.logs.gas).to.equal(1_006);
    expect(write.execution).to.equal(6);
    expect(floorOf(write)).to.equal(21_000 + 20 + 2_100 + 20_000 + 1_006);
    expect(update.refund).to.equal(2_800);
    expect(floorOf(update)).to.equal(21_000 + 16 + 5_000 - 2_800);
    for (const b of [write, update]) expect(floorOf(b) + above(b)).to.equal(b.total);
  });

  it("sums a run by kind: counts, totals and floors add up to the run's", function () {
    const run = sumByKind([
      { kind: "offer", breakdown: write },
      { kind: "accept", breakdown: update },
      { kind: "offer", breakdown: write },
    ]);
    expect(Object.keys(run.kinds)).to.deep.equal(["offer", "accept"]); // the largest kind first
    const offer = run.kinds.offer;
    expect(offer.transactions).to.equal(2);
    expect(offer.breakdown.total).to.equal(2 * write.total);
    expect(offer.breakdown.base).to.equal(42_000);
    expect(offer.breakdown.newSlots).to.deep.equal({ count: 2, gas: 40_000 });
    expect(offer.floor).to.equal(2 * floorOf(write));
    expect(run.kinds.accept.breakdown.refund).to.equal(2_800);
    expect(run.transactions).to.equal(3);
    expect(run.total).to.equal(2 * write.total + update.total);
    expect(run.floor).to.equal(2 * floorOf(write) + floorOf(update));
    // The input breakdowns are left as they were.
    expect(write.base).to.equal(21_000);
  });

  it("prints a row per kind and one for the whole run, in both tables", function () {
    const lines = runTables({ ...sumByKind([{ kind: "offer", breakdown: write }]), seconds: 0 });
    expect(lines.filter((l) => l.startsWith("| offer |"))).to.have.length(2);
    expect(lines.filter((l) => l.startsWith("| **all** |"))).to.have.length(2);
    expect(lines).to.include(
      `| **all** | 1 | ${write.total.toLocaleString("en-US")} | 44,126 | 6 | ` +
        `${write.total.toLocaleString("en-US")} | 44,126 | 6 |`,
    );
  });
});
