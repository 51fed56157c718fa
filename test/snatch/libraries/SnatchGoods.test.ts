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

  it("shrinks each good of a packed request by the escrow's share of the offer", async function () {
    const { goods } = await loadFixture(fixture);
    // Requested 6 turkey, 0 coffee, 9 corn (32 bits a good); escrowed 1 + 2 + 2 = 5 of 6 offered.
    const requested = 6n | (9n << 64n);
    const escrowed = 1n | (2n << 8n) | (2n << 16n);
    expect((await goods.shrunkRequest(requested, escrowed, 6)).map(Number)).to.deep.equal([5, 0, 7]);
    expect((await goods.escrowAmounts(escrowed)).map(Number)).to.deep.equal([1, 2, 2]);
  });

  it("releases a whole escrow to a seat's free cells, cell by cell as add/sub would (random grids)", async function () {
    const { goods } = await loadFixture(fixture);
    const row = fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20));
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(row, row, row),
        fc.tuple(row, row, row),
        fc.nat(2),
        fc.nat(2),
        fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20)),
        async (freeRows, escrowRows, from, to, part) => {
          const free = freeRows.map((r) => [...r]);
          const escrow = escrowRows.map((r) => [...r]);
          // An escrow no larger than the offerer's escrow cells; the receiving cells stay within 20 + 20.
          const amounts = part.map((v, g) => Math.min(v, escrow[from][g]));
          const packed = BigInt(amounts[0]) | (BigInt(amounts[1]) << 8n) | (BigInt(amounts[2]) << 16n);
          const [freeAfter, escrowAfter] = await goods.releaseEscrow(pack(free), pack(escrow), from, to, packed);
          expect(freeAfter).to.equal(pack(free.map((r, s) => (s === to ? r.map((v, g) => v + amounts[g]) : r))));
          expect(escrowAfter).to.equal(pack(escrow.map((r, s) => (s === from ? r.map((v, g) => v - amounts[g]) : r))));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("refuses to release more than a seat's escrow cells hold, in any one good", async function () {
    const { goods } = await loadFixture(fixture);
    const escrow = pack([
      [0, 0, 0],
      [3, 0, 5],
    ]);
    // Seat 1 holds 3 turkey and 5 corn in escrow; 4 turkey is one too many, though the total would be covered.
    const tooMuch = 4n | (1n << 16n);
    await expect(goods.releaseEscrow(0, escrow, 1, 0, tooMuch))
      .to.be.revertedWithCustomError(goods, "EscrowShort")
      .withArgs(1, 3n | (5n << 16n), tooMuch);
    await expect(goods.releaseEscrow(0, escrow, 1, 0, 1n << 8n)).to.be.revertedWithCustomError(goods, "EscrowShort");
    const [free, left] = await goods.releaseEscrow(0, escrow, 1, 0, 3n | (5n << 16n));
    expect([free, left]).to.deep.equal([pack([[3, 0, 5]]), 0n]);
  });

  it("pays each wanted amount, or what the payer holds free of it if less", async function () {
    const { goods } = await loadFixture(fixture);
    const grid = pack([
      [1, 0, 0],
      [2, 7, 0],
    ]);
    const [after, paid] = await goods.payUpTo(grid, 1, 0, [5, 3, 4]);
    expect(paid.map(Number)).to.deep.equal([2, 3, 0]);
    expect(after).to.equal(
      pack([
        [3, 3, 0],
        [0, 4, 0],
      ]),
    );
  });

  it("payShrunk pays as payUpTo of shrunkRequest, packed (random grids and offers)", async function () {
    const { goods } = await loadFixture(fixture);
    const row = fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20));
    const amount = fc.oneof(fc.nat(30), fc.constant(2 ** 32 - 1));
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(row, row, row),
        fc.nat(2),
        fc.nat(1),
        fc.tuple(amount, amount, amount),
        fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20)),
        fc.tuple(fc.nat(40), fc.nat(40), fc.nat(40)),
        async (rows, payer, other, request, escrow, extra) => {
          const payee = (payer + 1 + other) % 3;
          // An offer offers at least what it escrowed, and at least one good.
          const offered = escrow.reduce((a, b) => a + b, 0) + extra.reduce((a, b) => a + b, 0) || 1;
          const requested = BigInt(request[0]) | (BigInt(request[1]) << 32n) | (BigInt(request[2]) << 64n);
          const escrowed = BigInt(escrow[0]) | (BigInt(escrow[1]) << 8n) | (BigInt(escrow[2]) << 16n);
          const grid = pack(rows.map((r) => [...r]));
          const wanted = await goods.shrunkRequest(requested, escrowed, offered);
          const [expectedGrid, expectedPaid] = await goods.payUpTo(grid, payer, payee, [...wanted]);
          const [after, paid] = await goods.payShrunk(grid, payer, payee, requested, escrowed, offered);
          expect(after).to.equal(expectedGrid);
          expect([...(await goods.escrowAmounts(paid))]).to.deep.equal([...expectedPaid]);
        },
      ),
      { numRuns: 40 },
    );
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
