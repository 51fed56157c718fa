import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import {
  EDGE_COUNT,
  LONGEST_ROAD_WORST_CASES,
  TOPOLOGY,
  edgeBetween,
  longestRoad,
  longestRoadSearch,
  maskOf,
} from "../../../client/catamm/board";

/**
 * Brute force, by a different argument than the contract's search: a set of roads can be driven as one trail iff,
 * after splitting every blocked vertex into one end per road, it is connected and has 0 or 2 vertices of odd degree
 * (Euler). The longest road is the largest such subset of the player's roads.
 */
function bruteForce(roads: readonly number[], blockers: ReadonlySet<number>): number {
  const k = roads.length;
  // Node ids: free vertices keep their id; the end of road i at a blocked vertex becomes node 100 + 2i (+1).
  const ends = roads.map((e, i) => TOPOLOGY.edgeVertices[e].map((v, j) => (blockers.has(v) ? 100 + 2 * i + j : v)));
  let best = 0;
  for (let subset = 1; subset < 1 << k; subset++) {
    const members: number[] = [];
    for (let i = 0; i < k; i++) if (subset & (1 << i)) members.push(i);
    if (members.length <= best) continue;
    const degree = new Map<number, number>();
    for (const i of members) for (const n of ends[i]) degree.set(n, (degree.get(n) ?? 0) + 1);
    const odd = [...degree.values()].filter((d) => d % 2 === 1).length;
    if (odd !== 0 && odd !== 2) continue;
    // Connected: union-find over nodes.
    const parent = new Map<number, number>();
    const find = (x: number): number => {
      while (parent.has(x) && parent.get(x) !== x) x = parent.get(x)!;
      return x;
    };
    for (const i of members) {
      const [a, b] = ends[i];
      if (!parent.has(a)) parent.set(a, a);
      if (!parent.has(b)) parent.set(b, b);
      parent.set(find(a), find(b));
    }
    const roots = new Set([...degree.keys()].map(find));
    if (roots.size === 1) best = members.length;
  }
  return best;
}

/** Every edge of a hex, via the mirror's corner order. */
const hexEdges = (h: number): number[] => TOPOLOGY.hexVertices[h].map((v, i, vs) => edgeBetween(v, vs[(i + 1) % 6]));
/** The edges along a walk of vertices. */
const pathEdges = (vs: number[]): number[] => vs.slice(1).map((v, i) => edgeBetween(vs[i], v));

/** A connected road network grown from `start` by picking among the edges touching it. */
function grow(start: number, picks: number[]): number[] {
  const set = new Set([start]);
  for (const p of picks) {
    const frontier: number[] = [];
    for (const e of set)
      for (const v of TOPOLOGY.edgeVertices[e])
        for (const f of TOPOLOGY.vertexEdges[v]) if (!set.has(f)) frontier.push(f);
    set.add(frontier[p % frontier.length]);
  }
  return [...set];
}

describe("LongestRoad", function () {
  async function fixture() {
    return { longest: await ethers.deployContract("CatammLongestRoadHarness") };
  }

  async function check(
    longest: Awaited<ReturnType<typeof fixture>>["longest"],
    roads: number[],
    blockers: number[] = [],
  ): Promise<number> {
    const expected = bruteForce(roads, new Set(blockers));
    expect(await longest.length(maskOf(roads), maskOf(blockers)), `roads ${roads} blockers ${blockers}`).to.equal(
      expected,
    );
    expect(longestRoad(maskOf(roads), maskOf(blockers)), "mirror").to.equal(expected);
    return expected;
  }

  describe("hand-made networks", function () {
    it("none, one road, a straight line of five", async function () {
      const { longest } = await loadFixture(fixture);
      expect(await check(longest, [])).to.equal(0);
      expect(await check(longest, [30])).to.equal(1);
      const line = pathEdges([16, 17, 18, 19, 20, 21]); // along the middle zig-zag row
      expect(await check(longest, line)).to.equal(5);
    });

    it("an opponent's building cuts a line but may end it", async function () {
      const { longest } = await loadFixture(fixture);
      const line = pathEdges([16, 17, 18, 19, 20, 21]);
      expect(await check(longest, line, [18])).to.equal(3);
      expect(await check(longest, line, [16])).to.equal(5); // at the end: no effect
    });

    it("a ring counts all six roads, even with an opponent on it (the trail starts and ends there)", async function () {
      const { longest } = await loadFixture(fixture);
      expect(await check(longest, hexEdges(9))).to.equal(6);
      expect(await check(longest, hexEdges(9), [TOPOLOGY.hexVertices[9][2]])).to.equal(6);
    });

    it("a ring with a tail: the loop is driven in full, then the tail", async function () {
      const { longest } = await loadFixture(fixture);
      const top = TOPOLOGY.hexVertices[9][0];
      const tail = pathEdges([
        top,
        ...TOPOLOGY.vertexVertices[top].filter((v) => !TOPOLOGY.hexVertices[9].includes(v)),
      ]);
      const up = TOPOLOGY.edgeVertices[tail[0]].find((v) => v !== top)!;
      const next = TOPOLOGY.vertexVertices[up].find((v) => v !== top)!;
      const roads = [...hexEdges(9), ...tail, edgeBetween(up, next)];
      expect(await check(longest, roads)).to.equal(8);
      expect(await check(longest, roads, [top])).to.equal(6); // blocked where the tail joins: the ring alone
    });

    it("a fork: the two longest branches", async function () {
      const { longest } = await loadFixture(fixture);
      // Vertex 20 has three neighbours; grow a branch of 2 from each.
      const centre = 20;
      const roads: number[] = [];
      for (const n of TOPOLOGY.vertexVertices[centre]) {
        roads.push(edgeBetween(centre, n));
        const further = TOPOLOGY.vertexVertices[n].find((w) => w !== centre)!;
        roads.push(edgeBetween(n, further));
      }
      expect(await check(longest, roads)).to.equal(4);
    });

    it("separate networks: the longest one; untouched rings are measured too", async function () {
      const { longest } = await loadFixture(fixture);
      const ringA = hexEdges(0);
      const ringB = hexEdges(18);
      expect(await check(longest, [...ringA, ...ringB])).to.equal(6);
      const line = pathEdges([16, 17, 18, 19]);
      expect(await check(longest, [...ringB, ...line])).to.equal(6); // the ring beats the line of 3
      const longLine = pathEdges([27, 28, 29, 30, 31, 32, 33, 34]);
      expect(await check(longest, [...ringA, ...longLine])).to.equal(7);
    });

    it("the worst-case networks", async function () {
      const { longest } = await loadFixture(fixture);
      for (const w of LONGEST_ROAD_WORST_CASES) await check(longest, [...w.roads], [...w.blockers]);
    });

    it("rejects a road id out of range", async function () {
      const { longest } = await loadFixture(fixture);
      await expect(longest.length(1n << 72n, 0))
        .to.be.revertedWithCustomError(longest, "InvalidEdge")
        .withArgs(72);
      await expect(longest.length((1n << 200n) | 1n, 0))
        .to.be.revertedWithCustomError(longest, "InvalidEdge")
        .withArgs(200);
    });
  });

  describe("random networks against the brute force", function () {
    let maxGas = 0n;

    it("connected networks of up to 15 roads, with opponents' buildings on them", async function () {
      const { longest } = await loadFixture(fixture);
      await fc.assert(
        fc.asyncProperty(
          fc.nat(EDGE_COUNT - 1),
          fc.array(fc.nat(), { maxLength: 14 }),
          fc.array(fc.nat(), { maxLength: 4 }),
          async (start, picks, blockerPicks) => {
            const roads = grow(start, picks);
            const vertices = [...new Set(roads.flatMap((e) => TOPOLOGY.edgeVertices[e]))];
            const blockers = blockerPicks.map((p) => vertices[p % vertices.length]);
            await check(longest, roads, blockers);
            if (roads.length === 15) {
              const [, gas] = await longest.measure(maskOf(roads), maskOf(blockers));
              if (gas > maxGas) maxGas = gas;
            }
          },
        ),
        { numRuns: 70 },
      );
    });

    it("scattered road sets (several networks)", async function () {
      const { longest } = await loadFixture(fixture);
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.nat(EDGE_COUNT - 1), { maxLength: 15 }),
          fc.uniqueArray(fc.nat(53), { maxLength: 6 }),
          async (roads, blockers) => {
            await check(longest, roads, blockers);
          },
        ),
        { numRuns: 40 },
      );
    });

    after(function () {
      if (maxGas > 0n) console.log(`      random 15-road networks: at most ${maxGas} gas`);
    });
  });

  it("reports the worst-case gas with 15 roads", async function () {
    const { longest } = await loadFixture(fixture);
    for (const w of LONGEST_ROAD_WORST_CASES) {
      expect(w.roads.length).to.equal(15);
      const [len, gas] = await longest.measure(maskOf([...w.roads]), maskOf([...w.blockers]));
      const { visits } = longestRoadSearch(maskOf([...w.roads]), maskOf([...w.blockers]));
      console.log(`      ${w.name}: length ${len}, ${visits} visits, ${gas} gas (inside the call)`);
      expect(gas).to.be.greaterThan(0n);
    }
  });
});
