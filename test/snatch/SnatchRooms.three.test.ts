import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { anyValue } from "@nomicfoundation/hardhat-chai-matchers/withArgs";
import type { SnatchRooms } from "../../typechain-types";
import { DEFAULT_WINDOWS, goods, OfferStatus, Phase, RuleSet } from "../../client/snatch/names";
import { factoryRoom, holdings, inOneBlock, offerIdOf, progress, threeFixture, type Signer } from "./fixtures";

/** Everyone says done: the round closes. */
async function allDone(rooms: SnatchRooms, roomId: bigint, players: Signer[]) {
  for (const p of players) await rooms.connect(p).done(roomId);
}

/** Closes rounds with everyone done until `round` has started. */
async function toRound(rooms: SnatchRooms, roomId: bigint, players: Signer[], round: number) {
  while ((await progress(rooms, roomId)).round < round) await allDone(rooms, roomId, players);
}

describe("SnatchRooms: Snatch or Share (3 players)", function () {
  describe("offers and responses", function () {
    it("escrows what the offerer holds; accept moves the escrow and what the target has of the request", async function () {
      const { rooms, lens, roomId, turkey, coffee } = await loadFixture(threeFixture);
      // Two goods offered for one.
      const tx = rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 2 }), goods({ coffee: 1 }));
      await expect(tx)
        .to.emit(rooms, "OfferMade")
        .withArgs(roomId, 1, turkey.address, coffee.address, [2, 0, 0], [0, 1, 0], [2, 0, 0]);
      let h = await holdings(lens, roomId);
      expect(h.free[0]).to.deep.equal([3, 0, 0]);
      expect(h.escrow[0]).to.deep.equal([2, 0, 0]);
      expect(h.points).to.deep.equal([5, 5, 5]); // escrowed goods still count as the offerer's
      expect((await lens.openOffers(roomId)).map(Number)).to.deep.equal([1]);
      await expect(rooms.connect(coffee).accept(roomId, 1))
        .to.emit(rooms, "OfferAccepted")
        .withArgs(roomId, 1, [2, 0, 0], [0, 1, 0], false);
      h = await holdings(lens, roomId);
      expect(h.free[0]).to.deep.equal([3, 1, 0]);
      expect(h.free[1]).to.deep.equal([2, 4, 0]);
      expect(h.escrow[0]).to.deep.equal([0, 0, 0]);
      expect(h.points).to.deep.equal([5, 8, 5]);
      expect((await lens.offerView(roomId, 1)).status).to.equal(OfferStatus.Accepted);
      expect((await lens.openOffers(roomId)).length).to.equal(0);
    });

    it("shrinks the request by escrowed / offered: 6 corn for 6 coffee with 5 corn executes 5 for 5", async function () {
      const { rooms, lens, roomId, coffee, corn } = await loadFixture(threeFixture);
      await expect(rooms.connect(corn).offer(roomId, coffee.address, goods({ corn: 6 }), goods({ coffee: 6 })))
        .to.emit(rooms, "OfferMade")
        .withArgs(roomId, 1, corn.address, coffee.address, [0, 0, 6], [0, 6, 0], [0, 0, 5]);
      await expect(rooms.connect(coffee).accept(roomId, 1))
        .to.emit(rooms, "OfferAccepted")
        .withArgs(roomId, 1, [0, 0, 5], [0, 5, 0], false);
      const h = await holdings(lens, roomId);
      expect(h.free[1]).to.deep.equal([0, 0, 5]);
      expect(h.free[2]).to.deep.equal([0, 5, 0]);
    });

    it("the target gives only what it has: a request of 8 with 5 gives 5; rounding is down", async function () {
      const { rooms, lens, roomId, turkey, coffee, corn } = await loadFixture(threeFixture);
      await rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 1 }), goods({ coffee: 8 }));
      await expect(rooms.connect(coffee).accept(roomId, 1))
        .to.emit(rooms, "OfferAccepted")
        .withArgs(roomId, 1, [1, 0, 0], [0, 5, 0], false);
      // 3 turkey offered, 4 held... by corn: none. Corn offers 3 corn + 4 turkey (holds 0 turkey) for 5 coffee:
      // escrowed 3 of 7 offered, so the request shrinks to floor(5 * 3 / 7) = 2.
      await rooms.connect(corn).offer(roomId, turkey.address, goods({ corn: 3, turkey: 4 }), goods({ coffee: 5 }));
      await expect(rooms.connect(turkey).accept(roomId, 2))
        .to.emit(rooms, "OfferAccepted")
        .withArgs(roomId, 2, [0, 0, 3], [0, 2, 0], false);
      const h = await holdings(lens, roomId);
      expect(h.free.slice(0, 3)).to.deep.equal([
        [4, 3, 3],
        [1, 0, 0],
        [0, 2, 2],
      ]);
    });

    it("snatch takes the escrow and gives nothing; reject and cancel return it", async function () {
      const { rooms, lens, roomId, turkey, coffee, corn } = await loadFixture(threeFixture);
      await rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 2 }), goods({ coffee: 2 }));
      await rooms.connect(turkey).offer(roomId, corn.address, goods({ turkey: 1 }), goods({ corn: 1 }));
      await rooms.connect(turkey).offer(roomId, corn.address, goods({ turkey: 1 }), goods({ corn: 1 }));
      await expect(rooms.connect(coffee).snatch(roomId, 1))
        .to.emit(rooms, "OfferSnatched")
        .withArgs(roomId, 1, [2, 0, 0]);
      await expect(rooms.connect(corn).reject(roomId, 2)).to.emit(rooms, "OfferRejected").withArgs(roomId, 2, false);
      await expect(rooms.connect(turkey).cancel(roomId, 3)).to.emit(rooms, "OfferCancelled").withArgs(roomId, 3);
      const h = await holdings(lens, roomId);
      expect(h.free[0]).to.deep.equal([3, 0, 0]);
      expect(h.free[1]).to.deep.equal([2, 5, 0]);
      expect(h.escrow[0]).to.deep.equal([0, 0, 0]);
      expect(h.points).to.deep.equal([3, 9, 5]);
      const s = await rooms.roomStats(roomId);
      expect([s.offers, s.accepts, s.rejects, s.snatches].map(Number)).to.deep.equal([3, 0, 1, 1]);
      expect((await lens.allOffers(roomId)).map((o) => Number(o.status))).to.deep.equal([
        OfferStatus.Snatched,
        OfferStatus.Rejected,
        OfferStatus.Cancelled,
      ]);
    });

    it("rejects bad offers", async function () {
      const { rooms, roomId, turkey, coffee, corn, outsider } = await loadFixture(threeFixture);
      const one = goods({ turkey: 1 });
      await expect(rooms.connect(outsider).offer(roomId, coffee.address, one, one))
        .to.be.revertedWithCustomError(rooms, "NotAMember")
        .withArgs(roomId, outsider.address);
      await expect(rooms.connect(turkey).offer(roomId, turkey.address, one, one)).to.be.revertedWithCustomError(
        rooms,
        "SelfTarget",
      );
      await expect(rooms.connect(turkey).offer(roomId, outsider.address, one, one))
        .to.be.revertedWithCustomError(rooms, "TargetNotMember")
        .withArgs(roomId, outsider.address);
      await expect(
        rooms.connect(turkey).offer(roomId, coffee.address, goods({}), goods({ coffee: 1 })),
      ).to.be.revertedWithCustomError(rooms, "NothingOffered");
      await expect(rooms.connect(turkey).offer(roomId, coffee.address, [2n ** 32n, 0, 0], one))
        .to.be.revertedWithCustomError(rooms, "AmountTooLarge")
        .withArgs(2n ** 32n);
      await expect(rooms.connect(turkey).offer(roomId, coffee.address, one, [0, 0, 2n ** 32n]))
        .to.be.revertedWithCustomError(rooms, "AmountTooLarge")
        .withArgs(2n ** 32n);
      await expect(rooms.connect(turkey).offer(9, coffee.address, one, one))
        .to.be.revertedWithCustomError(rooms, "UnknownRoom")
        .withArgs(9);
      // Any amount up to 2^32 - 1 is fine (more than held: the escrow is what is held).
      await rooms.connect(turkey).offer(roomId, coffee.address, [2n ** 32n - 1n, 0, 0], [0, 2n ** 32n - 1n, 0]);
      await rooms.connect(turkey).offer(roomId, coffee.address, one, one);
      await expect(rooms.connect(turkey).offer(roomId, coffee.address, one, one))
        .to.be.revertedWithCustomError(rooms, "OfferLimitReached")
        .withArgs(roomId, coffee.address, 2);
      // The limit is per opponent: corn can still be offered to, twice.
      await rooms.connect(turkey).offer(roomId, corn.address, one, one);
      await rooms.connect(turkey).offer(roomId, corn.address, one, one);
      await expect(rooms.connect(turkey).offer(roomId, corn.address, one, one)).to.be.revertedWithCustomError(
        rooms,
        "OfferLimitReached",
      );
    });

    it("rejects bad responses and cancels", async function () {
      const { rooms, roomId, turkey, coffee, corn } = await loadFixture(threeFixture);
      await rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 1 }), goods({ coffee: 1 }));
      await expect(rooms.connect(corn).accept(roomId, 1))
        .to.be.revertedWithCustomError(rooms, "NotTarget")
        .withArgs(roomId, 1, corn.address);
      await expect(rooms.connect(turkey).snatch(roomId, 1))
        .to.be.revertedWithCustomError(rooms, "NotTarget")
        .withArgs(roomId, 1, turkey.address);
      await expect(rooms.connect(coffee).cancel(roomId, 1))
        .to.be.revertedWithCustomError(rooms, "NotOfferer")
        .withArgs(roomId, 1, coffee.address);
      await expect(rooms.connect(coffee).accept(roomId, 7))
        .to.be.revertedWithCustomError(rooms, "OfferNotPending")
        .withArgs(roomId, 7, OfferStatus.None);
      await rooms.connect(coffee).reject(roomId, 1);
      await expect(rooms.connect(coffee).accept(roomId, 1))
        .to.be.revertedWithCustomError(rooms, "OfferNotPending")
        .withArgs(roomId, 1, OfferStatus.Rejected);
      await expect(rooms.connect(turkey).cancel(roomId, 1))
        .to.be.revertedWithCustomError(rooms, "OfferNotPending")
        .withArgs(roomId, 1, OfferStatus.Rejected);
    });

    it("calls of other formats' rules fail with the round's rule set or phase", async function () {
      const { rooms, roomId, turkey, coffee } = await loadFixture(threeFixture);
      await expect(rooms.connect(turkey).pass(roomId))
        .to.be.revertedWithCustomError(rooms, "WrongPhase")
        .withArgs(roomId, Phase.Trading);
      await expect(rooms.connect(turkey).setForce(roomId, true))
        .to.be.revertedWithCustomError(rooms, "RuleNotInRound")
        .withArgs(roomId, 1, RuleSet.Anarchy);
      await expect(rooms.connect(turkey).talk(roomId, "hi"))
        .to.be.revertedWithCustomError(rooms, "MessageOutsideWindow")
        .withArgs(roomId, Phase.Trading);
      await expect(rooms.connect(turkey).shame(roomId, coffee.address))
        .to.be.revertedWithCustomError(rooms, "RuleNotInRound")
        .withArgs(roomId, 1, RuleSet.Anarchy);
      await expect(rooms.connect(turkey).report(roomId, 1))
        .to.be.revertedWithCustomError(rooms, "RuleNotInRound")
        .withArgs(roomId, 1, RuleSet.Anarchy);
      await expect(rooms.connect(turkey).confirmReport(roomId, 1, false))
        .to.be.revertedWithCustomError(rooms, "WrongPhase")
        .withArgs(roomId, Phase.Trading);
      await expect(rooms.connect(turkey).dismissReport(roomId, 1))
        .to.be.revertedWithCustomError(rooms, "WrongPhase")
        .withArgs(roomId, Phase.Trading);
    });
  });

  describe("closing a round", function () {
    it("closes when every player is done; pending offers expire with their escrow returned", async function () {
      const { rooms, lens, roomId, turkey, coffee, corn, outsider } = await loadFixture(threeFixture);
      await rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 2 }), goods({ coffee: 1 }));
      await expect(rooms.connect(outsider).done(roomId))
        .to.be.revertedWithCustomError(rooms, "NotAMember")
        .withArgs(roomId, outsider.address);
      await expect(rooms.connect(turkey).done(roomId)).to.emit(rooms, "PlayerDone").withArgs(roomId, 1, turkey.address);
      await expect(rooms.connect(turkey).done(roomId))
        .to.be.revertedWithCustomError(rooms, "AlreadyDone")
        .withArgs(roomId, turkey.address);
      // A done player makes no more offers, but may still cancel (or respond).
      await expect(rooms.connect(turkey).offer(roomId, corn.address, goods({ turkey: 1 }), goods({})))
        .to.be.revertedWithCustomError(rooms, "AlreadyDone")
        .withArgs(roomId, turkey.address);
      await rooms.connect(coffee).done(roomId);
      const closing = rooms.connect(corn).done(roomId);
      await expect(closing).to.emit(rooms, "OfferExpired").withArgs(roomId, 1);
      await expect(closing)
        .to.emit(rooms, "RoundStarted")
        .withArgs(roomId, 2, RuleSet.Anarchy, 3, Phase.Trading, anyValue);
      expect((await holdings(lens, roomId)).free[0]).to.deep.equal([5, 0, 0]);
      expect((await lens.offerView(roomId, 1)).status).to.equal(OfferStatus.Expired);
      expect((await lens.roomView(roomId)).done).to.deep.equal([false, false, false]);
    });

    it("takes no offers in the closing window, still responses; anyone closes the round at its deadline", async function () {
      const { rooms, roomId, turkey, coffee, outsider } = await loadFixture(threeFixture);
      await rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 1 }), goods({ coffee: 1 }));
      const { deadline } = await progress(rooms, roomId);
      const lastOfferBlock = deadline - DEFAULT_WINDOWS.closing;
      const now = Number(await rooms.runner!.provider!.getBlockNumber());
      await mine(lastOfferBlock - now); // the next transaction is mined at lastOfferBlock + 1
      await expect(rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 1 }), goods({})))
        .to.be.revertedWithCustomError(rooms, "OffersClosed")
        .withArgs(roomId, lastOfferBlock);
      await rooms.connect(coffee).accept(roomId, 1);
      await mine(DEFAULT_WINDOWS.closing);
      await expect(rooms.connect(outsider).advance(roomId))
        .to.emit(rooms, "RoundStarted")
        .withArgs(roomId, 2, RuleSet.Anarchy, 3, Phase.Trading, deadline + DEFAULT_WINDOWS.trading);
    });

    it("the closing window (at least 1 block) leaves the target of the last possible offer a block to answer", async function () {
      const base = await loadFixture(threeFixture);
      const { rooms, lens, turkey, coffee, corn } = base;
      const w = { ...DEFAULT_WINDOWS, trading: 10, closing: 1 };
      await expect(rooms.createFormat([RuleSet.NoReject], { ...w, closing: 0 }))
        .to.be.revertedWithCustomError(rooms, "InvalidWindows")
        .withArgs(Object.values({ ...w, closing: 0 }));
      await rooms.createFormat([RuleSet.NoReject], w);
      const roomId = await factoryRoom(base, 7, [turkey, coffee, corn]);
      const { deadline } = await progress(rooms, roomId);
      await mine(deadline - 1 - (await ethers.provider.getBlockNumber()) - 1); // the next block is deadline - 1
      const id = await offerIdOf(
        rooms,
        await rooms.connect(corn).offer(roomId, turkey.address, goods({ corn: 1 }), goods({ turkey: 5 })),
      );
      // The deadline block is the target's: it snatches instead of letting the offer execute at the close.
      await expect(rooms.connect(turkey).snatch(roomId, id)).to.emit(rooms, "OfferSnatched");
      expect(await ethers.provider.getBlockNumber()).to.equal(deadline);
      await expect(rooms.advance(roomId)).to.emit(rooms, "RoomFinished");
      expect((await lens.offerView(roomId, id)).status).to.equal(OfferStatus.Snatched);
    });

    it("round 3: no reject; pending offers execute as accepted at the close, in offer-id order", async function () {
      const { rooms, lens, roomId, turkey, coffee, corn } = await loadFixture(threeFixture);
      await toRound(rooms, roomId, [turkey, coffee, corn], 3);
      expect((await progress(rooms, roomId)).rules).to.equal(RuleSet.NoReject);
      await rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 1 }), goods({ coffee: 4 }));
      await rooms.connect(corn).offer(roomId, coffee.address, goods({ corn: 1 }), goods({ coffee: 4 }));
      await rooms.connect(corn).offer(roomId, turkey.address, goods({ corn: 1 }), goods({ turkey: 1 }));
      await expect(rooms.connect(coffee).reject(roomId, 1))
        .to.be.revertedWithCustomError(rooms, "RejectNotAllowed")
        .withArgs(roomId, 3);
      // Snatching stays possible.
      await expect(rooms.connect(turkey).snatch(roomId, 3)).to.emit(rooms, "OfferSnatched");
      await rooms.connect(turkey).done(roomId);
      await rooms.connect(coffee).done(roomId);
      const close = rooms.connect(corn).done(roomId);
      // Coffee has 5: the first offer takes 4, the second gets the 1 left.
      await expect(close).to.emit(rooms, "OfferAccepted").withArgs(roomId, 1, [1, 0, 0], [0, 4, 0], true);
      await expect(close).to.emit(rooms, "OfferAccepted").withArgs(roomId, 2, [0, 0, 1], [0, 1, 0], true);
      const h = await holdings(lens, roomId);
      expect(h.free.slice(0, 3)).to.deep.equal([
        [4, 4, 1],
        [1, 0, 1],
        [0, 1, 3],
      ]);
      expect((await rooms.roomStats(roomId)).accepts).to.equal(2);
    });

    it("round 3: offers to done players take their done back, so an ambush cannot close the round at once", async function () {
      const { rooms, lens, roomId, turkey, coffee, corn } = await loadFixture(threeFixture);
      await toRound(rooms, roomId, [turkey, coffee, corn], 3);
      await rooms.connect(turkey).done(roomId);
      await rooms.connect(coffee).done(roomId);
      // Corn offers 1 corn for "everything" to both done players and says done, all in one block.
      const max = 2n ** 32n - 1n;
      const sent = await inOneBlock(rooms, [
        (o) => rooms.connect(corn).offer(roomId, turkey.address, goods({ corn: 1 }), [max, max, 0n], o),
        (o) => rooms.connect(corn).offer(roomId, coffee.address, goods({ corn: 1 }), [max, max, 0n], o),
        (o) => rooms.connect(corn).done(roomId, o),
      ]);
      expect(sent.map((t) => t.ok)).to.deep.equal([true, true, true]);
      // The round is still open and both offers wait for their targets, who are no longer done.
      expect(await progress(rooms, roomId)).to.include({ round: 3, phase: Phase.Trading });
      expect((await lens.roomView(roomId)).done).to.deep.equal([false, false, true]);
      expect((await lens.openOffers(roomId)).map(Number)).to.deep.equal([1, 2]);
      // The targets answer in the next block: turkey snatches; coffee's done lets the round close (and the offer to
      // it execute, as coffee chose).
      await expect(rooms.connect(turkey).snatch(roomId, 1)).to.emit(rooms, "OfferSnatched");
      await rooms.connect(turkey).done(roomId);
      const close = rooms.connect(coffee).done(roomId);
      await expect(close).to.emit(rooms, "OfferAccepted").withArgs(roomId, 2, [0, 0, 1], [0, 5, 0], true);
      await expect(close).to.emit(rooms, "RoundStarted");
      expect((await holdings(lens, roomId)).free.slice(0, 3)).to.deep.equal([
        [5, 0, 1],
        [0, 0, 1],
        [0, 5, 3],
      ]);
    });

    it("an offer to a done player (any round) emits DoneCleared; the player may offer again and must say done again", async function () {
      const { rooms, lens, roomId, turkey, coffee, corn } = await loadFixture(threeFixture);
      await rooms.connect(turkey).done(roomId);
      await rooms.connect(coffee).done(roomId);
      const tx = rooms.connect(corn).offer(roomId, turkey.address, goods({ corn: 1 }), goods({ turkey: 1 }));
      await expect(tx).to.emit(rooms, "DoneCleared").withArgs(roomId, 1, turkey.address);
      // An offer to a player who is not done clears nothing.
      await expect(rooms.connect(turkey).offer(roomId, corn.address, goods({ turkey: 1 }), goods({}))).not.to.emit(
        rooms,
        "DoneCleared",
      );
      await rooms.connect(corn).done(roomId);
      expect((await lens.roomView(roomId)).done).to.deep.equal([false, true, true]);
      // Turkey's done closes the round: its offer to corn and corn's to it expire.
      const close = rooms.connect(turkey).done(roomId);
      await expect(close).to.emit(rooms, "OfferExpired").withArgs(roomId, 1);
      await expect(close).to.emit(rooms, "OfferExpired").withArgs(roomId, 2);
      expect((await progress(rooms, roomId)).round).to.equal(2);
    });

    it("refuses a done sent in the block of an offer to the caller (it cannot have seen it); a later block takes it", async function () {
      const { rooms, lens, roomId, turkey, coffee, corn } = await loadFixture(threeFixture);
      await toRound(rooms, roomId, [turkey, coffee, corn], 3);
      await rooms.connect(coffee).done(roomId);
      // Turkey's done was sent before it could see corn's offer, which an ambusher places ahead of it.
      const sent = await inOneBlock(rooms, [
        (o) => rooms.connect(corn).offer(roomId, turkey.address, goods({ corn: 1 }), goods({ turkey: 5 }), o),
        (o) => rooms.connect(turkey).done(roomId, o),
        (o) => rooms.connect(corn).done(roomId, o),
      ]);
      expect(sent[0].ok).to.equal(true);
      expect(sent[1]).to.deep.equal({ ok: false, error: "OfferJustMade", args: [roomId, 1n] });
      expect(sent[2].ok).to.equal(true);
      expect(await progress(rooms, roomId)).to.include({ round: 3, phase: Phase.Trading });
      expect((await lens.offerView(roomId, 1)).status).to.equal(OfferStatus.Pending);
      // An offer to someone else in the same block does not hold a done back.
      expect((await lens.roomView(roomId)).done).to.deep.equal([false, true, true]);
      await expect(rooms.connect(turkey).snatch(roomId, 1)).to.emit(rooms, "OfferSnatched");
      await expect(rooms.connect(turkey).done(roomId)).to.emit(rooms, "RoundStarted");
    });

    it("round 4 shame tokens; 2+ tokens at a round's start burn 2 goods (own first, then largest) and shame out", async function () {
      const { rooms, lens, roomId, turkey, coffee, corn, outsider } = await loadFixture(threeFixture);
      const all = [turkey, coffee, corn];
      // Round 1: turkey ends with 1 turkey, 3 coffee, 2 corn.
      await rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 4 }), goods({ coffee: 3 }));
      await rooms.connect(coffee).accept(roomId, 1);
      await rooms.connect(corn).offer(roomId, turkey.address, goods({ corn: 2 }), goods({}));
      await rooms.connect(turkey).accept(roomId, 2);
      await toRound(rooms, roomId, all, 4);
      await expect(rooms.connect(coffee).shame(roomId, coffee.address)).to.be.revertedWithCustomError(
        rooms,
        "SelfTarget",
      );
      await expect(rooms.connect(coffee).shame(roomId, outsider.address))
        .to.be.revertedWithCustomError(rooms, "TargetNotMember")
        .withArgs(roomId, outsider.address);
      await expect(rooms.connect(coffee).shame(roomId, turkey.address))
        .to.emit(rooms, "ShameGiven")
        .withArgs(roomId, 4, coffee.address, turkey.address, 1);
      await expect(rooms.connect(coffee).shame(roomId, corn.address))
        .to.be.revertedWithCustomError(rooms, "AlreadyShamed")
        .withArgs(roomId, 4);
      await expect(rooms.connect(corn).shame(roomId, turkey.address))
        .to.emit(rooms, "ShameGiven")
        .withArgs(roomId, 4, corn.address, turkey.address, 2);
      await rooms.connect(turkey).shame(roomId, corn.address);
      expect((await lens.roomView(roomId)).shameTokens.map(Number)).to.deep.equal([2, 0, 1]);
      await allDone(rooms, roomId, all.slice(0, 2));
      const start5 = rooms.connect(corn).done(roomId);
      await expect(start5).to.emit(rooms, "ShamePenaltyApplied").withArgs(roomId, turkey.address, [1, 1, 0], 0);
      const v = await lens.roomView(roomId);
      expect(v.shameTokens.map(Number)).to.deep.equal([0, 0, 1]);
      expect(v.shamedOut).to.deep.equal([true, false, false]);
      expect(v.free[0].map(Number)).to.deep.equal([0, 2, 2]);
      // Shamed out: may only respond.
      await expect(rooms.connect(turkey).offer(roomId, coffee.address, goods({ coffee: 1 }), goods({})))
        .to.be.revertedWithCustomError(rooms, "ShamedOut")
        .withArgs(roomId, turkey.address, 5);
      await rooms.connect(coffee).offer(roomId, turkey.address, goods({ turkey: 1 }), goods({ corn: 1 }));
      await expect(rooms.connect(turkey).accept(roomId, 3)).to.emit(rooms, "OfferAccepted");
      expect((await rooms.roomStats(roomId)).shames).to.equal(3);
    });
  });

  describe("round 5: the judge", function () {
    /** Snatch or Share at round 5 (turkey judges: factory rooms seat the first judge in seat 0). */
    async function judgeRound() {
      const ctx = await threeFixture();
      const { rooms, roomId, turkey, coffee, corn } = ctx;
      // Round 1: corn snatches one of coffee's offers (reportable only in its own round).
      await rooms.connect(coffee).offer(roomId, corn.address, goods({ coffee: 1 }), goods({ corn: 1 }));
      await rooms.connect(corn).snatch(roomId, 1);
      await toRound(rooms, roomId, [turkey, coffee, corn], 5);
      return ctx;
    }

    it("seats the judge, who trades but may not snatch", async function () {
      const { rooms, lens, roomId, turkey, coffee } = await loadFixture(judgeRound);
      const v = await lens.roomView(roomId);
      expect(v.rules).to.equal(RuleSet.Judge);
      expect(v.judge).to.equal(0);
      await rooms.connect(coffee).offer(roomId, turkey.address, goods({ coffee: 1 }), goods({}));
      const offerId = (await lens.openOffers(roomId))[0];
      await expect(rooms.connect(turkey).snatch(roomId, offerId))
        .to.be.revertedWithCustomError(rooms, "JudgeCannotSnatch")
        .withArgs(roomId, turkey.address);
      await expect(rooms.connect(turkey).accept(roomId, offerId)).to.emit(rooms, "OfferAccepted");
    });

    it("a confirmed report returns the snatched goods and forfeits 3 to the victim; suspension is void in the last round", async function () {
      const { rooms, lens, roomId, turkey, coffee, corn } = await loadFixture(judgeRound);
      const before = await holdings(lens, roomId);
      const id = await offerIdOf(
        rooms,
        await rooms.connect(coffee).offer(roomId, corn.address, goods({ coffee: 2 }), goods({ corn: 2 })),
      );
      const accepted = await offerIdOf(
        rooms,
        await rooms.connect(coffee).offer(roomId, turkey.address, goods({ coffee: 1 }), goods({})),
      );
      await rooms.connect(turkey).accept(roomId, accepted);
      await rooms.connect(corn).snatch(roomId, id);
      await expect(rooms.connect(coffee).report(roomId, accepted))
        .to.be.revertedWithCustomError(rooms, "NotASnatch")
        .withArgs(roomId, accepted, OfferStatus.Accepted);
      await expect(rooms.connect(coffee).report(roomId, 1))
        .to.be.revertedWithCustomError(rooms, "OfferNotThisRound")
        .withArgs(roomId, 1);
      await expect(rooms.connect(corn).report(roomId, id))
        .to.be.revertedWithCustomError(rooms, "NotVictim")
        .withArgs(roomId, id, corn.address);
      await expect(rooms.connect(coffee).report(roomId, id))
        .to.emit(rooms, "SnatchReported")
        .withArgs(roomId, id, coffee.address);
      await expect(rooms.connect(coffee).report(roomId, id))
        .to.be.revertedWithCustomError(rooms, "NotASnatch")
        .withArgs(roomId, id, OfferStatus.Reported);
      // The judge decides only once trading closes.
      await expect(rooms.connect(turkey).confirmReport(roomId, id, true))
        .to.be.revertedWithCustomError(rooms, "WrongPhase")
        .withArgs(roomId, Phase.Trading);
      await allDone(rooms, roomId, [turkey, coffee]);
      const closeBlock = (await rooms.runner!.provider!.getBlockNumber()) + 1;
      await expect(rooms.connect(corn).done(roomId))
        .to.emit(rooms, "PhaseStarted")
        .withArgs(roomId, 5, Phase.Judging, closeBlock + DEFAULT_WINDOWS.judging);
      await expect(rooms.connect(coffee).confirmReport(roomId, id, true))
        .to.be.revertedWithCustomError(rooms, "NotJudge")
        .withArgs(roomId, coffee.address);
      await expect(rooms.connect(turkey).confirmReport(roomId, accepted, true))
        .to.be.revertedWithCustomError(rooms, "NotReported")
        .withArgs(roomId, accepted, OfferStatus.Accepted);
      await expect(rooms.connect(turkey).confirmReport(roomId, id, true))
        .to.emit(rooms, "ReportConfirmed")
        .withArgs(roomId, id, [0, 2, 0], [0, 0, 3], false, true, false);
      const after = await holdings(lens, roomId);
      // Coffee: gave 1 to turkey, lost 2 and got them back, plus 3 corn. Corn: back to before, minus 3 corn.
      expect(after.free[1]).to.deep.equal([before.free[1][0], before.free[1][1] - 1, before.free[1][2] + 3]);
      expect(after.free[2]).to.deep.equal([before.free[2][0], before.free[2][1], before.free[2][2] - 3]);
      await expect(rooms.connect(turkey).done(roomId)).to.emit(rooms, "RoomFinished");
      expect((await rooms.roomStats(roomId)).reports).to.equal(1);
    });

    it("returns only what the snatcher still holds; undecided reports are dismissed at the judging deadline", async function () {
      const { rooms, lens, roomId, turkey, coffee, corn } = await loadFixture(judgeRound);
      const a = await offerIdOf(
        rooms,
        await rooms.connect(coffee).offer(roomId, corn.address, goods({ coffee: 2 }), goods({})),
      );
      const b = await offerIdOf(
        rooms,
        await rooms.connect(coffee).offer(roomId, corn.address, goods({ coffee: 1 }), goods({})),
      );
      await rooms.connect(corn).snatch(roomId, a);
      await rooms.connect(corn).snatch(roomId, b);
      // Corn passes the snatched coffee on to turkey before judging.
      const gift = await offerIdOf(
        rooms,
        await rooms.connect(corn).offer(roomId, turkey.address, goods({ coffee: 4 }), goods({})),
      );
      await rooms.connect(turkey).accept(roomId, gift);
      await rooms.connect(coffee).report(roomId, a);
      await allDone(rooms, roomId, [turkey, coffee, corn]);
      // Reports are still possible during judging.
      await rooms.connect(coffee).report(roomId, b);
      const cornBefore = (await holdings(lens, roomId)).free[2];
      await expect(rooms.connect(turkey).confirmReport(roomId, a, false))
        .to.emit(rooms, "ReportConfirmed")
        .withArgs(roomId, a, [0, 0, 0], [0, 0, 3], false, false, false);
      expect((await holdings(lens, roomId)).free[2]).to.deep.equal([cornBefore[0], cornBefore[1], cornBefore[2] - 3]);
      await mine(60);
      const close = rooms.advance(roomId);
      await expect(close).to.emit(rooms, "ReportDismissed").withArgs(roomId, b, true);
      await expect(close).to.emit(rooms, "RoomFinished");
    });

    it("the judge may dismiss; its own report made while judging is confirmed at once, without suspension", async function () {
      const { rooms, roomId, turkey, coffee, corn } = await loadFixture(judgeRound);
      const own = await offerIdOf(
        rooms,
        await rooms.connect(turkey).offer(roomId, corn.address, goods({ turkey: 2 }), goods({ corn: 1 })),
      );
      await rooms.connect(corn).snatch(roomId, own);
      const other = await offerIdOf(
        rooms,
        await rooms.connect(coffee).offer(roomId, corn.address, goods({ coffee: 1 }), goods({})),
      );
      await rooms.connect(corn).snatch(roomId, other);
      await rooms.connect(coffee).report(roomId, other);
      await allDone(rooms, roomId, [turkey, coffee, corn]);
      expect((await progress(rooms, roomId)).phase).to.equal(Phase.Judging);
      await expect(rooms.connect(turkey).report(roomId, own))
        .to.emit(rooms, "ReportConfirmed")
        .withArgs(roomId, own, [2, 0, 0], [0, 0, 3], true, false, false);
      // The judge cannot decide its own cause (no suspension possible): nothing is left to confirm.
      await expect(rooms.connect(turkey).confirmReport(roomId, own, true))
        .to.be.revertedWithCustomError(rooms, "NotReported")
        .withArgs(roomId, own, OfferStatus.Confirmed);
      await expect(rooms.connect(coffee).dismissReport(roomId, other))
        .to.be.revertedWithCustomError(rooms, "NotJudge")
        .withArgs(roomId, coffee.address);
      await expect(rooms.connect(coffee).done(roomId))
        .to.be.revertedWithCustomError(rooms, "NotJudge")
        .withArgs(roomId, coffee.address);
      await expect(rooms.connect(turkey).dismissReport(roomId, other))
        .to.emit(rooms, "ReportDismissed")
        .withArgs(roomId, other, false);
      await expect(rooms.connect(turkey).dismissReport(roomId, other))
        .to.be.revertedWithCustomError(rooms, "NotReported")
        .withArgs(roomId, other, OfferStatus.Dismissed);
      await expect(rooms.connect(turkey).done(roomId)).to.emit(rooms, "RoomFinished");
    });

    it("a report by the judge during trading is confirmed when trading closes: loot parked in an open offer comes back", async function () {
      const { rooms, lens, roomId, turkey, coffee, corn } = await loadFixture(judgeRound);
      const before = await holdings(lens, roomId);
      const own = await offerIdOf(
        rooms,
        await rooms.connect(turkey).offer(roomId, corn.address, goods({ turkey: 2 }), goods({ corn: 1 })),
      );
      await rooms.connect(corn).snatch(roomId, own);
      // The snatcher parks the loot in an open offer (its escrow is not free), then the judge reports.
      const parked = await offerIdOf(
        rooms,
        await rooms.connect(corn).offer(roomId, coffee.address, goods({ turkey: 2 }), goods({ coffee: 5 })),
      );
      const reported = rooms.connect(turkey).report(roomId, own);
      await expect(reported).to.emit(rooms, "SnatchReported").withArgs(roomId, own, turkey.address);
      await expect(reported).not.to.emit(rooms, "ReportConfirmed");
      expect((await lens.offerView(roomId, own)).status).to.equal(OfferStatus.Reported);
      // At the close the parked offer expires first, then the report is confirmed on the snatcher's whole loot. No
      // other victim: no judging phase (the last round: the room finishes).
      await allDone(rooms, roomId, [turkey, coffee]);
      const close = rooms.connect(corn).done(roomId);
      await expect(close).to.emit(rooms, "OfferExpired").withArgs(roomId, parked);
      await expect(close)
        .to.emit(rooms, "ReportConfirmed")
        .withArgs(roomId, own, [2, 0, 0], [0, 0, 3], true, false, false);
      await expect(close).to.emit(rooms, "RoomFinished");
      const after = await holdings(lens, roomId);
      expect(after.free[0]).to.deep.equal([before.free[0][0], before.free[0][1], before.free[0][2] + 3]);
      expect(after.free[2]).to.deep.equal([before.free[2][0], before.free[2][1], before.free[2][2] - 3]);
    });

    it("skips judging when nobody snatched this round", async function () {
      const { rooms, roomId, turkey, coffee, corn } = await loadFixture(judgeRound);
      await allDone(rooms, roomId, [turkey, coffee]);
      await expect(rooms.connect(corn).done(roomId)).to.emit(rooms, "RoomFinished");
    });

    it("a player suspended for a judge round does not judge it: the next seat does, and the rotation goes on", async function () {
      const base = await loadFixture(threeFixture);
      const { rooms, lens, turkey, coffee, corn } = base;
      await rooms.createFormat([RuleSet.Judge, RuleSet.Judge, RuleSet.Judge], DEFAULT_WINDOWS);
      const roomId = await factoryRoom(base, 7, [turkey, coffee, corn]);
      // Round 1: turkey judges; coffee (next in rotation) snatches corn's offer and is suspended for round 2.
      const id = await offerIdOf(
        rooms,
        await rooms.connect(corn).offer(roomId, coffee.address, goods({ corn: 1 }), goods({})),
      );
      await rooms.connect(coffee).snatch(roomId, id);
      await rooms.connect(corn).report(roomId, id);
      await allDone(rooms, roomId, [turkey, coffee, corn]);
      await rooms.connect(turkey).confirmReport(roomId, id, true);
      // Round 2: seat 1 (coffee) is passed over; corn (seat 2) judges.
      await expect(rooms.connect(turkey).done(roomId))
        .to.emit(rooms, "RoundStarted")
        .withArgs(roomId, 2, RuleSet.Judge, 2, Phase.Trading, anyValue);
      const v = await lens.roomView(roomId);
      expect(v.judge).to.equal(2);
      expect(v.suspended).to.deep.equal([false, true, false]);
      // Round 3: the rotation goes on from corn: turkey judges.
      await rooms.connect(turkey).done(roomId);
      await expect(rooms.connect(corn).done(roomId))
        .to.emit(rooms, "RoundStarted")
        .withArgs(roomId, 3, RuleSet.Judge, 0, Phase.Trading, anyValue);
    });

    it("suspends for the next round (no offers, no responses, not a target); judges rotate", async function () {
      const base = await loadFixture(threeFixture);
      const { rooms, lens, turkey, coffee, corn } = base;
      await rooms.createFormat([RuleSet.Judge, RuleSet.Judge, RuleSet.Judge], DEFAULT_WINDOWS);
      const roomId = await factoryRoom(base, 7, [turkey, coffee, corn]);
      expect((await lens.roomView(roomId)).judge).to.equal(0);
      const id = await offerIdOf(
        rooms,
        await rooms.connect(coffee).offer(roomId, corn.address, goods({ coffee: 1 }), goods({})),
      );
      await rooms.connect(corn).snatch(roomId, id);
      await rooms.connect(coffee).report(roomId, id);
      await allDone(rooms, roomId, [turkey, coffee, corn]);
      await expect(rooms.connect(turkey).confirmReport(roomId, id, true))
        .to.emit(rooms, "ReportConfirmed")
        .withArgs(roomId, id, [0, 1, 0], [0, 0, 3], false, true, true);
      expect((await lens.roomView(roomId)).suspendedNext).to.deep.equal([false, false, true]);
      await expect(rooms.connect(turkey).done(roomId))
        .to.emit(rooms, "RoundStarted")
        .withArgs(roomId, 2, RuleSet.Judge, 1, Phase.Trading, anyValue);
      const v = await lens.roomView(roomId);
      expect(v.suspended).to.deep.equal([false, false, true]);
      expect(v.done).to.deep.equal([false, false, true]);
      await expect(rooms.connect(corn).offer(roomId, coffee.address, goods({ corn: 1 }), goods({})))
        .to.be.revertedWithCustomError(rooms, "Suspended")
        .withArgs(roomId, corn.address, 2);
      await expect(rooms.connect(coffee).offer(roomId, corn.address, goods({ coffee: 1 }), goods({})))
        .to.be.revertedWithCustomError(rooms, "TargetSuspended")
        .withArgs(roomId, corn.address);
      // The two active players' "done" closes the round; the suspension is over in round 3, where seat 2 judges.
      await rooms.connect(turkey).done(roomId);
      await expect(rooms.connect(coffee).done(roomId))
        .to.emit(rooms, "RoundStarted")
        .withArgs(roomId, 3, RuleSet.Judge, 2, Phase.Trading, anyValue);
      expect((await lens.roomView(roomId)).suspended).to.deep.equal([false, false, false]);
    });
  });
});
