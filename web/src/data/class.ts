// What the class's consoles and projectors read from the indexer (a tournament's or a class session's state, its rooms
// with their seats, its players, who has moved, the rounds' events), as typed @ponder/client queries over the
// indexer's schema (indexer/ponder.schema.ts), and their rows as the console's values. Each read names the block its
// rows show: the indexer's checkpoint, read before and after them (readAt). Reads of many rows start from the
// tournament's or the session's own row (a left join on its id). Plain functions of a database: no React, Node runs
// them too.
import { and, asc, eq, inArray, isNotNull, or, sql, type Client } from "@ponder/client";
import * as schema from "../../../indexer/ponder.schema";
import { checkpointBlock } from "./checkpoint";

export type Db = Client<typeof schema>["db"];

/** A read's rows and the indexed block they show (null: the indexer has no checkpoint yet). */
export interface Snapshot<T> {
  data: T;
  asOf: number | null;
}

/**
 * The block the indexer's checkpoint names now (timestamp, chain id, block number, …). It is read in a statement of its
 * own: Ponder's SQL endpoint takes no subquery in a column, and the gate no join without matching columns.
 */
export async function checkpointNow(db: Db): Promise<number | null> {
  const [row] = await db.select({ cp: sql<string | null>`max(latest_checkpoint)` }).from(sql`_ponder_checkpoint`);
  return row?.cp ? checkpointBlock(row.cp) : null;
}

/**
 * `read`'s rows and the block they show. Ponder commits a block's rows with its checkpoint, so rows read between two
 * equal checkpoint reads are exactly at that block (the console's "as of block N" is the chain at N); when the indexer
 * committed a block in between, the rows are read again, at most three times in all (then named with the block read
 * before them: they are at least as new).
 */
export async function readAt<R>(db: Db, read: () => PromiseLike<R>): Promise<{ asOf: number | null; rows: R }> {
  let asOf = await checkpointNow(db);
  for (let attempt = 1; ; attempt++) {
    const rows = await read();
    const after = await checkpointNow(db);
    if (after === asOf || attempt === 3) return { asOf, rows };
    asOf = after;
  }
}

export function snapshot<R, T>(asOf: number | null, rows: R, parse: (rows: R) => T): Snapshot<T> {
  return { data: parse(rows), asOf };
}

export const num = (v: bigint | number | null | undefined) => Number(v ?? 0);
export const lower = (a: string) => a.toLowerCase();

const t = schema.snatchTournament;
const p = schema.snatchPhase;
const r = schema.snatchRoom;
const s = schema.snatchSeat;
const e = schema.snatchEntry;
const l = schema.snatchLog;

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

const tournamentQuery = (db: Db, id: bigint) => db.select({ row: t }).from(t).where(eq(t.id, id));

function parseTournament([first]: Awaited<ReturnType<typeof tournamentQuery>>): TournamentRow | null {
  return first
    ? { ...first.row, organiser: lower(first.row.organiser), createdBlock: num(first.row.createdBlock) }
    : null;
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

/**
 * A tournament's phases, in a statement of their own: the indexer answers a row as an object by column name, so the
 * tournament's columns beside a phase's (both have a `phase`) would overwrite each other.
 */
const phasesQuery = (db: Db, id: bigint) =>
  db.select({ phase: p }).from(t).leftJoin(p, eq(p.tournamentId, t.id)).where(eq(t.id, id)).orderBy(asc(p.phase));

function parsePhases(all: Awaited<ReturnType<typeof phasesQuery>>): PhaseRow[] {
  return all.flatMap(({ phase: x }) =>
    x
      ? [
          {
            phase: x.phase,
            rooms: x.rooms,
            created: x.created,
            closed: x.closed,
            finished: x.finished,
            deadline: num(x.deadline),
            startedBlock: num(x.startedBlock),
            endedBlock: x.endedBlock === null ? null : num(x.endedBlock),
            request: x.request,
            satOut: x.satOut ? lower(x.satOut) : null,
            totals: {
              finished: x.finished,
              offers: x.offers,
              accepts: x.accepts,
              rejects: x.rejects,
              snatches: x.snatches,
              shames: x.shames,
              reports: x.reports,
              refusals: x.refusals,
              pointsAsP1: x.pointsAsP1,
              pointsAsP2: x.pointsAsP2,
            },
          },
        ]
      : [],
  );
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

/** A room with its seats. */
export interface RoomRow {
  id: bigint;
  /** Its pair in the tournament's phase, or its index in the class session. */
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

/** The room and seat columns the console reads (named apart: a row is read by its columns' names). */
export const ROOM_SEAT = {
  roomId: r.id,
  pair: r.pair,
  sessionRoom: r.sessionRoom,
  roomPhase: r.phase,
  state: r.state,
  round: r.round,
  rules: r.rules,
  judge: r.judge,
  deadline: r.deadline,
  offerCount: r.offerCount,
  seat: s.seat,
  player: s.player,
  name: s.name,
  role: s.role,
  points: s.points,
  done: s.done,
};

type RoomSeatRow = { [K in keyof typeof ROOM_SEAT]: (typeof ROOM_SEAT)[K]["_"]["data"] | null };

/** Rows of rooms and their seats (in room, then seat order) as rooms. */
export function roomsOf(rows: RoomSeatRow[], pairOf: (row: RoomSeatRow) => number | null): RoomRow[] {
  const rooms: RoomRow[] = [];
  for (const x of rows) {
    if (x.roomId === null || x.seat === null) continue;
    let room = rooms[rooms.length - 1];
    if (!room || room.id !== x.roomId) {
      room = {
        id: x.roomId,
        pair: num(pairOf(x)),
        phase: num(x.roomPhase),
        state: x.state ?? "",
        round: num(x.round),
        rules: num(x.rules),
        judge: num(x.judge),
        deadline: num(x.deadline),
        offerCount: num(x.offerCount),
        seats: [],
      };
      rooms.push(room);
    }
    room.seats.push({
      seat: x.seat,
      player: lower(x.player ?? ""),
      name: x.name ?? "",
      role: x.role,
      points: num(x.points),
      done: x.done === true,
    });
  }
  return rooms;
}

/**
 * The rooms of a tournament's phase with their seats, by pair: `phase` a number, or the tournament's own column (its
 * current phase, read in the same statement as the rooms).
 */
const phaseRoomsQuery = (db: Db, id: bigint, phase: number | typeof t.phase) =>
  db
    .select({ ...ROOM_SEAT })
    .from(t)
    .leftJoin(r, and(eq(r.tournamentId, t.id), eq(r.tournamentPhase, phase)))
    .leftJoin(s, eq(s.roomId, r.id))
    .where(eq(t.id, id))
    .orderBy(asc(r.pair), asc(s.seat));

export async function readPhaseRooms(db: Db, id: bigint, phase: number): Promise<Snapshot<RoomRow[]>> {
  const { asOf, rows } = await readAt(db, () => phaseRoomsQuery(db, id, phase));
  return snapshot(asOf, rows, (all) => roomsOf(all, (x) => x.pair));
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

const entriesQuery = (db: Db, id: bigint) =>
  db
    .select({
      player: e.player,
      name: e.name,
      index: e.index,
      scoreAsP1: e.scoreAsP1,
      scoreAsP2: e.scoreAsP2,
      aggregate: e.aggregate,
      roomsAsP1: e.roomsAsP1,
      roomsAsP2: e.roomsAsP2,
      satOut: e.satOut,
      g3Shame: e.g3Shame,
    })
    .from(t)
    .leftJoin(e, eq(e.tournamentId, t.id))
    .where(eq(t.id, id))
    .orderBy(asc(e.index));

function parseEntries(all: Awaited<ReturnType<typeof entriesQuery>>): EntryRow[] {
  return all.flatMap((x) =>
    x.player === null
      ? []
      : [
          {
            player: lower(x.player),
            name: x.name ?? "",
            index: num(x.index),
            scoreAsP1: num(x.scoreAsP1),
            scoreAsP2: num(x.scoreAsP2),
            aggregate: num(x.aggregate),
            roomsAsP1: num(x.roomsAsP1),
            roomsAsP2: num(x.roomsAsP2),
            satOut: num(x.satOut),
            g3Shame: num(x.g3Shame),
          },
        ],
  );
}

/** The events that are a two-player room's moves (an offer, an answer, a decision, a message). */
const TOURNAMENT_MOVES = [
  "OfferMade",
  "OfferAccepted",
  "OfferRejected",
  "OfferSnatched",
  "OfferCancelled",
  "ForceSet",
  "ShameGiven",
  "SnatchReported",
  "MessageSent",
];

/** A pass (NoOffer for want of an offer: reason 0), whose log row names no actor. */
const PASS = and(
  eq(l.name, "NoOffer"),
  sql`(CAST(${l.args} AS text) LIKE '%"reason":0%' OR CAST(${l.args} AS text) LIKE '%"reason":"0"%')`,
);

/**
 * Players who made a move in any room of tournament `id` (sorted: the same list reads as the same value), the others
 * have not shown up yet. A pass has no actor in the log: it is P1's, the turkey seat's (the seat joined to the pass's
 * row alone).
 */
const movedQuery = (db: Db, id: bigint) =>
  db
    .select({ actor: l.actor, p1: s.player })
    .from(t)
    .leftJoin(r, eq(r.tournamentId, t.id))
    .leftJoin(l, and(eq(l.roomId, r.id), or(and(isNotNull(l.actor), inArray(l.name, TOURNAMENT_MOVES)), PASS)))
    .leftJoin(s, and(eq(s.roomId, l.roomId), eq(s.role, 0), eq(l.name, "NoOffer")))
    .where(eq(t.id, id))
    .groupBy(l.actor, s.player);

function parseMoved(all: Awaited<ReturnType<typeof movedQuery>>): string[] {
  return [...new Set(all.flatMap((x) => ((x.actor ?? x.p1) ? [lower((x.actor ?? x.p1)!)] : [])))].sort();
}

/** What a tournament's console and projector show: one snapshot of the indexer. */
export interface TournamentClass {
  /** null: not indexed, or no such tournament. */
  tournament: TournamentRow | null;
  phases: PhaseRow[];
  /** The current phase's rooms with their seats (none before phase 1). */
  rooms: RoomRow[];
  entries: EntryRow[];
  /** Who has made a move (null: not asked). */
  moved: string[] | null;
}

/**
 * Everything the console (and, without `moved`, the projector) shows of tournament `id`, its statements sent at once
 * between the same two checkpoint reads: one snapshot, one answer a block for the page to draw (five reads each with
 * its own checkpoints took fifteen requests and up to five renders a block; now seven and one).
 */
export async function readTournamentClass(
  db: Db,
  id: bigint,
  { moved = true }: { moved?: boolean } = {},
): Promise<Snapshot<TournamentClass>> {
  const { asOf, rows } = await readAt(db, () =>
    Promise.all([
      tournamentQuery(db, id),
      phasesQuery(db, id),
      phaseRoomsQuery(db, id, t.phase),
      entriesQuery(db, id),
      moved ? movedQuery(db, id) : null,
    ]),
  );
  return snapshot(asOf, rows, ([tr, ph, ro, en, mo]) => ({
    tournament: parseTournament(tr),
    phases: parsePhases(ph),
    rooms: roomsOf(ro, (x) => x.pair),
    entries: parseEntries(en),
    moved: mo ? parseMoved(mo) : null,
  }));
}
