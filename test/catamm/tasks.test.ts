import { expect } from "chai";
import hre from "hardhat";
import {
  POOL_PAIRS,
  RESOURCE_NAMES,
  formatAmount,
  formatPercent,
  parseAmount,
  parseResource,
  portAssignment,
} from "../../client/catamm/market";

/** Runs a task and returns what it printed. */
async function printed(name: string, args: Record<string, unknown>): Promise<string> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...parts: unknown[]) => void lines.push(parts.join(" "));
  try {
    await hre.run(name, args);
  } finally {
    console.log = log;
  }
  return lines.join("\n");
}

describe("CATAMM market tasks and formatting", function () {
  it("parses and formats card amounts and resources", function () {
    expect(parseAmount("2.5")).to.equal(2_500_000_000_000_000_000n);
    expect(parseAmount("0.000000000000000001")).to.equal(1n);
    expect(() => parseAmount("1e3")).to.throw("not an amount");
    expect(formatAmount(1_234_567_890_000_000_000_000n)).to.equal("1,234.5679");
    expect(formatAmount(10n ** 18n)).to.equal("1");
    expect(formatPercent(5n * 10n ** 15n)).to.equal("0.50%");
    expect([parseResource("wood"), parseResource("Wheat"), parseResource("3")]).to.deep.equal([0, 4, 3]);
    expect(() => parseResource("gold")).to.throw("unknown resource");
  });

  it("deploys a harness game, prints its markets and quotes a trade in words", async function () {
    const opened = await printed("catamm:harness", { depth: 100, preset: "defi", seed: 5, trades: 3 });
    expect(opened).to.contain("fees: 0.3% without the pool's port, 0.15% with it");
    expect(opened).to.contain("(missing)");
    expect(opened.match(/^\s+\d\s+#\d/gm)?.length).to.equal(9); // nine markets at ports 0-8
    const game = opened.match(/game (\d+)/)![1];
    const markets = await printed("catamm:markets", { game: Number(game) });
    expect(markets).to.contain("1 Wood =");
    // Two pools that are active under seed 5, named by their resources.
    const [p, q] = portAssignment(5n).poolOfPort.map((pool) => POOL_PAIRS[pool].map((r) => RESOURCE_NAMES[r]));
    const quote = await printed("catamm:quote", { sell: p[0], buy: p[1], amount: "3", game: Number(game) });
    expect(quote).to.match(new RegExp(`you receive\\s+2\\.\\d+ ${p[1]}`));
    const want = await printed("catamm:quote", { sell: q[1], buy: q[0], amount: "1", want: "2", game: Number(game) });
    expect(want).to.contain(`2 ${q[0]} costs at least`);
  });
});
