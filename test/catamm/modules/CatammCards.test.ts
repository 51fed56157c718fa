import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { TOPOLOGY, idsOf, maskOf } from "../../../client/catamm/board";
import { COSTS, DevCard, NO_EDGE, Phase, drawCard, readGame } from "../../../client/catamm/game";
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
  roll,
  rollQuietly,
  script,
  serve,
  turnOf,
} from "../helpers/game";

const ZERO = ethers.ZeroAddress;

/** Moves the ghost ship after a Knight to the first hex (not its own) without an opponent, robbing nobody. */
async function moveShipQuietly(f: GameFixture): Promise<void> {
  const g = await readGame(f.game, GAME);
  const me = await current(f, g);
  const others = g.players.reduce((m, p, i) => (i === g.seat ? m : m | p.settlements | p.cities), 0n);
  const hex = TOPOLOGY.hexVertices.findIndex(
    (corners, h) => h !== g.ghostShip && corners.every((v) => !((others >> BigInt(v)) & 1n)),
  );
  await f.game.connect(me).blockHex(GAME, hex, ZERO);
}

// Buying, drawing and playing development cards; the largest army.
describe("CatammCards: development cards", function () {
  describe("buying and drawing", function () {
    it("costs Ore, Sheep and Wheat and draws the card from the value requested at the purchase", async function () {
      const f = await loadFixture(richGame);
      const { game } = f;
      let g = await readGame(game, GAME);
      const me = await current(f, g);
      const value = 0x1234567n;
      await script(f, value);
      const before = await game.resourceBalances(GAME, me.address);
      await expect(game.connect(me).buyDevCard(GAME)).to.emit(game, "DevCardBought").withArgs(GAME, me.address);
      const after = await game.resourceBalances(GAME, me.address);
      expect(before.map((b, r) => b - after[r])).to.deep.equal(COSTS.devCard.map((c) => BigInt(c) * ONE_CARD));
      const { requestId } = await game.gameInfo(GAME);
      await expect(game.connect(me).buyDevCard(GAME))
        .to.be.revertedWithCustomError(game, "RandomnessPending")
        .withArgs(requestId);
      const card = drawCard(value, [14, 2, 2, 2, 5]);
      await expect(serve(f)).to.emit(game, "DevCardDrawn").withArgs(GAME, me.address, card);
      g = await readGame(game, GAME);
      const deck = [14, 2, 2, 2, 5];
      deck[card]--;
      expect(g.deck).to.deep.equal(deck);
      const [held, fresh] = await game.devCards(GAME, me.address);
      expect(held[card]).to.equal(1n);
      expect(fresh[card]).to.equal(1n);
      await expectConserved(f);
    });

    it("lets the turn go on while the draw is pending, but not end", async function () {
      const f = await loadFixture(richGame);
      const { game } = f;
      const g = await readGame(game, GAME);
      const me = await current(f, g);
      await game.connect(me).buyDevCard(GAME);
      const { requestId } = await game.gameInfo(GAME);
      await expect(game.connect(me).endTurn(GAME))
        .to.be.revertedWithCustomError(game, "RandomnessPending")
        .withArgs(requestId);
      // A trade goes through; being the next call after the value is ready, it also draws the card.
      const pools = await game.marketPools(GAME);
      const active = pools.find((p) => p.active)!;
      await expect(game.connect(me).swap(GAME, Number(active.resource0), Number(active.resource1), ONE_CARD, 0))
        .to.emit(game, "DevCardDrawn")
        .and.to.emit(game, "Swapped");
      await expect(game.connect(me).endTurn(GAME)).to.emit(game, "TurnEnded");
    });

    it("draws the whole deck in its composition, then refuses", async function () {
      const f = await loadFixture(richGame);
      const { game } = f;
      const g = await readGame(game, GAME);
      const me = await current(f, g);
      await give(f, me.address, [0, 0, 20, 20, 20]);
      const deck = [14, 2, 2, 2, 5];
      for (let i = 0; i < 25; i++) {
        const value = BigInt(ethers.keccak256(ethers.toBeHex(i + 1, 32)));
        await script(f, value);
        await game.connect(me).buyDevCard(GAME);
        const card = drawCard(value, deck);
        await expect(serve(f)).to.emit(game, "DevCardDrawn").withArgs(GAME, me.address, card);
        deck[card]--;
      }
      expect(deck).to.deep.equal([0, 0, 0, 0, 0]);
      const [held] = await game.devCards(GAME, me.address);
      expect(held).to.deep.equal([14n, 2n, 2n, 2n, 5n]);
      await expect(game.connect(me).buyDevCard(GAME)).to.be.revertedWithCustomError(game, "DeckEmpty");
      // Five VP cards count, hidden: 2 public points + 5 = 7, not a win; the public views show 2.
      const s = await readGame(game, GAME);
      expect(s.players[0].publicPoints).to.equal(2);
      expect(s.players[0].cards[DevCard.VictoryPoint]).to.equal(0);
      expect((await game.scores(GAME))[0]).to.equal(2n);
    });
  });

  describe("playing", function () {
    /** Turn 1 after the roll; seat 0 holds (harness) two Knights, a Road Building, a Year of Plenty, a Monopoly. */
    async function holding() {
      const f = await richGame();
      for (const card of [
        DevCard.Knight,
        DevCard.Knight,
        DevCard.RoadBuilding,
        DevCard.YearOfPlenty,
        DevCard.Monopoly,
      ]) {
        await f.game.harnessGiveCard(GAME, 0, card, 1);
      }
      return f;
    }

    it("one card per turn, never one bought this turn, only one held", async function () {
      const f = await loadFixture(richGame);
      const { game } = f;
      const g = await readGame(game, GAME);
      const me = await current(f, g);
      await expect(game.connect(me).playKnight(GAME))
        .to.be.revertedWithCustomError(game, "NoSuchCard")
        .withArgs(DevCard.Knight);
      await expect(game.connect(me).playMonopoly(GAME, 0))
        .to.be.revertedWithCustomError(game, "NoSuchCard")
        .withArgs(DevCard.Monopoly);
      // Draw a Knight this turn (a scripted value that draws card 0).
      let value = 1n;
      while (drawCard(value, [14, 2, 2, 2, 5]) !== DevCard.Knight) value++;
      await script(f, value);
      await game.connect(me).buyDevCard(GAME);
      await serve(f);
      await expect(game.connect(me).playKnight(GAME))
        .to.be.revertedWithCustomError(game, "CardBoughtThisTurn")
        .withArgs(DevCard.Knight);
      // An older Knight may be played even so; then no second card this turn.
      await game.harnessGiveCard(GAME, 0, DevCard.Knight, 1);
      await game.harnessGiveCard(GAME, 0, DevCard.YearOfPlenty, 1);
      await expect(game.connect(me).playKnight(GAME)).to.emit(game, "DevCardPlayed").withArgs(GAME, me.address, 0);
      await moveShipQuietly(f);
      await expect(game.connect(me).playYearOfPlenty(GAME, 0, 0)).to.be.revertedWithCustomError(
        game,
        "CardAlreadyPlayedThisTurn",
      );
      // Next turn of seat 0 the bought Knight is playable.
      await game.connect(me).endTurn(GAME);
      for (let s = 1; s < 4; s++) {
        await rollQuietly(f);
        await game.connect(await current(f)).endTurn(GAME);
      }
      await expect(game.connect(me).playKnight(GAME)).to.emit(game, "GhostShipAwaited");
    });

    it("a Knight before the roll: the ship moves, then the roll", async function () {
      const f = await playingGame(4);
      await f.game.harnessGiveCard(GAME, 0, DevCard.Knight, 1);
      const me = await current(f);
      await expect(f.game.connect(me).playKnight(GAME)).to.emit(f.game, "GhostShipAwaited");
      expect((await readGame(f.game, GAME)).phase).to.equal(Phase.GhostShip);
      await moveShipQuietly(f);
      expect((await readGame(f.game, GAME)).phase).to.equal(Phase.BeforeRoll);
      await roll(f, 2);
      expect((await readGame(f.game, GAME)).phase).to.equal(Phase.Main);
    });

    it("a Knight after the roll: back to the main phase", async function () {
      const f = await loadFixture(holding);
      await f.game.connect(await current(f)).playKnight(GAME);
      await moveShipQuietly(f);
      expect((await readGame(f.game, GAME)).phase).to.equal(Phase.Main);
    });

    it("the largest army: 3 knights take it, a tie keeps it, more take it over", async function () {
      const f = await loadFixture(richGame);
      const { game } = f;
      const g = await readGame(game, GAME);
      const [a, b] = [g.players[0].address, g.players[1].address];
      async function knight(seat: number, expectChange?: [string, number]) {
        await turnOf(f, g.players[seat].address);
        await rollQuietly(f);
        await game.harnessGiveCard(GAME, seat, DevCard.Knight, 1);
        const me = await current(f);
        const tx = game.connect(me).playKnight(GAME);
        if (expectChange)
          await expect(tx)
            .to.emit(game, "LargestArmyChanged")
            .withArgs(GAME, ...expectChange);
        else await expect(tx).to.not.emit(game, "LargestArmyChanged");
        await moveShipQuietly(f);
        await game.connect(me).endTurn(GAME);
      }
      await game.connect(await current(f)).endTurn(GAME); // (the fixture rolled seat 0's first turn)
      await knight(0); // A: 1
      await knight(1); // B: 1
      await knight(0); // A: 2
      await knight(1); // B: 2
      await knight(0, [a, 3]); // A: 3 takes it
      await knight(1); // B: 3, a tie: A keeps it
      await knight(0); // A: 4, already the holder
      await knight(1); // B: 4, a tie again
      const s = await readGame(game, GAME);
      expect(s.largestArmy).to.equal(a);
      expect([s.players[0].knights, s.players[1].knights]).to.deep.equal([4, 4]);
      expect([s.players[0].publicPoints, s.players[1].publicPoints]).to.deep.equal([4, 2]);
      await knight(1, [b, 5]); // B: 5, more: takes it
      expect((await readGame(game, GAME)).players.map((p) => p.publicPoints).slice(0, 2)).to.deep.equal([2, 4]);
    });

    it("Road Building: up to two free roads", async function () {
      const f = await loadFixture(holding);
      const { game } = f;
      const g = await readGame(game, GAME);
      const me = await current(f, g);
      const first = freeRoads(g, 0)[0];
      const second = freeRoads(g, 0, 1n << BigInt(first)).find((e) => e !== first)!;
      const before = await game.resourceBalances(GAME, me.address);
      const tx = game.connect(me).playRoadBuilding(GAME, first, second);
      await expect(tx).to.emit(game, "RoadBuilt").withArgs(GAME, me.address, first, true);
      await expect(tx).to.emit(game, "RoadBuilt").withArgs(GAME, me.address, second, true);
      expect(await game.resourceBalances(GAME, me.address)).to.deep.equal(before);
      const after = await readGame(game, GAME);
      expect(after.players[0].roads).to.equal(g.players[0].roads | maskOf([first, second]));
    });

    it("Road Building: one road with NO_EDGE; a bad road refuses the whole card", async function () {
      const f = await loadFixture(holding);
      const { game } = f;
      const g = await readGame(game, GAME);
      const me = await current(f, g);
      const own = idsOf(g.players[0].roads)[0];
      const first = freeRoads(g, 0)[0];
      await expect(game.connect(me).playRoadBuilding(GAME, first, own))
        .to.be.revertedWithCustomError(game, "EdgeOccupied")
        .withArgs(own);
      await expect(game.connect(me).playRoadBuilding(GAME, first, NO_EDGE)).to.emit(game, "RoadBuilt");
      expect((await game.devCards(GAME, me.address))[0][DevCard.RoadBuilding]).to.equal(0n);
    });

    it("Year of Plenty: two cards from the bank, the same resource twice if wanted", async function () {
      const f = await loadFixture(holding);
      const { game } = f;
      const me = await current(f);
      await expect(game.connect(me).playYearOfPlenty(GAME, 5, 0))
        .to.be.revertedWithCustomError(game, "UnknownResource")
        .withArgs(5);
      const before = await game.resourceBalances(GAME, me.address);
      await expect(game.connect(me).playYearOfPlenty(GAME, 3, 3))
        .to.emit(game, "YearOfPlenty")
        .withArgs(GAME, me.address, 3, 3);
      const after = await game.resourceBalances(GAME, me.address);
      expect(after[3] - before[3]).to.equal(2n * ONE_CARD);
      await expectConserved(f);
    });

    it("Monopoly: every other player's balance of one resource, fractions included", async function () {
      const f = await loadFixture(holding);
      const { game } = f;
      const g = await readGame(game, GAME);
      const me = await current(f, g);
      await game.harnessIssue(GAME, g.players[1].address, 2, ONE_CARD / 2n); // half a Sheep
      await game.harnessIssue(GAME, g.players[3].address, 2, 3n * ONE_CARD);
      const taken = await Promise.all(g.players.slice(1).map((p) => game.resourceBalances(GAME, p.address)));
      await expect(game.connect(me).playMonopoly(GAME, 9)).to.be.revertedWithCustomError(game, "UnknownResource");
      const before = await game.resourceBalances(GAME, me.address);
      const tx = game.connect(me).playMonopoly(GAME, 2);
      for (const [i, p] of g.players.slice(1).entries()) {
        if (taken[i][2] > 0n)
          await expect(tx).to.emit(game, "Stolen").withArgs(GAME, me.address, p.address, 2, taken[i][2]);
      }
      await (await tx).wait();
      const total = taken.reduce((s, b) => s + b[2], 0n);
      expect((await game.resourceBalances(GAME, me.address))[2] - before[2]).to.equal(total);
      for (const p of g.players.slice(1)) expect((await game.resourceBalances(GAME, p.address))[2]).to.equal(0n);
      await expectConserved(f);
    });

    it("not during a 7's discards or the ghost ship", async function () {
      const f = await loadFixture(holding);
      const { game } = f;
      await game.connect(await current(f)).playKnight(GAME);
      await expect(game.connect(await current(f)).playYearOfPlenty(GAME, 0, 1))
        .to.be.revertedWithCustomError(game, "WrongPhase")
        .withArgs(Phase.GhostShip);
    });
  });
});
