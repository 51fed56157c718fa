// A tournament's export input read from the chain itself (no indexer): the contracts' views (tournament, phaseView,
// leaderboard, roomAt), its SnatchTournament events (the latest block, recorded results) and its rooms' SnatchRooms
// events, every read pinned to one block. The `snatch:export` task runs this; the indexer builds the same input from
// its tables (indexer/src/api/export.ts), and client/snatch/export.ts turns either into the same bytes.
import { ZeroAddress, type Provider } from "ethers";
import type { SnatchTournament } from "../../typechain-types";
import { byRoomId, eventsOf } from "../common/export-chain";
import { address, num, unknownId } from "../common/export";
import type { EntryInput, PairingInput, PhaseInput, RoomInput, TournamentExportInput } from "./export";
import { configRecord, phaseTotals } from "./records";
import { PHASES, Role } from "./tournament";

/** Reads tournament `id` as of the latest block. Throws an UnknownExportId (client/common/export.ts) when there is no such tournament. */
export async function tournamentFromChain(
  tournament: SnatchTournament,
  roomsAddress: string,
  id: bigint,
): Promise<TournamentExportInput> {
  const provider = tournament.runner!.provider as Provider;
  const blockTag = await provider.getBlockNumber();
  const at = { blockTag };
  const count = await tournament.tournamentCount(at);
  if (id < 1n || id > count) {
    throw unknownId("tournament", id, count);
  }
  const t = await tournament.tournament(id, at);
  const createdBlock = Number(t.createdAt);
  const tournamentAddress = await tournament.getAddress();
  const own = await eventsOf(
    provider,
    "SnatchTournament",
    tournamentAddress,
    "tournamentId",
    [id],
    createdBlock,
    blockTag,
  );

  const playerCount = Number(t.playerCount);
  const entries: EntryInput[] = [];
  for (let offset = 0; offset < playerCount; offset += 100) {
    const rows = await tournament.leaderboard(id, offset, 100, at);
    rows.forEach((r, i) =>
      entries.push({
        player: address(r.player),
        name: r.name,
        index: offset + i + 1,
        scoreAsP1: Number(r.scoreAsP1),
        scoreAsP2: Number(r.scoreAsP2),
        roomsAsP1: Number(r.roomsAsP1),
        roomsAsP2: Number(r.roomsAsP2),
        satOut: Number(r.satOut),
        g3Shame: Number(r.g3Shame),
      }),
    );
  }

  // Recorded round-3 results, as the contract wrote them (RoomRecorded).
  const recorded = new Map<string, { pointsP1: number; pointsP2: number }>();
  for (const e of own.filter((x) => x.name === "RoomRecorded")) {
    recorded.set(String(e.args.roomId), { pointsP1: num(e.args.pointsP1), pointsP2: num(e.args.pointsP2) });
  }

  const phases: PhaseInput[] = [];
  const pairings: PairingInput[] = [];
  const rooms: Omit<RoomInput, "events">[] = [];
  for (let phase = 1; phase <= Math.min(Number(t.phase), PHASES); phase++) {
    const v = await tournament.phaseView(id, phase, at);
    const satOut = v.satOut === ZeroAddress ? null : address(v.satOut);
    phases.push({
      phase,
      format: Number(v.format),
      startedBlock: Number(v.startedAt),
      seed: v.seed.toString(),
      rooms: Number(v.rooms),
      created: Number(v.created),
      closed: Number(v.closed),
      satOut,
      deadline: Number(v.deadline),
      endedBlock: v.endedAt === 0n ? null : Number(v.endedAt),
      totals: phaseTotals(v.totals),
    });
    if (satOut) {
      pairings.push({
        phase,
        player: satOut,
        role: Role.SatOut,
        roomId: null,
        opponent: null,
        points: null,
        opponentPoints: null,
      });
    }
    // The phase's rooms, 25 calls at a time (a class of 200 has 100 rooms a phase).
    const pairs = Array.from({ length: Number(v.created) }, (_, pair) => pair);
    const found: Awaited<ReturnType<typeof tournament.roomAt>>[] = [];
    for (let k = 0; k < pairs.length; k += 25) {
      found.push(...(await Promise.all(pairs.slice(k, k + 25).map((pair) => tournament.roomAt(id, phase, pair, at)))));
    }
    for (const [pair, r] of found.entries()) {
      const roomId = Number(r.roomId);
      const [p1, p2] = [address(r.p1), address(r.p2)];
      const result = recorded.get(String(r.roomId));
      rooms.push({ roomId, phase, pair });
      pairings.push(
        {
          phase,
          player: p1,
          role: Role.P1,
          roomId,
          opponent: p2,
          points: result?.pointsP1 ?? null,
          opponentPoints: result?.pointsP2 ?? null,
        },
        {
          phase,
          player: p2,
          role: Role.P2,
          roomId,
          opponent: p1,
          points: result?.pointsP2 ?? null,
          opponentPoints: result?.pointsP1 ?? null,
        },
      );
    }
  }

  const roomEvents = await eventsOf(
    provider,
    "SnatchRooms",
    roomsAddress,
    "roomId",
    rooms.map((r) => r.roomId),
    createdBlock,
    blockTag,
  );
  const byRoom = byRoomId(roomEvents);

  return {
    id: Number(id),
    organiser: address(t.organiser),
    config: configRecord(t),
    formats: Array.from({ length: PHASES }, (_, p) => Number(t.firstFormat) + p),
    stage: Number(t.stage),
    phase: Number(t.phase),
    playerCount,
    createdBlock,
    lastBlock: own.reduce((m, e) => Math.max(m, e.block), 0),
    entries,
    phases,
    pairings,
    rooms: rooms.map((r) => ({ ...r, events: byRoom.get(r.roomId) ?? [] })),
  };
}
