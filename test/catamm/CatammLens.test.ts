// CatammLens.legalSpots (what the web app highlights): each mask holds exactly the spots where the game's own build
// calls go through, checked by static calls of those calls, in the draft and in a turn; empty outside a running
// game and past the piece limits.
import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { EDGE_COUNT, TOPOLOGY, VERTEX_COUNT, has, idsOf, maskOf } from "../../client/catamm/board";
import { readGame } from "../../client/catamm/game";
import { ethers } from "hardhat";
import type { CatammGameHarness, CatammLens } from "../../typechain-types";
import { GAME, current, draftGame, freeRoads, openGame, richGame, type GameFixture } from "./helpers/game";

/** The lens on the fixture's game. */
async function lensOf(f: GameFixture): Promise<CatammLens> {
  return ethers.deployContract("CatammLens", [await f.game.getAddress()]);
}

/** Whether a static call goes through. */
const passes = (call: Promise<unknown>) =>
  call.then(
    () => true,
    () => false,
  );

describe("CatammLens.legalSpots", function () {
  it("in the draft: the settlement spots are exactly where placeInitial goes through; no road or city mask", async function () {
    const f = await loadFixture(draftGame);
    const lens = await lensOf(f);
    for (let pick = 0; pick < 3; pick++) {
      const me = await current(f);
      const [settlements, roads, cities] = await lens.legalSpots(GAME, me.address);
      expect(roads).to.equal(0n);
      expect(cities).to.equal(0n);
      const game = f.game.connect(me);
      for (let v = 0; v < VERTEX_COUNT; v++) {
        // Any edge ending at v: during the draft a legal vertex has all its edges free.
        const ok = await passes(game.placeInitial.staticCall(GAME, v, TOPOLOGY.vertexEdges[v][0]));
        expect(has(settlements, v), `vertex ${v}`).to.equal(ok);
      }
      const v = idsOf(settlements)[pick * 7];
      await game.placeInitial(GAME, v, TOPOLOGY.vertexEdges[v][0]);
    }
    // Another player's view during someone else's pick is the same mask (the spots do not depend on the turn).
    const g = await readGame(f.game, GAME);
    const [a] = await lens.legalSpots(GAME, g.players[0].address);
    const [b] = await lens.legalSpots(GAME, g.players[1].address);
    expect(a).to.equal(b);
  });

  it("in a turn: settlement, road and city masks match buildSettlement, buildRoad and buildCity", async function () {
    const f = await loadFixture(richGame);
    const lens = await lensOf(f);
    const me = await current(f);
    const game = f.game.connect(me);
    // Two roads outward so that a settlement spot exists.
    let g = await readGame(f.game, GAME);
    const first = freeRoads(g, g.seat)[0];
    await game.buildRoad(GAME, first);
    g = await readGame(f.game, GAME);
    await game.buildRoad(
      GAME,
      freeRoads(g, g.seat).find((e) => e !== first)!,
    );
    await expectMatches(lens, f.game.connect(me), me.address);
    const [settlements, roads, cities] = await lens.legalSpots(GAME, me.address);
    expect(roads).to.not.equal(0n);
    expect(cities).to.equal((await readGame(f.game, GAME)).players[g.seat].settlements);
    expect(idsOf(roads)).to.deep.equal(freeRoads(await readGame(f.game, GAME), g.seat));
    expect(settlements, "two roads out of a settlement reach a spot").to.not.equal(0n);
    await game.buildSettlement(GAME, idsOf(settlements)[0]);
    await expectMatches(lens, f.game.connect(me), me.address);
  });

  it("is empty past each piece limit, and before the start", async function () {
    const f = await loadFixture(richGame);
    const lens = await lensOf(f);
    const g = await readGame(f.game, GAME);
    const seat = g.seat;
    const me = g.players[seat];
    // 15 roads, 5 settlements, 4 cities (positions need not be reachable: the view reads the counters).
    const fifteen = maskOf(
      [...new Set([...idsOf(me.roads), ...Array.from({ length: EDGE_COUNT }, (_, e) => e)])].slice(0, 15),
    );
    await f.game.harnessSetPieces(GAME, seat, me.settlements, 0, fifteen);
    let spots = await lens.legalSpots(GAME, me.address);
    expect(spots[1], "no road past 15").to.equal(0n);
    const five = maskOf([0, 2, 4, 6, 16]);
    await f.game.harnessSetPieces(GAME, seat, five, maskOf([24, 26, 28, 30]), me.roads);
    spots = await lens.legalSpots(GAME, me.address);
    expect(spots[0], "no settlement past 5").to.equal(0n);
    expect(spots[2], "no city past 4").to.equal(0n);

    const open = await openGame(2);
    expect(await (await lensOf(open)).legalSpots(GAME, open.players[0].address)).to.deep.equal([0n, 0n, 0n]);
    await expect(lens.legalSpots(GAME, f.outsider.address))
      .to.be.revertedWithCustomError(f.game, "NotAPlayer")
      .withArgs(GAME, f.outsider.address);
  });
});

/** Every bit of the player's masks against a static call of the build it stands for (the player's turn, rich). */
async function expectMatches(lens: CatammLens, game: CatammGameHarness, player: string): Promise<void> {
  const [settlements, roads, cities] = await lens.legalSpots(GAME, player);
  for (let e = 0; e < EDGE_COUNT; e++) {
    expect(has(roads, e), `edge ${e}`).to.equal(await passes(game.buildRoad.staticCall(GAME, e)));
  }
  for (let v = 0; v < VERTEX_COUNT; v++) {
    expect(has(settlements, v), `settlement ${v}`).to.equal(await passes(game.buildSettlement.staticCall(GAME, v)));
    expect(has(cities, v), `city ${v}`).to.equal(await passes(game.buildCity.staticCall(GAME, v)));
  }
}
