import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import {
  ONE_CARD,
  WAD,
  fee,
  getAmountIn,
  getAmountOut,
  priceImpact,
  spotPrice,
  uniswapV2GetAmountIn,
  uniswapV2GetAmountOut,
} from "../../../client/catamm/market";

const E = ONE_CARD;
const MAX112 = (1n << 112n) - 1n;

// Uniswap V2's published swap cases (Uniswap/v2-core, test/UniswapV2Pair.spec.ts, `swapTestCases`):
// [amountIn, reserveIn, reserveOut] in whole tokens of 18 decimals, and the exact output at 0.3%.
const UNISWAP_V2_CASES: [bigint, bigint, bigint, bigint][] = [
  [1n, 5n, 10n, 1662497915624478906n],
  [1n, 10n, 5n, 453305446940074565n],
  [2n, 5n, 10n, 2851015155847869602n],
  [2n, 10n, 5n, 831248957812239453n],
  [1n, 10n, 10n, 906610893880149131n],
  [1n, 100n, 100n, 987158034397061298n],
  [1n, 1000n, 1000n, 996006981039903216n],
];

describe("AmmMath", function () {
  async function deployFixture() {
    const math = await ethers.deployContract("CatammAmmMathHarness");
    return { math };
  }

  describe("hand-computed values", function () {
    it("burns the fee rounded up", async function () {
      const { math } = await loadFixture(deployFixture);
      expect(await math.fee(10n * E, 1000)).to.equal(E); // 10% of 10 cards
      expect(await math.fee(1000, 30)).to.equal(3n); // 0.3% of 1000 wei, exact
      expect(await math.fee(1001, 30)).to.equal(4n); // 3.003 -> 4
      expect(await math.fee(1, 15)).to.equal(1n); // any positive fee on any input costs at least 1 wei
      expect(await math.fee(12345, 0)).to.equal(0n);
    });

    it("prices 10 Wood into a 1,000/1,000 pool at 10%: 9 in, 8.9197 out", async function () {
      const { math } = await loadFixture(deployFixture);
      const [out, burned] = await math.getAmountOut(10n * E, 1000n * E, 1000n * E, 1000);
      expect(burned).to.equal(E);
      // floor(1000e18 × 9e18 / 1009e18) = 8.919722497522299306...e18
      expect(out).to.equal(8919722497522299306n);
    });

    it("prices a port owner's classic trade with no fee: out = r × a / (r + a)", async function () {
      const { math } = await loadFixture(deployFixture);
      const [out, burned] = await math.getAmountOut(100n * E, 1000n * E, 1000n * E, 0);
      expect(burned).to.equal(0n);
      expect(out).to.equal(90909090909090909090n); // 100000/1100 = 90.909090...
    });

    it("quotes spot prices and the spec's price impact", async function () {
      const { math } = await loadFixture(deployFixture);
      expect(await math.spotPrice(800n * E, 1200n * E)).to.equal(1500000000000000000n); // 1.5
      expect(await math.spotPrice(3, 1)).to.equal(333333333333333333n); // rounded down
      // 9 net in at spot 1.0 buys 8.9197...: impact = 1 − 8.9197/9 = 0.8919...% (9/1009 exactly), rounded up.
      const impact = await math.priceImpact(9n * E, 8919722497522299306n, 1000n * E, 1000n * E);
      expect(impact).to.equal(8919722497522299306n / 1000n + 1n);
      expect(impact).to.equal(priceImpact(9n * E, 8919722497522299306n, 1000n * E, 1000n * E));
      expect(await math.priceImpact(0, 0, 5, 5)).to.equal(0n);
    });

    it("finds the least input for an output: 10 out of 1,000/1,000 at 10%", async function () {
      const { math } = await loadFixture(deployFixture);
      // net = ceil(1000 × 10 / 990) cards; gross = ceil(net × 10000 / 9000)
      const net = (1000n * E * 10n * E + 990n * E - 1n) / (990n * E);
      const gross = (net * 10000n + 8999n) / 9000n;
      expect(await math.getAmountIn(10n * E, 1000n * E, 1000n * E, 1000)).to.equal(gross);
      const [outAtGross] = await math.getAmountOut(gross, 1000n * E, 1000n * E, 1000);
      const [outBelow] = await math.getAmountOut(gross - 1n, 1000n * E, 1000n * E, 1000);
      expect(outAtGross).to.be.gte(10n * E);
      expect(outBelow).to.be.lt(10n * E);
    });
  });

  describe("Uniswap V2 at 0.3%", function () {
    it("reproduces Uniswap V2's published swap cases exactly", async function () {
      const { math } = await loadFixture(deployFixture);
      for (const [amountIn, rIn, rOut, expected] of UNISWAP_V2_CASES) {
        const [out, burned] = await math.getAmountOut(amountIn * E, rIn * E, rOut * E, 30);
        expect(out, `${amountIn} in ${rIn}/${rOut}`).to.equal(expected);
        expect(burned).to.equal((amountIn * E * 3n) / 1000n);
        expect(uniswapV2GetAmountOut(amountIn * E, rIn * E, rOut * E)).to.equal(expected);
      }
    });

    it("equals Uniswap V2 when the fee is exact and never exceeds it otherwise (on-chain sample)", async function () {
      const { math } = await loadFixture(deployFixture);
      await fc.assert(
        fc.asyncProperty(
          fc.bigInt({ min: 1n, max: 10n ** 24n }),
          fc.bigInt({ min: 1n, max: 10n ** 27n }),
          fc.bigInt({ min: 1n, max: 10n ** 27n }),
          async (amountIn, rIn, rOut) => {
            const [out] = await math.getAmountOut(amountIn, rIn, rOut, 30);
            const uni = uniswapV2GetAmountOut(amountIn, rIn, rOut);
            expect(out).to.be.lte(uni);
            if ((amountIn * 30n) % 10000n === 0n) expect(out).to.equal(uni);
            expect(out).to.equal(getAmountOut(amountIn, rIn, rOut, 30n).amountOut);
          },
        ),
        { numRuns: 60 },
      );
    });

    it("mirror: equal to Uniswap V2 on exact fees, never more otherwise", function () {
      fc.assert(
        fc.property(
          fc.bigInt({ min: 1n, max: 10n ** 26n }),
          fc.bigInt({ min: 1n, max: MAX112 }),
          fc.bigInt({ min: 1n, max: MAX112 }),
          (k, rIn, rOut) => {
            const exactIn = k * 1000n; // 1000 × 30 bps ≡ 0 mod 10000
            expect(getAmountOut(exactIn, rIn, rOut, 30n).amountOut).to.equal(uniswapV2GetAmountOut(exactIn, rIn, rOut));
            expect(getAmountOut(k, rIn, rOut, 30n).amountOut <= uniswapV2GetAmountOut(k, rIn, rOut)).to.equal(true);
          },
        ),
        { numRuns: 400 },
      );
    });
  });

  describe("inverse vs Uniswap V2", function () {
    it("never needs more than an input whose fee is exact and that buys the output on Uniswap V2", function () {
      fc.assert(
        fc.property(
          fc.bigInt({ min: 1n, max: 10n ** 24n }),
          fc.bigInt({ min: 1n, max: 10n ** 30n }),
          fc.bigInt({ min: 1n, max: 10n ** 30n }),
          (k, rIn, rOut) => {
            const a = k * 1000n; // 0.3% of a is a whole number of wei
            const want = uniswapV2GetAmountOut(a, rIn, rOut);
            fc.pre(want > 0n);
            expect(getAmountIn(want, rIn, rOut, 30n) <= a).to.equal(true);
            expect(uniswapV2GetAmountIn(want, rIn, rOut) <= a + 1n).to.equal(true);
          },
        ),
        { numRuns: 400 },
      );
    });
  });

  describe("properties", function () {
    it("getAmountIn is the exact least input, for any fee (mirror, checked on-chain in a sample)", async function () {
      const { math } = await loadFixture(deployFixture);
      const arb = fc.record({
        rIn: fc.bigInt({ min: 1n, max: 10n ** 30n }),
        rOut: fc.bigInt({ min: 2n, max: 10n ** 30n }),
        frac: fc.bigInt({ min: 1n, max: 10n ** 18n - 1n }),
        feeBps: fc.bigInt({ min: 0n, max: 9999n }),
      });
      const check = (x: { rIn: bigint; rOut: bigint; frac: bigint; feeBps: bigint }) => {
        const want = ((x.rOut - 1n) * x.frac) / 10n ** 18n + 1n;
        const amountIn = getAmountIn(want, x.rIn, x.rOut, x.feeBps);
        expect(getAmountOut(amountIn, x.rIn, x.rOut, x.feeBps).amountOut >= want).to.equal(true);
        expect(getAmountOut(amountIn - 1n, x.rIn, x.rOut, x.feeBps).amountOut < want).to.equal(true);
        return { want, amountIn };
      };
      fc.assert(
        fc.property(arb, (x) => void check(x)),
        { numRuns: 400 },
      );
      await fc.assert(
        fc.asyncProperty(arb, async (x) => {
          const { want, amountIn } = check(x);
          expect(await math.getAmountIn(want, x.rIn, x.rOut, x.feeBps)).to.equal(amountIn);
        }),
        { numRuns: 40 },
      );
    });

    it("k never falls, the output never reaches the reserve, impact is in [0, 1) (mirror)", function () {
      fc.assert(
        fc.property(
          fc.bigInt({ min: 0n, max: MAX112 }),
          fc.bigInt({ min: 1n, max: MAX112 }),
          fc.bigInt({ min: 1n, max: MAX112 }),
          fc.bigInt({ min: 0n, max: 9999n }),
          (amountIn, rIn, rOut, feeBps) => {
            const { amountOut, fee: f } = getAmountOut(amountIn, rIn, rOut, feeBps);
            expect(f).to.equal(fee(amountIn, feeBps));
            expect(amountOut < rOut).to.equal(true);
            expect((rIn + amountIn - f) * (rOut - amountOut) >= rIn * rOut).to.equal(true);
            const impact = priceImpact(amountIn - f, amountOut, rIn, rOut);
            expect(impact >= 0n && impact <= WAD).to.equal(true);
          },
        ),
        { numRuns: 500 },
      );
    });

    it("matches the mirror on random inputs, fees and reserves up to 2^112 without overflow", async function () {
      const { math } = await loadFixture(deployFixture);
      await fc.assert(
        fc.asyncProperty(
          fc.bigInt({ min: 0n, max: MAX112 }),
          fc.bigInt({ min: 1n, max: MAX112 }),
          fc.bigInt({ min: 1n, max: MAX112 }),
          fc.bigInt({ min: 0n, max: 9999n }),
          async (amountIn, rIn, rOut, feeBps) => {
            const expected = getAmountOut(amountIn, rIn, rOut, feeBps);
            const [out, burned] = await math.getAmountOut(amountIn, rIn, rOut, feeBps);
            expect([out, burned]).to.deep.equal([expected.amountOut, expected.fee]);
            expect(await math.spotPrice(rIn, rOut)).to.equal(spotPrice(rIn, rOut));
            expect(await math.priceImpact(amountIn - burned, out, rIn, rOut)).to.equal(
              priceImpact(amountIn - burned, out, rIn, rOut),
            );
          },
        ),
        { numRuns: 60 },
      );
      // The extremes: everything at 2^112 − 1.
      const [out] = await math.getAmountOut(MAX112, MAX112, MAX112, 9999);
      expect(out).to.equal(getAmountOut(MAX112, MAX112, MAX112, 9999n).amountOut);
      expect(await math.getAmountIn(MAX112 - 1n, MAX112, MAX112, 9999)).to.equal(
        getAmountIn(MAX112 - 1n, MAX112, MAX112, 9999n),
      );
      expect(await math.priceImpact(MAX112, 1, MAX112, MAX112)).to.equal(priceImpact(MAX112, 1n, MAX112, MAX112));
    });
  });

  describe("errors", function () {
    it("rejects empty reserves", async function () {
      const { math } = await loadFixture(deployFixture);
      await expect(math.getAmountOut(1, 0, 5, 30))
        .to.be.revertedWithCustomError(math, "EmptyReserve")
        .withArgs(0, 5);
      await expect(math.getAmountIn(1, 5, 0, 30))
        .to.be.revertedWithCustomError(math, "EmptyReserve")
        .withArgs(5, 0);
      await expect(math.spotPrice(0, 1)).to.be.revertedWithCustomError(math, "EmptyReserve").withArgs(0, 1);
      await expect(math.priceImpact(1, 0, 1, 0))
        .to.be.revertedWithCustomError(math, "EmptyReserve")
        .withArgs(1, 0);
    });

    it("rejects asking for the whole reserve or more", async function () {
      const { math } = await loadFixture(deployFixture);
      await expect(math.getAmountIn(100, 50, 100, 30))
        .to.be.revertedWithCustomError(math, "OutputExceedsReserve")
        .withArgs(100, 100);
    });

    it("rejects a fee of 100% or more", async function () {
      const { math } = await loadFixture(deployFixture);
      await expect(math.getAmountOut(1, 5, 5, 10000))
        .to.be.revertedWithCustomError(math, "FeeTooHigh")
        .withArgs(10000);
      await expect(math.getAmountIn(1, 5, 5, 10001))
        .to.be.revertedWithCustomError(math, "FeeTooHigh")
        .withArgs(10001);
    });
  });
});
