import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import { rollDice } from "../../../client/catamm/board";
import { CHI2_CRITICAL_P001, chiSquare } from "../helpers/stats";
import { runs } from "../../helpers/coverage";

describe("Dice", function () {
  async function fixture() {
    return { dice: await ethers.deployContract("CatammDiceHarness") };
  }

  it("maps the 36 residues of the value mod 36 one-to-one onto the 36 ordered pairs", async function () {
    // A uniform value has a uniform residue mod 36 (up to 36 / 2^256), so this makes every pair equally likely:
    // the exact argument behind the statistics below.
    const { dice } = await loadFixture(fixture);
    const base = 2n ** 200n * 36n; // any multiple of 36
    const seen = new Set<string>();
    for (let v = 0n; v < 36n; v++) {
      const [d1, d2] = await dice.roll(base + v);
      expect(Number(d1)).to.be.within(1, 6);
      expect(Number(d2)).to.be.within(1, 6);
      seen.add(`${d1},${d2}`);
      expect(await dice.roll(v)).to.deep.equal([d1, d2]); // only the residue matters
    }
    expect(seen.size).to.equal(36);
  });

  it("equals the TypeScript mirror", async function () {
    const { dice } = await loadFixture(fixture);
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), async (value) => {
        const [d1, d2] = rollDice(value);
        expect(await dice.roll(value)).to.deep.equal([BigInt(d1), BigInt(d2)]);
      }),
      { numRuns: 30 },
    );
  });

  /** Checks counts of the 36 ordered pairs (index 6 * (d1 - 1) + (d2 - 1)) from `rolls` rolls (a multiple of 36). */
  function check2d6(pairs: number[], rolls: number): void {
    const unit = rolls / 36;
    expect(pairs.reduce((a, b) => a + b, 0)).to.equal(rolls);
    // The 36 ordered pairs are equally likely (so the two dice are uniform and independent): 35 df.
    expect(chiSquare(pairs, new Array<number>(36).fill(unit)), pairs.join(" ")).to.be.below(CHI2_CRITICAL_P001[35]);
    // The sums follow 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 in 36: 10 df.
    const sums = new Array<number>(11).fill(0);
    pairs.forEach((n, i) => (sums[Math.floor(i / 6) + (i % 6)] += n));
    const expected = sums.map((_, s) => (6 - Math.abs(5 - s)) * unit);
    expect(chiSquare(sums, expected), sums.join(" ")).to.be.below(CHI2_CRITICAL_P001[10]);
    // Each die alone: 6 faces of rolls / 6 within 5 sigma (sd = sqrt(rolls × 1/6 × 5/6)).
    const face = rolls / 6;
    const sd = Math.sqrt((rolls * 5) / 36);
    for (const die of [0, 1]) {
      const faces = [0, 1, 2, 3, 4, 5].map((f) =>
        pairs.filter((_, i) => (die === 0 ? Math.floor(i / 6) : i % 6) === f).reduce((a, b) => a + b, 0),
      );
      for (const n of faces) expect(n).to.be.within(face - 5 * sd, face + 5 * sd);
    }
  }

  // [no-coverage]: a statistics test; 36,000 traced derivations exhaust memory under coverage. 7,200 rolls (200 per
  // pair) in `npm test`, 36,000 under TEST_FULL=1.
  const ROLLS = runs(7_200, 36_000);
  it(`${ROLLS.toLocaleString("en-US")} on-chain rolls from random values follow the 2d6 distribution (chi-square at p = 0.001) [no-coverage]`, async function () {
    const { dice } = await loadFixture(fixture);
    check2d6((await dice.pairCounts(1n, ROLLS)).map(Number), ROLLS);
  });
});
