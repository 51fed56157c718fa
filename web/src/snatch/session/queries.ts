// A class session's reads from the indexer (indexer/ponder.schema.ts: snatch_session, snatch_session_seat, and the
// snatch_room / snatch_seat / snatch_log rows of its rooms), each a live SQL query, and their rows as plain values.
// Its rooms come as the tournament console's rows (../tournament/console/queries.ts), so the same model and grid
// serve both. Pure: no React.
import { sql, type SQL } from "@ponder/client";
import type { Row } from "../tournament/console/queries";
import { ROUND_EVENTS, type LogEntry } from "./rounds";

const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** A session as the indexer keeps it. */
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

export const sessionQuery = (id: bigint): SQL => sql`SELECT * FROM snatch_session WHERE id = ${id.toString()}`;

export function parseSession(rows: Row[]): SessionRow | null {
  const r = rows[0];
  if (!r) return null;
  return {
    id: BigInt(s(r.id)),
    organiser: s(r.organiser).toLowerCase(),
    capacity: n(r.capacity),
    roomsPerBatch: n(r.rooms_per_batch),
    stage: n(r.stage),
    firstCome: r.first_come === true || r.first_come === "true",
    startableFrom: n(r.startable_from),
    playerCount: n(r.player_count),
    rooms: n(r.rooms),
    created: n(r.created),
    closed: n(r.closed),
    finished: n(r.finished),
    deadline: n(r.deadline),
    request: BigInt(s(r.request) || "0"),
    satOut: Array.isArray(r.sat_out) ? r.sat_out.map((a) => s(a).toLowerCase()) : [],
  };
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

export const seatsQuery = (id: bigint): SQL => sql`
  SELECT player, name, index, listed, room, sat_out, points
  FROM snatch_session_seat WHERE session_id = ${id.toString()} ORDER BY index`;

// (The parsers sort: a query's rows come through indexer.tsx `snapshotted`, a join that need not keep their order.)
export function parseSeats(rows: Row[]): SessionSeatRow[] {
  return rows
    .map((r) => ({
      player: s(r.player).toLowerCase(),
      name: s(r.name),
      index: n(r.index),
      listed: r.listed === true || r.listed === "true",
      room: r.room === null || r.room === undefined ? null : n(r.room),
      satOut: r.sat_out === true || r.sat_out === "true",
      points: r.points === null || r.points === undefined ? null : n(r.points),
    }))
    .sort((a, b) => a.index - b.index);
}

/** The session's rooms with their seats, as the tournament console's rows (`pair`: the room's index). */
export const roomsQuery = (id: bigint): SQL => sql`
  SELECT r.id, r.session_room AS pair, r.phase, r.state, r.round, r.rules, r.judge, r.deadline, r.offer_count,
         s.seat, s.player, s.name, s.role, s.points, s.done
  FROM snatch_room r JOIN snatch_seat s ON s.room_id = r.id
  WHERE r.session_id = ${id.toString()}
  ORDER BY r.session_room, s.seat`;

/** Players who made a move in any room of the session: an offer, an answer, done, shame, a report, a ruling. */
export const movedQuery = (id: bigint): SQL => sql`
  SELECT l.actor AS player FROM snatch_log l JOIN snatch_room r ON r.id = l.room_id
  WHERE r.session_id = ${id.toString()} AND l.actor IS NOT NULL
    AND l.name IN ('OfferMade', 'OfferAccepted', 'OfferRejected', 'OfferSnatched', 'OfferCancelled', 'PlayerDone',
                   'ShameGiven', 'SnatchReported')
  GROUP BY l.actor`;

/** The events the projector's per-round figures fold (./rounds.ts), room by room in chain order. */
export const logQuery = (id: bigint): SQL => sql`
  SELECT l.room_id, l.block, l.log_index, l.round, l.name, CAST(l.args AS text) AS args
  FROM snatch_log l JOIN snatch_room r ON r.id = l.room_id
  WHERE r.session_id = ${id.toString()} AND l.name IN (${sql.join(
    ROUND_EVENTS.map((e) => sql`${e}`),
    sql`, `,
  )})
  ORDER BY l.room_id, l.block, l.log_index`;

export function parseLog(rows: Row[]): LogEntry[] {
  const key = (r: Row) => [BigInt(s(r.room_id)), BigInt(s(r.block) || "0"), n(r.log_index)] as const;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] !== y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] !== y[1] ? (x[1] < y[1] ? -1 : 1) : x[2] - y[2];
    })
    .map((r) => ({
      roomId: BigInt(s(r.room_id)),
      round: n(r.round),
      name: s(r.name),
      args: (typeof r.args === "string" ? JSON.parse(r.args) : (r.args ?? {})) as Record<string, unknown>,
    }));
}
