import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { TOPOLOGY, countOnHex } from "../../../client/catamm/board";
import { PORT_PLACE, Pending, Phase, readGame, stealResource, wholeCards } from "../../../client/catamm/game";
import { ONE_CARD, SALT_STEAL, POOL_PAIRS, uniform } from "../../../client/catamm/market";
import {
  GAME,
  TURN_BLOCKS,
  current,
  expectConserved,
  give,
  playingGame,
  roll,
  script,
  seatSigner,
  serve,
} from "../helpers/game";

const ZERO = ethers.ZeroAddress;

// The ghost ship: where it may go, whom it may rob, the port flip, the steals, the default move.
describe("CatammGhost: the ghost ship", function () {
  /** A 7 rolled on turn 1 (nobody holds more than 7): seat 0 must move the ship. Seat 1 holds 1, 1, 1, 2, 2. */
  async function sevenRolled() {
    const f = await playingGame(4);
    const g = await readGame(f.game, GAME);
    await give(
      f,
      g.players[1].address,
      [1, 1, 1, 2, 2].map((n, r) => Math.max(0, n - wholeCards(g.players[1].balances)[r])),
    );
    await roll(f, 7);
    return f;
  }

  /** A hex with seat `seat`'s building and no building of seat 0. */
  function hexOf(g: Awaited<ReturnType<typeof readGame>>, seat: number): number {
    const theirs = g.players[seat].settlements | g.players[seat].cities;
    const mine = g.players[0].settlements | g.players[0].cities;
    return TOPOLOGY.hexVertices.findIndex(
      (_, h) => h !== g.ghostShip && countOnHex(theirs, h) > 0 && countOnHex(mine, h) === 0,
    );
  }

  it("must move, to a real hex, and name a victim who can be robbed there", async function () {
    const f = await loadFixture(sevenRolled);
    const { game } = f;
    const g = await readGame(game, GAME);
    expect(g.phase).to.equal(Phase.GhostShip);
    const me = await current(f, g);
    const victim = g.players[1].address;
    const hex = hexOf(g, 1);
    await expect(game.connect(await seatSigner(f, 1)).blockHex(GAME, hex, ZERO))
      .to.be.revertedWithCustomError(game, "NotYourTurn")
      .withArgs(victim, me.address);
    await expect(game.connect(me).blockHex(GAME, 19, ZERO))
      .to.be.revertedWithCustomError(game, "InvalidHex")
      .withArgs(19);
    await expect(game.connect(me).blockHex(GAME, g.ghostShip, ZERO))
      .to.be.revertedWithCustomError(game, "GhostShipMustMove")
      .withArgs(g.ghostShip);
    await expect(game.connect(me).blockHex(GAME, hex, ZERO))
      .to.be.revertedWithCustomError(game, "VictimRequired")
      .withArgs(hex);
    await expect(game.connect(me).blockHex(GAME, hex, me.address))
      .to.be.revertedWithCustomError(game, "InvalidVictim")
      .withArgs(me.address);
    await expect(game.connect(me).blockHex(GAME, hex, f.outsider.address))
      .to.be.revertedWithCustomError(game, "InvalidVictim")
      .withArgs(f.outsider.address);
    const elsewhere = TOPOLOGY.hexVertices.findIndex(
      (_, h) => h !== g.ghostShip && countOnHex(g.players[1].settlements, h) === 0,
    );
    await expect(game.connect(me).blockHex(GAME, elsewhere, victim))
      .to.be.revertedWithCustomError(game, "VictimNotOnHex")
      .withArgs(victim, elsewhere);
  });

  it("refuses a victim without a whole card (fractions do not count)", async function () {
    const f = await loadFixture(playingGame);
    const { game } = f;
    const g = await readGame(game, GAME);
    const victim = g.players[3];
    // Seat 3 is left with half a Wood and nothing else (the harness's bank takes the rest).
    for (let r = 0; r < 5; r++)
      if (victim.balances[r] > 0n) await game.harnessCollect(GAME, victim.address, r, victim.balances[r]);
    await game.harnessIssue(GAME, victim.address, 0, ONE_CARD / 2n);
    await game.harnessGiveCard(GAME, 0, 0, 1);
    const me = await current(f, g);
    await game.connect(me).playKnight(GAME);
    const hex = hexOf(g, 3);
    await expect(game.connect(me).blockHex(GAME, hex, victim.address))
      .to.be.revertedWithCustomError(game, "VictimHasNoCards")
      .withArgs(victim.address);
    await expectConserved(f);
  });

  it("robs one whole card, drawn in proportion to the victim's whole cards, with a value requested after the choice", async function () {
    const f = await loadFixture(sevenRolled);
    const { game } = f;
    const g = await readGame(game, GAME);
    const me = await current(f, g);
    const victim = g.players[1];
    const hex = hexOf(g, 1);
    const value = 0xfeedbeefn;
    await script(f, value);
    await game.harnessGiveGold(GAME, 1, 1);
    const tx = game.connect(me).blockHex(GAME, hex, victim.address);
    await expect(tx).to.emit(game, "GhostShipMoved").withArgs(GAME, me.address, hex, victim.address, false);
    await expect(tx).to.emit(game, "RandomnessRequested");
    const s = await readGame(game, GAME);
    expect([s.phase, s.pending, s.ghostShip]).to.deep.equal([Phase.StealPending, Pending.HexSteal, hex]);
    // Nothing may reshape the draw meanwhile: not even the victim's gold conversion (the next block's call would
    // serve the steal first).
    await expect(game.connect(await seatSigner(f, 1)).convertGold(GAME, 0, 1))
      .to.be.revertedWithCustomError(game, "RandomnessPending")
      .withArgs(s.requestId);
    const resource = stealResource(value, wholeCards(victim.balances));
    await expect(serve(f)).to.emit(game, "Stolen").withArgs(GAME, me.address, victim.address, resource, ONE_CARD);
    const after = await readGame(game, GAME);
    expect(after.players[1].balances[resource]).to.equal(victim.balances[resource] - ONE_CARD);
    expect(after.players[0].balances[resource]).to.equal(g.players[0].balances[resource] + ONE_CARD);
    expect(after.phase).to.equal(Phase.Main);
    await expectConserved(f);
  });

  it("robs in proportion: the mirror's weights over many values", function () {
    // 5 Wood and 2 Brick: Wood 5/7 of the time (the example of the spec).
    let wood = 0;
    for (let i = 1n; i <= 7000n; i++) if (stealResource(i * 104729n, [5, 2, 0, 0, 0]) === 0) wood++;
    expect(wood).to.be.within(4800, 5200);
  });

  it("may go to a hex nobody else is on, robbing nobody", async function () {
    const f = await loadFixture(sevenRolled);
    const g = await readGame(f.game, GAME);
    const others = g.players.slice(1).reduce((m, p) => m | p.settlements | p.cities, 0n);
    const empty = TOPOLOGY.hexVertices.findIndex((_, h) => h !== g.ghostShip && countOnHex(others, h) === 0);
    await expect(f.game.connect(await current(f, g)).blockHex(GAME, empty, ZERO)).to.not.emit(
      f.game,
      "RandomnessRequested",
    );
    expect((await readGame(f.game, GAME)).phase).to.equal(Phase.Main);
  });

  it("flips a port: its pool goes missing at once, a card is robbed from it, the missing pool takes the port", async function () {
    const f = await loadFixture(sevenRolled);
    const { game } = f;
    const g = await readGame(game, GAME);
    const me = await current(f, g);
    await expect(game.connect(me).flipPort(GAME, 9)).to.be.revertedWithCustomError(game, "UnknownPort").withArgs(9);
    const pools = await game.marketPools(GAME);
    const leaving = Number(pools.find((p) => p.port === 2n)!.pool);
    const coming = Number(pools.find((p) => !p.active)!.pool);
    const value = 0xabcdefn;
    await script(f, value);
    await expect(game.connect(me).flipPort(GAME, 2))
      .to.emit(game, "PortFlipped")
      .withArgs(GAME, 2, leaving, coming)
      .and.to.emit(game, "GhostShipMoved")
      .withArgs(GAME, me.address, PORT_PLACE + 2, ZERO, false);
    const [a, b] = POOL_PAIRS[leaving];
    await expect(game.connect(me).swap(GAME, a, b, ONE_CARD, 0)).to.be.revertedWithCustomError(
      game,
      "RandomnessPending",
    );
    const p = pools[leaving];
    const side0 = uniform(value, SALT_STEAL, p.reserve0 + p.reserve1) < p.reserve0;
    const tx = await serve(f);
    await expect(tx)
      .to.emit(game, "PoolRobbed")
      .withArgs(GAME, me.address, leaving, side0 ? a : b, ONE_CARD, anyValue(), anyValue());
    expect((await readGame(game, GAME)).ghostShip).to.equal(PORT_PLACE + 2);
    await expect(game.connect(me).swap(GAME, a, b, ONE_CARD, 0))
      .to.be.revertedWithCustomError(game, "PoolMissing")
      .withArgs(leaving);
    await expectConserved(f);
  });

  it("cannot flip the port it already sits at", async function () {
    const f = await loadFixture(sevenRolled);
    const { game } = f;
    await game.connect(await current(f)).flipPort(GAME, 4);
    await serve(f);
    await game.harnessGiveCard(GAME, 0, 0, 1);
    await game.connect(await current(f)).playKnight(GAME);
    await expect(game.connect(await current(f)).flipPort(GAME, 4))
      .to.be.revertedWithCustomError(game, "GhostShipMustMove")
      .withArgs(PORT_PLACE + 4);
  });

  it("takes its default place when the player lets the deadline pass: the desert, robbing nobody", async function () {
    const f = await loadFixture(sevenRolled);
    const { game, outsider } = f;
    let g = await readGame(game, GAME);
    // First move it off the desert (and then another 7 lets the deadline pass).
    const hex = hexOf(g, 1);
    await game.connect(await current(f, g)).blockHex(GAME, hex, g.players[1].address);
    await serve(f);
    g = await readGame(game, GAME);
    await game.connect(await current(f, g)).endTurn(GAME);
    await roll(f, 7);
    await expect(game.connect(outsider).advance(GAME)).to.be.revertedWithCustomError(game, "DeadlineNotReached");
    await mine(TURN_BLOCKS);
    const mover = (await readGame(game, GAME)).players[1].address;
    await expect(game.connect(outsider).advance(GAME))
      .to.emit(game, "GhostShipMoved")
      .withArgs(GAME, mover, g.board.desert, ZERO, true);
    expect((await readGame(game, GAME)).phase).to.equal(Phase.Main);
  });

  it("from the desert, defaults to the lowest hex without buildings", async function () {
    const f = await loadFixture(sevenRolled);
    const g = await readGame(f.game, GAME);
    await mine(TURN_BLOCKS);
    const all = g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
    const expected = TOPOLOGY.hexVertices.findIndex((_, h) => h !== g.board.desert && countOnHex(all, h) === 0);
    await expect(f.game.connect(f.outsider).advance(GAME))
      .to.emit(f.game, "GhostShipMoved")
      .withArgs(GAME, g.players[0].address, expected, ZERO, true);
  });
});

/** Matches any value (for withArgs). */
function anyValue() {
  return () => true;
}
