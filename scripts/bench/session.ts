import hre from "hardhat";
import { mine } from "@nomicfoundation/hardhat-network-helpers";
import { deploySeededRandomness } from "../lib/common";
import { gasOf, type BenchModule } from "../lib/gas";
import { deploySession, deploySnatch } from "../snatch/lib";
import { DEFAULT_SESSION_CONFIG, ROOMS_PER_TX, SessionStage, listingBatches } from "../../client/snatch/session";

const { ethers } = hre;

const TX_LIMIT = 15_000_000;
/** What any transaction the tasks and pages send must stay under (EIP-7825 caps one at 2^24 on mainnet). */
const SENT_LIMIT = 10_000_000;
/** The largest listed session: MAX_LISTED_SEATS seats with 12-byte names (80 rooms), batches of MAX_ROOMS_PER_BATCH. */
const ROOMS = 80;
const PER_BATCH = 50;

export const bench: BenchModule = {
  title: "Three-player class session",
  goals: {
    "session.create.firstCome": { text: "report (a first-come session on the preset format)" },
    "session.join": {
      text: "report (a new account joins with a 12-byte name: its SnatchRooms profile is created too)",
    },
    "session.start": { text: "report (the teacher closes seating: the draw's randomness request)" },
    "session.create.listed.240": {
      text: "≤ 15,000,000 (240 listed seats with 12-byte names in one transaction: the contract takes it; tasks and pages send batches)",
      max: TX_LIMIT,
    },
    "session.maxTransaction.240": {
      text: "≤ 10,000,000: the largest transaction tasks and pages send for 240 listed seats (batches of 120 seats, then start; rooms 40 a transaction; timed-out rooms 50 a call)",
      max: SENT_LIMIT,
    },
    "session.createRooms.40": {
      text: "≤ 10,000,000 (the first batch of 40 rooms of 240 new players, as tasks and pages send: the draw, profiles, rooms)",
      max: SENT_LIMIT,
    },
    "session.create.listed.perSeat": { text: "report (the same / 240)" },
    "session.createRooms.50": {
      text: "≤ 15,000,000 (the first batch of 50 rooms of 240 new players: the draw, profiles, rooms)",
      max: TX_LIMIT,
    },
    "session.closeTimedOut.50": {
      text: "≤ 15,000,000 (closeTimedOutRooms of 50 abandoned rooms: every window's default and the callback)",
      max: TX_LIMIT,
    },
    "session.closeTimedOut.perRoom": { text: "report (the same / 50)" },
  },
  async run() {
    const out: Record<string, number> = {};
    const [, teacher, player] = await ethers.getSigners();
    const source = await deploySeededRandomness(hre, 1n);
    const { rooms, libraries } = await deploySnatch(hre, await source.getAddress());
    const sessions = await deploySession(hre, rooms, await source.getAddress(), { displayName: libraries.DisplayName });
    const t = sessions.connect(teacher);

    out["session.create.firstCome"] = await gasOf(t.createSession(DEFAULT_SESSION_CONFIG, [], []));
    out["session.join"] = await gasOf(sessions.connect(player).join(1, "Student 123"));
    for (const s of (await ethers.getSigners()).slice(3, 5)) await sessions.connect(s).join(1, "");
    out["session.start"] = await gasOf(t.start(1));

    // Fixed, realistic addresses (hashes: few zero bytes), so that the figures replay exactly.
    const seats = Array.from({ length: 3 * ROOMS }, (_, i) =>
      ethers.getAddress(ethers.dataSlice(ethers.keccak256(ethers.toBeHex(i + 1, 32)), 12)),
    );
    const names = seats.map((_, i) => `Student ${String(i).padStart(3, "0")}`);
    const config = { ...DEFAULT_SESSION_CONFIG, rooms: ROOMS, roomsPerBatch: PER_BATCH };
    out["session.create.listed.240"] = await gasOf(t.createSession(config, seats, names));
    out["session.create.listed.perSeat"] = Math.round(out["session.create.listed.240"] / seats.length);
    await mine(1);
    out["session.createRooms.50"] = await gasOf(sessions.createRooms(2));
    await sessions.createRooms(2);
    const deadline = Number((await sessions.session(2)).deadline);
    await mine(deadline - (await ethers.provider.getBlockNumber()) + 1);
    out["session.closeTimedOut.50"] = await gasOf(sessions.closeTimedOutRooms(2, 50));
    out["session.closeTimedOut.perRoom"] = Math.round(out["session.closeTimedOut.50"] / 50);
    await sessions.closeTimedOutRooms(2, 50);
    if (Number((await sessions.session(2)).stage) !== SessionStage.Finished)
      throw new Error("session 2 did not finish");

    // A class of as many new players as the tasks and pages send it: the list in batches, rooms ROOMS_PER_TX a
    // transaction (new addresses, so that their rooms create their profiles as a new class's do).
    const sent: number[] = [];
    const fresh = seats.map((_, i) =>
      ethers.getAddress(ethers.dataSlice(ethers.keccak256(ethers.toBeHex(i + 1001, 32)), 12)),
    );
    const batches = listingBatches(fresh.map((address, i) => ({ address, name: names[i] })));
    const batched = { ...config, roomsPerBatch: ROOMS_PER_TX };
    sent.push(
      await gasOf(
        t.createListedSession(
          batched,
          batches[0].map((b) => b.address),
          batches[0].map((b) => b.name),
        ),
      ),
    );
    const id = await sessions.sessionCount();
    for (const batch of batches.slice(1)) {
      sent.push(
        await gasOf(
          t.addSeats(
            id,
            batch.map((b) => b.address),
            batch.map((b) => b.name),
          ),
        ),
      );
    }
    sent.push(await gasOf(t.start(id)));
    await mine(1);
    out["session.createRooms.40"] = await gasOf(sessions.createRooms(id));
    sent.push(out["session.createRooms.40"]);
    while (Number((await sessions.session(id)).stage) === SessionStage.Creating) {
      sent.push(await gasOf(sessions.createRooms(id)));
    }
    const end = Number((await sessions.session(id)).deadline);
    await mine(end - (await ethers.provider.getBlockNumber()) + 1);
    while (Number((await sessions.session(id)).stage) === SessionStage.Playing) {
      sent.push(await gasOf(sessions.closeTimedOutRooms(id, 50)));
    }
    out["session.maxTransaction.240"] = Math.max(...sent);
    return out;
  },
};
