import hre, { ethers } from "hardhat";
import { mine } from "@nomicfoundation/hardhat-network-helpers";
import type { SnatchRooms, SnatchSession } from "../../typechain-types";
import { deploySeededRandomness } from "../../scripts/lib/common";
import { deploySession, deploySnatch } from "../../scripts/snatch/lib";
import { SessionStage, type SessionConfig } from "../../client/snatch/session";

/** Small windows so that tests reach deadlines with few mined blocks; two rooms per batch to exercise batching. */
export const SESSION_CONFIG: SessionConfig = {
  rooms: 4,
  roomsPerBatch: 2,
  joinBlocks: 30,
  trading: 8,
  closing: 2,
  judging: 5,
};

/** Rooms, lens and the session contract on a seeded randomness source. */
export async function sessionFixture() {
  const [owner, teacher, ...players] = await ethers.getSigners();
  const source = await deploySeededRandomness(hre, 4242n);
  const { rooms, lens, libraries } = await deploySnatch(hre, await source.getAddress());
  const sessions = await deploySession(hre, rooms, await source.getAddress(), {
    displayName: libraries.DisplayName,
  });
  return { owner, teacher, players, source, rooms, lens, sessions };
}

/** Session 1, first come, with `count` players joined (named "p1".."pN"). */
export async function joinedFixture(count = 8) {
  const base = await sessionFixture();
  await base.sessions.connect(base.teacher).createSession(SESSION_CONFIG, [], []);
  const joined = base.players.slice(0, count);
  for (const [i, p] of joined.entries()) await base.sessions.connect(p).join(1, `p${i + 1}`);
  return { ...base, id: 1n, joined };
}

export async function joinedEight() {
  return joinedFixture(8);
}

/** Session 1 with 7 seats listed by the teacher (2 rooms of three, one player left over): drawing. */
export async function listedFixture() {
  const base = await sessionFixture();
  const listed = base.players.slice(0, 7);
  await base.sessions.connect(base.teacher).createSession(
    SESSION_CONFIG,
    listed.map((p) => p.address),
    listed.map((_, i) => `Seat ${i + 1}`),
  );
  return { ...base, id: 1n, listed };
}

/** Waits a block for the draw and creates every room. */
export async function createAllRooms(sessions: SnatchSession, id: bigint): Promise<void> {
  await mine(1);
  for (;;) {
    const stage = Number((await sessions.session(id)).stage);
    if (stage !== SessionStage.Drawing && stage !== SessionStage.Creating) return;
    await sessions.createRooms(id);
  }
}

/** Lets every room time out and closes them through the session. */
export async function closeAll(sessions: SnatchSession, id: bigint): Promise<void> {
  const deadline = Number((await sessions.session(id)).deadline);
  const now = await ethers.provider.getBlockNumber();
  if (deadline >= now) await mine(deadline - now + 1);
  while (Number((await sessions.session(id)).stage) === SessionStage.Playing) await sessions.closeTimedOutRooms(id, 3);
}

/** Every room of a session with its players and points (from SnatchRooms). */
export async function sessionRooms(rooms: SnatchRooms, sessions: SnatchSession, id: bigint) {
  const s = await sessions.session(id);
  const ids = await sessions.roomIds(id, 0, s.created);
  const out: { roomId: bigint; finished: boolean; players: string[]; points: number[] }[] = [];
  for (const roomId of ids) {
    const [finished, players, points] = await rooms.roomResult(roomId);
    out.push({ roomId, finished, players: [...players], points: points.map(Number) });
  }
  return out;
}
