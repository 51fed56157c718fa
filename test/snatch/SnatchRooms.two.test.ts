import { expect } from "chai";
import { ethers, network } from "hardhat";
import type { SnatchRooms, SnatchRoomsLens } from "../../typechain-types";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { anyValue } from "@nomicfoundation/hardhat-chai-matchers/withArgs";
import {
  DEFAULT_FILL_BLOCKS,
  DEFAULT_WINDOWS,
  goods,
  NoOfferReason,
  OfferStatus,
  Phase,
  Preset,
  RuleSet,
} from "../../client/snatch/names";
import { eventArg } from "../../client/snatch/room";
import { roundFlags } from "../../client/snatch/state";
import { factoryRoom, holdings, offerIdOf, progress, twoFixture } from "./fixtures";

/** Mines until the current window of `roomId` has expired (the next transaction lands after its deadline). */
async function expireWindow(roomId: bigint, deadline: number) {
  const now = await ethers.provider.getBlockNumber();
  if (deadline >= now) await mine(deadline - now);
}

describe("SnatchRooms: SnatchGame (2 players, G1..G5)", function () {
  describe("G1: plain", function () {
    it("P1 offers, P2 accepts / rejects / snatches; each answer closes the round; final after round 3", async function () {
      const { rooms, lens, g1, p1, p2 } = await loadFixture(twoFixture);
      expect((await progress(rooms, g1)).phase).to.equal(Phase.Offering);
      let id = await offerIdOf(
        rooms,
        await rooms.connect(p1).offer(g1, p2.address, goods({ turkey: 4 }), goods({ corn: 3 })),
      );
      expect((await progress(rooms, g1)).phase).to.equal(Phase.Responding);
      await expect(rooms.connect(p2).accept(g1, id))
        .to.emit(rooms, "RoundStarted")
        .withArgs(g1, 2, RuleSet.G1Plain, 3, Phase.Offering, anyValue);
      id = await offerIdOf(
        rooms,
        await rooms.connect(p1).offer(g1, p2.address, goods({ turkey: 2 }), goods({ corn: 2 })),
      );
      await rooms.connect(p2).reject(g1, id);
      id = await offerIdOf(rooms, await rooms.connect(p1).offer(g1, p2.address, goods({ turkey: 3 }), goods({})));
      await expect(rooms.connect(p2).snatch(g1, id)).to.emit(rooms, "RoomFinished").withArgs(g1, [9, 21, 0]);
      const h = await holdings(lens, g1);
      expect(h.free.slice(0, 2)).to.deep.equal([
        [3, 0, 3],
        [7, 0, 7],
      ]);
      const s = await rooms.roomStats(g1);
      expect([s.offers, s.accepts, s.rejects, s.snatches].map(Number)).to.deep.equal([3, 1, 1, 1]);
      await expect(rooms.connect(p1).offer(g1, p2.address, goods({ turkey: 1 }), goods({})))
        .to.be.revertedWithCustomError(rooms, "WrongPhase")
        .withArgs(g1, Phase.Finished);
    });

    it("rejects out-of-turn, out-of-phase and coffee", async function () {
      const { rooms, g1, p1, p2, outsider } = await loadFixture(twoFixture);
      const t = goods({ turkey: 1 });
      await expect(rooms.connect(p2).offer(g1, p1.address, goods({ corn: 1 }), t))
        .to.be.revertedWithCustomError(rooms, "NotYourTurn")
        .withArgs(g1, p2.address);
      await expect(rooms.connect(p2).pass(g1))
        .to.be.revertedWithCustomError(rooms, "NotYourTurn")
        .withArgs(g1, p2.address);
      await expect(rooms.connect(p1).offer(g1, p1.address, t, t)).to.be.revertedWithCustomError(rooms, "SelfTarget");
      await expect(rooms.connect(p1).offer(g1, outsider.address, t, t))
        .to.be.revertedWithCustomError(rooms, "TargetNotMember")
        .withArgs(g1, outsider.address);
      await expect(rooms.connect(p1).offer(g1, p2.address, goods({ coffee: 1 }), t))
        .to.be.revertedWithCustomError(rooms, "GoodNotInRoom")
        .withArgs(1);
      await expect(rooms.connect(p1).offer(g1, p2.address, t, goods({ coffee: 1 })))
        .to.be.revertedWithCustomError(rooms, "GoodNotInRoom")
        .withArgs(1);
      await expect(rooms.connect(p1).done(g1))
        .to.be.revertedWithCustomError(rooms, "WrongPhase")
        .withArgs(g1, Phase.Offering);
      const id = await offerIdOf(rooms, await rooms.connect(p1).offer(g1, p2.address, t, t));
      await expect(rooms.connect(p1).offer(g1, p2.address, t, t))
        .to.be.revertedWithCustomError(rooms, "WrongPhase")
        .withArgs(g1, Phase.Responding);
      await expect(rooms.connect(p1).pass(g1))
        .to.be.revertedWithCustomError(rooms, "WrongPhase")
        .withArgs(g1, Phase.Responding);
      await expect(rooms.connect(p1).accept(g1, id))
        .to.be.revertedWithCustomError(rooms, "NotTarget")
        .withArgs(g1, id, p1.address);
      await rooms.connect(p2).accept(g1, id);
      await expect(rooms.connect(p2).snatch(g1, id))
        .to.be.revertedWithCustomError(rooms, "OfferNotPending")
        .withArgs(g1, id, OfferStatus.Accepted);
    });

    it("windows expire with their defaults: no offer, then reject; a late action applies them first", async function () {
      const { rooms, lens, g1, p1, p2, outsider } = await loadFixture(twoFixture);
      let { deadline } = await progress(rooms, g1);
      await expireWindow(g1, deadline);
      await expect(rooms.connect(outsider).advance(g1))
        .to.emit(rooms, "NoOffer")
        .withArgs(g1, 1, NoOfferReason.TimedOut)
        .and.to.emit(rooms, "RoundStarted")
        .withArgs(g1, 2, RuleSet.G1Plain, 3, Phase.Offering, deadline + DEFAULT_WINDOWS.offer);
      const id = await offerIdOf(
        rooms,
        await rooms.connect(p1).offer(g1, p2.address, goods({ turkey: 3 }), goods({ corn: 3 })),
      );
      ({ deadline } = await progress(rooms, g1));
      await expireWindow(g1, deadline);
      // P1's next offer first closes round 2 (P2 silent: reject, escrow back), then lands in round 3.
      const late = rooms.connect(p1).offer(g1, p2.address, goods({ turkey: 1 }), goods({ corn: 1 }));
      await expect(late).to.emit(rooms, "OfferRejected").withArgs(g1, id, true);
      await expect(late).to.emit(rooms, "RoundStarted").withArgs(g1, 3, RuleSet.G1Plain, 3, Phase.Offering, anyValue);
      await expect(late).to.emit(rooms, "OfferMade");
      expect((await holdings(lens, g1)).free[0]).to.deep.equal([9, 0, 0]);
      expect((await rooms.roomStats(g1)).rejects).to.equal(1);
    });

    it("P1 may cancel its offer before the response: the round closes with no trade", async function () {
      const { rooms, lens, g1, p1, p2 } = await loadFixture(twoFixture);
      const id = await offerIdOf(rooms, await rooms.connect(p1).offer(g1, p2.address, goods({ turkey: 3 }), goods({})));
      await expect(rooms.connect(p1).cancel(g1, id))
        .to.emit(rooms, "RoundStarted")
        .withArgs(g1, 2, RuleSet.G1Plain, 3, Phase.Offering, anyValue);
      expect((await holdings(lens, g1)).free[0]).to.deep.equal([10, 0, 0]);
    });
  });

  describe("G2: forced offer", function () {
    it("P2 forces P1 by default; P1 cannot pass; P2 may lift it; only P2, only in G2, only before the offer", async function () {
      const { rooms, lens, g1, g2, p1, p2 } = await loadFixture(twoFixture);
      expect((await lens.roomView(g2)).forced).to.equal(true);
      await expect(rooms.connect(p1).pass(g2)).to.be.revertedWithCustomError(rooms, "OfferForced").withArgs(g2);
      await expect(rooms.connect(p1).setForce(g2, false))
        .to.be.revertedWithCustomError(rooms, "NotYourTurn")
        .withArgs(g2, p1.address);
      await expect(rooms.connect(p2).setForce(g1, false))
        .to.be.revertedWithCustomError(rooms, "RuleNotInRound")
        .withArgs(g1, 1, RuleSet.G1Plain);
      await expect(rooms.connect(p2).setForce(g2, false)).to.emit(rooms, "ForceSet").withArgs(g2, 1, false);
      await expect(rooms.connect(p1).pass(g2)).to.emit(rooms, "NoOffer").withArgs(g2, 1, NoOfferReason.Passed);
      // Round 2: forced again by default; a forced offer is an offer that escrows a good.
      expect((await lens.roomView(g2)).forced).to.equal(true);
      const id = await offerIdOf(
        rooms,
        await rooms.connect(p1).offer(g2, p2.address, goods({ turkey: 2 }), goods({ corn: 2 })),
      );
      await expect(rooms.connect(p2).setForce(g2, true))
        .to.be.revertedWithCustomError(rooms, "WrongPhase")
        .withArgs(g2, Phase.Responding);
      await rooms.connect(p2).accept(g2, id);
    });

    it("a forced offer must escrow a good and cannot be cancelled (no escape from the force); lifting it frees both", async function () {
      const { rooms, lens, g2, p1, p2 } = await loadFixture(twoFixture);
      // A "forced offer" of a good P1 does not hold would escrow nothing.
      await expect(rooms.connect(p1).offer(g2, p2.address, goods({ corn: 1 }), goods({ corn: 5 })))
        .to.be.revertedWithCustomError(rooms, "ForcedOfferEmpty")
        .withArgs(g2);
      // Naming goods it does not hold as well is fine, as long as one good is escrowed.
      const id = await offerIdOf(
        rooms,
        await rooms.connect(p1).offer(g2, p2.address, goods({ turkey: 1, corn: 5 }), goods({ corn: 6 })),
      );
      expect((await lens.offerView(g2, id)).escrowed.map(Number)).to.deep.equal([1, 0, 0]);
      // Offer then cancel before P2 answers would end the round with nothing recorded.
      await expect(rooms.connect(p1).cancel(g2, id))
        .to.be.revertedWithCustomError(rooms, "ForcedOfferFinal")
        .withArgs(g2, id);
      await expect(rooms.connect(p2).accept(g2, id))
        .to.emit(rooms, "OfferAccepted")
        .withArgs(g2, id, [1, 0, 0], [0, 0, 1], false);
      // Round 2: P2 lifts the force; P1's offer is an ordinary one again (it may even escrow nothing, and cancel).
      await rooms.connect(p2).setForce(g2, false);
      const free = await offerIdOf(
        rooms,
        await rooms.connect(p1).offer(g2, p2.address, goods({ corn: 3 }), goods({ corn: 1 })),
      );
      expect((await lens.offerView(g2, free)).escrowed.map(Number)).to.deep.equal([0, 0, 1]);
      await expect(rooms.connect(p1).cancel(g2, free)).to.emit(rooms, "RoundStarted");
      expect((await rooms.roomStats(g2)).refusals).to.equal(0);
    });

    it("a forced P1 holding no goods is not bound: it may pass, and its silence is not a refusal", async function () {
      const base = await loadFixture(twoFixture);
      const { rooms, lens, p1, p2 } = base;
      await rooms.createFormat([RuleSet.G1Plain, RuleSet.G2Forced, RuleSet.G2Forced], DEFAULT_WINDOWS);
      const roomId = await factoryRoom(base, 7, [p1, p2]);
      // Round 1 (G1): P1 offers all its turkeys and P2 snatches them.
      const id = await offerIdOf(
        rooms,
        await rooms.connect(p1).offer(roomId, p2.address, goods({ turkey: 10 }), goods({ corn: 10 })),
      );
      await rooms.connect(p2).snatch(roomId, id);
      expect((await holdings(lens, roomId)).free[0]).to.deep.equal([0, 0, 0]);
      // Round 2 (G2): forced, but P1 has nothing to escrow, so it may pass.
      expect((await lens.roomView(roomId)).forced).to.equal(true);
      await expect(rooms.connect(p1).offer(roomId, p2.address, goods({ turkey: 1 }), goods({})))
        .to.be.revertedWithCustomError(rooms, "ForcedOfferEmpty")
        .withArgs(roomId);
      await expect(rooms.connect(p1).pass(roomId)).to.emit(rooms, "NoOffer").withArgs(roomId, 2, NoOfferReason.Passed);
      // Round 3 (G2): silence is a plain timeout.
      const { deadline } = await progress(rooms, roomId);
      await expireWindow(roomId, deadline);
      await expect(rooms.advance(roomId)).to.emit(rooms, "NoOffer").withArgs(roomId, 3, NoOfferReason.TimedOut);
      expect((await rooms.roomStats(roomId)).refusals).to.equal(0);
    });

    it("a forced P1 that stays silent is recorded as refusing", async function () {
      const { rooms, g2, p1 } = await loadFixture(twoFixture);
      const { deadline } = await progress(rooms, g2);
      await expireWindow(g2, deadline);
      await expect(rooms.connect(p1).advance(g2)).to.emit(rooms, "NoOffer").withArgs(g2, 1, NoOfferReason.Refused);
      expect((await rooms.roomStats(g2)).refusals).to.equal(1);
    });
  });

  describe("G3: shame", function () {
    it("after a snatch P1 may shame P2 (kept in P2's profile across rooms), decline, or let the window pass", async function () {
      const base = await loadFixture(twoFixture);
      const { rooms, lens, g3, p1, p2, outsider } = base;
      const t = goods({ turkey: 1 });
      await expect(rooms.connect(p1).shame(g3, p2.address))
        .to.be.revertedWithCustomError(rooms, "WrongPhase")
        .withArgs(g3, Phase.Offering);
      let id = await offerIdOf(rooms, await rooms.connect(p1).offer(g3, p2.address, t, t));
      const snatchBlock = (await ethers.provider.getBlockNumber()) + 1;
      await expect(rooms.connect(p2).snatch(g3, id))
        .to.emit(rooms, "PhaseStarted")
        .withArgs(g3, 1, Phase.Deciding, snatchBlock + DEFAULT_WINDOWS.decision);
      await expect(rooms.connect(p2).shame(g3, p1.address))
        .to.be.revertedWithCustomError(rooms, "NotYourTurn")
        .withArgs(g3, p2.address);
      await expect(rooms.connect(p1).shame(g3, p1.address)).to.be.revertedWithCustomError(rooms, "SelfTarget");
      await expect(rooms.connect(p1).shame(g3, outsider.address))
        .to.be.revertedWithCustomError(rooms, "TargetNotMember")
        .withArgs(g3, outsider.address);
      await expect(rooms.connect(p1).shame(g3, p2.address))
        .to.emit(rooms, "ShameGiven")
        .withArgs(g3, 1, p1.address, p2.address, 1);
      expect((await rooms.profileOf(p2.address)).g3Shame).to.equal(1);
      expect((await progress(rooms, g3)).round).to.equal(2);
      // Round 2: snatched again, P1 declines.
      id = await offerIdOf(rooms, await rooms.connect(p1).offer(g3, p2.address, t, t));
      await rooms.connect(p2).snatch(g3, id);
      await expect(rooms.connect(p1).pass(g3)).to.emit(rooms, "DecisionDeclined").withArgs(g3, 2, false);
      // Round 3: snatched, P1 silent: the window's default is no shame.
      id = await offerIdOf(rooms, await rooms.connect(p1).offer(g3, p2.address, t, t));
      await rooms.connect(p2).snatch(g3, id);
      const { deadline } = await progress(rooms, g3);
      await expireWindow(g3, deadline);
      const end = rooms.advance(g3);
      await expect(end).to.emit(rooms, "DecisionDeclined").withArgs(g3, 3, true);
      await expect(end).to.emit(rooms, "RoomFinished");
      expect((await rooms.roomStats(g3)).shames).to.equal(1);
      // The shame follows P2 into its next room (shown, no penalty).
      const next = await factoryRoom(base, Preset.G1, [outsider, p2]);
      expect((await lens.roomView(next)).profileShame.map(Number)).to.deep.equal([0, 1, 0]);
      expect((await holdings(lens, next)).free[1]).to.deep.equal([0, 0, 10]);
    });

    it("shame is not a G1 action; an accepted offer opens no decision window", async function () {
      const { rooms, g1, g3, p1, p2 } = await loadFixture(twoFixture);
      await expect(rooms.connect(p1).shame(g1, p2.address))
        .to.be.revertedWithCustomError(rooms, "RuleNotInRound")
        .withArgs(g1, 1, RuleSet.G1Plain);
      const id = await offerIdOf(rooms, await rooms.connect(p1).offer(g3, p2.address, goods({ turkey: 1 }), goods({})));
      await rooms.connect(p2).accept(g3, id);
      expect(await progress(rooms, g3)).to.include({ round: 2, phase: Phase.Offering });
    });
  });

  describe("G4: report", function () {
    it("a report reverses the snatch and P1 receives the shrunk request from P2 (inverse sanction)", async function () {
      const { rooms, lens, g1, g4, p1, p2 } = await loadFixture(twoFixture);
      await expect(rooms.connect(p1).report(g1, 1))
        .to.be.revertedWithCustomError(rooms, "RuleNotInRound")
        .withArgs(g1, 1, RuleSet.G1Plain);
      await expect(rooms.connect(p1).report(g4, 1))
        .to.be.revertedWithCustomError(rooms, "WrongPhase")
        .withArgs(g4, Phase.Offering);
      let id = await offerIdOf(
        rooms,
        await rooms.connect(p1).offer(g4, p2.address, goods({ turkey: 4 }), goods({ corn: 6 })),
      );
      await rooms.connect(p2).snatch(g4, id);
      await expect(rooms.connect(p2).report(g4, id))
        .to.be.revertedWithCustomError(rooms, "NotVictim")
        .withArgs(g4, id, p2.address);
      const reported = rooms.connect(p1).report(g4, id);
      await expect(reported).to.emit(rooms, "SnatchReported").withArgs(g4, id, p1.address);
      await expect(reported).to.emit(rooms, "SnatchReversed").withArgs(g4, id, [4, 0, 0], [0, 0, 6]);
      expect((await holdings(lens, g4)).free.slice(0, 2)).to.deep.equal([
        [10, 0, 6],
        [0, 0, 4],
      ]);
      expect((await lens.offerView(g4, id)).status).to.equal(OfferStatus.Reversed);
      // Round 2: 12 turkeys offered with 10 held for 6 corn: the request shrinks to 5, P2 holds 4.
      id = await offerIdOf(
        rooms,
        await rooms.connect(p1).offer(g4, p2.address, goods({ turkey: 12 }), goods({ corn: 6 })),
      );
      await rooms.connect(p2).snatch(g4, id);
      await expect(rooms.connect(p1).report(g4, id))
        .to.emit(rooms, "SnatchReversed")
        .withArgs(g4, id, [10, 0, 0], [0, 0, 4]);
      expect((await rooms.roomStats(g4)).reports).to.equal(2);
    });

    // A 2-player room stores its latest offer only (SnatchLayout.ring is 1): an earlier round's offer is named by an id
    // whose slot now holds this round's offer, so it is refused as overwritten (3-player rooms, whose ring holds 12,
    // refuse it with NotASnatch / OfferNotThisRound: SnatchRooms.three.test.ts).
    it("only this round's snatch can be reported: earlier offers are overwritten", async function () {
      const { rooms, g4, p1, p2 } = await loadFixture(twoFixture);
      const accepted = await offerIdOf(
        rooms,
        await rooms.connect(p1).offer(g4, p2.address, goods({ turkey: 1 }), goods({})),
      );
      await rooms.connect(p2).accept(g4, accepted);
      const old = await offerIdOf(
        rooms,
        await rooms.connect(p1).offer(g4, p2.address, goods({ turkey: 1 }), goods({})),
      );
      await rooms.connect(p2).snatch(g4, old);
      await rooms.connect(p1).pass(g4);
      const id = await offerIdOf(rooms, await rooms.connect(p1).offer(g4, p2.address, goods({ turkey: 1 }), goods({})));
      await rooms.connect(p2).snatch(g4, id);
      await expect(rooms.connect(p1).report(g4, accepted))
        .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
        .withArgs(g4, accepted);
      await expect(rooms.connect(p1).report(g4, old))
        .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
        .withArgs(g4, old);
      await expect(rooms.connect(p1).report(g4, id)).to.emit(rooms, "SnatchReversed");
    });
  });

  describe("G5: cheap talk", function () {
    it("a talk window precedes the offer window; messages are events; both done (or the deadline) opens offers", async function () {
      const { rooms, g5, p1, p2, outsider } = await loadFixture(twoFixture);
      let { phase, deadline } = await progress(rooms, g5);
      expect(phase).to.equal(Phase.Talk);
      await expect(rooms.connect(p2).talk(g5, "I will accept a fair offer"))
        .to.emit(rooms, "MessageSent")
        .withArgs(g5, 1, p2.address, "I will accept a fair offer");
      await expect(rooms.connect(p1).talk(g5, "x".repeat(281)))
        .to.be.revertedWithCustomError(rooms, "MessageTooLong")
        .withArgs(281, 280);
      await rooms.connect(p1).talk(g5, "x".repeat(280));
      await expect(rooms.connect(outsider).talk(g5, "hi"))
        .to.be.revertedWithCustomError(rooms, "NotAMember")
        .withArgs(g5, outsider.address);
      // P1's offer before P2 is done: the other player is still talking.
      await expect(rooms.connect(p1).offer(g5, p2.address, goods({ turkey: 1 }), goods({})))
        .to.be.revertedWithCustomError(rooms, "TalkNotOver")
        .withArgs(g5);
      await expect(rooms.connect(p1).done(g5)).to.emit(rooms, "PlayerDone").withArgs(g5, 1, p1.address);
      await expect(rooms.connect(p1).done(g5))
        .to.be.revertedWithCustomError(rooms, "AlreadyDone")
        .withArgs(g5, p1.address);
      await expect(rooms.connect(p2).done(g5)).to.emit(rooms, "PhaseStarted");
      await expect(rooms.connect(p1).talk(g5, "too late"))
        .to.be.revertedWithCustomError(rooms, "MessageOutsideWindow")
        .withArgs(g5, Phase.Offering);
      await rooms.connect(p1).pass(g5);
      // Round 2: nobody says done; the talk window expires into the offer window.
      ({ phase, deadline } = await progress(rooms, g5));
      expect(phase).to.equal(Phase.Talk);
      await expireWindow(g5, deadline);
      await expect(rooms.advance(g5))
        .to.emit(rooms, "PhaseStarted")
        .withArgs(g5, 2, Phase.Offering, deadline + DEFAULT_WINDOWS.offer);
    });

    /** Talk and offer windows that differ (the presets' are both 20): the offer window's length shows in its deadline. */
    const UNEVEN = { ...DEFAULT_WINDOWS, talk: 7, offer: 13 };

    /**
     * Two fresh G5 rooms of P1, P2 in round 1's talk window (the G5 preset, or a format of three G5 rounds with the
     * `UNEVEN` windows); P2 said done in both when `p2Done`.
     */
    async function twins(p2Done: boolean, uneven = false) {
      const f = await loadFixture(twoFixture);
      let format: number = Preset.G5;
      if (uneven) {
        await f.rooms.createFormat([RuleSet.G5CheapTalk, RuleSet.G5CheapTalk, RuleSet.G5CheapTalk], UNEVEN);
        format = Number(await f.rooms.formatCount());
      }
      const a = await factoryRoom(f, format, [f.p1, f.p2]);
      const b = await factoryRoom(f, format, [f.p1, f.p2]);
      if (p2Done) for (const id of [a, b]) await f.rooms.connect(f.p2).done(id);
      return { ...f, a, b, windows: uneven ? UNEVEN : DEFAULT_WINDOWS };
    }

    /** The logs of mined transactions, decoded, with the room id written `room` (to compare two rooms' logs). */
    async function logsOf(rooms: SnatchRooms, hashes: string[]) {
      const out: string[] = [];
      for (const hash of hashes) {
        const receipt = (await ethers.provider.getTransactionReceipt(hash))!;
        for (const log of receipt.logs) {
          const e = rooms.interface.parseLog(log)!;
          out.push(`${e.name}(${["room", ...[...e.args].slice(1)].map(String).join(", ")})`);
        }
      }
      return out;
    }

    /** Everything the room stores and shows, as text (to compare two rooms). */
    async function stateOf(rooms: SnatchRooms, lens: SnatchRoomsLens, id: bigint) {
      return JSON.stringify(
        [await rooms.roomData(id), await rooms.offerData(id, 1), await lens.roomView(id)],
        (_k, v) => (typeof v === "bigint" ? v.toString() : v),
      );
    }

    for (const [move, uneven] of [
      ["offer", false],
      ["pass", false],
      ["offer", true],
      ["pass", true],
    ] as const) {
      const which = uneven ? " (talk 7, offer 13)" : "";
      it(`P2 done: P1's ${move} in the talk window is done + ${move} in one block (events, state)${which}`, async function () {
        const { rooms, lens, p1, p2, a, b, windows } = await twins(true, uneven);
        const send = (id: bigint, o: { gasLimit: number }) =>
          move === "offer"
            ? rooms.connect(p1).offer(id, p2.address, goods({ turkey: 3 }), goods({ corn: 2 }), o)
            : rooms.connect(p1).pass(id, o);
        // Room a: P1's done then its move; room b: the move alone. All three in one block (the same deadlines).
        await network.provider.send("evm_setAutomine", [false]);
        const hashes: string[] = [];
        try {
          hashes.push((await rooms.connect(p1).done(a, { gasLimit: 1_000_000 })).hash);
          hashes.push((await send(a, { gasLimit: 1_000_000 })).hash);
          hashes.push((await send(b, { gasLimit: 1_000_000 })).hash);
          await network.provider.send("evm_mine", []);
        } finally {
          await network.provider.send("evm_setAutomine", [true]);
        }
        for (const h of hashes) expect((await ethers.provider.getTransactionReceipt(h))!.status).to.equal(1);
        const single = await logsOf(rooms, [hashes[2]]);
        expect(single).to.deep.equal(await logsOf(rooms, hashes.slice(0, 2)));
        const block = (await ethers.provider.getTransactionReceipt(hashes[2]))!.blockNumber;
        expect(single.slice(0, 2)).to.deep.equal([
          `PlayerDone(room, 1, ${p1.address})`,
          `PhaseStarted(room, 1, ${Phase.Offering}, ${block + windows.offer})`,
        ]);
        expect(single[2]).to.match(move === "offer" ? /^OfferMade\(/ : /^NoOffer\(room, 1, /);
        expect(await stateOf(rooms, lens, b)).to.equal(await stateOf(rooms, lens, a));
        expect((await progress(rooms, b)).phase).to.equal(move === "offer" ? Phase.Responding : Phase.Talk);
      });
    }

    it("P2 not done: P1's offer and pass in the talk window revert with TalkNotOver; P2's with NotYourTurn", async function () {
      const { rooms, lens, p1, p2, a } = await twins(false);
      const before = await stateOf(rooms, lens, a);
      const offer = goods({ turkey: 1 });
      await expect(rooms.connect(p1).offer(a, p2.address, offer, goods({})))
        .to.be.revertedWithCustomError(rooms, "TalkNotOver")
        .withArgs(a);
      await expect(rooms.connect(p1).pass(a)).to.be.revertedWithCustomError(rooms, "TalkNotOver").withArgs(a);
      expect(await stateOf(rooms, lens, a)).to.equal(before);
      // P1 done first changes nothing for P1's moves: P2 is still talking.
      await rooms.connect(p1).done(a);
      await expect(rooms.connect(p1).pass(a)).to.be.revertedWithCustomError(rooms, "TalkNotOver").withArgs(a);
      // P2 has no offer or pass in the talk window (as in the offer window), done or not.
      await expect(rooms.connect(p2).offer(a, p1.address, goods({ corn: 1 }), goods({})))
        .to.be.revertedWithCustomError(rooms, "NotYourTurn")
        .withArgs(a, p2.address);
      await expect(rooms.connect(p2).pass(a))
        .to.be.revertedWithCustomError(rooms, "NotYourTurn")
        .withArgs(a, p2.address);
    });

    it("P2 done: P1 may still talk and say done; P2's done and moves are unchanged", async function () {
      const { rooms, p1, p2, a } = await twins(true);
      await expect(rooms.connect(p2).pass(a))
        .to.be.revertedWithCustomError(rooms, "NotYourTurn")
        .withArgs(a, p2.address);
      await expect(rooms.connect(p2).done(a))
        .to.be.revertedWithCustomError(rooms, "AlreadyDone")
        .withArgs(a, p2.address);
      await rooms.connect(p1).talk(a, "one more thing");
      await expect(rooms.connect(p1).done(a)).to.emit(rooms, "PhaseStarted").withArgs(a, 1, Phase.Offering, anyValue);
      expect((await progress(rooms, a)).phase).to.equal(Phase.Offering);
    });

    it("random roles: P1 in either seat ends the talk with its offer once P2 (the other seat) is done", async function () {
      const { rooms, p1: a, p2: b } = await loadFixture(twoFixture);
      const seen = new Set<number>();
      // Rooms until P1 sat in both seats (40 fair tosses all alike: 2^-39; see the rooms test's roles).
      for (let i = 0; i < 40 && seen.size < 2; i++) {
        const tx = await rooms.connect(a).createRoom(Preset.G5, DEFAULT_FILL_BLOCKS, "");
        const id = await eventArg(rooms, tx, "RoomCreated", "roomId");
        await rooms.connect(b).join(id, "");
        await mine(1);
        await rooms.advance(id);
        const p1Seat = (Number((await rooms.roomData(id)).roles) & 3) === 0 ? 0 : 1;
        seen.add(p1Seat);
        const [p1, p2] = p1Seat === 0 ? [a, b] : [b, a];
        await expect(rooms.connect(p1).pass(id)).to.be.revertedWithCustomError(rooms, "TalkNotOver").withArgs(id);
        await rooms.connect(p2).done(id);
        const offer = rooms.connect(p1).offer(id, p2.address, goods({ turkey: 2 }), goods({ corn: 2 }));
        await expect(offer).to.emit(rooms, "PlayerDone").withArgs(id, 1, p1.address);
        expect((await progress(rooms, id)).phase).to.equal(Phase.Responding);
        expect(roundFlags((await rooms.roomData(id)).roundBits).done.slice(0, 2)).to.deep.equal([true, true]);
      }
      expect(seen.size).to.equal(2);
    });

    it("an offer or pass of P1 after the talk window expired opens the offer window by expiry, as before", async function () {
      const { rooms, p1, p2, a } = await twins(false);
      const { deadline } = await progress(rooms, a);
      await expireWindow(a, deadline);
      const tx = rooms.connect(p1).offer(a, p2.address, goods({ turkey: 1 }), goods({}));
      await expect(tx).to.emit(rooms, "PhaseStarted").withArgs(a, 1, Phase.Offering, anyValue);
      await expect(tx).not.to.emit(rooms, "PlayerDone");
    });
  });
});
