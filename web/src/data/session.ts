// What the class session's console and projector read from the indexer (a session, its seats, its rooms, who has
// moved, the rounds' events), as typed @ponder/client queries over the indexer's schema: each a stamped statement (its
// rows and the block they show, ./class.ts), sent at once and kept as one snapshot only when every part names the same
// block. Plain functions of a database: Node runs them too.
import { and, eq, inArray, isNotNull } from "@ponder/client";
import * as schema from "../../../indexer/ponder.schema";
import { address, count } from "../../../client/common/export";
import {
  agree,
  atOneBlock,
  NO_STAMP,
  ROOM_SEAT,
  roomsOf,
  sendPrepared,
  stamped,
  unstamp,
  type Db,
  type RoomRow,
  type Snapshot,
} from "./class";

const r = schema.snatchRoom;
const s = schema.snatchSeat;
const l = schema.snatchLog;
const cs = schema.snatchSession;
const ss = schema.snatchSessionSeat;

/** One logged event of a class session's room, in chain order within its room. */
export interface LogEntry {
  roomId: bigint;
  round: number;
  name: string;
  args: Record<string, unknown>;
}

/** The names of the events the projector's per-round figures fold (class/session/rounds.ts). */
export const ROUND_EVENTS = [
  "RolesAssigned",
  "RoundStarted",
  "OfferMade",
  "OfferAccepted",
  "OfferSnatched",
  "ShameGiven",
  "ShamePenaltyApplied",
  "ReportConfirmed",
] as const;

/** The events that are a three-player room's moves (an offer, an answer, done, shame, a report). */
const SESSION_MOVES = [
  "OfferMade",
  "OfferAccepted",
  "OfferRejected",
  "OfferSnatched",
  "OfferCancelled",
  "PlayerDone",
  "ShameGiven",
  "SnatchReported",
];

/** A class session as the indexer keeps it. */
export interface SessionRow {
  id: bigint;
  organiser: string;
  capacity: number;
  roomsPerBatch: number;
  /** ISnatchSession.Stage. */
  stage: number;
  firstCome: boolean;
  /** First come: from this block anyone may start (or close) it; 0 when listed. */
  startableFrom: number;
  playerCount: number;
  /** Rooms drawn, created, closed by `closeTimedOutRooms`, finished. */
  rooms: number;
  created: number;
  closed: number;
  finished: number;
  /** After this block every room has timed out (0 until every room exists). */
  deadline: number;
  /** The pending draw request (0 before the start and once drawn). */
  request: bigint;
  satOut: string[];
}

const SESSION = {
  id: cs.id,
  organiser: cs.organiser,
  capacity: cs.capacity,
  roomsPerBatch: cs.roomsPerBatch,
  stage: cs.stage,
  firstCome: cs.firstCome,
  startableFrom: cs.startableFrom,
  playerCount: cs.playerCount,
  rooms: cs.rooms,
  created: cs.created,
  closed: cs.closed,
  finished: cs.finished,
  deadline: cs.deadline,
  request: cs.request,
  satOut: cs.satOut,
  stamp: NO_STAMP,
};

const sessionQuery = (db: Db, id: bigint) => stamped(db, SESSION, db.select(SESSION).from(cs).where(eq(cs.id, id)));

function parseSession([x]: Awaited<ReturnType<typeof sessionQuery>>): SessionRow | null {
  return x
    ? {
        id: x.id,
        organiser: address(x.organiser),
        capacity: x.capacity,
        roomsPerBatch: x.roomsPerBatch,
        stage: x.stage,
        firstCome: x.firstCome,
        startableFrom: count(x.startableFrom),
        playerCount: x.playerCount,
        rooms: x.rooms,
        created: x.created,
        closed: x.closed,
        finished: x.finished,
        deadline: count(x.deadline),
        request: x.request,
        satOut: x.satOut.map(address),
      }
    : null;
}

/** A seated player: its position, name, and (once drawn) its room or that it sat out. */
export interface SessionSeatRow {
  player: string;
  name: string;
  index: number;
  listed: boolean;
  room: number | null;
  satOut: boolean;
  points: number | null;
}

const SEAT = {
  player: ss.player,
  name: ss.name,
  index: ss.index,
  listed: ss.listed,
  room: ss.room,
  satOut: ss.satOut,
  points: ss.points,
  stamp: NO_STAMP,
};

const seatsQuery = (db: Db, id: bigint) =>
  stamped(db, SEAT, db.select(SEAT).from(cs).leftJoin(ss, eq(ss.sessionId, cs.id)).where(eq(cs.id, id)));

function parseSeats(all: Awaited<ReturnType<typeof seatsQuery>>): SessionSeatRow[] {
  const rows = all.flatMap((x) =>
    x.player === null
      ? []
      : [
          {
            player: address(x.player),
            name: x.name ?? "",
            index: count(x.index),
            listed: x.listed === true,
            room: x.room,
            satOut: x.satOut === true,
            points: x.points,
          },
        ],
  );
  return rows.sort((a, b) => a.index - b.index);
}

const ROOMS = { ...ROOM_SEAT, stamp: NO_STAMP };

/** The session's rooms with their seats (`pair`: the room's index in the session). */
const roomsQuery = (db: Db, id: bigint) =>
  stamped(
    db,
    ROOMS,
    db.select(ROOMS).from(cs).leftJoin(r, eq(r.sessionId, cs.id)).leftJoin(s, eq(s.roomId, r.id)).where(eq(cs.id, id)),
  );

/** Players who made a move in any room of the session: an offer, an answer, done, shame, a report, a ruling. */
const MOVED = { player: l.actor, stamp: NO_STAMP };

const movedQuery = (db: Db, id: bigint) =>
  stamped(
    db,
    MOVED,
    db
      .select(MOVED)
      .from(cs)
      .leftJoin(r, eq(r.sessionId, cs.id))
      .leftJoin(l, and(eq(l.roomId, r.id), isNotNull(l.actor), inArray(l.name, SESSION_MOVES)))
      .where(eq(cs.id, id))
      .groupBy(l.actor),
  );

/** Who moved, sorted: the same list reads as the same value. */
function parseMoved(all: Awaited<ReturnType<typeof movedQuery>>): string[] {
  return [...new Set(all.flatMap((x) => (x.player ? [address(x.player)] : [])))].sort();
}

/** The events the projector's per-round figures fold (class/session/rounds.ts); chain order is restored on parsing. */
const LOG = {
  roomId: l.roomId,
  round: l.round,
  name: l.name,
  args: l.args,
  block: l.block,
  logIndex: l.logIndex,
  stamp: NO_STAMP,
};

const logQuery = (db: Db, id: bigint) =>
  stamped(
    db,
    LOG,
    db
      .select(LOG)
      .from(cs)
      .leftJoin(r, eq(r.sessionId, cs.id))
      .leftJoin(l, and(eq(l.roomId, r.id), inArray(l.name, [...ROUND_EVENTS])))
      .where(eq(cs.id, id)),
  );

/** Room by room, in chain order within each. */
function parseLog(all: Awaited<ReturnType<typeof logQuery>>): LogEntry[] {
  const order = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
  return all
    .flatMap((x) =>
      x.roomId === null || x.name === null
        ? []
        : [{ ...x, roomId: x.roomId, name: x.name, block: x.block ?? 0n, logIndex: count(x.logIndex) }],
    )
    .sort((a, b) => order(a.roomId, b.roomId) || order(a.block, b.block) || a.logIndex - b.logIndex)
    .map((x) => ({
      roomId: x.roomId,
      round: count(x.round),
      name: x.name,
      args: (x.args ?? {}) as Record<string, unknown>,
    }));
}

/** What a class session's console and projector show: one snapshot of the indexer. */
export interface SessionClass {
  /** null: not indexed, or no such session. */
  session: SessionRow | null;
  seats: SessionSeatRow[];
  rooms: RoomRow[];
  /** Who has made a move, sorted (null: not asked). */
  moved: string[] | null;
  /** The rounds' events (null: not asked). */
  log: LogEntry[] | null;
}

/**
 * Everything the console (with `moved`) and the projector (with `log`) show of session `id`: one snapshot of the
 * indexer, every part a stamped statement, sent at once and kept only when all name the same block ({@link atOneBlock}).
 */
export function readSessionClass(
  db: Db,
  id: bigint,
  { moved = true, log = false, previous }: { moved?: boolean; log?: boolean; previous?: Snapshot<SessionClass> } = {},
): Promise<Snapshot<SessionClass>> {
  return atOneBlock(
    `session ${id}`,
    async () => {
      const [head, se, ro, mo, lo] = await Promise.all([
        sendPrepared(db, `session ${id} head`, () => sessionQuery(db, id)).then(unstamp),
        sendPrepared(db, `session ${id} seats`, () => seatsQuery(db, id)).then(unstamp),
        sendPrepared(db, `session ${id} rooms`, () => roomsQuery(db, id)).then(unstamp),
        moved ? sendPrepared(db, `session ${id} moved`, () => movedQuery(db, id)).then(unstamp) : null,
        log ? sendPrepared(db, `session ${id} log`, () => logQuery(db, id)).then(unstamp) : null,
      ]);
      if (!agree(head.asOf, [se, ro, mo, lo])) return null;
      return {
        asOf: head.asOf,
        data: {
          session: parseSession(head.rows),
          seats: parseSeats(se.rows),
          rooms: roomsOf(ro.rows, (x) => x.sessionRoom),
          moved: mo ? parseMoved(mo.rows) : null,
          log: lo ? parseLog(lo.rows) : null,
        },
      };
    },
    previous,
  );
}
