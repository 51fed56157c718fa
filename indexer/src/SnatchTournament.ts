// SnatchGame tournaments: config, registrations (the leaderboard rows), phases with their draws, rooms, deadlines
// and totals, and each player's phase (role, room, opponent, recorded round-3 points). A phase's rooms are the
// SnatchRooms rooms its `RoomsCreated` names (their seats, indexed just before in the same transaction, say who is
// P1 and P2); results come from `RoomRecorded`, as the contract writes them.
import { ponder, type Context } from "ponder:registry";
import { snatchEntry, snatchPairing, snatchPhase, snatchRoom, snatchTournament } from "ponder:schema";
import { zeroAddress } from "viem";
import { PHASES, Role, Stage } from "../../client/snatch/tournament";
import { tournamentState } from "../../client/states";
import { addr } from "./lib/json";
import { rememberName } from "./lib/names";

type Db = Context["db"];

/**
 * Every SnatchTournament event of a tournament moves its `lastBlockSeen` (the exports' "running at block N"). The
 * entries are written only here, so the console keeps the entries it read while it does not move
 * (web/src/data/classTournament.ts).
 */
function on<N extends Parameters<typeof ponder.on>[0]>(name: N, handler: Parameters<typeof ponder.on<N>>[1]) {
  ponder.on(name, async (args) => {
    await handler(args);
    const { event, context } = args as unknown as {
      event: { args: { tournamentId: bigint }; block: { number: bigint } };
      context: Context;
    };
    await context.db
      .update(snatchTournament, { id: event.args.tournamentId })
      .set({ lastBlockSeen: event.block.number });
  });
}

async function setStage(db: Db, id: bigint, stage: number, extra: Partial<typeof snatchTournament.$inferInsert> = {}) {
  await db.update(snatchTournament, { id }).set({ stage, state: tournamentState(stage), ...extra });
}

on("SnatchTournament:TournamentCreated", async ({ event, context }) => {
  const { tournamentId, organiser, config, formats } = event.args;
  await context.db.insert(snatchTournament).values({
    id: tournamentId,
    organiser: addr(organiser),
    cap: config.cap,
    roomsPerBatch: config.roomsPerBatch,
    registrationBlocks: config.registrationBlocks,
    grace: config.grace,
    talk: config.talk,
    offer: config.offer,
    response: config.response,
    decision: config.decision,
    formats: [...formats],
    stage: Stage.Registration,
    state: tournamentState(Stage.Registration),
    phase: 0,
    playerCount: 0,
    createdBlock: event.block.number,
    lastBlockSeen: event.block.number,
  });
});

on("SnatchTournament:OrganiserChanged", async ({ event, context }) => {
  await context.db
    .update(snatchTournament, { id: event.args.tournamentId })
    .set({ organiser: addr(event.args.organiser) });
});

on("SnatchTournament:PlayerRegistered", async ({ event, context }) => {
  const a = event.args;
  await context.db.update(snatchTournament, { id: a.tournamentId }).set({ playerCount: a.index });
  await rememberName(context.db, a.player, a.name, event.block.number);
  await context.db.insert(snatchEntry).values({
    tournamentId: a.tournamentId,
    player: addr(a.player),
    name: a.name,
    index: a.index,
    scoreAsP1: 0,
    scoreAsP2: 0,
    aggregate: 0,
    roomsAsP1: 0,
    roomsAsP2: 0,
    satOut: 0,
    recorded: 0,
    g3Shame: 0,
    registeredBlock: event.block.number,
  });
});

on("SnatchTournament:TournamentClosed", async ({ event, context }) => {
  await setStage(context.db, event.args.tournamentId, Stage.Closed, { closedBy: addr(event.args.by) });
});

on("SnatchTournament:PhaseStarted", async ({ event, context }) => {
  const a = event.args;
  const t = (await context.db.find(snatchTournament, { id: a.tournamentId }))!;
  await setStage(context.db, a.tournamentId, Stage.Pairing, { phase: a.phase });
  await context.db.insert(snatchPhase).values({
    tournamentId: a.tournamentId,
    phase: a.phase,
    format: t.formats[a.phase - 1]!,
    startedBy: addr(a.by),
    startedBlock: event.block.number,
    players: a.players,
    request: a.requestId,
    seed: 0n,
    rooms: 0,
    created: 0,
    closed: 0,
    deadline: 0n,
    finished: 0,
    offers: 0,
    accepts: 0,
    rejects: 0,
    snatches: 0,
    shames: 0,
    reports: 0,
    refusals: 0,
    pointsAsP1: 0,
    pointsAsP2: 0,
  });
});

on("SnatchTournament:PairingRerequested", async ({ event, context }) => {
  const a = event.args;
  await context.db.update(snatchPhase, { tournamentId: a.tournamentId, phase: a.phase }).set({ request: a.newRequest });
});

on("SnatchTournament:PlayersPaired", async ({ event, context }) => {
  const a = event.args;
  const satOut = a.satOut === zeroAddress ? null : addr(a.satOut);
  await context.db
    .update(snatchPhase, { tournamentId: a.tournamentId, phase: a.phase })
    .set({ seed: a.seed, request: 0n, rooms: a.rooms, satOut });
  if (satOut) {
    const bit = 1 << (a.phase - 1);
    await context.db
      .update(snatchEntry, { tournamentId: a.tournamentId, player: satOut })
      .set((e) => ({ satOut: e.satOut | bit }));
    await context.db
      .insert(snatchPairing)
      .values({ tournamentId: a.tournamentId, phase: a.phase, player: satOut, role: Role.SatOut });
  }
});

on("SnatchTournament:RoomsCreated", async ({ event, context }) => {
  const a = event.args;
  for (let k = 0; k < a.count; k++) {
    const roomId = a.firstRoomId + BigInt(k);
    const pair = a.firstPair + k;
    const room = await context.db
      .update(snatchRoom, { id: roomId })
      .set({ tournamentId: a.tournamentId, tournamentPhase: a.phase, pair });
    // SnatchRooms.createRooms: seat 0 is P1, seat 1 is P2.
    const [p1, p2] = room.players as [`0x${string}`, `0x${string}`];
    const base = { tournamentId: a.tournamentId, phase: a.phase, pair, roomId };
    await context.db.insert(snatchPairing).values([
      { ...base, player: p1, role: Role.P1, opponent: p2 },
      { ...base, player: p2, role: Role.P2, opponent: p1 },
    ]);
  }
  await context.db
    .update(snatchPhase, { tournamentId: a.tournamentId, phase: a.phase })
    .set((p) => ({ created: p.created + a.count }));
});

on("SnatchTournament:PhasePlaying", async ({ event, context }) => {
  const a = event.args;
  await setStage(context.db, a.tournamentId, Stage.Playing);
  await context.db
    .update(snatchPhase, { tournamentId: a.tournamentId, phase: a.phase })
    .set({ deadline: BigInt(a.deadline) });
});

on("SnatchTournament:TimedOutRoomsClosed", async ({ event, context }) => {
  const a = event.args;
  await context.db.update(snatchPhase, { tournamentId: a.tournamentId, phase: a.phase }).set({ closed: a.toPair });
});

on("SnatchTournament:RoomRecorded", async ({ event, context }) => {
  const a = event.args;
  const pointsP1 = Number(a.pointsP1);
  const pointsP2 = Number(a.pointsP2);
  const bit = 1 << (a.phase - 1);
  const room = (await context.db.find(snatchRoom, { id: a.roomId }))!;
  await context.db.update(snatchEntry, { tournamentId: a.tournamentId, player: addr(a.p1) }).set((e) => ({
    scoreAsP1: e.scoreAsP1 + pointsP1,
    aggregate: e.aggregate + pointsP1,
    roomsAsP1: e.roomsAsP1 + 1,
    recorded: e.recorded | bit,
  }));
  // In a 2-player room only P2 receives shame (G3): the room's shame count is P2's (SnatchTournament._recordRoom).
  await context.db.update(snatchEntry, { tournamentId: a.tournamentId, player: addr(a.p2) }).set((e) => ({
    scoreAsP2: e.scoreAsP2 + pointsP2,
    aggregate: e.aggregate + pointsP2,
    roomsAsP2: e.roomsAsP2 + 1,
    recorded: e.recorded | bit,
    g3Shame: e.g3Shame + room.shames,
  }));
  for (const [player, points, opponentPoints] of [
    [a.p1, pointsP1, pointsP2],
    [a.p2, pointsP2, pointsP1],
  ] as const) {
    await context.db
      .update(snatchPairing, { tournamentId: a.tournamentId, phase: a.phase, player: addr(player) })
      .set({ points, opponentPoints, recordedBlock: event.block.number });
  }
  await context.db.update(snatchPhase, { tournamentId: a.tournamentId, phase: a.phase }).set((p) => ({
    finished: p.finished + 1,
    offers: p.offers + room.offerCount,
    accepts: p.accepts + room.accepts,
    rejects: p.rejects + room.rejects,
    snatches: p.snatches + room.snatches,
    shames: p.shames + room.shames,
    reports: p.reports + room.reports,
    refusals: p.refusals + room.refusals,
    pointsAsP1: p.pointsAsP1 + pointsP1,
    pointsAsP2: p.pointsAsP2 + pointsP2,
  }));
});

on("SnatchTournament:PhaseEnded", async ({ event, context }) => {
  const a = event.args;
  await context.db
    .update(snatchPhase, { tournamentId: a.tournamentId, phase: a.phase })
    .set({ endedBlock: event.block.number });
  await setStage(context.db, a.tournamentId, a.phase === PHASES ? Stage.Final : Stage.Ended);
});

on("SnatchTournament:TournamentFinished", async ({ event, context }) => {
  await context.db.update(snatchTournament, { id: event.args.tournamentId }).set({ finishedBlock: event.block.number });
});
