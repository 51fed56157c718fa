// client/snatch's explanations: the previews (escrow, shrunk accept, G4 reversal, confirmed report) checked against
// what the contracts do on random offers, the defaults `advance` announces, the history rebuilt from real events, and
// the tournament's variant figures.
import { expect } from "chai";
import fc from "fast-check";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import type { ContractTransactionResponse } from "ethers";
import type { SnatchRooms } from "../../typechain-types";
import { DEFAULT_WINDOWS, OfferStatus, Phase, RuleSet } from "../../client/snatch/names";
import { roomTimeline, chatMessages, offeredAmounts, seatNames, type RoomEvent } from "../../client/snatch/history";
import {
  acceptPreview,
  advanceDefaults,
  confirmPreview,
  escrowFor,
  formatName,
  offerPreview,
  offerPreviewText,
  reversalPreview,
  shrinkRequest,
  takeUnits,
} from "../../client/snatch/rules";
import { offerStatesOf, p1Talk, roomStateOf, roundFlags, type Goods, type OfferState } from "../../client/snatch/state";
import { variantFigures } from "../../client/snatch/tournament";
import { baseFixture, factoryRoom, threeFixture, twoFixture } from "../snatch/fixtures";

/** The named arguments of `name` events in a transaction, as numbers per good. */
async function eventGoods(rooms: SnatchRooms, tx: ContractTransactionResponse, name: string, args: string[]) {
  const receipt = await tx.wait();
  for (const log of receipt!.logs) {
    const e = rooms.interface.parseLog(log);
    if (e?.name === name) return args.map((a) => (e.args[a] as bigint[]).map(Number));
  }
  throw new Error(`no ${name}`);
}

const amount = fc.integer({ min: 0, max: 8 });
const goods3 = fc.tuple(amount, amount, amount);

/** Every room event of a room, decoded by name, oldest first. */
async function eventsOf(rooms: SnatchRooms, roomId: bigint): Promise<RoomEvent[]> {
  const logs = await rooms.runner!.provider!.getLogs({ address: await rooms.getAddress(), fromBlock: 0 });
  const out: RoomEvent[] = [];
  for (const log of logs) {
    const e = rooms.interface.parseLog(log);
    if (!e || e.args.roomId !== roomId) continue;
    const args: Record<string, unknown> = {};
    e.fragment.inputs.forEach((p, i) => (args[p.name] = e.args[i]));
    out.push({ name: e.name, args, block: log.blockNumber });
  }
  return out;
}

describe("client/snatch: rules, previews and history", function () {
  describe("previews match the contracts", function () {
    it("offer escrow and accept (3 players, any goods): escrowFor and acceptPreview", async function () {
      await fc.assert(
        fc.asyncProperty(goods3, goods3, async (offering, requesting) => {
          fc.pre(offering.some((x) => x > 0));
          const { rooms, lens, roomId, coffee, corn } = await loadFixture(threeFixture);
          const before = roomStateOf(roomId, await lens.roomView(roomId));
          const tx = await rooms.connect(coffee).offer(roomId, corn.address, offering, requesting);
          const [escrowed] = await eventGoods(rooms, tx, "OfferMade", ["escrowed"]);
          expect(escrowed).to.deep.equal(escrowFor(offering as Goods, before.seats[1].free));
          expect(offerPreview(offering as Goods, requesting as Goods, before.seats[1].free).escrowed).to.deep.equal(
            escrowed,
          );
          const offers = offerStatesOf(await lens.allOffers(roomId));
          const target = roomStateOf(roomId, await lens.roomView(roomId)).seats[2].free;
          const preview = acceptPreview(offers[0], target);
          const accepted = await rooms.connect(corn).accept(roomId, 1);
          const [toTarget, toOfferer] = await eventGoods(rooms, accepted, "OfferAccepted", ["toTarget", "toOfferer"]);
          expect(toTarget).to.deep.equal(preview.receive);
          expect(toOfferer).to.deep.equal(preview.give);
        }),
        { numRuns: 25 },
      );
    });

    it("G4 reversal: reversalPreview", async function () {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 0, max: 14 }), async (give, want) => {
          const { rooms, lens, g4, p1, p2 } = await loadFixture(twoFixture);
          await rooms.connect(p1).offer(g4, p2.address, [give, 0, 0], [0, 0, want]);
          await rooms.connect(p2).snatch(g4, 1);
          const room = roomStateOf(g4, await lens.roomView(g4));
          const offer = offerStatesOf(await lens.allOffers(g4))[0];
          const preview = reversalPreview(offer, room.seats[1].free);
          const [returned, sanction] = await eventGoods(
            rooms,
            await rooms.connect(p1).report(g4, 1),
            "SnatchReversed",
            ["returned", "sanction"],
          );
          expect(returned).to.deep.equal(preview.returned);
          expect(sanction).to.deep.equal(preview.sanction);
        }),
        { numRuns: 15 },
      );
    });

    it("a confirmed report: confirmPreview (returned up to what the snatcher holds, then 3 forfeited)", async function () {
      async function judgeRoom() {
        const base = await threeFixture();
        await base.rooms.createFormat([RuleSet.Judge], DEFAULT_WINDOWS);
        const format = Number(await base.rooms.formatCount());
        const roomId = await factoryRoom(base, format, [base.turkey, base.coffee, base.corn]);
        return { ...base, judgeRoomId: roomId };
      }
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 5 }), async (give, spend) => {
          const { rooms, lens, judgeRoomId: id, turkey, coffee, corn } = await loadFixture(judgeRoom);
          // Coffee offers `give` coffee to corn; corn snatches, then gives some of its goods away to the judge, so
          // that the restitution is capped by what it holds.
          await rooms.connect(coffee).offer(id, corn.address, [0, give, 0], [0, 0, 1]);
          await rooms.connect(corn).snatch(id, 1);
          await rooms.connect(coffee).report(id, 1);
          if (spend > 0) {
            await rooms.connect(corn).offer(id, turkey.address, [0, Math.min(spend, give), 0], [0, 0, 0]);
            await rooms.connect(turkey).accept(id, 2);
          }
          await mine(1);
          for (const s of [turkey, coffee, corn]) await rooms.connect(s).done(id);
          const room = roomStateOf(id, await lens.roomView(id));
          expect(room.phase).to.equal(Phase.Judging);
          const offer = offerStatesOf(await lens.allOffers(id))[0];
          const preview = confirmPreview(offer, room.seats[2].free, room.seats[2].role);
          const [returned, forfeited] = await eventGoods(
            rooms,
            await rooms.connect(turkey).confirmReport(id, 1, false),
            "ReportConfirmed",
            ["returned", "forfeited"],
          );
          expect(returned).to.deep.equal(preview.returned);
          expect(forfeited).to.deep.equal(preview.forfeited);
        }),
        { numRuns: 12 },
      );
    });
  });

  describe("arithmetic and words", function () {
    it("shrinks a request by escrowed / offered, rounded down (6 corn for 6 coffee with 5 corn: 5 for 5)", function () {
      expect(shrinkRequest([0, 6, 0], 5, 6)).to.deep.equal([0, 5, 0]);
      expect(shrinkRequest([3, 3, 3], 1, 4)).to.deep.equal([0, 0, 0]);
      expect(shrinkRequest([1, 2, 3], 0, 0)).to.deep.equal([0, 0, 0]);
      const offer: OfferState = {
        id: 1,
        from: "a",
        to: "b",
        status: OfferStatus.Pending,
        escrowed: [0, 0, 5],
        requested: [0, 6, 0],
        offeredSum: 6,
        madeAt: 1,
      };
      const p = acceptPreview(offer, [0, 3, 0]);
      expect(p).to.deep.include({ shrank: true, short: true });
      expect(p.shrunk).to.deep.equal([0, 5, 0]);
      expect(p.give).to.deep.equal([0, 3, 0]);
      expect(offerPreviewText([0, 0, 6], [0, 6, 0], [0, 0, 5])).to.equal(
        "Sending escrows 5 corn now (you hold less than the 6 corn you offer). If accepted you receive 5 coffee " +
          "(your request of 6 coffee shrinks by 5/6), as far as the target holds it.",
      );
      expect(offerPreviewText([0, 0, 0], [1, 0, 0], [5, 0, 0])).to.equal("Offer at least one good.");
    });

    it("takes goods own first, then the largest holding (ties in enum order)", function () {
      expect(takeUnits([2, 1, 1], 0, 3)).to.deep.equal([2, 1, 0]);
      expect(takeUnits([0, 2, 2], 0, 3)).to.deep.equal([0, 2, 1]);
      expect(takeUnits([0, 0, 1], 2, 3)).to.deep.equal([0, 0, 1]);
    });

    it("names formats", function () {
      expect(formatName(3, [1, 1, 2, 3, 4])).to.equal("Snatch or Share");
      expect(formatName(2, [8, 8, 8])).to.equal("SnatchGame G4 report ×3");
      expect(formatName(2, [9, 8, 6])).to.equal("G5 cheap talk, G4 report, G2 forced offer");
    });

    it("says what advancing applies, per phase", function () {
      const base = {
        roomId: 1n,
        format: 1,
        playerCount: 3,
        roundCount: 5,
        round: 3,
        phase: Phase.Trading,
        rules: RuleSet.NoReject,
        deadline: 10,
        offersUntil: 0,
        judge: 3,
        forced: false,
        observer: "",
        rolesRequest: 0n,
        seats: [],
        firstOffer: 2,
        offerCount: 3,
        stats: { offers: 0, accepts: 0, rejects: 0, snatches: 0, shames: 0, reports: 0, refusals: 0 },
      };
      const offer = (id: number, status: number): OfferState => ({
        id,
        from: "a",
        to: "b",
        status,
        escrowed: [1, 0, 0],
        requested: [0, 0, 1],
        offeredSum: 1,
        madeAt: 1,
      });
      const offers = [offer(1, OfferStatus.Pending), offer(2, OfferStatus.Pending), offer(3, OfferStatus.Snatched)];
      expect(advanceDefaults(base, offers)).to.deep.equal([
        "closes trading: pending offers #2 execute as accepted, in that order",
        "starts round 4",
      ]);
      expect(advanceDefaults({ ...base, round: 5, rules: RuleSet.Judge }, offers)).to.deep.equal([
        "closes trading: pending offers #2 expire and their escrow returns",
        "opens judging for this round's snatches (#3)",
      ]);
      const two = {
        ...base,
        playerCount: 2,
        roundCount: 3,
        rules: RuleSet.G2Forced,
        phase: Phase.Offering,
        forced: true,
      };
      expect(advanceDefaults(two, [])).to.deep.equal([
        "records that the forced P1 refused to offer (no offer this round)",
        "finishes the room",
      ]);
      expect(advanceDefaults({ ...two, round: 1, phase: Phase.Talk }, [])).to.deep.equal([
        "closes the talk window and opens P1's offer window",
      ]);
      expect(advanceDefaults({ ...two, round: 2, phase: Phase.Responding }, offers)).to.deep.equal([
        "rejects the offer #2 (P2 did not answer): its escrow returns",
        "starts round 3",
      ]);
    });

    it("computes variant figures as the bots' tables print them", function () {
      const f = variantFigures(
        {
          offers: 6,
          accepts: 3,
          rejects: 1,
          snatches: 2,
          shames: 0,
          reports: 1,
          refusals: 0,
          pointsAsP1: 25,
          pointsAsP2: 31,
        },
        2,
      );
      expect(f).to.deep.include({
        offerRate: 1,
        acceptRate: 0.5,
        rejectRate: 0.17,
        snatchRate: 0.33,
        avgP1: 12.5,
        avgP2: 15.5,
      });
      expect(
        variantFigures(
          {
            offers: 0,
            accepts: 0,
            rejects: 0,
            snatches: 0,
            shames: 0,
            reports: 0,
            refusals: 0,
            pointsAsP1: 0,
            pointsAsP2: 0,
          },
          0,
        ),
      ).to.deep.include({
        acceptRate: 0,
        avgP1: 0,
      });
    });
  });

  describe("history from events", function () {
    it("tells a G5 room's story from its events alone", async function () {
      const { rooms, g5, p1, p2 } = await loadFixture(twoFixture);
      await rooms.connect(p2).talk(g5, "I will accept a fair offer.");
      await rooms.connect(p1).done(g5);
      await rooms.connect(p2).done(g5);
      await rooms.connect(p1).offer(g5, p2.address, [3, 0, 0], [0, 0, 3]);
      await rooms.connect(p2).snatch(g5, 1);
      const events = await eventsOf(rooms, g5);
      const names = new Map([
        [p1.address, "Alice"],
        [p2.address, "Bob"],
      ]);
      const timeline = roomTimeline(events, (a) => names.get(a) ?? a);
      const texts = timeline.map((e) => e.text);
      expect(texts[0]).to.match(/^Created by the tournament/);
      expect(texts).to.include("Roles drawn: P1 is Alice (10 turkey), P2 is Bob (10 corn)");
      expect(texts).to.include("Bob: “I will accept a fair offer.”");
      expect(texts).to.include("Alice offers 3 turkey to Bob for 3 corn (offer #1; escrowed in full)");
      expect(texts).to.include("Offer #1 (Alice → Bob) SNATCHED: the target took 3 turkey and gave nothing");
      expect(timeline.find((e) => e.name === "OfferSnatched")).to.deep.include({ round: 1, kind: "snatch" });
      expect(chatMessages(events)).to.have.length(1);
      expect(offeredAmounts(events).get(1)).to.deep.equal([3, 0, 0]);
    });

    it("G5: P1's offer once P2 is done ends the talk (p1Talk; the story says P1 is done, then the offer)", async function () {
      const { rooms, lens, g5, p1, p2 } = await loadFixture(twoFixture);
      const state = async () => roomStateOf(g5, await lens.roomView(g5));
      expect(p1Talk(await state(), 0)).to.deep.equal({ p2: 1, p2Done: false });
      expect(p1Talk(await state(), 1)).to.equal(undefined); // P2's seat
      expect(roundFlags((await rooms.roomData(g5)).roundBits).done).to.deep.equal([false, false, false]);
      await rooms.connect(p2).done(g5);
      expect(p1Talk(await state(), 0)).to.deep.equal({ p2: 1, p2Done: true });
      // The room's struct says the same as the lens (roundBits' DONE flag of P2's seat).
      expect(roundFlags((await rooms.roomData(g5)).roundBits).done).to.deep.equal([false, true, false]);
      await rooms.connect(p1).offer(g5, p2.address, [3, 0, 0], [0, 0, 3]);
      expect(p1Talk(await state(), 0)).to.equal(undefined); // P2's response window
      const names = new Map([
        [p1.address, "Alice"],
        [p2.address, "Bob"],
      ]);
      const texts = roomTimeline(await eventsOf(rooms, g5), (a) => names.get(a) ?? a).map((e) => e.text);
      const at = (t: string | RegExp) => texts.findIndex((x) => (typeof t === "string" ? x === t : t.test(x)));
      const order = ["Bob is done", "Alice is done", /^P1.s offer window until block/, /^Alice offers 3 turkey/].map(
        at,
      );
      expect(order.every((i) => i >= 0)).to.equal(true);
      expect([...order].sort((a, b) => a - b)).to.deep.equal(order);
    });

    it("names players by the names their seats carry (PlayerJoined), or that a tournament registered", async function () {
      const { rooms, players } = await loadFixture(baseFixture);
      const [a, b] = players;
      const { eventArg } = await import("../../client/snatch/room");
      const roomId = await eventArg(rooms, await rooms.connect(a).createRoom(2, 1000, "Ada"), "RoomCreated", "roomId");
      await rooms.connect(b).join(roomId, "");
      await mine(1);
      await rooms.advance(roomId);
      const events = await eventsOf(rooms, roomId);
      const show = (address: string, name?: string) => name ?? `#${address.slice(2, 6)}`;
      const texts = roomTimeline(events, show).map((e) => e.text);
      expect(texts).to.include("Ada took seat 0");
      expect(texts).to.include(`#${b.address.slice(2, 6)} took seat 1`);
      expect(texts[0]).to.equal("Created by Ada (format 2)");
      // A name known from elsewhere (a tournament's registration) fills in for a seat without one.
      const known = new Map([[b.address, "Bo"]]);
      expect(roomTimeline(events, show, known).map((e) => e.text)).to.include("Bo took seat 1");
      expect(Object.fromEntries(seatNames(events, known))).to.deep.equal({
        [a.address.toLowerCase()]: "Ada",
        [b.address.toLowerCase()]: "Bo",
      });
    });
  });
});
