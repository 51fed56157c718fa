import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import {
  HEX_COUNT,
  HexKind,
  KIND_POOL,
  NUMBER_POOL,
  generateBoard,
  unpackBoard,
  type Board,
} from "../../../client/catamm/board";
import { CHI2_CRITICAL_P001, chiSquare } from "../helpers/stats";
import { scaled } from "../../helpers/coverage";

const NONE = ethers.MaxUint256;
const KIND_COUNTS = [3, 3, 4, 3, 4, 1, 1]; // Wood, Brick, Sheep, Ore, Wheat, Gold, Desert
const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

/** Every rule a generated board must satisfy. */
function checkBoard(board: Board): void {
  expect(board.packed >> BigInt(7 * HEX_COUNT), "bits above the 19 hexes").to.equal(0n);
  const kinds = board.hexes.map((h) => h.kind);
  expect(KIND_COUNTS.map((_, k) => kinds.filter((x) => x === k).length)).to.deep.equal(KIND_COUNTS);
  const numbered = board.hexes.filter((h) => h.kind !== HexKind.Desert).map((h) => h.number);
  expect(sorted(numbered)).to.deep.equal(sorted(NUMBER_POOL));
  expect(board.hexes[board.desert]).to.deep.equal({ kind: HexKind.Desert, number: 0 });
}

describe("BoardSetup", function () {
  async function fixture() {
    return { setup: await ethers.deployContract("CatammBoardSetupHarness") };
  }

  it("the pools hold the spec's hexes and number tokens", function () {
    expect(KIND_POOL.length).to.equal(19);
    expect(KIND_COUNTS.map((_, k) => KIND_POOL.filter((x) => x === k).length)).to.deep.equal(KIND_COUNTS);
    expect(NUMBER_POOL).to.deep.equal([2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]);
  });

  it("every board has exactly the spec's kinds and numbers, and equals the TypeScript mirror (200 seeds)", async function () {
    const { setup } = await loadFixture(fixture);
    const boards = await setup.generateMany(1000, scaled(200, 20));
    boards.forEach((packed, i) => {
      const board = unpackBoard(packed);
      checkBoard(board);
      expect(generateBoard(1000n + BigInt(i)).packed).to.equal(packed);
    });
  });

  it("returns the desert's hex, and the accessors read the packed word (random 256-bit seeds)", async function () {
    const { setup } = await loadFixture(fixture);
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), async (seed) => {
        const [packed, desert] = await setup.generate(seed);
        const board = unpackBoard(packed);
        checkBoard(board);
        expect(desert).to.equal(BigInt(board.desert));
        expect(packed).to.equal(generateBoard(seed).packed);
        const h = Number(seed % 19n);
        expect(await setup.kindOf(packed, h)).to.equal(board.hexes[h].kind);
        expect(await setup.numberOf(packed, h)).to.equal(board.hexes[h].number);
      }),
      { numRuns: 40 },
    );
  });

  it("finds the hexes of each number", async function () {
    const { setup } = await loadFixture(fixture);
    const board = generateBoard(7n);
    for (let n = 0; n <= 13; n++) {
      const expected = board.hexes.flatMap((h, i) => (h.number === n && n !== 0 ? [BigInt(i)] : []));
      while (expected.length < 2) expected.push(NONE);
      expect(await setup.hexesWithNumber(board.packed, n)).to.deep.equal(expected);
    }
  });

  it("rejects a hex id out of range", async function () {
    const { setup } = await loadFixture(fixture);
    const board = generateBoard(1n).packed;
    await expect(setup.kindOf(board, 19)).to.be.revertedWithCustomError(setup, "InvalidHex").withArgs(19);
    await expect(setup.numberOf(board, 19)).to.be.revertedWithCustomError(setup, "InvalidHex").withArgs(19);
  });

  // The statistics run on the TypeScript mirror, which the tests above show equals the contract seed for seed:
  // thousands of boards in a second instead of many seconds of EVM calls.
  describe("uniformity (3,800 boards; chi-square at p = 0.001)", function () {
    const BOARDS = 3800;
    let boards: Board[];
    before(function () {
      boards = Array.from({ length: BOARDS }, (_, i) => generateBoard(5_000_000n + BigInt(i)));
    });

    it("each kind is spread evenly over the 19 hexes", function () {
      for (let kind = 0; kind < 7; kind++) {
        const observed = Array.from({ length: 19 }, (_, h) => boards.filter((b) => b.hexes[h].kind === kind).length);
        const expected = new Array<number>(19).fill((BOARDS * KIND_COUNTS[kind]) / 19);
        const chi2 = chiSquare(observed, expected);
        expect(chi2, `${HexKind[kind]} by hex: ${observed.join(" ")}`).to.be.below(CHI2_CRITICAL_P001[18]);
      }
    });

    it("each number is spread evenly over the hexes that are not the desert", function () {
      // For each number: how often it lands on hex h, against how often h is not the desert times its share.
      for (const n of [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]) {
        const share = NUMBER_POOL.filter((x) => x === n).length / 18;
        const observed = Array.from({ length: 19 }, (_, h) => boards.filter((b) => b.hexes[h].number === n).length);
        const expected = Array.from({ length: 19 }, (_, h) => boards.filter((b) => b.desert !== h).length * share);
        expect(chiSquare(observed, expected), `number ${n} by hex`).to.be.below(CHI2_CRITICAL_P001[18]);
      }
    });

    it("the gold hex's number follows the token counts (numbers are dealt independently of kinds)", function () {
      const values = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];
      const observed = values.map(
        (n) => boards.filter((b) => b.hexes.some((h) => h.kind === HexKind.Gold && h.number === n)).length,
      );
      const expected = values.map((n) => (BOARDS * NUMBER_POOL.filter((x) => x === n).length) / 18);
      expect(chiSquare(observed, expected), observed.join(" ")).to.be.below(CHI2_CRITICAL_P001[9]);
    });
  });

  it("reports the gas of one generation", async function () {
    const { setup } = await loadFixture(fixture);
    const gas = await setup.generateGas(42);
    console.log(`      BoardSetup.generate: ${gas} gas (inside the call)`);
    expect(gas).to.be.greaterThan(0n);
  });
});
