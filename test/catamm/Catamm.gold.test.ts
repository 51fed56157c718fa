import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { Phase, readGame } from "../../scripts/catamm/game";
import { ONE_CARD } from "../../scripts/catamm/market";
import { GAME, draftGame, expectConserved, give, playingGame, roll, seatSigner } from "./helpers/game";

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
    await game.connect(f.players[0]).createGame(100, 0, 20);
    await expect(game.connect(f.players[0]).convertGold(2, 0, 1))
      .to.be.revertedWithCustomError(game, "WrongPhase")
      .withArgs(Phase.Open);
  });
});
