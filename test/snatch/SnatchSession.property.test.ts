import { expect } from "chai";
import { ethers } from "hardhat";
import fc from "fast-check";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { SessionStage } from "../../client/snatch/session";
import { runs } from "../helpers/coverage";
import { SESSION_CONFIG, closeAll, createAllRooms, sessionFixture, sessionRooms } from "./session-helpers";

/** Goods a 3-player room starts with: 5 of each producer's own good. */
const START_GOODS = 15;

interface Step {
  kind: "offer" | "accept" | "reject" | "snatch" | "done" | "shame" | "report";
  room: number;
  seat: number;
  other: number;
  offering: [number, number, number];
  requesting: [number, number, number];
}

const amounts = fc.tuple(fc.nat(3), fc.nat(3), fc.nat(3)) as fc.Arbitrary<[number, number, number]>;
const step: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom(
    "offer",
    "offer",
    "offer",
    "accept",
    "accept",
    "reject",
    "snatch",
    "snatch",
    "done",
    "shame",
    "report",
  ),
  room: fc.nat(10),
  seat: fc.nat(2),
  other: fc.nat(1),
  offering: amounts,
  requesting: amounts,
});

describe("SnatchSession: random sessions [property]", function () {
  it("seats everyone once, conserves goods (less shame burns) and sums the rooms' points and counters exactly", async function () {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 12 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 3 }),
        fc.array(step, { minLength: 20, maxLength: 60 }),
        async (n, listed, perBatch, steps) => {
          const { sessions, rooms, lens, teacher, players } = await loadFixture(sessionFixture);
          const seated = players.slice(0, n);
          const config = { ...SESSION_CONFIG, roomsPerBatch: perBatch };
          if (listed) {
            await sessions.connect(teacher).createSession(
              config,
              seated.map((p) => p.address),
              seated.map(() => ""),
            );
          } else {
            await sessions.connect(teacher).createSession(config, [], []);
            for (const p of seated) await sessions.connect(p).join(1, "");
            await sessions.connect(teacher).start(1);
          }
          await createAllRooms(sessions, 1n);
          const created = await sessionRooms(rooms, sessions, 1n);
          expect(created.length).to.equal(Math.floor(n / 3));

          // Random play: calls the rules refuse are skipped (they change nothing).
          for (const s of steps) {
            const room = created[s.room % created.length];
            // Answers and reports go to the room's latest offer, from its target (answers) or its maker (reports).
            const offerId = Number((await rooms.roomData(room.roomId)).offerCount);
            const last = offerId === 0 ? undefined : await rooms.offerData(room.roomId, offerId);
            const answering = ["accept", "reject", "snatch"].includes(s.kind);
            const seat = last && answering ? Number(last.to) : last && s.kind === "report" ? Number(last.from) : s.seat;
            const me = await ethers.getSigner(room.players[seat]);
            const target = room.players[(seat + 1 + s.other) % 3];
            const r = rooms.connect(me);
            const call = {
              offer: () => r.offer(room.roomId, target, s.offering, s.requesting),
              accept: () => r.accept(room.roomId, offerId),
              reject: () => r.reject(room.roomId, offerId),
              snatch: () => r.snatch(room.roomId, offerId),
              done: () => r.done(room.roomId),
              shame: () => r.shame(room.roomId, target),
              report: () => r.report(room.roomId, offerId),
            }[s.kind];
            try {
              await (await call()).wait();
            } catch {
              // refused by the rules
            }
          }
          await closeAll(sessions, 1n);

          const s = await sessions.session(1);
          expect(s.stage).to.equal(SessionStage.Finished);
          const all = await sessionRooms(rooms, sessions, 1n);
          const seen = new Set<string>();
          const sums = { offers: 0, accepts: 0, rejects: 0, snatches: 0, shames: 0, reports: 0 };
          let points = 0;
          for (const room of all) {
            expect(room.finished).to.equal(true);
            for (const [seat, p] of room.players.entries()) {
              expect(seen.has(p), `${p} seated twice`).to.equal(false);
              seen.add(p);
              const e = await sessions.entryOf(1, p);
              expect([e.recorded, Number(e.points)]).to.deep.equal([true, room.points[seat]]);
            }
            // Goods: the room's 15, less what shame penalties burned; nothing is left in escrow at the end.
            const v = await lens.roomView(room.roomId);
            const held = v.free.flat().reduce((a, b) => a + Number(b), 0);
            const escrowed = v.escrow.flat().reduce((a, b) => a + Number(b), 0);
            const burns = await rooms.queryFilter(rooms.filters.ShamePenaltyApplied(room.roomId));
            const burned = burns.reduce((a, ev) => a + ev.args.burned.reduce((x, y) => x + Number(y), 0), 0);
            expect(escrowed).to.equal(0);
            expect(held + burned).to.equal(START_GOODS);
            const stats = await rooms.roomStats(room.roomId);
            for (const k of Object.keys(sums) as (keyof typeof sums)[]) sums[k] += Number(stats[k]);
            points += room.points.reduce((a, b) => a + b, 0);
          }
          // Everyone sits once, but the n % 3 left over, who sit out and are named in SeatsDrawn.
          const drawn = await sessions.queryFilter(sessions.filters.SeatsDrawn(1));
          const satOut = drawn[0].args.satOut;
          expect(satOut.length).to.equal(n % 3);
          for (const p of satOut) expect(seen.has(p)).to.equal(false);
          expect(seen.size + satOut.length).to.equal(n);
          for (const p of satOut) expect((await sessions.seatOf(1, p)).satOut).to.equal(true);
          const t = s.totals;
          expect(Number(t.finished)).to.equal(all.length);
          for (const k of Object.keys(sums) as (keyof typeof sums)[]) expect(Number(t[k]), k).to.equal(sums[k]);
          expect(Number(t.points)).to.equal(points);
        },
      ),
      { numRuns: runs(6, 60) },
    );
  });
});
