// Three-player class sessions (SnatchSession): config, seats with their names, the draw, rooms and totals. A
// session's rooms are the SnatchRooms rooms its `RoomsCreated` names (indexed just before, in the same transaction):
// each gets `session_id` and its room index, and each seat row its room and seat. Results come from `RoomRecorded`,
// as the contract writes them.
import { ponder, type Context } from "ponder:registry";
import { snatchRoom, snatchSession, snatchSessionSeat } from "ponder:schema";
import { SessionStage } from "../../client/snatch/session";
import { sessionState } from "../../client/states";
import { addr } from "./lib/json";
import { rememberName } from "./lib/names";

type Db = Context["db"];

/** Every SnatchSession event moves the session's latest block on. */
async function seen(db: Db, id: bigint, block: bigint) {
  await db.update(snatchSession, { id }).set({ lastBlockSeen: block });
}

async function setStage(db: Db, id: bigint, stage: number, extra: Partial<typeof snatchSession.$inferInsert> = {}) {
  await db.update(snatchSession, { id }).set({ stage, state: sessionState(stage), ...extra });
}

ponder.on("SnatchSession:SessionCreated", async ({ event, context }) => {
  const { sessionId, organiser, config, format, firstCome, startableFrom } = event.args;
  await context.db.insert(snatchSession).values({
    id: sessionId,
    organiser: addr(organiser),
    maxRooms: config.rooms,
    capacity: 3 * config.rooms,
    roomsPerBatch: config.roomsPerBatch,
    joinBlocks: config.joinBlocks,
    trading: config.trading,
    closing: config.closing,
    judging: config.judging,
    format,
    firstCome,
    startableFrom: BigInt(startableFrom),
    stage: SessionStage.Registration,
    state: sessionState(SessionStage.Registration),
    playerCount: 0,
    request: 0n,
    seed: 0n,
    rooms: 0,
    created: 0,
    closed: 0,
    satOut: [],
    deadline: 0n,
    finished: 0,
    offers: 0,
    accepts: 0,
    rejects: 0,
    snatches: 0,
    shames: 0,
    reports: 0,
    points: 0,
    createdBlock: event.block.number,
    lastBlockSeen: event.block.number,
  });
});

ponder.on("SnatchSession:PlayerSeated", async ({ event, context }) => {
  await seen(context.db, event.args.sessionId, event.block.number);
  const a = event.args;
  await context.db.update(snatchSession, { id: a.sessionId }).set({ playerCount: a.index });
  await rememberName(context.db, a.player, a.name, event.block.number);
  await context.db.insert(snatchSessionSeat).values({
    sessionId: a.sessionId,
    player: addr(a.player),
    index: a.index,
    name: a.name,
    listed: a.listed,
    satOut: false,
    seatedBlock: event.block.number,
  });
});

ponder.on("SnatchSession:DrawRequested", async ({ event, context }) => {
  await seen(context.db, event.args.sessionId, event.block.number);
  const a = event.args;
  await setStage(context.db, a.sessionId, SessionStage.Drawing, { request: a.requestId, startedBy: addr(a.by) });
});

ponder.on("SnatchSession:DrawRerequested", async ({ event, context }) => {
  await seen(context.db, event.args.sessionId, event.block.number);
  await context.db.update(snatchSession, { id: event.args.sessionId }).set({ request: event.args.newRequest });
});

ponder.on("SnatchSession:SeatsDrawn", async ({ event, context }) => {
  await seen(context.db, event.args.sessionId, event.block.number);
  const a = event.args;
  const satOut = a.satOut.map(addr);
  await setStage(context.db, a.sessionId, SessionStage.Creating, {
    seed: a.seed,
    request: 0n,
    rooms: a.rooms,
    satOut,
    drawnBlock: event.block.number,
  });
  for (const player of satOut) {
    await context.db.update(snatchSessionSeat, { sessionId: a.sessionId, player }).set({ satOut: true });
  }
});

ponder.on("SnatchSession:RoomsCreated", async ({ event, context }) => {
  await seen(context.db, event.args.sessionId, event.block.number);
  const a = event.args;
  for (let k = 0; k < a.count; k++) {
    const roomId = a.firstRoomId + BigInt(k);
    const room = a.firstRoom + k;
    await context.db.update(snatchRoom, { id: roomId }).set({ sessionId: a.sessionId, sessionRoom: room });
    for (let seat = 0; seat < 3; seat++) {
      const player = addr(a.players[3 * k + seat]!);
      await context.db.update(snatchSessionSeat, { sessionId: a.sessionId, player }).set({ room, roomId, seat });
    }
  }
  await context.db.update(snatchSession, { id: a.sessionId }).set((s) => ({ created: s.created + a.count }));
});

ponder.on("SnatchSession:SessionPlaying", async ({ event, context }) => {
  await seen(context.db, event.args.sessionId, event.block.number);
  const a = event.args;
  await setStage(context.db, a.sessionId, SessionStage.Playing, { deadline: BigInt(a.deadline) });
});

ponder.on("SnatchSession:TimedOutRoomsClosed", async ({ event, context }) => {
  await seen(context.db, event.args.sessionId, event.block.number);
  await context.db.update(snatchSession, { id: event.args.sessionId }).set({ closed: event.args.toRoom });
});

ponder.on("SnatchSession:RoomRecorded", async ({ event, context }) => {
  await seen(context.db, event.args.sessionId, event.block.number);
  const a = event.args;
  let sum = 0;
  for (let seat = 0; seat < 3; seat++) {
    const points = Number(a.points[seat]);
    sum += points;
    await context.db
      .update(snatchSessionSeat, { sessionId: a.sessionId, player: addr(a.players[seat]!) })
      .set({ points, recordedBlock: event.block.number });
  }
  const st = a.stats;
  await context.db.update(snatchSession, { id: a.sessionId }).set((s) => ({
    finished: s.finished + 1,
    offers: s.offers + st.offers,
    accepts: s.accepts + st.accepts,
    rejects: s.rejects + st.rejects,
    snatches: s.snatches + st.snatches,
    shames: s.shames + st.shames,
    reports: s.reports + st.reports,
    points: s.points + sum,
  }));
});

ponder.on("SnatchSession:SessionFinished", async ({ event, context }) => {
  await seen(context.db, event.args.sessionId, event.block.number);
  await setStage(context.db, event.args.sessionId, SessionStage.Finished, { finishedBlock: event.block.number });
});

ponder.on("SnatchSession:SessionClosed", async ({ event, context }) => {
  await seen(context.db, event.args.sessionId, event.block.number);
  await setStage(context.db, event.args.sessionId, SessionStage.Closed, { closedBy: addr(event.args.by) });
});
