import hre from "hardhat";
import { deploySeededRandomness } from "../lib/common";
import { gasOf, type BenchModule } from "../lib/gas";
import { deploySnatch } from "../snatch/lib";
import { eventArg } from "../../client/snatch/room";
import { DEFAULT_FILL_BLOCKS, goods, Preset } from "../../client/snatch/names";

const { ethers } = hre;

async function snapshot(): Promise<string> {
  return hre.network.provider.send("evm_snapshot", []);
}

async function revert(id: string): Promise<void> {
  await hre.network.provider.send("evm_revert", [id]);
}

const ROOMS_IN_BATCH = 100;

export const bench: BenchModule = {
  title: "Snatch or Share / SnatchGame rooms",
  goals: {
    "snatch.registerPlayer": { text: "report (a player's first room pays it once: profile id + address)" },
    "snatch.createRoom": { text: "report (3-player preset; creator already has a profile)" },
    "snatch.join": { text: "report (second seat)" },
    "snatch.join.named": { text: "report (second seat, with a 12-byte name: the linked DisplayName check)" },
    "snatch.join.fill": { text: "report (last seat: requests the roles randomness)" },
    "snatch.start": { text: "report (consumes the randomness: roles, goods, round 1)" },
    "snatch.offer": {
      text: "≤ 80,000 (3-player room, round 1, two goods offered for one: the room's first offer writes a new word)",
      max: 80_000,
    },
    "snatch.offer.reusedSlot": {
      text: "≤ 65,000 (the same offer in round 2, the room's 13th: it updates the slot of round 1's first offer)",
      max: 65_000,
    },
    "snatch.accept": { text: "≤ 60,000 (the same offer)", max: 60_000 },
    "snatch.snatch": { text: "≤ 60,000 (the same offer)", max: 60_000 },
    "snatch.reject": { text: "≤ 60,000 (the same offer)", max: 60_000 },
    "snatch.closeRound.3p": { text: "report (last `done` of round 1 with 3 pending offers returned)" },
    "snatch.closeRound.3p.noReject": { text: "report (last `done` of round 3 with 3 pending offers executed)" },
    "snatch.closeRound.3p.deadline": { text: "report (anyone's `advance` after the deadline, 3 pending offers)" },
    "snatch.offer.2p": { text: "report (P1's offer; opens P2's response window; the room's first: a new word)" },
    "snatch.offer.2p.reusedSlot": { text: "report (P1's next offer, round 3: it updates the room's one offer slot)" },
    "snatch.factory.perRoom": { text: "report (createRooms of 100 2-player rooms / 100; profiles exist)" },
    "snatch.factory.createRooms.100": { text: "report (one transaction)" },
    "snatch.pass.2p": { text: "report (P1 passes round 1 of a factory G1 room: the round closes, round 2 starts)" },
    "snatch.accept.2p": { text: "report (P2 accepts P1's round-2 offer: the round closes, round 3 starts)" },
    "snatch.reject.2p": { text: "report (the same offer rejected)" },
    "snatch.snatch.2p": { text: "report (the same offer snatched, G1: the round closes)" },
    "snatch.done.2p.talk": { text: "report (G5: the first player done talking)" },
    "snatch.done.2p.opensOffer": { text: "report (G5: the second player done talking opens the offer window)" },
    "snatch.talk.2p": { text: "report (G5: a 40-byte message)" },
    "snatch.offer.2p.endsTalk": {
      text: "report (G5: P1's first offer while talking, P2 done: P1's done, the offer window, the offer in one call)",
    },
    "snatch.pass.2p.endsTalk": { text: "report (G5: the same with a pass: P1's done, the offer window, round 2)" },
    "snatch.finalResponse.2p": {
      text: "report (P2's accept ending round 3 of a factory room, with the test factory's callback storing 4 words)",
    },
    "snatch.finalResponse.2p.noObserver": { text: "report (the same accept in a room without a factory)" },
    "snatch.advanceMany.perRoom": { text: "report (closing 100 timed-out 2-player rooms in one call / 100)" },
  },
  async run() {
    const out: Record<string, number> = {};
    const [, a, b, c, d] = await ethers.getSigners();
    // The seeded source: the rooms' roles (and so which seats trade, and the figures) are the same on every run.
    const randomness = await deploySeededRandomness(hre, 1n);
    const { rooms } = await deploySnatch(hre, await randomness.getAddress());
    const factory = await ethers.deployContract("SnatchFactoryHarness", [await rooms.getAddress()]);
    await rooms.setFactory(await factory.getAddress(), true);

    out["snatch.registerPlayer"] = await gasOf(rooms.registerPlayer(d.address));
    for (const p of [a, b, c]) await rooms.registerPlayer(p.address);

    // A 3-player room through create / join / start.
    await rooms.connect(a).createRoom(Preset.SnatchOrShare, DEFAULT_FILL_BLOCKS, ""); // the first room ever writes the room counter's slot
    const createTx = await rooms.connect(a).createRoom(Preset.SnatchOrShare, DEFAULT_FILL_BLOCKS, "");
    out["snatch.createRoom"] = await gasOf(createTx);
    const roomId = await eventArg(rooms, createTx, "RoomCreated", "roomId");
    out["snatch.join"] = await gasOf(rooms.connect(b).join(roomId, ""));
    out["snatch.join.fill"] = await gasOf(rooms.connect(c).join(roomId, ""));
    // The same second seat with a name (another room: the name is checked and emitted, not stored).
    const namedRoom = await eventArg(
      rooms,
      await rooms.connect(a).createRoom(Preset.SnatchOrShare, DEFAULT_FILL_BLOCKS, ""),
      "RoomCreated",
      "roomId",
    );
    out["snatch.join.named"] = await gasOf(rooms.connect(b).join(namedRoom, "Ada Lovelace"));
    await hre.network.provider.send("hardhat_mine", ["0x1"]);
    out["snatch.start"] = await gasOf(rooms.connect(d).advance(roomId));

    // Who produces what (roles are random).
    const v = await rooms.roomData(roomId);
    const roles = [0, 1, 2].map((s) => (Number(v.roles) >> (2 * s)) & 3);
    const seatOf = (good: number) => roles.indexOf(good);
    const signers = [a, b, c];
    const turkey = signers[seatOf(0)];
    const coffee = signers[seatOf(1)];
    const corn = signers[seatOf(2)];

    // The scenario: round 1, turkey offers 2 turkeys for 1 coffee (the room's first offer).
    const offerTx = await rooms
      .connect(turkey)
      .offer(roomId, coffee.address, goods({ turkey: 2 }), goods({ coffee: 1 }));
    out["snatch.offer"] = await gasOf(offerTx);
    const offerId = await eventArg(rooms, offerTx, "OfferMade", "offerId");
    for (const action of ["accept", "snatch", "reject"] as const) {
      const snap = await snapshot();
      out[`snatch.${action}`] = await gasOf(rooms.connect(coffee)[action](roomId, offerId));
      await revert(snap);
    }

    // Closing round 1 with 3 pending offers (returned), by the last `done` or by anyone after the deadline.
    await rooms.connect(coffee).offer(roomId, corn.address, goods({ coffee: 1 }), goods({ corn: 1 }));
    await rooms.connect(corn).offer(roomId, turkey.address, goods({ corn: 2 }), goods({ turkey: 1 }));
    await rooms.connect(turkey).done(roomId);
    await rooms.connect(coffee).done(roomId);
    let snap = await snapshot();
    out["snatch.closeRound.3p"] = await gasOf(rooms.connect(corn).done(roomId));
    await revert(snap);
    snap = await snapshot();
    await hre.network.provider.send("hardhat_mine", ["0x80"]);
    out["snatch.closeRound.3p.deadline"] = await gasOf(rooms.connect(d).advance(roomId));
    await revert(snap);
    await rooms.connect(corn).done(roomId);

    // Round 3 (no reject): 3 pending offers execute at the close.
    for (const p of [turkey, coffee, corn]) await rooms.connect(p).done(roomId);
    await rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 1 }), goods({ coffee: 1 }));
    await rooms.connect(coffee).offer(roomId, corn.address, goods({ coffee: 1 }), goods({ corn: 1 }));
    await rooms.connect(corn).offer(roomId, turkey.address, goods({ corn: 1 }), goods({ turkey: 1 }));
    await rooms.connect(turkey).done(roomId);
    await rooms.connect(coffee).done(roomId);
    out["snatch.closeRound.3p.noReject"] = await gasOf(rooms.connect(corn).done(roomId));

    // An offer in a reused slot: a factory room (seats 0, 1, 2 produce turkey, coffee, corn) whose round 1 holds the
    // 12 offers a round can (each seat offers each opponent twice), closed by everyone's `done`; round 2's first offer,
    // the scenario's offer again, is the room's 13th and takes the slot of round 1's first (SnatchLayout.ring).
    const ring = await eventArg(
      rooms,
      await factory.create(Preset.SnatchOrShare, [a.address, b.address, c.address]),
      "RoomCreated",
      "roomId",
    );
    const ringSeats = [a, b, c];
    const own = ["turkey", "coffee", "corn"] as const;
    for (let k = 0; k < 2; k++) {
      for (let from = 0; from < 3; from++) {
        for (let to = 0; to < 3; to++) {
          if (to === from) continue;
          await rooms
            .connect(ringSeats[from])
            .offer(ring, ringSeats[to].address, goods({ [own[from]]: 1 }), goods({ [own[to]]: 1 }));
        }
      }
    }
    for (const p of ringSeats) await rooms.connect(p).done(ring);
    const reused = await rooms.connect(a).offer(ring, b.address, goods({ turkey: 2 }), goods({ coffee: 1 }));
    if ((await eventArg(rooms, reused, "OfferMade", "offerId")) !== 13n) throw new Error("not the room's 13th offer");
    out["snatch.offer.reusedSlot"] = await gasOf(reused);

    // Factory rooms: 200 registered players, 100 rooms in one call.
    const players: string[] = [];
    for (let i = 0; i < 2 * ROOMS_IN_BATCH; i++) {
      // Fixed, random-looking addresses: the calldata's cost does not vary between runs.
      const addr = ethers.getAddress(ethers.dataSlice(ethers.id(`bench player ${i}`), 12));
      players.push(addr);
      await rooms.registerPlayer(addr);
    }
    const batchTx = await factory.create(Preset.G1, players);
    const batchGas = await gasOf(batchTx);
    out["snatch.factory.createRooms.100"] = batchGas;
    out["snatch.factory.perRoom"] = Math.round(batchGas / ROOMS_IN_BATCH);
    const firstRoom = (await eventArg(rooms, batchTx, "RoomCreated", "roomId")) - BigInt(ROOMS_IN_BATCH - 1);

    // A factory room played to its end by two real accounts.
    const duel = await eventArg(
      rooms,
      await factory.create(Preset.G1, [a.address, b.address]),
      "RoomCreated",
      "roomId",
    );
    out["snatch.pass.2p"] = await gasOf(rooms.connect(a).pass(duel));
    const duelOffer = await rooms.connect(a).offer(duel, b.address, goods({ turkey: 3 }), goods({ corn: 3 }));
    out["snatch.offer.2p"] = await gasOf(duelOffer);
    const duelOfferId = await eventArg(rooms, duelOffer, "OfferMade", "offerId");
    for (const action of ["reject", "snatch"] as const) {
      const snap2 = await snapshot();
      out[`snatch.${action}.2p`] = await gasOf(rooms.connect(b)[action](duel, duelOfferId));
      await revert(snap2);
    }
    out["snatch.accept.2p"] = await gasOf(rooms.connect(b).accept(duel, duelOfferId));
    const lastOffer = await rooms.connect(a).offer(duel, b.address, goods({ turkey: 3 }), goods({ corn: 3 }));
    out["snatch.offer.2p.reusedSlot"] = await gasOf(lastOffer);
    const last = await eventArg(rooms, lastOffer, "OfferMade", "offerId");
    out["snatch.finalResponse.2p"] = await gasOf(rooms.connect(b).accept(duel, last));

    // G5: the talk window (a factory room: seat 0 is P1).
    const chat = await eventArg(
      rooms,
      await factory.create(Preset.G5, [a.address, b.address]),
      "RoomCreated",
      "roomId",
    );
    out["snatch.talk.2p"] = await gasOf(rooms.connect(b).talk(chat, "x".repeat(40)));
    out["snatch.done.2p.talk"] = await gasOf(rooms.connect(a).done(chat));
    out["snatch.done.2p.opensOffer"] = await gasOf(rooms.connect(b).done(chat));
    // G5: P2 done, P1's offer or pass ends the talk (no `done` of P1's own).
    const direct = await eventArg(
      rooms,
      await factory.create(Preset.G5, [a.address, b.address]),
      "RoomCreated",
      "roomId",
    );
    await rooms.connect(b).done(direct);
    const snap3 = await snapshot();
    out["snatch.pass.2p.endsTalk"] = await gasOf(rooms.connect(a).pass(direct));
    await revert(snap3);
    out["snatch.offer.2p.endsTalk"] = await gasOf(
      rooms.connect(a).offer(direct, b.address, goods({ turkey: 3 }), goods({ corn: 3 })),
    );

    // The same final response in a room nobody observes (an open room: created, joined, roles drawn).
    const plain = await eventArg(
      rooms,
      await rooms.connect(a).createRoom(Preset.G1, DEFAULT_FILL_BLOCKS, ""),
      "RoomCreated",
      "roomId",
    );
    await rooms.connect(b).join(plain, "");
    await hre.network.provider.send("hardhat_mine", ["0x1"]);
    await rooms.advance(plain);
    const seats = await rooms.roomData(plain);
    const [p1, p2] = (Number(seats.roles) & 3) === 0 ? [a, b] : [b, a];
    await rooms.connect(p1).pass(plain);
    await rooms.connect(p1).pass(plain);
    const lastPlain = await eventArg(
      rooms,
      await rooms.connect(p1).offer(plain, p2.address, goods({ turkey: 3 }), goods({ corn: 3 })),
      "OfferMade",
      "offerId",
    );
    out["snatch.finalResponse.2p.noObserver"] = await gasOf(rooms.connect(p2).accept(plain, lastPlain));

    // The 100 factory rooms time out (3 offer windows of 20 blocks) and are closed in one batch.
    await hre.network.provider.send("hardhat_mine", ["0x50"]);
    const ids = Array.from({ length: ROOMS_IN_BATCH }, (_, i) => firstRoom + BigInt(i));
    out["snatch.advanceMany.perRoom"] = Math.round((await gasOf(rooms.advanceMany(ids))) / ROOMS_IN_BATCH);
    return out;
  },
};
