import { expect } from "chai";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import {
  HexKind,
  TOPOLOGY,
  autoRoadEdge,
  autoSettlementVertex,
  distanceRuleOk,
  maskOf,
} from "../../../client/catamm/board";
import { Phase, readGame, type GameSnapshot } from "../../../client/catamm/game";
import { ONE_CARD } from "../../../client/catamm/market";
import { GAME, TURN_BLOCKS, current, draftGame, expectConserved, finishDraft } from "../helpers/game";

function occupiedOf(g: GameSnapshot): bigint {
  return g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
}

function roadsOf(g: GameSnapshot): bigint {
  return g.players.reduce((m, p) => m | p.roads, 0n);
}

// The snake draft: who picks when, placement rules, the second settlement's yield, automatic picks.
describe("CatammSetup: the draft", function () {
  const four = () => draftGame(4);
  const two = () => draftGame(2);

  it("goes 0, 1, 2, 3, 3, 2, 1, 0 and then starts seat 0's turn", async function () {
    const f = await loadFixture(four);
    const seats: number[] = [];
    for (;;) {
      const g = await readGame(f.game, GAME);
      if (g.phase !== Phase.Setup) break;
      seats.push(g.seat);
      expect(g.setupPick).to.equal(seats.length - 1);
      const v = autoSettlementVertex(g.board, occupiedOf(g));
      const tx = f.game.connect(await current(f, g)).placeInitial(GAME, v, autoRoadEdge(roadsOf(g), v));
      await expect(tx)
        .to.emit(f.game, "InitialPlacement")
        .withArgs(GAME, g.players[g.seat].address, v, autoRoadEdge(roadsOf(g), v), false);
      if (seats.length === 8) {
        const block = (await (await tx).wait())!.blockNumber;
        await expect(tx)
          .to.emit(f.game, "TurnStarted")
          .withArgs(GAME, g.players[0].address, 1, block + TURN_BLOCKS);
      }
    }
    expect(seats).to.deep.equal([0, 1, 2, 3, 3, 2, 1, 0]);
    const g = await readGame(f.game, GAME);
    expect([g.phase, g.seat, g.turn]).to.deep.equal([Phase.BeforeRoll, 0, 1]);
    for (const p of g.players) {
      expect(p.publicPoints).to.equal(2);
      expect(p.roadLength).to.be.within(1, 2);
    }
    await expectConserved(f);
  });

  it("goes 0, 1, 1, 0 with two players", async function () {
    const f = await loadFixture(two);
    const seats: number[] = [];
    for (;;) {
      const g = await readGame(f.game, GAME);
      if (g.phase !== Phase.Setup) break;
      seats.push(g.seat);
      const v = autoSettlementVertex(g.board, occupiedOf(g));
      await f.game.connect(await current(f, g)).placeInitial(GAME, v, autoRoadEdge(roadsOf(g), v));
    }
    expect(seats).to.deep.equal([0, 1, 1, 0]);
  });

  it("accepts picks only from the player whose pick it is", async function () {
    const f = await loadFixture(four);
    const g = await readGame(f.game, GAME);
    const wrong = f.players.find((p) => p.address === g.players[1].address)!;
    await expect(f.game.connect(wrong).placeInitial(GAME, 0, 0))
      .to.be.revertedWithCustomError(f.game, "NotYourTurn")
      .withArgs(wrong.address, g.players[0].address);
    await expect(f.game.connect(f.outsider).placeInitial(GAME, 0, 0))
      .to.be.revertedWithCustomError(f.game, "NotAPlayer")
      .withArgs(GAME, f.outsider.address);
    await expect(f.game.connect(wrong).rollDice(GAME))
      .to.be.revertedWithCustomError(f.game, "WrongPhase")
      .withArgs(Phase.Setup);
  });

  it("enforces the placement rules, each with its error", async function () {
    const f = await loadFixture(four);
    const { game } = f;
    let g = await readGame(game, GAME);
    const first = await current(f, g);
    await expect(game.connect(first).placeInitial(GAME, 54, 0))
      .to.be.revertedWithCustomError(game, "InvalidVertex")
      .withArgs(54);
    await expect(game.connect(first).placeInitial(GAME, 20, 72))
      .to.be.revertedWithCustomError(game, "InvalidEdge")
      .withArgs(72);
    const far = TOPOLOGY.edgeVertices.findIndex(([a, b]) => a !== 20 && b !== 20);
    await expect(game.connect(first).placeInitial(GAME, 20, far))
      .to.be.revertedWithCustomError(game, "RoadMustTouchSettlement")
      .withArgs(far, 20);
    const edge = TOPOLOGY.vertexEdges[20][0];
    await game.connect(first).placeInitial(GAME, 20, edge);

    g = await readGame(game, GAME);
    const second = await current(f, g);
    await expect(game.connect(second).placeInitial(GAME, 20, TOPOLOGY.vertexEdges[20][1]))
      .to.be.revertedWithCustomError(game, "VertexOccupied")
      .withArgs(20);
    const neighbour = TOPOLOGY.vertexVertices[20][0];
    await expect(game.connect(second).placeInitial(GAME, neighbour, TOPOLOGY.vertexEdges[neighbour][0]))
      .to.be.revertedWithCustomError(game, "DistanceRuleViolated")
      .withArgs(neighbour, 20);
  });

  /** Makes the picks up to pick 6 as the automatic rule would, by their players: seat 0's second pick is next. */
  async function toLastPick(f: Awaited<ReturnType<typeof four>>): Promise<GameSnapshot> {
    for (;;) {
      const g = await readGame(f.game, GAME);
      if (g.setupPick === 7) return g;
      const v = autoSettlementVertex(g.board, occupiedOf(g));
      await f.game.connect(await current(f, g)).placeInitial(GAME, v, autoRoadEdge(roadsOf(g), v));
    }
  }

  it("a second settlement on the gold hex with the gold counter full yields no credit, and the pick goes on", async function () {
    const f = await loadFixture(four);
    const { game } = f;
    const g = await toLastPick(f);
    const seat0 = await current(f, g);
    const goldHex = g.board.hexes.findIndex((h) => h.kind === HexKind.Gold);
    const v = TOPOLOGY.hexVertices[goldHex].find((c) => distanceRuleOk(occupiedOf(g), c));
    expect(v, "a free corner of the gold hex").to.not.equal(undefined);
    await game.harnessGiveGold(GAME, 0, 65_535);
    const tx = game.connect(seat0).placeInitial(GAME, v!, autoRoadEdge(roadsOf(g), v!));
    await expect(tx).to.emit(game, "InitialPlacement").and.not.to.emit(game, "GoldProduced");
    expect((await game.playerInfo(GAME, seat0.address)).goldCredits).to.equal(65_535n);
    expect((await readGame(game, GAME)).phase).to.equal(Phase.BeforeRoll);
  });

  it("gives the port of a port vertex, and the second settlement's yield (gold as a credit, desert nothing)", async function () {
    const f = await loadFixture(four);
    const { game } = f;
    // Seat 0 takes port 0's vertex 0 first; every other pick is automatic except seat 0's second, which goes on the
    // legal vertex with the most distinct kinds around it (gold or desert if possible).
    const [p0] = TOPOLOGY.portVertices[0];
    const seat0 = await current(f);
    await expect(game.connect(seat0).placeInitial(GAME, p0, TOPOLOGY.vertexEdges[p0][0]))
      .to.emit(game, "PortsChanged")
      .withArgs(GAME, seat0.address, 1);
    expect(await game.portsOwned(GAME, seat0.address)).to.equal(1n);
    const g = await toLastPick(f);
    expect(g.seat).to.equal(0);
    const legal = [...Array(54).keys()].filter((v) => distanceRuleOk(occupiedOf(g), v));
    const special = (v: number) =>
      TOPOLOGY.vertexHexes[v].filter((h) => g.board.hexes[h].kind >= HexKind.Gold).length * 10 +
      TOPOLOGY.vertexHexes[v].length;
    const v = legal.reduce((a, b) => (special(b) > special(a) ? b : a));
    const before = await game.resourceBalances(GAME, seat0.address);
    const tx = game.connect(seat0).placeInitial(GAME, v, autoRoadEdge(roadsOf(g), v));
    const expected = [0n, 0n, 0n, 0n, 0n];
    let gold = 0;
    for (const h of TOPOLOGY.vertexHexes[v]) {
      const kind = g.board.hexes[h].kind;
      if (kind === HexKind.Gold) {
        gold++;
        await expect(tx).to.emit(game, "GoldProduced").withArgs(GAME, seat0.address, h);
      } else if (kind !== HexKind.Desert) {
        expected[kind] += ONE_CARD;
        await expect(tx).to.emit(game, "ResourceProduced").withArgs(GAME, seat0.address, h, kind, ONE_CARD);
      }
    }
    const after = await game.resourceBalances(GAME, seat0.address);
    expect(after.map((b, r) => b - before[r])).to.deep.equal(expected);
    expect((await game.playerInfo(GAME, seat0.address)).goldCredits).to.equal(BigInt(gold));
    await expectConserved(f);
  });

  it("gives nothing for the first settlement", async function () {
    const f = await loadFixture(four);
    const g = await readGame(f.game, GAME);
    const v = autoSettlementVertex(g.board, 0n);
    const who = await current(f, g);
    await f.game.connect(who).placeInitial(GAME, v, autoRoadEdge(0n, v));
    expect(await f.game.resourceBalances(GAME, who.address)).to.deep.equal([0n, 0n, 0n, 0n, 0n]);
  });

  it("places a timed-out pick automatically (most pips, lowest id), by anyone, only after the deadline", async function () {
    const f = await loadFixture(four);
    const { game, outsider } = f;
    let g = await readGame(game, GAME);
    await expect(game.connect(outsider).advance(GAME))
      .to.be.revertedWithCustomError(game, "DeadlineNotReached")
      .withArgs(g.deadline, (await game.runner!.provider!.getBlockNumber()) + 1);
    await mine(TURN_BLOCKS);
    const v = autoSettlementVertex(g.board, occupiedOf(g));
    const e = autoRoadEdge(roadsOf(g), v);
    await expect(game.connect(outsider).advance(GAME))
      .to.emit(game, "InitialPlacement")
      .withArgs(GAME, g.players[0].address, v, e, true);
    g = await readGame(game, GAME);
    expect(g.players[0].settlements).to.equal(maskOf([v]));
    expect(g.players[0].roads).to.equal(maskOf([e]));
    expect(g.seat).to.equal(1);
    // The whole draft can be timed out; the turn then begins.
    while ((await readGame(game, GAME)).phase === Phase.Setup) {
      await mine(TURN_BLOCKS);
      await game.connect(outsider).advance(GAME);
    }
    g = await readGame(game, GAME);
    expect(g.phase).to.equal(Phase.BeforeRoll);
    expect(g.players.every((p) => p.publicPoints === 2)).to.equal(true);
  });

  it("lets the players finish the draft with the fixtures' helper", async function () {
    const f = await loadFixture(four);
    await finishDraft(f);
    expect((await readGame(f.game, GAME)).phase).to.equal(Phase.BeforeRoll);
  });
});
