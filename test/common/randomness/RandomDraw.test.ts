import { expect } from "chai";
import { ethers } from "hardhat";
import fc from "fast-check";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { permutationModel } from "../../helpers/random";

async function harnessFixture() {
  const source = await ethers.deployContract("BlockhashRandomness");
  return { harness: await ethers.deployContract("RandomnessConsumerHarness", [await source.getAddress()]) };
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

describe("RandomDraw", function () {
  it("uniform draws cover [0, n) about evenly", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const counts = [0, 0, 0, 0, 0, 0];
    const runs = 600;
    for (let i = 0; i < runs; i++) counts[Number(await harness.uniform(12345n, BigInt(i), 6n))]++;
    // Each face expects 100; a 5-sigma band (sd ~ 9.1) keeps this deterministic test meaningful and stable.
    for (const c of counts) expect(c).to.be.within(55, 145);
  });

  it("weighted draws follow the weights, and never pick a zero weight", async function () {
    const { harness } = await loadFixture(harnessFixture);
    const weights = [800n, 0n, 1200n];
    const counts = [0, 0, 0];
    for (let i = 0; i < 400; i++) counts[Number(await harness.weighted(7n, BigInt(i), weights, 2000n))]++;
    expect(counts[1]).to.equal(0);
    expect(counts[0]).to.be.within(160 - 50, 160 + 50); // expected 160, sd ~ 9.8
    expect(counts[2]).to.be.within(240 - 50, 240 + 50);
  });

  describe("permutation", function () {
    it("is a permutation of 0..n-1, equal to an independent model of Fisher–Yates, for any salt", async function () {
      const { harness } = await loadFixture(harnessFixture);
      await fc.assert(
        fc.asyncProperty(
          fc.bigInt({ min: 1n, max: (1n << 256n) - 1n }),
          // Salts near 2^256 included: `salt + i` wraps instead of reverting.
          fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), fc.constant((1n << 256n) - 3n)),
          fc.integer({ min: 0, max: 120 }),
          async (seed, salt, n) => {
            const order = (await harness.permutation(seed, salt, n)).map(Number);
            expect(order).to.deep.equal(permutationModel(seed, salt, n));
            expect([...order].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: n }, (_, i) => i));
          },
        ),
        { numRuns: 40 },
      );
    });

    it("makes every arrangement of 4 items equally likely (chi-square over 2,400 seeds)", async function () {
      const { harness } = await loadFixture(harnessFixture);
      const runs = 2400;
      const salt = BigInt(ethers.id("a salt"));
      const counts = new Array(24).fill(0);
      for (let start = 1; start <= runs; start += 200) {
        const orders = await Promise.all(
          Array.from({ length: 200 }, (_, k) => harness.permutation(BigInt(start + k), salt, 4)),
        );
        for (const o of orders) counts[permutationIndex(o.map(Number))]++;
      }
      const expected = runs / 24;
      const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
      // 23 degrees of freedom: P(chi2 > 49.7) = 0.001 for a uniform shuffle. A classic bug (j drawn in [0, n) at
      // every step) gives chi2 in the hundreds here.
      expect(chi2, `counts ${counts.join(",")}`).to.be.lessThan(49.7);
      expect(counts.every((c) => c > 0)).to.equal(true);
    });

    it("draws different orders for different salts from the same seed", async function () {
      const { harness } = await loadFixture(harnessFixture);
      const a = (await harness.permutation(99n, 1n, 12)).map(Number);
      const b = (await harness.permutation(99n, 2n, 12)).map(Number);
      expect(a).to.not.deep.equal(b);
    });
  });
});
