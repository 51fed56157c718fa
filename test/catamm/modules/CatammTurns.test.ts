import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import { HexKind, TOPOLOGY, countOnHex, idsOf, maskOf, rollDice } from "../../../client/catamm/board";
import { OPEN_BLOCKS, Phase, discardPlan, five, readGame, valueForRoll, wholeCards } from "../../../client/catamm/game";
import { ONE_CARD } from "../../../client/catamm/market";
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

// Dice, production, the 7 and its discards, the end of a turn and the turn deadline.
describe("CatammTurns: dice, production, discards, turns", function () {
  const playing = () => playingGame(4);

  /** Seat 0's first settlement becomes a city (harness), so both yields show. */
  async function withCity() {
    const f = await playingGame(4);
    const g = await readGame(f.game, GAME);
    const [first, ...rest] = idsOf(g.players[0].settlements);
    await f.game.harnessSetPieces(GAME, 0, maskOf(rest), maskOf([first]), g.players[0].roads);
    return f;
  }

  describe("production", function () {
    for (const total of [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]) {
      it(`a roll of ${total}: one card per settlement, two per city, a gold credit per player on gold`, async function () {
        const f = await loadFixture(withCity);
        const g = await readGame(f.game, GAME);
        const before = await Promise.all(g.players.map((p) => f.game.resourceBalances(GAME, p.address)));
        const value = valueForRoll(total, 3n);
        await script(f, value);
        await f.game.connect(await current(f, g)).rollDice(GAME);
        const tx = await serve(f);
        const [d1, d2] = rollDice(value);
        await expect(tx).to.emit(f.game, "DiceRolled").withArgs(GAME, g.players[0].address, d1, d2);
        const after = await readGame(f.game, GAME);
        for (const [seat, p] of g.players.entries()) {
          const expected = [0n, 0n, 0n, 0n, 0n];
          let gold = 0;
          g.board.hexes.forEach((hex, h) => {
            if (hex.number !== total || h === g.ghostShip) return;
            const n = countOnHex(p.settlements, h) + 2 * countOnHex(p.cities, h);
            if (n === 0) return;
            if (hex.kind === HexKind.Gold) gold++;
            else expected[hex.kind] += BigInt(n) * ONE_CARD;
          });
          const delta = after.players[seat].balances.map((b, r) => b - before[seat][r]);
          expect(delta, `seat ${seat}`).to.deep.equal(expected);
          expect(after.players[seat].gold - p.gold, `seat ${seat} gold`).to.equal(gold);
        }
        expect([after.phase, after.lastRoll]).to.deep.equal([Phase.Main, total]);
        expect(after.deadline).to.equal((await ethers.provider.getBlockNumber()) + TURN_BLOCKS);
        await expectConserved(f);
      });
    }

    it("a city yields two cards of its hex", async function () {
      const f = await loadFixture(withCity);
      const g = await readGame(f.game, GAME);
      const city = idsOf(g.players[0].cities)[0];
      const hex = TOPOLOGY.vertexHexes[city].find((h) => g.board.hexes[h].kind < HexKind.Gold)!;
      const { kind, number } = g.board.hexes[hex];
      const before = await f.game.resourceBalances(GAME, g.players[0].address);
      await roll(f, number);
      const after = await f.game.resourceBalances(GAME, g.players[0].address);
      expect(after[Number(kind)] - before[Number(kind)] >= 2n * ONE_CARD).to.equal(true);
    });

    it("a hex under the ghost ship produces nothing", async function () {
      const f = await loadFixture(playing);
      const { game } = f;
      let g = await readGame(game, GAME);
      // A producing hex of seat 1 (a neighbour of its settlement, not the desert).
      const hexes = idsOf(g.players[1].settlements).flatMap((v) => TOPOLOGY.vertexHexes[v]);
      const target = hexes.find((h) => g.board.hexes[h].kind !== HexKind.Desert)!;
      const number = g.board.hexes[target].number;
      await game.harnessGiveCard(GAME, 0, 0, 1); // a Knight for seat 0
      const me = await current(f, g);
      await game.connect(me).playKnight(GAME);
      // Rob seat 1 only if it has cards (the draft gave it some); the steal is drawn, then back to the roll.
      const victim = wholeCards(g.players[1].balances).some((c) => c > 0) ? g.players[1].address : ethers.ZeroAddress;
      await game.connect(me).blockHex(GAME, target, victim);
      if (victim !== ethers.ZeroAddress) await serve(f);
      g = await readGame(game, GAME);
      expect([g.ghostShip, g.phase]).to.deep.equal([target, Phase.BeforeRoll]);
      const before = await game.resourceBalances(GAME, g.players[1].address);
      await roll(f, number);
      const after = await game.resourceBalances(GAME, g.players[1].address);
      const kind = g.board.hexes[target].kind;
      if (kind < HexKind.Gold) {
        // Only the other hex with that number can have produced this kind for seat 1.
        const other = g.board.hexes.findIndex((h, i) => i !== target && h.number === number);
        const fromOther =
          other >= 0 && g.board.hexes[other].kind === kind
            ? BigInt(countOnHex(g.players[1].settlements, other) + 2 * countOnHex(g.players[1].cities, other))
            : 0n;
        expect(after[Number(kind)] - before[Number(kind)]).to.equal(fromOther * ONE_CARD);
      }
    });
  });

  describe("rolling", function () {
    it("is the current player's, once per turn, and blocks the turn until served", async function () {
      const f = await loadFixture(playing);
      const { game } = f;
      const g = await readGame(game, GAME);
      const other = await seatSigner(f, 1);
      await expect(game.connect(other).rollDice(GAME))
        .to.be.revertedWithCustomError(game, "NotYourTurn")
        .withArgs(other.address, g.players[0].address);
      const me = await current(f, g);
      await expect(game.connect(me).endTurn(GAME))
        .to.be.revertedWithCustomError(game, "WrongPhase")
        .withArgs(Phase.BeforeRoll);
      await game.connect(me).rollDice(GAME);
      const { requestId } = await game.gameInfo(GAME);
      await expect(game.connect(me).endTurn(GAME))
        .to.be.revertedWithCustomError(game, "RandomnessPending")
        .withArgs(requestId);
      // The next call after the value is ready serves it first: here the player's own end of turn.
      await script(f); // nothing queued: the seeded value
      await expect(game.connect(me).endTurn(GAME)).to.emit(game, "DiceRolled").and.to.emit(game, "TurnEnded");
    });

    it("rejects a second roll", async function () {
      const f = await loadFixture(playing);
      await roll(f, 2);
      await expect(f.game.connect(await current(f)).rollDice(GAME))
        .to.be.revertedWithCustomError(f.game, "WrongPhase")
        .withArgs(Phase.Main);
    });
  });

  describe("a 7 and its discards", function () {
    /** Seat 1 holds 9 whole cards (owes 4), seat 2 holds 7 (owes nothing), seat 3 holds 6 cards and 3 gold (owes 4). */
    async function sevenRolled() {
      const f = await playingGame(4);
      const g = await readGame(f.game, GAME);
      const hands = g.players.map((p) => wholeCards(p.balances).reduce((a, b) => a + b, 0));
      const top = (seat: number, total: number) => {
        const cards = [0, 0, 0, 0, 0];
        for (let i = hands[seat]; i < total; i++) cards[i % 5]++;
        return cards;
      };
      await give(f, g.players[1].address, top(1, 9));
      await give(f, g.players[2].address, top(2, 7));
      await give(f, g.players[3].address, top(3, 6));
      await f.game.harnessGiveGold(GAME, 3, 3 - g.players[3].gold);
      await roll(f, 7);
      return f;
    }

    it("asks hands above 7 for half, rounded down, and waits", async function () {
      const f = await loadFixture(sevenRolled);
      const g = await readGame(f.game, GAME);
      expect(g.phase).to.equal(Phase.Discard);
      expect(g.players.map((p) => p.discardOwed)).to.deep.equal([0, 4, 0, 4]);
      expect(g.players.map((p) => p.hand)).to.deep.equal([g.players[0].hand, 9, 7, 9]);
      await expect(f.game.connect(await current(f, g)).blockHex(GAME, 0, ethers.ZeroAddress))
        .to.be.revertedWithCustomError(f.game, "WrongPhase")
        .withArgs(Phase.Discard);
    });

    it("takes exactly the owed count, from what the player holds", async function () {
      const f = await loadFixture(sevenRolled);
      const { game } = f;
      const g = await readGame(game, GAME);
      const [s1, s2, s3] = [await seatSigner(f, 1), await seatSigner(f, 2), await seatSigner(f, 3)];
      await expect(game.connect(s2).discard(GAME, [0, 0, 0, 0, 0], 0))
        .to.be.revertedWithCustomError(game, "NoDiscardOwed")
        .withArgs(s2.address);
      await expect(game.connect(f.outsider).discard(GAME, [0, 0, 0, 0, 0], 0))
        .to.be.revertedWithCustomError(game, "NotAPlayer")
        .withArgs(GAME, f.outsider.address);
      await expect(game.connect(s1).discard(GAME, [1, 1, 1, 0, 0], 0))
        .to.be.revertedWithCustomError(game, "WrongDiscardCount")
        .withArgs(4, 3);
      await expect(game.connect(s1).discard(GAME, [2n ** 256n - 1n, 1, 0, 0, 0], 0))
        .to.be.revertedWithCustomError(game, "WrongDiscardCount")
        .withArgs(4, 2n ** 256n - 1n);
      await expect(game.connect(s3).discard(GAME, [0, 0, 0, 0, 0], 4))
        .to.be.revertedWithCustomError(game, "NotEnoughGold")
        .withArgs(3, 4);
      const whole1 = wholeCards(g.players[1].balances);
      const short = whole1.findIndex((c) => c < 4);
      await expect(game.connect(s1).discard(GAME, five([0, 0, 0, 0, 0].map((_, r) => (r === short ? 4 : 0))), 0))
        .to.be.revertedWithCustomError(game, "InsufficientBalance")
        .withArgs(short, g.players[1].balances[short], 4n * ONE_CARD);
      const choice = five(discardPlan(whole1, 0, 4));
      await expect(game.connect(s1).discard(GAME, choice, 0))
        .to.emit(game, "Discarded")
        .withArgs(GAME, s1.address, choice, 0, false);
      expect((await readGame(game, GAME)).phase).to.equal(Phase.Discard);
      await expect(game.connect(s1).discard(GAME, choice, 0))
        .to.be.revertedWithCustomError(game, "NoDiscardOwed")
        .withArgs(s1.address);
      const tx = game.connect(s3).discard(GAME, [1, 0, 0, 0, 0], 3);
      await expect(tx).to.emit(game, "GhostShipAwaited");
      const after = await readGame(game, GAME);
      expect(after.phase).to.equal(Phase.GhostShip);
      expect(after.players[3].gold).to.equal(0);
      await expectConserved(f);
    });

    it("after the deadline, discards from the largest holdings for whoever still owes", async function () {
      const f = await loadFixture(sevenRolled);
      const { game, outsider } = f;
      const g = await readGame(game, GAME);
      await expect(game.connect(outsider).advance(GAME)).to.be.revertedWithCustomError(game, "DeadlineNotReached");
      await mine(TURN_BLOCKS);
      const tx = game.connect(outsider).advance(GAME);
      for (const seat of [1, 3]) {
        const p = g.players[seat];
        const plan = discardPlan(wholeCards(p.balances), p.gold, p.discardOwed);
        await expect(tx).to.emit(game, "Discarded").withArgs(GAME, p.address, plan.slice(0, 5), plan[5], true);
      }
      expect((await readGame(game, GAME)).phase).to.equal(Phase.GhostShip);
      await expectConserved(f);
    });

    it("charges a hand too large for 16 bits in full, and discards it automatically", async function () {
      const f = await loadFixture(playing);
      const { game, outsider } = f;
      let g = await readGame(game, GAME);
      // 140,001 cards more: half of the hand is above 65,535 (the old counter's limit, which under-charged).
      await give(f, g.players[1].address, [70_000, 70_001, 0, 0, 0]);
      await roll(f, 7);
      g = await readGame(game, GAME);
      const hand = g.players[1].hand;
      expect(hand).to.be.greaterThan(2 * 65_535);
      expect(g.players[1].discardOwed).to.equal(Math.floor(hand / 2));
      await mine(TURN_BLOCKS);
      const plan = discardPlan(wholeCards(g.players[1].balances), g.players[1].gold, g.players[1].discardOwed);
      expect(plan.reduce((a, b) => a + b, 0)).to.equal(Math.floor(hand / 2));
      await expect(game.connect(outsider).advance(GAME))
        .to.emit(game, "Discarded")
        .withArgs(GAME, g.players[1].address, plan.slice(0, 5), plan[5], true);
      expect((await game.playerInfo(GAME, g.players[1].address)).hand).to.equal(BigInt(hand - Math.floor(hand / 2)));
      await expectConserved(f);
    });

    it("goes straight to the ghost ship when nobody holds more than 7", async function () {
      const f = await loadFixture(playing);
      await roll(f, 7);
      const g = await readGame(f.game, GAME);
      expect(g.phase).to.equal(Phase.GhostShip);
      expect(g.players.every((p) => p.discardOwed === 0)).to.equal(true);
    });

    it("plans automatic discards exactly as one-card-at-a-time from the largest (on chain vs the rule)", async function () {
      const { modules } = await loadFixture(playing);
      const turns = await ethers.getContractAt("CatammTurns", modules.CatammTurns);
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 5, maxLength: 5 }),
          fc.integer({ min: 0, max: 12 }),
          fc.integer({ min: 0, max: 1000 }),
          async (whole, gold, pick) => {
            const hand = whole.reduce((a, b) => a + b, 0) + gold;
            if (hand < 8) return;
            const owed = pick % (Math.floor(hand / 2) + 1);
            const plan = await turns.discardPlan([whole[0], whole[1], whole[2], whole[3], whole[4]], gold, owed);
            expect(plan.map(Number)).to.deep.equal(discardPlan(whole, gold, owed));
          },
        ),
        { numRuns: 150 },
      );
    });
  });

  describe("ending turns and deadlines", function () {
    it("passes the turn to the next seat", async function () {
      const f = await loadFixture(playing);
      await roll(f, 2);
      const g = await readGame(f.game, GAME);
      const other = await seatSigner(f, 2);
      await expect(f.game.connect(other).endTurn(GAME))
        .to.be.revertedWithCustomError(f.game, "NotYourTurn")
        .withArgs(other.address, g.players[0].address);
      const tx = f.game.connect(await current(f, g)).endTurn(GAME);
      await expect(tx).to.emit(f.game, "TurnEnded").withArgs(GAME, g.players[0].address, 1);
      await expect(tx).to.emit(f.game, "TurnStarted");
      const next = await readGame(f.game, GAME);
      expect([next.seat, next.turn, next.phase]).to.deep.equal([1, 2, Phase.BeforeRoll]);
    });

    it("lets anyone roll for an absent player after the deadline; the turn then ends by itself", async function () {
      const f = await loadFixture(playing);
      const { game, outsider } = f;
      const g = await readGame(game, GAME);
      await expect(game.connect(outsider).advance(GAME))
        .to.be.revertedWithCustomError(game, "DeadlineNotReached")
        .withArgs(g.deadline, (await ethers.provider.getBlockNumber()) + 1);
      await mine(TURN_BLOCKS);
      await script(f, valueForRoll(5));
      await expect(game.connect(outsider).advance(GAME))
        .to.emit(game, "TurnTimedOut")
        .withArgs(GAME, g.players[0].address, 1, true)
        .and.to.emit(game, "RandomnessRequested");
      const tx = await serve(f);
      await expect(tx)
        .to.emit(game, "DiceRolled")
        .and.to.emit(game, "TurnEnded")
        .withArgs(GAME, g.players[0].address, 1);
      expect((await readGame(game, GAME)).seat).to.equal(1);
    });

    it("an absent player's 7: others discard in their time, the ship takes its default place, the turn ends", async function () {
      const f = await loadFixture(playing);
      const { game, outsider } = f;
      const g = await readGame(game, GAME);
      await give(f, g.players[2].address, [2, 2, 2, 2, 2]);
      await mine(TURN_BLOCKS);
      await script(f, valueForRoll(7));
      await game.connect(outsider).advance(GAME);
      await serve(f);
      expect((await readGame(game, GAME)).phase).to.equal(Phase.Discard);
      const owed = (await readGame(game, GAME)).players[2].discardOwed;
      const plan = discardPlan(wholeCards((await readGame(game, GAME)).players[2].balances), 0, owed);
      const tx = game.connect(await seatSigner(f, 2)).discard(GAME, five(plan), 0);
      await expect(tx)
        .to.emit(game, "GhostShipMoved")
        .withArgs(GAME, g.players[0].address, anyHex(), ethers.ZeroAddress, true);
      await expect(tx).to.emit(game, "TurnEnded");
      expect((await readGame(game, GAME)).seat).to.equal(1);
    });

    it("ends a turn whose player stays in the main phase past the deadline", async function () {
      const f = await loadFixture(playing);
      await roll(f, 2);
      await mine(TURN_BLOCKS);
      const g = await readGame(f.game, GAME);
      await expect(f.game.connect(f.outsider).advance(GAME))
        .to.emit(f.game, "TurnTimedOut")
        .withArgs(GAME, g.players[0].address, 1, false)
        .and.to.emit(f.game, "TurnEnded");
    });

    it("refuses to advance an open game", async function () {
      const f = await loadFixture(playing);
      await f.game.connect(f.players[0]).createGame(100, 0, 20, OPEN_BLOCKS);
      await expect(f.game.advance(2)).to.be.revertedWithCustomError(f.game, "WrongPhase").withArgs(Phase.Open);
      await expect(f.game.advance(3)).to.be.revertedWithCustomError(f.game, "UnknownGame").withArgs(3);
    });
  });
});

/** Matches any hex id (for withArgs). */
function anyHex() {
  return (v: bigint) => v >= 0n && v < 19n;
}
