import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import { BLUE, findWinningPath, neighbours, RED, type Colour } from "../../../client/hex";
import { expectedOutcome } from "../paths";
import { runs } from "../../helpers/coverage";

// The path verifier against an independent union-find connectivity check on random boards (HEX_FUZZ_RUNS boards,
// default 60, 150 under TEST_FULL=1, each checked with a valid path, mutated paths and a random walk).
const RUNS = Number(process.env.HEX_FUZZ_RUNS ?? runs(60, 150));

/** Union-find over cells plus two virtual edge nodes: does `colour` join its two edges? */
function connectsByUnionFind(board: Uint8Array, n: number, colour: Colour): boolean {
  const parent = Array.from({ length: n * n + 2 }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  const union = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  const start = n * n;
  const end = n * n + 1;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      if (board[cell] !== colour) continue;
      if (colour === RED ? r === 0 : c === 0) union(cell, start);
      if (colour === RED ? r === n - 1 : c === n - 1) union(cell, end);
      // Right, down-left and down neighbours cover every adjacency once.
      for (const [dr, dc] of [
        [0, 1],
        [1, -1],
        [1, 0],
      ]) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr < n && cc >= 0 && cc < n && board[rr * n + cc] === colour) union(cell, rr * n + cc);
      }
    }
  }
  return find(start) === find(end);
}

/** The colour's stones on the board: the most cells a path of that colour may have. */
function stoneCount(board: Uint8Array, colour: Colour): number {
  return board.reduce((k, c) => k + (c === colour ? 1 : 0), 0);
}

describe("HexBoard: path verifier fuzz vs union-find connectivity", function () {
  async function fixture() {
    return { harness: await ethers.deployContract("HexBoardHarness") };
  }

  async function verify(
    harness: Awaited<ReturnType<typeof fixture>>["harness"],
    board: Uint8Array,
    n: number,
    colour: Colour,
    path: number[],
  ): Promise<string> {
    let lo = 0n;
    let hi = 0n;
    for (let c = 0; c < n * n; c++) {
      if (board[c] !== colour) continue;
      if (c < 256) lo |= 1n << BigInt(c);
      else hi |= 1n << BigInt(c - 256);
    }
    try {
      await harness.verify(n, colour === RED, lo, hi, stoneCount(board, colour), path);
      return "ok";
    } catch (e) {
      const data = (e as { data?: string }).data;
      const parsed = data ? harness.interface.parseError(data) : null;
      if (!parsed) throw e;
      return `${parsed.name}(${parsed.args.join(",")})`;
    }
  }

  /**
   * The path scan's adjacency rule for cells `a` != `b` of an n×n board, as the game runs it: a path a, b, b, ... (n
   * cells) fails at its second cell with CellsNotAdjacent(a, b) exactly when they are not neighbours; otherwise the
   * scan goes on (to the repeated b, or to the edge check of a two-cell path).
   */
  async function scanAdjacent(
    harness: Awaited<ReturnType<typeof fixture>>["harness"],
    n: number,
    a: number,
    b: number,
  ) {
    const path = [a, ...Array<number>(Math.max(1, n - 1)).fill(b)];
    try {
      await harness.checkPath(n, true, 2 * n, path);
      return true;
    } catch (e) {
      const data = (e as { data?: string }).data;
      const parsed = data ? harness.interface.parseError(data) : null;
      if (!parsed) throw e;
      return parsed.name !== "CellsNotAdjacent";
    }
  }

  it("agrees with the neighbour rule on every pair of cells of small boards, and on samples of 19×19", async function () {
    const { harness } = await loadFixture(fixture);
    for (const n of [2, 3, 4]) {
      for (let a = 0; a < n * n; a++) {
        for (let b = 0; b < n * n; b++) {
          if (a === b) continue;
          expect(await scanAdjacent(harness, n, a, b), `${n}: ${a}-${b}`).to.equal(neighbours(a, n).includes(b));
        }
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 360 }), fc.integer({ min: 0, max: 360 }), async (a, b) => {
        fc.pre(a !== b);
        expect(await scanAdjacent(harness, 19, a, b)).to.equal(neighbours(a, 19).includes(b));
      }),
      { numRuns: 100 },
    );
  });

  it(`accepts exactly the valid winning paths on ${RUNS} random boards (sizes 2..19)`, async function () {
    const { harness } = await loadFixture(fixture);
    let connected = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 19 }),
        fc.double({ min: 0.3, max: 0.8, noNaN: true }),
        fc.boolean(),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { minLength: 400, maxLength: 400 }),
        async (n, density, red, rand) => {
          let r = 0;
          const next = () => rand[r++ % rand.length];
          const colour: Colour = red ? RED : BLUE;
          const board = new Uint8Array(n * n);
          for (let c = 0; c < n * n; c++) board[c] = next() < density ? colour : next() < 0.5 ? 0 : red ? BLUE : RED;

          const joined = connectsByUnionFind(board, n, colour);
          const path = findWinningPath(board, n, colour);
          expect(path !== null, "BFS and union-find agree on connectivity").to.equal(joined);
          const candidates: number[][] = [];
          if (path) {
            connected++;
            expect(await verify(harness, board, n, colour, path)).to.equal("ok");
            // Mutations: drop, duplicate, replace a cell, swap two, reverse, truncate, extend off the board.
            const i = Math.floor(next() * path.length);
            const j = Math.floor(next() * path.length);
            candidates.push(path.filter((_, k) => k !== i));
            candidates.push([...path.slice(0, i + 1), path[i], ...path.slice(i + 1)]);
            candidates.push(path.map((c, k) => (k === i ? Math.floor(next() * n * n) : c)));
            const swapped = [...path];
            [swapped[i], swapped[j]] = [swapped[j], swapped[i]];
            candidates.push(swapped, [...path].reverse(), path.slice(0, Math.max(1, i)), [...path, n * n]);
          }
          // A random walk over neighbouring cells, from a random start.
          const walk = [Math.floor(next() * n * n)];
          while (walk.length < 2 * n && next() < 0.97) {
            const options = neighbours(walk[walk.length - 1], n);
            walk.push(options[Math.floor(next() * options.length)]);
          }
          candidates.push(walk);
          for (const candidate of candidates) {
            const expected = expectedOutcome(board, n, colour, stoneCount(board, colour), candidate);
            const actual = await verify(harness, board, n, colour, candidate);
            expect(actual, `n=${n} path=${candidate.join(",")}`).to.equal(expected);
            // Soundness: an accepted path means the colour really joins its edges.
            if (actual === "ok") expect(joined).to.equal(true);
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect(connected).to.be.greaterThan(0);
  });
});
