import { expect } from "chai";
import { ethers } from "hardhat";
import fc from "fast-check";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { PANIC_CODES } from "@nomicfoundation/hardhat-chai-matchers/panic";

/** A grid from a 3x3 array of cells (seat, good). */
function pack(cells: number[][]): bigint {
  let grid = 0n;
  cells.forEach((row, s) => row.forEach((v, g) => (grid |= BigInt(v) << BigInt(8 * (3 * s + g)))));
  return grid;
}

describe("SnatchGoods", function () {
  async function fixture() {
    return { goods: await ethers.deployContract("SnatchGoodsHarness") };
  }

  it("reads and writes one cell without touching its neighbours, and refuses what a cell cannot hold", async function () {
    const { goods } = await loadFixture(fixture);
    const grid = pack([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    const after = await goods.set(grid, 1, 1, 200);
    expect(after).to.equal(
      pack([
        [1, 2, 3],
        [4, 200, 6],
        [7, 8, 9],
      ]),
    );
    expect(await goods.get(after, 2, 2)).to.equal(9);
    await expect(goods.set(grid, 0, 0, 256))
      .to.be.revertedWithCustomError(goods, "SafeCastOverflowedUintDowncast")
      .withArgs(8, 256);
    await expect(goods.sub(grid, 0, 0, 2)).to.be.revertedWithPanic(PANIC_CODES.ARITHMETIC_OVERFLOW);
  });

  it("shrinks requests by escrowed / offered, rounding down, without overflow at the bounds", async function () {
    const { goods } = await loadFixture(fixture);
    expect(await goods.shrink(6, 5, 6)).to.equal(5);
    expect(await goods.shrink(5, 3, 7)).to.equal(2);
    expect(await goods.shrink(7, 0, 3)).to.equal(0);
    expect(await goods.shrink(2n ** 32n - 1n, 20, 3n * (2n ** 32n - 1n))).to.equal(6);
  });

  it("takes own good first, then the largest holding, ties to the lowest good", async function () {
    const { goods } = await loadFixture(fixture);
    // Seat 1 produces coffee and holds 2 turkey, 1 coffee, 2 corn.
    const grid = pack([
      [9, 9, 9],
      [2, 1, 2],
      [9, 9, 9],
    ]);
    const [after, taken] = await goods.takeUnits(grid, 1, 1, 3);
    expect(taken.map(Number)).to.deep.equal([1, 1, 1]); // coffee, then turkey (tie with corn), then corn (2 > 1)
    expect(after).to.equal(
      pack([
        [9, 9, 9],
        [1, 0, 1],
        [9, 9, 9],
      ]),
    );
    const [, short] = await goods.takeUnits(pack([[0, 0, 1]]), 0, 0, 3);
    expect(short.map(Number)).to.deep.equal([0, 0, 1]);
  });

  it("takeUnits takes min(n, held) and conserves goods (random grids)", async function () {
    const { goods } = await loadFixture(fixture);
    const row = fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20));
    await fc.assert(
      fc.asyncProperty(fc.tuple(row, row, row), fc.nat(2), fc.nat(2), fc.nat(5), async (rows, seat, own, n) => {
        const cells = rows.map((r) => [...r]);
        const [after, taken] = await goods.takeUnits(pack(cells), seat, own, n);
        const held = cells[seat].reduce((a, b) => a + b, 0);
        const t = taken.map(Number);
        expect(t.reduce((a, b) => a + b, 0)).to.equal(Math.min(n, held));
        const expected = cells.map((r, s) => (s === seat ? r.map((v, g) => v - t[g]) : r));
        expect(after).to.equal(pack(expected));
        // Own good first: something other than the own good is taken only once the own good is gone.
        if (t.some((v, g) => g !== own && v > 0)) expect(expected[seat][own]).to.equal(0);
      }),
      { numRuns: 40 },
    );
  });

  it("points: own good x 1, other goods x 2, escrow included", async function () {
    const { goods } = await loadFixture(fixture);
    const free = pack([[3, 1, 0]]);
    const escrow = pack([[2, 0, 1]]);
    expect(await goods.points(free, escrow, 0, 0)).to.equal(5 + 2 * 1 + 2 * 1);
    expect(await goods.points(free, escrow, 0, 2)).to.equal(2 * 5 + 2 * 1 + 1);
  });
});
