import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { TOPOLOGY, distanceRuleOk, edgeBetween, idsOf, maskOf, roadConnects } from "../../../client/catamm/board";
import { COSTS, Phase, readGame, type GameSnapshot } from "../../../client/catamm/game";
import { ONE_CARD } from "../../../client/catamm/market";
import type { GameFixture } from "../helpers/game";
import {
  GAME,
  current,
  expectConserved,
  freeRoads,
  give,
  playingGame,
  richGame,
  rollQuietly,
  seatSigner,
  turnOf,
} from "../helpers/game";

const ZERO = ethers.ZeroAddress;

/** The zig-zag path of `count` edges along a vertex row, from vertex `from` rightwards. */
function rowPath(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => edgeBetween(from + i, from + i + 1));
}

function occupiedOf(g: GameSnapshot): bigint {
  return g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
}

// Roads, settlements, cities: rules, costs, limits; ports; the longest road award.
describe("CatammBuild: roads, settlements, cities, longest road", function () {
  describe("roads", function () {
    it("cost one Wood and one Brick and must connect", async function () {
      const f = await loadFixture(richGame);
      const { game } = f;
      const g = await readGame(game, GAME);
      const me = await current(f, g);
      const e = freeRoads(g, 0)[0];
      const before = await game.resourceBalances(GAME, me.address);
      await expect(game.connect(me).buildRoad(GAME, e)).to.emit(game, "RoadBuilt").withArgs(GAME, me.address, e, false);
      const after = await game.resourceBalances(GAME, me.address);
      expect(before.map((b, r) => b - after[r])).to.deep.equal(COSTS.road.map((c) => BigInt(c) * ONE_CARD));
      await expect(game.connect(me).buildRoad(GAME, e)).to.be.revertedWithCustomError(game, "EdgeOccupied").withArgs(e);
      const own = g.players[0].settlements | (g.players[0].roads | (1n << BigInt(e)));
      const far = TOPOLOGY.edgeVertices.findIndex(
        ([a, b], i) =>
          !roadConnects(g.players[0].settlements, occupiedOf(g) & ~g.players[0].settlements, own, i) &&
          ![a, b].some((v) => (occupiedOf(g) >> BigInt(v)) & 1n),
      );
      await expect(game.connect(me).buildRoad(GAME, far))
        .to.be.revertedWithCustomError(game, "RoadNotConnected")
        .withArgs(far);
      await expect(game.connect(me).buildRoad(GAME, 72))
        .to.be.revertedWithCustomError(game, "InvalidEdge")
        .withArgs(72);
      await expectConserved(f);
    });

    it("need the resources: building without them is refused", async function () {
      const f = await loadFixture(playingGame);
      await rollQuietly(f);
      const g = await readGame(f.game, GAME);
      const me = await current(f, g);
      // After the draft a player holds at most three cards: not the 3 Ore and 2 Wheat of a city.
      const [ore, wheat] = [g.players[0].balances[3], g.players[0].balances[4]];
      const [home] = idsOf(g.players[0].settlements);
      const [resource, balance, needed] = ore < 3n * ONE_CARD ? [3, ore, 3n * ONE_CARD] : [4, wheat, 2n * ONE_CARD];
      await expect(f.game.connect(me).buildCity(GAME, home))
        .to.be.revertedWithCustomError(f.game, "InsufficientBalance")
        .withArgs(resource, balance, needed);
      // And a road without Wood (this seed's draft gave seat 0 none).
      const bal = await f.game.resourceBalances(GAME, me.address);
      expect(bal[0]).to.equal(0n);
      await expect(f.game.connect(me).buildRoad(GAME, freeRoads(g, 0)[0]))
        .to.be.revertedWithCustomError(f.game, "InsufficientBalance")
        .withArgs(0, 0, ONE_CARD);
    });

    it("are limited to 15", async function () {
      const f = await loadFixture(richGame);
      const g = await readGame(f.game, GAME);
      // Fifteen roads along the middle rows (the harness sets them), then one more.
      const fifteen = [...rowPath(16, 10), ...rowPath(27, 5)];
      await f.game.harnessSetPieces(GAME, 0, g.players[0].settlements, 0n, maskOf(fifteen));
      await expect(f.game.connect(await current(f, g)).buildRoad(GAME, edgeBetween(32, 33)))
        .to.be.revertedWithCustomError(f.game, "PieceLimitReached")
        .withArgs(0, 15);
    });

    it("only in one's own turn, after the roll", async function () {
      const f = await loadFixture(playingGame);
      const g = await readGame(f.game, GAME);
      const me = await current(f, g);
      await expect(f.game.connect(me).buildRoad(GAME, 0))
        .to.be.revertedWithCustomError(f.game, "WrongPhase")
        .withArgs(Phase.BeforeRoll);
      await rollQuietly(f);
      const other = await seatSigner(f, 1);
      await expect(f.game.connect(other).buildSettlement(GAME, 0))
        .to.be.revertedWithCustomError(f.game, "NotYourTurn")
        .withArgs(other.address, me.address);
      await expect(f.game.connect(f.outsider).buildCity(GAME, 0))
        .to.be.revertedWithCustomError(f.game, "NotAPlayer")
        .withArgs(GAME, f.outsider.address);
    });
  });

  describe("settlements", function () {
    it("need a road, the distance rule and a free vertex; they cost four cards and may own a port", async function () {
      const f = await loadFixture(richGame);
      const { game } = f;
      let g = await readGame(game, GAME);
      const me = await current(f, g);
      // Two roads away from seat 0's first settlement, where the distance rule allows a settlement.
      const [home] = idsOf(g.players[0].settlements);
      const occupied = occupiedOf(g);
      let path: number[] = [];
      let spot = -1;
      for (const e1 of TOPOLOGY.vertexEdges[home]) {
        const [a1, b1] = TOPOLOGY.edgeVertices[e1];
        const mid = a1 === home ? b1 : a1;
        for (const e2 of TOPOLOGY.vertexEdges[mid]) {
          if (e2 === e1) continue;
          const [a2, b2] = TOPOLOGY.edgeVertices[e2];
          const end = a2 === mid ? b2 : a2;
          const all = g.players.reduce((m, p) => m | p.roads, 0n);
          const free = (e: number) => !((all >> BigInt(e)) & 1n) || ((g.players[0].roads >> BigInt(e)) & 1n) === 1n;
          if (distanceRuleOk(occupied, end) && free(e1) && free(e2) && !((occupied >> BigInt(mid)) & 1n)) {
            path = [e1, e2];
            spot = end;
          }
        }
      }
      expect(spot).to.be.greaterThan(-1);
      const neighbour = TOPOLOGY.vertexVertices[home][0];
      await expect(game.connect(me).buildSettlement(GAME, spot))
        .to.be.revertedWithCustomError(game, "SettlementNotConnected")
        .withArgs(spot);
      await expect(game.connect(me).buildSettlement(GAME, home))
        .to.be.revertedWithCustomError(game, "VertexOccupied")
        .withArgs(home);
      await expect(game.connect(me).buildSettlement(GAME, neighbour))
        .to.be.revertedWithCustomError(game, "DistanceRuleViolated")
        .withArgs(neighbour, home);
      await expect(game.connect(me).buildSettlement(GAME, 54))
        .to.be.revertedWithCustomError(game, "InvalidVertex")
        .withArgs(54);
      for (const e of path) if (!((g.players[0].roads >> BigInt(e)) & 1n)) await game.connect(me).buildRoad(GAME, e);
      const before = await game.resourceBalances(GAME, me.address);
      await expect(game.connect(me).buildSettlement(GAME, spot))
        .to.emit(game, "SettlementBuilt")
        .withArgs(GAME, me.address, spot);
      const after = await game.resourceBalances(GAME, me.address);
      expect(before.map((b, r) => b - after[r])).to.deep.equal(COSTS.settlement.map((c) => BigInt(c) * ONE_CARD));
      g = await readGame(game, GAME);
      expect(g.players[0].publicPoints).to.equal(3);
      await expectConserved(f);
    });

    it("on a port vertex own the port: that pool's fee is waived", async function () {
      const f = await loadFixture(richGame);
      const { game } = f;
      const g = await readGame(game, GAME);
      const me = await current(f, g);
      // Clear the board (harness) and give seat 0 a road to port 4's first vertex.
      for (let s = 1; s < 4; s++) await game.harnessSetPieces(GAME, s, 0n, 0n, 0n);
      const [v] = TOPOLOGY.portVertices[4];
      const road = TOPOLOGY.vertexEdges[v][0];
      await game.harnessSetPieces(GAME, 0, g.players[0].settlements, 0n, maskOf([road]));
      const portsBefore = await game.portsOwned(GAME, me.address);
      await expect(game.connect(me).buildSettlement(GAME, v))
        .to.emit(game, "PortsChanged")
        .withArgs(GAME, me.address, portsBefore | (1n << 4n));
      const pools = await game.marketPools(GAME);
      const pool = pools.find((p) => p.port === 4n)!;
      const q = await game.quoteSwap(GAME, me.address, Number(pool.resource0), Number(pool.resource1), ONE_CARD);
      expect([q.portOwned, q.feeBps, q.fee]).to.deep.equal([true, 0n, 0n]);
    });

    it("are limited to 5 on the board", async function () {
      const f = await loadFixture(richGame);
      const g = await readGame(f.game, GAME);
      for (let s = 1; s < 4; s++) await f.game.harnessSetPieces(GAME, s, 0n, 0n, 0n);
      await f.game.harnessSetPieces(
        GAME,
        0,
        maskOf([0, 2, 4, 6, 16]),
        0n,
        g.players[0].roads | maskOf([edgeBetween(27, 28)]),
      );
      await expect(f.game.connect(await current(f, g)).buildSettlement(GAME, 27))
        .to.be.revertedWithCustomError(f.game, "PieceLimitReached")
        .withArgs(1, 5);
    });
  });

  describe("cities", function () {
    it("replace one's own settlement for 3 Ore + 2 Wheat, up to 4", async function () {
      const f = await loadFixture(richGame);
      const { game } = f;
      let g = await readGame(game, GAME);
      const me = await current(f, g);
      const [mine] = idsOf(g.players[0].settlements);
      const theirs = idsOf(g.players[1].settlements)[0];
      await expect(game.connect(me).buildCity(GAME, theirs))
        .to.be.revertedWithCustomError(game, "NotYourSettlement")
        .withArgs(theirs);
      await expect(game.connect(me).buildCity(GAME, 54))
        .to.be.revertedWithCustomError(game, "InvalidVertex")
        .withArgs(54);
      const before = await game.resourceBalances(GAME, me.address);
      await expect(game.connect(me).buildCity(GAME, mine)).to.emit(game, "CityBuilt").withArgs(GAME, me.address, mine);
      const after = await game.resourceBalances(GAME, me.address);
      expect(before.map((b, r) => b - after[r])).to.deep.equal(COSTS.city.map((c) => BigInt(c) * ONE_CARD));
      await expect(game.connect(me).buildCity(GAME, mine))
        .to.be.revertedWithCustomError(game, "NotYourSettlement")
        .withArgs(mine);
      g = await readGame(game, GAME);
      expect([g.players[0].cities, g.players[0].publicPoints]).to.deep.equal([maskOf([mine]), 3]);
      // The limit: four cities already (harness), a fifth is refused.
      await game.harnessSetPieces(GAME, 0, maskOf([0]), maskOf([2, 4, 6, 16]), g.players[0].roads);
      await expect(game.connect(me).buildCity(GAME, 0))
        .to.be.revertedWithCustomError(game, "PieceLimitReached")
        .withArgs(2, 4);
      await expectConserved(f);
    });
  });

  describe("the longest road", function () {
    // Three players on a cleared board (harness): A along the top row from vertex 0, B along vertex row 2 from 16,
    // C along the bottom row from 47; each then extends with real builds in its own turn.
    const A_PATH = rowPath(0, 5); // 0..5
    const B_PATH = rowPath(16, 6); // 16..22
    const C_PATH = rowPath(47, 6); // 47..53
    const CUT = 19; // a vertex inside B's path
    const CUT_ROAD = TOPOLOGY.vertexEdges[CUT].find((e) => !B_PATH.includes(e))!;

    async function roads() {
      const f = await playingGame(3);
      const g = await readGame(f.game, GAME);
      await f.game.harnessSetPieces(GAME, 0, maskOf([0]), 0n, maskOf(A_PATH.slice(0, 4)));
      await f.game.harnessSetPieces(GAME, 1, maskOf([16]), 0n, maskOf(B_PATH.slice(0, 5)));
      await f.game.harnessSetPieces(GAME, 2, maskOf([47]), 0n, maskOf(C_PATH.slice(0, 4)));
      for (const p of g.players) await give(f, p.address, [10, 10, 10, 10, 10]);
      return f;
    }

    async function build(f: GameFixture, seat: number, edge: number) {
      const g = await readGame(f.game, GAME);
      await turnOf(f, g.players[seat].address);
      await rollQuietly(f);
      return f.game.connect(await current(f)).buildRoad(GAME, edge);
    }

    /** A: 5 (holds), B: 6 (takes it), C: 5 (B keeps). */
    async function contested() {
      const f = await roads();
      const g = await readGame(f.game, GAME);
      const [a, b, c] = g.players.map((p) => p.address);
      await expect(build(f, 0, A_PATH[4]))
        .to.emit(f.game, "LongestRoadChanged")
        .withArgs(GAME, a, 5);
      await expect(build(f, 1, B_PATH[5]))
        .to.emit(f.game, "LongestRoadChanged")
        .withArgs(GAME, b, 6);
      await expect(build(f, 2, C_PATH[4]))
        .to.emit(f.game, "RoadLengthChanged")
        .withArgs(GAME, c, 5);
      const after = await readGame(f.game, GAME);
      expect(after.longestRoad).to.equal(b);
      expect(after.players.map((p) => p.roadLength)).to.deep.equal([5, 6, 5]);
      expect(after.players.map((p) => p.publicPoints)).to.deep.equal([1, 3, 1]);
      return f;
    }

    it("goes to the first road of 5, then to a strictly longer one", async function () {
      await loadFixture(contested);
    });

    it("stays with its holder on a tie", async function () {
      const f = await loadFixture(contested);
      await expect(f.game.connect(await current(f)).buildRoad(GAME, C_PATH[5])).to.not.emit(
        f.game,
        "LongestRoadChanged",
      );
      const g = await readGame(f.game, GAME);
      expect([g.players[2].roadLength, g.longestRoad]).to.deep.equal([6, g.players[1].address]);
    });

    it("is cut by an opponent's settlement; a tie among the others then leaves it to nobody", async function () {
      const f = await loadFixture(contested);
      let g = await readGame(f.game, GAME);
      await turnOf(f, g.players[0].address);
      await rollQuietly(f);
      await f.game.harnessSetPieces(GAME, 0, maskOf([0]), 0n, maskOf([...A_PATH, CUT_ROAD]));
      const tx = f.game.connect(await current(f)).buildSettlement(GAME, CUT);
      await expect(tx).to.emit(f.game, "RoadLengthChanged").withArgs(GAME, g.players[1].address, 3);
      await expect(tx).to.emit(f.game, "LongestRoadChanged").withArgs(GAME, ZERO, 0);
      g = await readGame(f.game, GAME);
      expect(g.longestRoad).to.equal(ZERO);
      expect(g.players.map((p) => p.publicPoints)).to.deep.equal([2, 1, 1]);
    });

    it("is cut by an opponent's settlement and goes to the one longest road left", async function () {
      const f = await loadFixture(contested);
      await f.game.connect(await current(f)).buildRoad(GAME, C_PATH[5]); // C: 6, tied with B
      let g = await readGame(f.game, GAME);
      await turnOf(f, g.players[0].address);
      await rollQuietly(f);
      await f.game.harnessSetPieces(GAME, 0, maskOf([0]), 0n, maskOf([...A_PATH, CUT_ROAD]));
      await expect(f.game.connect(await current(f)).buildSettlement(GAME, CUT))
        .to.emit(f.game, "LongestRoadChanged")
        .withArgs(GAME, g.players[2].address, 6);
      g = await readGame(f.game, GAME);
      expect(g.players.map((p) => p.roadLength)).to.deep.equal([5, 3, 6]);
    });
  });
});
