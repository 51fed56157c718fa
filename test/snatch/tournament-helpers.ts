import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { mine } from "@nomicfoundation/hardhat-network-helpers";
import type { SnatchRooms, SnatchTournament } from "../../typechain-types";
import { deploySeededRandomness } from "../../scripts/lib/common";
import { deploySnatch } from "../../scripts/snatch/lib";
import { deployTournament } from "../../scripts/snatch/lib";
import { Stage, Role, type TournamentConfig } from "../../client/snatch/tournament";

/** Small windows so that tests reach deadlines with few mined blocks; two rooms per batch to exercise batching. */
export const CONFIG: TournamentConfig = {
  cap: 12,
  roomsPerBatch: 2,
  registrationBlocks: 50,
  grace: 10,
  talk: 4,
  offer: 5,
  response: 6,
  decision: 7,
};

/** Rooms, lens and tournament on a seeded randomness source; tournament 1 created by `organiser` with CONFIG. */
export async function tournamentFixture() {
  const [owner, organiser, ...players] = await ethers.getSigners();
  const source = await deploySeededRandomness(hre, 12345n);
  const { rooms, lens } = await deploySnatch(hre, await source.getAddress());
  const tournament = await deployTournament(hre, rooms, await source.getAddress());
  await tournament.connect(organiser).createTournament(CONFIG);
  return { owner, organiser, players, source, rooms, lens, tournament, id: 1n };
}

/** Tournament 1 with 7 players registered (an odd count: one sits out each phase). */
export async function registeredFixture() {
  const base = await tournamentFixture();
  const seven = base.players.slice(0, 7);
  for (const p of seven) await base.tournament.connect(p).register(base.id, "");
  return { ...base, seven };
}

/** Phase 1 started and paired: 3 rooms in 2 batches, playing. */
export async function playingFixture() {
  const base = await registeredFixture();
  await startAndPair(base.tournament, base.id, 1, base.organiser);
  return base;
}

type Sender = Parameters<SnatchTournament["connect"]>[0];

/** Starts `phase` (as `from`), waits for the randomness and creates every room. */
export async function startAndPair(t: SnatchTournament, id: bigint, phase: number, from: Sender): Promise<void> {
  await t.connect(from).startPhase(id, phase);
  await mine(1);
  while (Number((await t.tournament(id)).stage) === Stage.Pairing) await t.createPhaseRooms(id);
}

/** Lets every room of the current phase time out and closes them through the tournament. */
export async function closeByDeadline(t: SnatchTournament, id: bigint): Promise<void> {
  const phase = Number((await t.tournament(id)).phase);
  const deadline = Number((await t.phaseView(id, phase)).deadline);
  const now = await ethers.provider.getBlockNumber();
  if (deadline >= now) await mine(deadline - now + 1);
  while (Number((await t.tournament(id)).stage) === Stage.Playing) await t.closeTimedOutRooms(id, 50);
}

/**
 * Checks a tournament's state against the rooms it created: each phase pairs every registered player exactly once
 * (or sits one out), every room finished, the phase totals are the sums of the rooms' counters and points, each
 * leaderboard entry is the sum of its player's round-3 results by role, and each history matches the rooms.
 */
export async function checkTournament(rooms: SnatchRooms, t: SnatchTournament, id: bigint): Promise<void> {
  const info = await t.tournament(id);
  const n = Number(info.playerCount);
  const players: string[] = [];
  for (let i = 0; i < n; i++) players.push(await t.playerAt(id, i));
  const expected = new Map(players.map((p) => [p, { p1: 0, p2: 0, roomsP1: 0, roomsP2: 0, satOut: 0, shamed: 0 }]));
  const histories = new Map<string, Awaited<ReturnType<SnatchTournament["history"]>>>();
  for (const p of players) histories.set(p, await t.history(id, p));
  for (let phase = 1; phase <= Number(info.phase); phase++) {
    const v = await t.phaseView(id, phase);
    expect(Number(v.rooms)).to.equal(Math.floor(n / 2));
    const ids = await t.phaseRooms(id, phase, 0, v.rooms);
    expect(ids.length).to.equal(Number(v.created));
    const seen = new Set<string>();
    const sums = { offers: 0, accepts: 0, rejects: 0, snatches: 0, shames: 0, reports: 0, refusals: 0 };
    let pointsP1 = 0;
    let pointsP2 = 0;
    let finished = 0;
    for (let pair = 0; pair < ids.length; pair++) {
      const [finishedRoom, seated, points] = await rooms.roomResult(ids[pair]);
      const [roomId, p1, p2] = await t.roomAt(id, phase, pair);
      expect(roomId).to.equal(ids[pair]);
      expect([p1, p2]).to.deep.equal([seated[0], seated[1]]);
      for (const p of [p1, p2]) {
        expect(seen.has(p), `${p} twice in phase ${phase}`).to.equal(false);
        seen.add(p);
      }
      expect(histories.get(p1)![phase - 1].role).to.equal(Role.P1);
      expect(histories.get(p1)![phase - 1].roomId).to.equal(roomId);
      expect(histories.get(p1)![phase - 1].opponent).to.equal(p2);
      expect(histories.get(p2)![phase - 1].role).to.equal(Role.P2);
      expect(histories.get(p2)![phase - 1].points).to.equal(points[1]);
      if (!finishedRoom) continue;
      finished++;
      const s = await rooms.roomStats(ids[pair]);
      for (const k of Object.keys(sums) as (keyof typeof sums)[]) sums[k] += Number(s[k]);
      pointsP1 += Number(points[0]);
      pointsP2 += Number(points[1]);
      const e1 = expected.get(p1)!;
      e1.p1 += Number(points[0]);
      e1.roomsP1++;
      const e2 = expected.get(p2)!;
      e2.p2 += Number(points[1]);
      e2.roomsP2++;
      e2.shamed += Number(s.shames); // only P1 shames, only P2 (G3)
    }
    if (Number(v.created) === Number(v.rooms)) {
      // Everyone is in a room but the player sitting out.
      const out = players.filter((p) => !seen.has(p));
      expect(out.length).to.equal(n % 2);
      expect(v.satOut).to.equal(out[0] ?? ethers.ZeroAddress);
      if (out.length === 1) {
        expected.get(out[0])!.satOut |= 1 << (phase - 1);
        expect(histories.get(out[0])![phase - 1].role).to.equal(Role.SatOut);
      }
    }
    const totals = v.totals;
    expect(Number(totals.finished)).to.equal(finished);
    for (const k of Object.keys(sums) as (keyof typeof sums)[]) expect(Number(totals[k]), k).to.equal(sums[k]);
    expect(Number(totals.pointsAsP1)).to.equal(pointsP1);
    expect(Number(totals.pointsAsP2)).to.equal(pointsP2);
    expect(v.ended).to.equal(finished === Number(v.rooms));
  }
  const rows = await t.leaderboard(id, 0, n);
  expect(rows.length).to.equal(n);
  for (const row of rows) {
    const e = expected.get(row.player)!;
    expect(Number(row.scoreAsP1), `${row.player} as P1`).to.equal(e.p1);
    expect(Number(row.scoreAsP2), `${row.player} as P2`).to.equal(e.p2);
    expect(Number(row.aggregate)).to.equal(e.p1 + e.p2);
    expect(Number(row.roomsAsP1)).to.equal(e.roomsP1);
    expect(Number(row.roomsAsP2)).to.equal(e.roomsP2);
    expect(Number(row.satOut)).to.equal(e.satOut);
    expect(Number(row.g3Shame), `${row.player} G3 shame`).to.equal(e.shamed);
    expect(row.profileG3Shame).to.equal((await rooms.profileOf(row.player)).g3Shame);
  }
}
