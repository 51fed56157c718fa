import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { TOPOLOGY, edgeBetween, idsOf, maskOf } from "../../client/catamm/board";
import { DevCard, Phase, drawCard, readGame } from "../../client/catamm/game";
import { ONE_CARD } from "../../client/catamm/market";
import { GAME, current, give, playingGame, rollQuietly, script, serve, turnOf } from "./helpers/game";

function rowPath(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => edgeBetween(from + i, from + i + 1));
}

// Victory points, the win during one's own turn, points reached on another's turn, hidden VP cards, game over.
describe("Catamm: victory", function () {
  /** Turn 1 after the roll; seat 0 holds 9 public points (harness: 3 settlements and 3 cities) and 5 of everything. */
  async function nine() {
    const f = await playingGame(4);
    await rollQuietly(f);
    const g = await readGame(f.game, GAME);
    const [s1, s2] = idsOf(g.players[0].settlements);
    const taken = g.players.reduce((m, p) => m | p.settlements, 0n);
    const far = [38, 40, 42, 44, 46, 30].filter((v) => !((taken >> BigInt(v)) & 1n));
    await f.game.harnessSetPieces(
      GAME,
      0,
      maskOf([s2, far[0], far[1]]),
      maskOf([s1, far[2], far[3]]),
      g.players[0].roads,
    );
    await give(f, g.players[0].address, [5, 5, 5, 5, 5]);
    return f;
  }

  it("is won at once on reaching 10 points during one's turn; everything is refused afterwards", async function () {
    const f = await loadFixture(nine);
    const { game, outsider } = f;
    let g = await readGame(game, GAME);
    expect(g.players[0].publicPoints).to.equal(9);
    const me = await current(f, g);
    const [settlement] = idsOf(g.players[0].settlements);
    await expect(game.connect(me).buildCity(GAME, settlement)).to.emit(game, "GameWon").withArgs(GAME, me.address, 10);
    g = await readGame(game, GAME);
    expect([g.phase, g.winner]).to.deep.equal([Phase.Finished, me.address]);

    const over = (tx: Promise<unknown>) =>
      expect(tx).to.be.revertedWithCustomError(game, "GameOver").withArgs(GAME, me.address);
    const other = f.players.find((p) => p.address !== me.address)!;
    await over(game.connect(outsider).joinGame(GAME));
    await over(game.connect(me).startGame(GAME));
    await over(game.connect(me).placeInitial(GAME, 0, 0));
    await over(game.connect(me).rollDice(GAME));
    await over(game.connect(me).endTurn(GAME));
    await over(game.connect(other).discard(GAME, [0, 0, 0, 0, 0], 0));
    await over(game.connect(outsider).advance(GAME));
    await over(game.connect(outsider).rerequestRandomness(GAME));
    await over(game.connect(me).blockHex(GAME, 0, ethers.ZeroAddress));
    await over(game.connect(me).flipPort(GAME, 0));
    await over(game.connect(me).buildRoad(GAME, 0));
    await over(game.connect(me).buildSettlement(GAME, 0));
    await over(game.connect(me).buildCity(GAME, 0));
    await over(game.connect(me).buyDevCard(GAME));
    await over(game.connect(me).playKnight(GAME));
    await over(game.connect(me).playRoadBuilding(GAME, 0, 1));
    await over(game.connect(me).playYearOfPlenty(GAME, 0, 1));
    await over(game.connect(me).playMonopoly(GAME, 0));
    await over(game.connect(me).convertGold(GAME, 0, 1));
    await over(game.connect(me).swap(GAME, 0, 1, ONE_CARD, 0));
    await over(game.connect(me).addLiquidity(GAME, 0, ONE_CARD, ONE_CARD, 0));
    await over(game.connect(me).removeLiquidity(GAME, 0, 1, 0, 0));
    // Views still answer.
    expect((await game.scores(GAME))[0]).to.equal(10n);
  });

  it("counts hidden VP cards toward the win, not in the public scores", async function () {
    const f = await loadFixture(nine);
    const { game } = f;
    const me = await current(f);
    // A scripted draw of a VP card.
    let value = 1n;
    while (drawCard(value, [14, 2, 2, 2, 5]) !== DevCard.VictoryPoint) value++;
    await script(f, value);
    await game.connect(me).buyDevCard(GAME);
    expect((await game.scores(GAME))[0]).to.equal(9n);
    await expect(serve(f)).to.emit(game, "GameWon").withArgs(GAME, me.address, 10);
    const g = await readGame(game, GAME);
    expect(g.players[0].publicPoints).to.equal(9);
    expect(g.players[0].cards[DevCard.VictoryPoint]).to.equal(0);
    expect((await game.devCards(GAME, me.address))[0][DevCard.VictoryPoint]).to.equal(1n);
  });

  it("counts points reached on another's turn at the start of one's next turn", async function () {
    // Three players on a cleared board: B holds the longest road (6), C ties it (6) with 8 other points, A cuts B's
    // road with a settlement: the road goes to C (10 points) during A's turn; C wins when its turn begins.
    const f = await playingGame(3);
    const { game } = f;
    let g = await readGame(game, GAME);
    const [a, b, c] = g.players.map((p) => p.address);
    const A = rowPath(0, 5);
    const B = rowPath(16, 6);
    const C = rowPath(47, 6);
    const cut = 19;
    const cutRoad = TOPOLOGY.vertexEdges[cut].find((e) => !B.includes(e))!;
    await game.harnessSetPieces(GAME, 0, maskOf([0]), 0n, maskOf([...A, cutRoad]));
    await game.harnessSetPieces(GAME, 1, maskOf([16]), 0n, maskOf(B.slice(0, 5)));
    await game.harnessSetPieces(GAME, 2, maskOf([47, 44]), maskOf([38, 40, 42]), maskOf(C.slice(0, 5)));
    for (const p of g.players) await give(f, p.address, [5, 5, 5, 5, 5]);
    await turnOf(f, b);
    await rollQuietly(f);
    await expect(game.connect(await current(f)).buildRoad(GAME, B[5]))
      .to.emit(game, "LongestRoadChanged")
      .withArgs(GAME, b, 6);
    await turnOf(f, c);
    await rollQuietly(f);
    await game.connect(await current(f)).buildRoad(GAME, C[5]); // 6: a tie, B keeps it
    g = await readGame(game, GAME);
    expect([g.longestRoad, g.players[2].publicPoints]).to.deep.equal([b, 8]);
    await turnOf(f, a);
    await rollQuietly(f);
    await expect(game.connect(await current(f)).buildSettlement(GAME, cut))
      .to.emit(game, "LongestRoadChanged")
      .withArgs(GAME, c, 6);
    g = await readGame(game, GAME);
    expect([g.phase, g.players[2].publicPoints]).to.deep.equal([Phase.Main, 10]);
    await game.connect(await current(f)).endTurn(GAME); // B's turn: C has 10 but it is not C's turn
    expect((await readGame(game, GAME)).phase).to.equal(Phase.BeforeRoll);
    await expect(game.connect(await current(f)).rollDice(GAME)).to.not.be.reverted;
    await serve(f);
    await expect(game.connect(await current(f)).endTurn(GAME))
      .to.emit(game, "GameWon")
      .withArgs(GAME, c, 10);
  });
});
