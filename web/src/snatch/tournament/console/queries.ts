// The console's and the projector's reads from the indexer (indexer/ponder.schema.ts, tables in snake case), each a
// live SQL query, and their rows as plain values. Pure: no React.
import { sql, type SQL } from "@ponder/client";

/** A row as the SQL endpoint returns it: bigint and numeric columns come as strings, integers as numbers. */
export type Row = Record<string, unknown>;

const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** A tournament as the indexer keeps it. */
export interface TournamentRow {
  id: bigint;
  organiser: string;
  cap: number;
  roomsPerBatch: number;
  registrationBlocks: number;
  grace: number;
  talk: number;
  offer: number;
  response: number;
  decision: number;
  /** ISnatchTournament.Stage. */
  stage: number;
  phase: number;
  playerCount: number;
  createdBlock: number;
}

export const tournamentQuery = (id: bigint): SQL => sql`SELECT * FROM snatch_tournament WHERE id = ${id.toString()}`;

export function parseTournament(rows: Row[]): TournamentRow | null {
  const r = rows[0];
  if (!r) return null;
  return {
    id: BigInt(s(r.id)),
    organiser: s(r.organiser).toLowerCase(),
    cap: n(r.cap),
    roomsPerBatch: n(r.rooms_per_batch),
    registrationBlocks: n(r.registration_blocks),
    grace: n(r.grace),
    talk: n(r.talk),
    offer: n(r.offer),
    response: n(r.response),
    decision: n(r.decision),
    stage: n(r.stage),
    phase: n(r.phase),
    playerCount: n(r.player_count),
    createdBlock: n(r.created_block),
  };
}

/** A phase: its rooms, progress and totals. */
export interface PhaseRow {
  phase: number;
  rooms: number;
  created: number;
  closed: number;
  finished: number;
  /** 0 until the pairing is drawn and every room exists. */
  deadline: number;
  startedBlock: number;
  endedBlock: number | null;
  /** 0 once the pairing is drawn. */
  request: bigint;
  satOut: string | null;
  totals: {
    finished: number;
    offers: number;
    accepts: number;
    rejects: number;
    snatches: number;
    shames: number;
    reports: number;
    refusals: number;
    pointsAsP1: number;
    pointsAsP2: number;
  };
}

export const phasesQuery = (id: bigint): SQL =>
  sql`SELECT * FROM snatch_phase WHERE tournament_id = ${id.toString()} ORDER BY phase`;

// (The parsers sort: a query's rows come through indexer.tsx `snapshotted`, a join that need not keep their order.)
export function parsePhases(rows: Row[]): PhaseRow[] {
  return rows
    .map((r) => ({
      phase: n(r.phase),
      rooms: n(r.rooms),
      created: n(r.created),
      closed: n(r.closed),
      finished: n(r.finished),
      deadline: n(r.deadline),
      startedBlock: n(r.started_block),
      endedBlock: r.ended_block === null || r.ended_block === undefined ? null : n(r.ended_block),
      request: BigInt(s(r.request) || "0"),
      satOut: r.sat_out ? s(r.sat_out).toLowerCase() : null,
      totals: {
        finished: n(r.finished),
        offers: n(r.offers),
        accepts: n(r.accepts),
        rejects: n(r.rejects),
        snatches: n(r.snatches),
        shames: n(r.shames),
        reports: n(r.reports),
        refusals: n(r.refusals),
        pointsAsP1: n(r.points_as_p1),
        pointsAsP2: n(r.points_as_p2),
      },
    }))
    .sort((a, b) => a.phase - b.phase);
}

/** A seat of a room: its player, the name it registered with, its role and points. */
export interface SeatRow {
  seat: number;
  player: string;
  name: string;
  /** ISnatchRooms.Good (turkey = P1, corn = P2), or null before roles. */
  role: number | null;
  points: number;
  /** Three-player rooms: the seat said it is done with the round (or is suspended). */
  done: boolean;
}

/** A room of the phase with its seats. */
export interface RoomRow {
  id: bigint;
  pair: number;
  /** ISnatchRooms.Phase. */
  phase: number;
  state: string;
  round: number;
  rules: number;
  /** Three-player rooms: the current round's judge seat (3: none). */
  judge: number;
  /** The current window's last block. */
  deadline: number;
  offerCount: number;
  seats: SeatRow[];
}

export const roomsQuery = (id: bigint, phase: number): SQL => sql`
  SELECT r.id, r.pair, r.phase, r.state, r.round, r.rules, r.judge, r.deadline, r.offer_count,
         s.seat, s.player, s.name, s.role, s.points, s.done
  FROM snatch_room r JOIN snatch_seat s ON s.room_id = r.id
  WHERE r.tournament_id = ${id.toString()} AND r.tournament_phase = ${phase}
  ORDER BY r.pair, s.seat`;

export function parseRooms(rows: Row[]): RoomRow[] {
  const byId = new Map<string, RoomRow>();
  for (const r of rows) {
    const key = s(r.id);
    let room = byId.get(key);
    if (!room) {
      room = {
        id: BigInt(key),
        pair: n(r.pair),
        phase: n(r.phase),
        state: s(r.state),
        round: n(r.round),
        rules: n(r.rules),
        judge: n(r.judge),
        deadline: n(r.deadline),
        offerCount: n(r.offer_count),
        seats: [],
      };
      byId.set(key, room);
    }
    room.seats.push({
      seat: n(r.seat),
      player: s(r.player).toLowerCase(),
      name: s(r.name),
      role: r.role === null || r.role === undefined ? null : n(r.role),
      points: n(r.points),
      done: r.done === true || r.done === "true",
    });
  }
  for (const room of byId.values()) room.seats.sort((a, b) => a.seat - b.seat);
  return [...byId.values()].sort((a, b) => a.pair - b.pair);
}

/** A registered player's leaderboard row. */
export interface EntryRow {
  player: string;
  name: string;
  index: number;
  scoreAsP1: number;
  scoreAsP2: number;
  aggregate: number;
  roomsAsP1: number;
  roomsAsP2: number;
  satOut: number;
  g3Shame: number;
}

export const entriesQuery = (id: bigint): SQL => sql`
  SELECT player, name, index, score_as_p1, score_as_p2, aggregate, rooms_as_p1, rooms_as_p2, sat_out, g3_shame
  FROM snatch_entry WHERE tournament_id = ${id.toString()} ORDER BY index`;

export function parseEntries(rows: Row[]): EntryRow[] {
  return rows
    .map((r) => ({
      player: s(r.player).toLowerCase(),
      name: s(r.name),
      index: n(r.index),
      scoreAsP1: n(r.score_as_p1),
      scoreAsP2: n(r.score_as_p2),
      aggregate: n(r.aggregate),
      roomsAsP1: n(r.rooms_as_p1),
      roomsAsP2: n(r.rooms_as_p2),
      satOut: n(r.sat_out),
      g3Shame: n(r.g3_shame),
    }))
    .sort((a, b) => a.index - b.index);
}

/**
 * (The indexer's SQL endpoint takes a subset of SQL: no DISTINCT, no JSON operators; GROUP BY and casts serve.)
 * Players who made a move in any room of the tournament (an offer, a pass, an answer, a decision, a message): the
 * others have not shown up yet. A pass has no actor in the log (NoOffer): it is P1's (the turkey seat's).
 */
export const movedQuery = (id: bigint): SQL => sql`
  SELECT l.actor AS player FROM snatch_log l JOIN snatch_room r ON r.id = l.room_id
  WHERE r.tournament_id = ${id.toString()} AND l.actor IS NOT NULL
    AND l.name IN ('OfferMade', 'OfferAccepted', 'OfferRejected', 'OfferSnatched', 'OfferCancelled', 'ForceSet',
                   'ShameGiven', 'SnatchReported', 'MessageSent')
  GROUP BY l.actor
  UNION
  SELECT s.player FROM snatch_log l JOIN snatch_room r ON r.id = l.room_id
    JOIN snatch_seat s ON s.room_id = l.room_id AND s.role = 0
  WHERE r.tournament_id = ${id.toString()} AND l.name = 'NoOffer'
    AND (CAST(l.args AS text) LIKE '%"reason":0%' OR CAST(l.args AS text) LIKE '%"reason":"0"%')
  GROUP BY s.player`;

export function parseMoved(rows: Row[]): Set<string> {
  return new Set(rows.map((r) => s(r.player).toLowerCase()));
}
