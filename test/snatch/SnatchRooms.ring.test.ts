import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import type { SnatchRooms } from "../../typechain-types";
import { eventArg } from "../../client/snatch/room";
import { DEFAULT_WINDOWS, goods, OfferStatus, Phase, RuleSet } from "../../client/snatch/names";
import { offerStatesOf } from "../../client/snatch/state";
import { baseFixture, factoryRoom, offerIdOf, progress, twoFixture, type Signer } from "./fixtures";

// A room's offers live in a ring of slots (SnatchLayout.ring: 12 in a 3-player room, 1 in a 2-player room), so that
// its later offers update a used word instead of writing a new one. These tests play the most offers a round can hold
// into the ring and check that (1) a slot's previous offer is resolved, at its round's close, before the slot is
// reused, and (2) every call naming an overwritten id is refused with OfferOverwritten, never acting on the later
// offer that took its slot. (SnatchRooms.property.test.ts checks under random play that a pending offer is always
// stored.)

const GOODS = ["turkey", "coffee", "corn"] as const;

/** A 3-player room of two judge rounds: seats 0, 1, 2 produce turkey, coffee, corn; seat 0 judges round 1, seat 1 round 2. */
async function judgeRoomFixture() {
  const base = await baseFixture();
  const { rooms, players } = base;
  const format = Number(
    await eventArg(
      rooms,
      await rooms.createFormat([RuleSet.Judge, RuleSet.Judge], DEFAULT_WINDOWS),
      "FormatCreated",
      "format",
    ),
  );
  const seats = players.slice(0, 3);
  const roomId = await factoryRoom(base, format, seats);
  return { ...base, roomId, seats };
}

/** Every seat offers one of its good for one of the target's, twice to each opponent: the 12 offers a round holds. */
async function fillRound(rooms: SnatchRooms, roomId: bigint, seats: Signer[]): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (let k = 0; k < 2; k++) {
    for (let from = 0; from < 3; from++) {
      for (let to = 0; to < 3; to++) {
        if (to === from) continue;
        const tx = await rooms
          .connect(seats[from])
          .offer(roomId, seats[to].address, goods({ [GOODS[from]]: 1 }), goods({ [GOODS[to]]: 1 }));
        ids.push(await offerIdOf(rooms, tx));
      }
    }
  }
  return ids;
}

async function statusOf(rooms: SnatchRooms, roomId: bigint, id: bigint | number): Promise<number> {
  return Number((await rooms.offerData(roomId, id)).status);
}

describe("SnatchRooms: offers in a ring of slots", function () {
  it("3 players: a round holds 12 offers, all resolved at its close; the 13th offer takes offer 1's slot", async function () {
    const { rooms, lens, roomId, seats } = await loadFixture(judgeRoomFixture);
    const ids = await fillRound(rooms, roomId, seats);
    expect(ids.map(Number)).to.deep.equal(Array.from({ length: 12 }, (_, i) => i + 1));
    // The ring (SnatchLayout.RING_3P, a literal) is the most offers a round can hold: 6 ordered pairs x the limit.
    expect(6n * (await rooms.OFFERS_PER_TARGET())).to.equal(12n);
    // The ring's size is the round's limit: a 13th offer in the round is refused.
    await expect(
      rooms.connect(seats[0]).offer(roomId, seats[1].address, goods({ turkey: 1 }), goods({ coffee: 1 })),
    ).to.be.revertedWithCustomError(rooms, "OfferLimitReached");
    // An id not made yet is not found in the slot it would take (offer 2's, pending): nothing acts on offer 2.
    expect(await statusOf(rooms, roomId, 14)).to.equal(OfferStatus.None);
    await expect(rooms.connect(seats[2]).accept(roomId, 14))
      .to.be.revertedWithCustomError(rooms, "OfferNotPending")
      .withArgs(roomId, 14, OfferStatus.None);
    for (const s of seats) await rooms.connect(s).done(roomId);
    expect((await progress(rooms, roomId)).round).to.equal(2);
    // Every offer of round 1 was resolved (expired, escrow returned) by the round's close.
    for (const id of ids) expect(await statusOf(rooms, roomId, id)).to.equal(OfferStatus.Expired);

    const next = await offerIdOf(
      rooms,
      await rooms.connect(seats[0]).offer(roomId, seats[2].address, goods({ turkey: 2 }), goods({ corn: 1 })),
    );
    expect(next).to.equal(13n);
    const stored = await rooms.offerData(roomId, 13);
    expect([Number(stored.status), Number(stored.id), Number(stored.from), Number(stored.to)]).to.deep.equal([
      OfferStatus.Pending,
      13,
      0,
      2,
    ]);
    await expect(rooms.offerData(roomId, 1))
      .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
      .withArgs(roomId, 1);
    await expect(lens.offerView(roomId, 1))
      .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
      .withArgs(roomId, 1);
    expect(await statusOf(rooms, roomId, 2)).to.equal(OfferStatus.Expired); // slot 2 still holds offer 2
    // The list keeps its shape (entry i is offer i + 1); offer 1's entry is empty, its history is in the events.
    const all = await lens.allOffers(roomId);
    expect(all.map((o) => Number(o.status))).to.deep.equal([
      OfferStatus.None,
      ...Array<number>(11).fill(OfferStatus.Expired),
      OfferStatus.Pending,
    ]);
    expect((await lens.openOffers(roomId)).map(Number)).to.deep.equal([13]);

    // No response names offer 1 and acts on offer 13 (the target of 13 is seat 2, its maker seat 0).
    for (const kind of ["accept", "reject", "snatch"] as const) {
      await expect(rooms.connect(seats[2])[kind](roomId, 1))
        .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
        .withArgs(roomId, 1);
    }
    await expect(rooms.connect(seats[0]).cancel(roomId, 1))
      .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
      .withArgs(roomId, 1);
    expect(await statusOf(rooms, roomId, 13)).to.equal(OfferStatus.Pending);

    // A snatch of offer 13, reported; a report, a confirmation or a dismissal naming offer 1 is refused.
    await rooms.connect(seats[2]).snatch(roomId, 13);
    await expect(rooms.connect(seats[0]).report(roomId, 1))
      .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
      .withArgs(roomId, 1);
    await rooms.connect(seats[0]).report(roomId, 13);
    for (const s of seats) await rooms.connect(s).done(roomId);
    expect((await progress(rooms, roomId)).phase).to.equal(Phase.Judging);
    const judge = seats[1];
    await expect(rooms.connect(judge).confirmReport(roomId, 1, false))
      .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
      .withArgs(roomId, 1);
    await expect(rooms.connect(judge).dismissReport(roomId, 1))
      .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
      .withArgs(roomId, 1);
    await expect(rooms.connect(seats[0]).report(roomId, 1))
      .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
      .withArgs(roomId, 1);
    await expect(rooms.connect(judge).confirmReport(roomId, 13, false)).to.emit(rooms, "ReportConfirmed");
    expect(await statusOf(rooms, roomId, 13)).to.equal(OfferStatus.Confirmed);
  });

  it("3 players: offers 13 to 24 take the slots of a whole earlier round, each resolved first", async function () {
    const { rooms, lens, roomId, seats } = await loadFixture(judgeRoomFixture);
    await fillRound(rooms, roomId, seats);
    for (const s of seats) await rooms.connect(s).done(roomId);
    const ids = await fillRound(rooms, roomId, seats);
    expect(ids.map(Number)).to.deep.equal(Array.from({ length: 12 }, (_, i) => i + 13));
    for (let id = 1; id <= 12; id++) {
      await expect(rooms.offerData(roomId, id)).to.be.revertedWithCustomError(rooms, "OfferOverwritten");
    }
    for (const id of ids) expect(await statusOf(rooms, roomId, id)).to.equal(OfferStatus.Pending);
    const all = await lens.allOffers(roomId);
    expect(all.map((o) => Number(o.status))).to.deep.equal([
      ...Array<number>(12).fill(OfferStatus.None),
      ...Array<number>(12).fill(OfferStatus.Pending),
    ]);
    // The room's last close resolves them too, and the escrow is whole again.
    for (const s of seats) await rooms.connect(s).done(roomId);
    expect((await progress(rooms, roomId)).phase).to.equal(Phase.Finished);
    for (const id of ids) expect(await statusOf(rooms, roomId, id)).to.equal(OfferStatus.Expired);
    expect((await lens.roomView(roomId)).escrow.flat().map(Number)).to.deep.equal(Array<number>(9).fill(0));
  });

  it("2 players: the ring is one slot; each round's offer is resolved before the next round's takes it", async function () {
    const { rooms, lens, g1, p1, p2 } = await loadFixture(twoFixture);
    const offer = () => rooms.connect(p1).offer(g1, p2.address, goods({ turkey: 1 }), goods({ corn: 1 }));
    expect(offerStatesOf(await lens.allOffers(g1))).to.deep.equal([]); // a plain empty array, not an ethers Result
    const first = await offerIdOf(rooms, await offer());
    await rooms.connect(p2).accept(g1, first);
    expect(await statusOf(rooms, g1, first)).to.equal(OfferStatus.Accepted);
    const second = await offerIdOf(rooms, await offer());
    await expect(rooms.offerData(g1, first)).to.be.revertedWithCustomError(rooms, "OfferOverwritten").withArgs(g1, 1);
    for (const kind of ["accept", "reject", "snatch"] as const) {
      await expect(rooms.connect(p2)[kind](g1, first))
        .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
        .withArgs(g1, first);
    }
    await expect(rooms.connect(p1).cancel(g1, first))
      .to.be.revertedWithCustomError(rooms, "OfferOverwritten")
      .withArgs(g1, first);
    // An id not made yet finds the latest offer in the one slot and is not taken for it.
    await expect(rooms.connect(p2).accept(g1, 3))
      .to.be.revertedWithCustomError(rooms, "OfferNotPending")
      .withArgs(g1, 3, OfferStatus.None);
    expect((await lens.allOffers(g1)).map((o) => Number(o.status))).to.deep.equal([
      OfferStatus.None,
      OfferStatus.Pending,
    ]);
    // The pages' and bots' plain offers keep the stored ones, by id.
    expect(offerStatesOf(await lens.allOffers(g1)).map((o) => [o.id, o.status])).to.deep.equal([
      [2, OfferStatus.Pending],
    ]);
    await rooms.connect(p1).cancel(g1, second);
    expect(await statusOf(rooms, g1, second)).to.equal(OfferStatus.Cancelled);
    const third = await offerIdOf(rooms, await offer());
    await expect(rooms.offerData(g1, second)).to.be.revertedWithCustomError(rooms, "OfferOverwritten");
    await rooms.connect(p2).reject(g1, third);
    expect((await progress(rooms, g1)).phase).to.equal(Phase.Finished);
    expect(await statusOf(rooms, g1, third)).to.equal(OfferStatus.Rejected);
  });
});
