import { expect } from "chai";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { TOPOLOGY } from "../../client/catamm/board";
import { OPEN_BLOCKS, Phase, readGame, valueForRoll } from "../../client/catamm/game";
import { ONE_CARD } from "../../client/catamm/market";
import { GAME, current, draftGame, expectConserved, give, playingGame, roll, script, seatSigner } from "./helpers/game";

// Gold credits: turned into any resource whenever their holder likes (never blocking the game).
describe("Catamm: gold credits", function () {
  async function golden() {
    const f = await playingGame(4);
    await f.game.harnessGiveGold(GAME, 2, 3);
    return f;
  }

  it("turn into cards of any resource, on anyone's turn, counted as issued by the bank", async function () {
    const f = await loadFixture(golden);
    const { game } = f;
    const holder = await seatSigner(f, 2); // not the player whose turn it is
    const [issuedBefore] = await game.bank(GAME);
    await expect(game.connect(holder).convertGold(GAME, 3, 2))
      .to.emit(game, "GoldConverted")
      .withArgs(GAME, holder.address, 3, 2);
    const [issued] = await game.bank(GAME);
    expect(issued[3] - issuedBefore[3]).to.equal(2n * ONE_CARD);
    expect((await game.playerInfo(GAME, holder.address)).goldCredits).to.equal(1n);
    await expectConserved(f);
  });

  it("refuse zero, an unknown resource, more credits than held, and non-players", async function () {
    const f = await loadFixture(golden);
    const { game } = f;
    const holder = await seatSigner(f, 2);
    await expect(game.connect(holder).convertGold(GAME, 0, 0)).to.be.revertedWithCustomError(game, "ZeroAmount");
    await expect(game.connect(holder).convertGold(GAME, 5, 1))
      .to.be.revertedWithCustomError(game, "UnknownResource")
      .withArgs(5);
    await expect(game.connect(holder).convertGold(GAME, 0, 4))
      .to.be.revertedWithCustomError(game, "NotEnoughGold")
      .withArgs(3, 4);
    await expect(game.connect(f.outsider).convertGold(GAME, 0, 1))
      .to.be.revertedWithCustomError(game, "NotAPlayer")
      .withArgs(GAME, f.outsider.address);
  });

  it("convert during a 7's discards too (the hand stays the same size)", async function () {
    const f = await loadFixture(golden);
    const { game } = f;
    const g = await readGame(game, GAME);
    await give(f, g.players[2].address, [2, 2, 2, 0, 0]);
    await roll(f, 7);
    const holder = await seatSigner(f, 2);
    const before = await game.playerInfo(GAME, holder.address);
    expect((await readGame(game, GAME)).phase).to.equal(Phase.Discard);
    await game.connect(holder).convertGold(GAME, 4, 3);
    const after = await game.playerInfo(GAME, holder.address);
    expect([after.hand, after.discardOwed]).to.deep.equal([before.hand, before.discardOwed]);
  });

  it("not before the board exists", async function () {
    const f = await loadFixture(draftGame);
    const { game } = f;
    await game.connect(f.players[0]).createGame(100, 0, 20, OPEN_BLOCKS);
    await expect(game.connect(f.players[0]).convertGold(2, 0, 1))
      .to.be.revertedWithCustomError(game, "WrongPhase")
      .withArgs(Phase.Open);
  });

  it("saturate at 65,535 credits instead of blocking the gold number's rolls", async function () {
    const f = await loadFixture(playingGame);
    const { game } = f;
    let g = await readGame(game, GAME);
    const goldHex = g.board.hexes.findIndex((h) => h.kind === 5);
    // Seat 1 gets a settlement on a free corner of the gold hex and the counter's maximum.
    const corner = TOPOLOGY.hexVertices[goldHex].find(
      (v) => !g.players.some((p) => ((p.settlements | p.cities) >> BigInt(v)) & 1n),
    )!;
    await game.harnessSetPieces(GAME, 1, g.players[1].settlements | (1n << BigInt(corner)), 0n, g.players[1].roads);
    await game.harnessGiveGold(GAME, 1, 65535 - Number(g.players[1].gold));
    await script(f, valueForRoll(g.board.hexes[goldHex].number));
    await game.connect(await current(f)).rollDice(GAME);
    await mine(2);
    const receipt = await (await game.connect(f.outsider).advance(GAME)).wait();
    const credited = receipt!.logs
      .map((log) => game.interface.parseLog(log))
      .filter((e) => e?.name === "GoldProduced" && e.args.player === g.players[1].address);
    expect(credited).to.have.length(0);
    g = await readGame(game, GAME);
    expect(g.phase).to.not.equal(Phase.RollPending);
    expect(g.players[1].gold).to.equal(65535n);
  });
});
