import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import {
  EDGE_COUNT,
  TOPOLOGY,
  VERTEX_COUNT,
  autoRoadEdge,
  autoSettlementVertex,
  distanceRuleOk,
  generateBoard,
  has,
  idsOf,
  maskOf,
  pips,
  roadConnects,
  vertexPips,
} from "../../../client/catamm/board";

const NONE = ethers.MaxUint256;

/** A game-like position: legal buildings of two players (distance rule) and some roads of each. */
interface Position {
  own: bigint;
  opponents: bigint;
  ownRoads: bigint;
  otherRoads: bigint;
}

/** Places the candidate vertices greedily under the distance rule, alternating between the two players. */
function positionFrom(candidates: number[], roadsA: number[], roadsB: number[]): Position {
  let own = 0n;
  let opponents = 0n;
  let turn = 0;
  for (const v of candidates) {
    if (!distanceRuleOk(own | opponents, v)) continue;
    if (turn++ % 2 === 0) own |= 1n << BigInt(v);
    else opponents |= 1n << BigInt(v);
  }
  const ownRoads = maskOf(roadsA);
  return { own, opponents, ownRoads, otherRoads: maskOf(roadsB) & ~ownRoads };
}

const positions = fc
  .tuple(
    fc.array(fc.nat(VERTEX_COUNT - 1), { maxLength: 12 }),
    fc.array(fc.nat(EDGE_COUNT - 1), { maxLength: 15 }),
    fc.array(fc.nat(EDGE_COUNT - 1), { maxLength: 15 }),
  )
  .map(([c, a, b]) => positionFrom(c, a, b));

describe("Placement", function () {
  async function fixture() {
    return { placement: await ethers.deployContract("CatammPlacementHarness") };
  }

  describe("settlements", function () {
    it("requireSettlementSpot accepts exactly the legal spots and names what failed", async function () {
      const { placement } = await loadFixture(fixture);
      await fc.assert(
        fc.asyncProperty(positions, fc.nat(VERTEX_COUNT - 1), fc.boolean(), async (p, v, needsRoad) => {
          const occupied = p.own | p.opponents;
          const call = placement.requireSettlementSpot(occupied, p.ownRoads, v, needsRoad);
          const blocking = TOPOLOGY.vertexVertices[v].filter((w) => has(occupied, w));
          if (has(occupied, v)) {
            await expect(call).to.be.revertedWithCustomError(placement, "VertexOccupied").withArgs(v);
          } else if (blocking.length > 0) {
            await expect(call)
              .to.be.revertedWithCustomError(placement, "DistanceRuleViolated")
              .withArgs(v, Math.min(...blocking));
          } else if (needsRoad && !TOPOLOGY.vertexEdges[v].some((e) => has(p.ownRoads, e))) {
            await expect(call).to.be.revertedWithCustomError(placement, "SettlementNotConnected").withArgs(v);
          } else {
            await call; // does not revert
          }
        }),
        { numRuns: 80 },
      );
    });

    it("each settlement error on a hand-made position", async function () {
      const { placement } = await loadFixture(fixture);
      const occupied = maskOf([20]);
      await expect(placement.requireSettlementSpot(occupied, 0, 20, false))
        .to.be.revertedWithCustomError(placement, "VertexOccupied")
        .withArgs(20);
      const [n] = TOPOLOGY.vertexVertices[20];
      await expect(placement.requireSettlementSpot(occupied, 0, n, false))
        .to.be.revertedWithCustomError(placement, "DistanceRuleViolated")
        .withArgs(n, 20);
      await expect(placement.requireSettlementSpot(occupied, 0, 40, true))
        .to.be.revertedWithCustomError(placement, "SettlementNotConnected")
        .withArgs(40);
      await placement.requireSettlementSpot(occupied, maskOf([TOPOLOGY.vertexEdges[40][0]]), 40, true);
      await placement.requireSettlementSpot(occupied, 0, 40, false); // initial placement: no road needed
      await expect(placement.requireSettlementSpot(0, 0, 54, false))
        .to.be.revertedWithCustomError(placement, "InvalidVertex")
        .withArgs(54);
    });
  });

  describe("roads", function () {
    it("road connection equals the mirror on random positions", async function () {
      const { placement } = await loadFixture(fixture);
      await fc.assert(
        fc.asyncProperty(positions, fc.nat(EDGE_COUNT - 1), async (p, e) => {
          expect(await placement.roadConnects(p.own, p.opponents, p.ownRoads, e)).to.equal(
            roadConnects(p.own, p.opponents, p.ownRoads, e),
          );
        }),
        { numRuns: 60 },
      );
    });

    it("connects from an own building or an own road through a free vertex, not through an opponent", async function () {
      const { placement } = await loadFixture(fixture);
      // A chain of edges 0 - 1 - 2 along the top of hex 0 and 1: vertices 0, 1, 2, 3.
      const [e01, e12, e23] = [0, 1, 2];
      expect(await placement.roadConnects(maskOf([0]), 0, 0, e01)).to.equal(true); // own settlement on vertex 0
      expect(await placement.roadConnects(0, 0, maskOf([e01]), e12)).to.equal(true); // own road, vertex 1 free
      expect(await placement.roadConnects(0, maskOf([1]), maskOf([e01]), e12)).to.equal(false); // opponent on 1
      expect(await placement.roadConnects(0, 0, maskOf([e01]), e23)).to.equal(false); // not touching
      expect(await placement.roadConnects(0, 0, maskOf([e12]), e12)).to.equal(false); // a road is not its own link
    });

    it("requireRoadSpot names the failure", async function () {
      const { placement } = await loadFixture(fixture);
      await expect(placement.requireRoadSpot(maskOf([0]), 0, 0, maskOf([0]), 0))
        .to.be.revertedWithCustomError(placement, "EdgeOccupied")
        .withArgs(0);
      await expect(placement.requireRoadSpot(maskOf([0]), 0, 0, 0, 5))
        .to.be.revertedWithCustomError(placement, "RoadNotConnected")
        .withArgs(5);
      await expect(placement.requireRoadSpot(0, 0, 0, 0, 72))
        .to.be.revertedWithCustomError(placement, "InvalidEdge")
        .withArgs(72);
      await placement.requireRoadSpot(maskOf([0]), 0, 0, maskOf([30]), 0);
    });

    it("edgeTouches is true exactly for the edge's two vertices", async function () {
      const { placement } = await loadFixture(fixture);
      await fc.assert(
        fc.asyncProperty(fc.nat(EDGE_COUNT - 1), fc.nat(VERTEX_COUNT - 1), async (e, v) => {
          expect(await placement.edgeTouches(e, v)).to.equal(TOPOLOGY.edgeVertices[e].includes(v));
          const [a, b] = TOPOLOGY.edgeVertices[e];
          expect(await placement.edgeTouches(e, a)).to.equal(true);
          expect(await placement.edgeTouches(e, b)).to.equal(true);
        }),
        { numRuns: 30 },
      );
      await expect(placement.edgeTouches(72, 0)).to.be.revertedWithCustomError(placement, "InvalidEdge").withArgs(72);
    });
  });

  describe("spot masks (views)", function () {
    /** Whether a pure harness call goes through (the require* functions return nothing or revert). */
    const passes = (call: Promise<unknown>) =>
      call.then(
        () => true,
        () => false,
      );

    it("settlementSpots and roadSpots hold exactly the spots the require* checks accept", async function () {
      const { placement } = await loadFixture(fixture);
      await fc.assert(
        fc.asyncProperty(positions, fc.boolean(), async (p, needsRoad) => {
          const occupied = p.own | p.opponents;
          const allRoads = p.ownRoads | p.otherRoads;
          const settlements = await placement.settlementSpots(occupied, p.ownRoads, needsRoad);
          const roads = await placement.roadSpots(p.own, p.opponents, p.ownRoads, allRoads);
          for (let v = 0; v < VERTEX_COUNT; v++) {
            const ok = await passes(placement.requireSettlementSpot(occupied, p.ownRoads, v, needsRoad));
            expect(has(settlements, v), `vertex ${v}`).to.equal(ok);
          }
          for (let e = 0; e < EDGE_COUNT; e++) {
            const ok = await passes(placement.requireRoadSpot(p.own, p.opponents, p.ownRoads, allRoads, e));
            expect(has(roads, e), `edge ${e}`).to.equal(ok);
          }
        }),
        { numRuns: 6 },
      );
    });

    it("an empty board: every vertex for a draft pick, none without a road, no road without a network", async function () {
      const { placement } = await loadFixture(fixture);
      expect(await placement.settlementSpots(0, 0, false)).to.equal((1n << BigInt(VERTEX_COUNT)) - 1n);
      expect(await placement.settlementSpots(0, 0, true)).to.equal(0n);
      expect(await placement.roadSpots(0, 0, 0, 0)).to.equal(0n);
      // One settlement on vertex 20: its roads are the edges at 20; its neighbours and itself are no spots.
      expect(await placement.roadSpots(maskOf([20]), 0, 0, 0)).to.equal(maskOf(TOPOLOGY.vertexEdges[20]));
      const spots = await placement.settlementSpots(maskOf([20]), 0, false);
      for (const v of [20, ...TOPOLOGY.vertexVertices[20]]) expect(has(spots, v)).to.equal(false);
      expect(idsOf(spots).length).to.equal(VERTEX_COUNT - 1 - TOPOLOGY.vertexVertices[20].length);
    });
  });

  describe("pips and automatic picks", function () {
    it("pips are the ways to roll a number with two dice", async function () {
      const { placement } = await loadFixture(fixture);
      const expected = [0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1, 0, 0];
      for (let n = 0; n < expected.length; n++) {
        expect(await placement.pips(n)).to.equal(expected[n]);
        expect(pips(n)).to.equal(expected[n]);
      }
    });

    it("the pip table equals the mirror's vertex pips on random boards", async function () {
      const { placement } = await loadFixture(fixture);
      await fc.assert(
        fc.asyncProperty(fc.bigInt({ min: 0n, max: 2n ** 64n }), async (seed) => {
          const board = generateBoard(seed);
          const table = await placement.pipTable(board.packed);
          for (let v = 0; v < VERTEX_COUNT; v++) {
            expect(Number((table >> BigInt(4 * v)) & 15n), `vertex ${v}`).to.equal(vertexPips(board, v));
          }
        }),
        { numRuns: 15 },
      );
    });

    it("a timed-out settlement goes to the legal vertex with the most pips, lowest id on ties", async function () {
      const { placement } = await loadFixture(fixture);
      await fc.assert(
        fc.asyncProperty(fc.bigInt({ min: 0n, max: 2n ** 64n }), positions, async (seed, p) => {
          const board = generateBoard(seed);
          const occupied = p.own | p.opponents;
          const table = await placement.pipTable(board.packed);
          const v = Number(await placement.autoSettlementVertex(table, occupied));
          expect(v).to.equal(autoSettlementVertex(board, occupied));
          // Directly from the rule: legal, no legal vertex has more pips, none below it has as many.
          expect(distanceRuleOk(occupied, v)).to.equal(true);
          for (let w = 0; w < VERTEX_COUNT; w++) {
            if (!distanceRuleOk(occupied, w)) continue;
            expect(vertexPips(board, w)).to.be.at.most(vertexPips(board, v));
            if (w < v) expect(vertexPips(board, w)).to.be.below(vertexPips(board, v));
          }
        }),
        { numRuns: 25 },
      );
    });

    it("no automatic settlement when no vertex is legal", async function () {
      const { placement } = await loadFixture(fixture);
      expect(await placement.autoSettlementVertex(0, 2n ** 54n - 1n)).to.equal(NONE);
      // Vertex 0 has 0 pips on a zero table but is legal on an empty board: it is the lowest id.
      expect(await placement.autoSettlementVertex(0, 0)).to.equal(0);
    });

    it("a timed-out road goes to the lowest free edge at the settlement", async function () {
      const { placement } = await loadFixture(fixture);
      for (const v of [0, 20, 53]) {
        const edges = TOPOLOGY.vertexEdges[v];
        let taken = 0n;
        for (let k = 0; k <= edges.length; k++) {
          const expected = k < edges.length ? BigInt(edges[k]) : NONE;
          expect(await placement.autoRoadEdge(taken, v)).to.equal(expected);
          expect(autoRoadEdge(taken, v)).to.equal(k < edges.length ? edges[k] : -1);
          if (k < edges.length) taken |= 1n << BigInt(edges[k]);
        }
      }
      await expect(placement.autoRoadEdge(0, 54)).to.be.revertedWithCustomError(placement, "InvalidVertex");
    });
  });

  it("reports the gas of the checks (inside the call)", async function () {
    const { placement } = await loadFixture(fixture);
    // Player on vertex 0 with a road 0-1 (edge 0) and 1-2 (edge 1): a settlement on vertex 2, a road on edge 2.
    const [settle, road, table, autoPick, autoRoad] = await placement.measure(
      generateBoard(5n).packed,
      maskOf([0]),
      maskOf([0, 1]),
      2,
      2,
    );
    console.log(
      `      requireSettlementSpot ${settle}, requireRoadSpot ${road}, pipTable ${table}, ` +
        `autoSettlementVertex ${autoPick}, autoRoadEdge ${autoRoad} gas`,
    );
    expect(settle * road * table * autoPick * autoRoad).to.be.greaterThan(0n);
  });

  it("helpers: masks round-trip", function () {
    expect(idsOf(maskOf([3, 1, 71]))).to.deep.equal([1, 3, 71]);
  });
});
