import { expect } from "chai";
import { ethers } from "hardhat";
import fc from "fast-check";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { shuffleModel } from "../tournament-helpers";

async function harnessFixture() {
  return { harness: await ethers.deployContract("SnatchPairingHarness") };
}

/** Index of a permutation of 0..n-1 in lexicographic order (Lehmer code), to count arrangements. */
function permutationIndex(order: number[]): number {
  let index = 0;
  const left = [...order].sort((a, b) => a - b);
  for (let i = 0; i < order.length; i++) {
    const k = left.indexOf(order[i]);
    left.splice(k, 1);
    let f = 1;
    for (let j = 2; j <= order.length - 1 - i; j++) f *= j;
    index += k * f;
  }
  return index;
}

describe("SnatchPairing", function () {
  it("draws a permutation of 0..n-1, equal to an independent model of Fisher–Yates", async function () {
    const { harness } = await loadFixture(harnessFixture);
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: (1n << 256n) - 1n }),
        fc.integer({ min: 0, max: 200 }),
        async (seed, n) => {
          const order = (await harness.shuffle(seed, n)).map(Number);
          expect(order).to.deep.equal(shuffleModel(seed, n));
          expect([...order].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: n }, (_, i) => i));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("makes every arrangement of 4 players equally likely (chi-square over 2,400 seeds)", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const runs = 2400;
    const counts = new Array(24).fill(0);
    for (let start = 1; start <= runs; start += 200) {
      const orders = await Promise.all(Array.from({ length: 200 }, (_, k) => harness.shuffle(BigInt(start + k), 4)));
      for (const o of orders) counts[permutationIndex(o.map(Number))]++;
    }
    const expected = runs / 24;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 23 degrees of freedom: P(chi2 > 49.7) = 0.001 for a uniform shuffle. A classic bug (j drawn in [0, n) at every
    // step) gives chi2 in the hundreds here.
    expect(chi2, `counts ${counts.join(",")}`).to.be.lessThan(49.7);
    expect(counts.every((c) => c > 0)).to.equal(true);
  });

  it("finds a player's place; a position outside the list is not found", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const order = [...(await harness.shuffle(77n, 9))];
    for (let p = 0; p < 9; p++) {
      const place = Number(await harness.placeOf(order, p));
      expect(Number(order[place])).to.equal(p);
    }
    expect(await harness.placeOf(order, 9)).to.equal(ethers.MaxUint256);
  });
});
