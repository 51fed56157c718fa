// What the class session's console and projector read from the indexer (a session, its seats, its rooms, who has
// moved, the rounds' events), as typed @ponder/client queries over the indexer's schema, each naming the block its
// rows show (./class.ts readAt). Plain functions of a database: Node runs them too.
import { and, asc, eq, inArray, isNotNull } from "@ponder/client";
import * as schema from "../../../indexer/ponder.schema";
import { lower, readAt, num, ROOM_SEAT, roomsOf, snapshot, type Db, type RoomRow, type Snapshot } from "./class";

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

export async function readSession(db: Db, id: bigint): Promise<Snapshot<SessionRow | null>> {
  const { asOf, rows } = await readAt(db, () => db.select({ row: cs }).from(cs).where(eq(cs.id, id)));
  return snapshot(asOf, rows, ([first]) => {
    const x = first?.row;
    return x
      ? {
          id: x.id,
          organiser: lower(x.organiser),
          capacity: x.capacity,
          roomsPerBatch: x.roomsPerBatch,
          stage: x.stage,
          firstCome: x.firstCome,
          startableFrom: num(x.startableFrom),
          playerCount: x.playerCount,
          rooms: x.rooms,
          created: x.created,
          closed: x.closed,
          finished: x.finished,
          deadline: num(x.deadline),
          request: x.request,
          satOut: x.satOut.map(lower),
        }
      : null;
  });
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

export async function readSessionSeats(db: Db, id: bigint): Promise<Snapshot<SessionSeatRow[]>> {
  const { asOf, rows } = await readAt(db, () =>
    db
      .select({
        player: ss.player,
        name: ss.name,
        index: ss.index,
        listed: ss.listed,
        room: ss.room,
        satOut: ss.satOut,
        points: ss.points,
      })
      .from(cs)
      .leftJoin(ss, eq(ss.sessionId, cs.id))
      .where(eq(cs.id, id))
      .orderBy(asc(ss.index)),
  );
  return snapshot(asOf, rows, (all) =>
    all.flatMap((x) =>
      x.player === null
        ? []
        : [
            {
              player: lower(x.player),
              name: x.name ?? "",
              index: num(x.index),
              listed: x.listed === true,
              room: x.room,
              satOut: x.satOut === true,
              points: x.points,
            },
          ],
    ),
  );
}

/** The session's rooms with their seats (`pair`: the room's index in the session). */
export async function readSessionRooms(db: Db, id: bigint): Promise<Snapshot<RoomRow[]>> {
  const { asOf, rows } = await readAt(db, () =>
    db
      .select({ ...ROOM_SEAT })
      .from(cs)
      .leftJoin(r, eq(r.sessionId, cs.id))
      .leftJoin(s, eq(s.roomId, r.id))
      .where(eq(cs.id, id))
      .orderBy(asc(r.sessionRoom), asc(s.seat)),
  );
  return snapshot(asOf, rows, (all) => roomsOf(all, (x) => x.sessionRoom));
}

/** Players who made a move in any room of the session: an offer, an answer, done, shame, a report, a ruling. */
export async function readSessionMoved(db: Db, id: bigint): Promise<Snapshot<Set<string>>> {
  const { asOf, rows } = await readAt(db, () =>
    db
      .select({ player: l.actor })
      .from(cs)
      .leftJoin(r, eq(r.sessionId, cs.id))
      .leftJoin(l, and(eq(l.roomId, r.id), isNotNull(l.actor), inArray(l.name, SESSION_MOVES)))
      .where(eq(cs.id, id))
      .groupBy(l.actor),
  );
  return snapshot(asOf, rows, (all) => new Set(all.flatMap((x) => (x.player ? [lower(x.player)] : []))));
}

/** The events the projector's per-round figures fold (class/session/rounds.ts), room by room in chain order. */
export async function readSessionLog(db: Db, id: bigint): Promise<Snapshot<LogEntry[]>> {
  const { asOf, rows } = await readAt(db, () =>
    db
      .select({ roomId: l.roomId, round: l.round, name: l.name, args: l.args })
      .from(cs)
      .leftJoin(r, eq(r.sessionId, cs.id))
      .leftJoin(l, and(eq(l.roomId, r.id), inArray(l.name, [...ROUND_EVENTS])))
      .where(eq(cs.id, id))
      .orderBy(asc(l.roomId), asc(l.block), asc(l.logIndex)),
  );
  return snapshot(asOf, rows, (all) =>
    all.flatMap((x) =>
      x.roomId === null || x.name === null
        ? []
        : [{ roomId: x.roomId, round: num(x.round), name: x.name, args: (x.args ?? {}) as Record<string, unknown> }],
    ),
  );
}
