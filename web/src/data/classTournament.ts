// What a tournament's console and projector read from the indexer (data/class.ts has what the class pages share): the
// tournament with its phases and the current phase's rooms with their seats (one statement), the registered players
// and who has moved, each a stamped statement (its rows and the block they show), kept as one snapshot only when every
// part names the same block. Plain functions of a database: no React, Node runs them too.
import { and, eq, inArray, isNotNull, or, sql } from "@ponder/client";
import * as schema from "../../../indexer/ponder.schema";
import { address, count } from "../../../client/common/export";
import {
  configRecord,
  ENTRY_FIELDS,
  entryRecord,
  PHASE_FIELDS,
  PHASE_TOTAL_FIELDS,
  phaseRecord,
  type EntryRecord,
  type PhaseRecord,
} from "../../../client/snatch/records";
import { CONFIG_FIELDS, type TournamentConfig } from "../../../client/snatch/tournament";
import {
  agree,
  atOneBlock,
  columns,
  NO_STAMP,
  ROOM_SEAT,
  roomsOf,
  sendPrepared,
  stamped,
  unstamp,
  type Db,
  type RoomRow,
  type RoomSeatRow,
  type Snapshot,
} from "./class";

const t = schema.snatchTournament;
const p = schema.snatchPhase;
const r = schema.snatchRoom;
const s = schema.snatchSeat;
const e = schema.snatchEntry;
const l = schema.snatchLog;

/** A tournament as the indexer keeps it: its configuration, then its progress. */
export interface TournamentRow extends TournamentConfig {
  id: bigint;
  organiser: string;
  /** ISnatchTournament.Stage. */
  stage: number;
  phase: number;
  playerCount: number;
  createdBlock: number;
  /** The block of the tournament's latest event (each of its events moves it: indexer/src/SnatchTournament.ts). */
  lastBlockSeen: number;
}

/** A tournament's columns the pages read. */
const TOURNAMENT = {
  id: t.id,
  organiser: t.organiser,
  ...columns(t, CONFIG_FIELDS),
  stage: t.stage,
  phase: t.phase,
  playerCount: t.playerCount,
  createdBlock: t.createdBlock,
  lastBlockSeen: t.lastBlockSeen,
};

/** A phase's columns the pages read (its number named apart: a row is read by its columns' names). */
const PHASE = {
  phaseNo: sql<number | null>`${p.phase}`.as("phase_no"),
  ...columns(p, PHASE_FIELDS),
  ...columns(p, PHASE_TOTAL_FIELDS),
  request: p.request,
};

const HEAD = { ...TOURNAMENT, ...PHASE, stamp: NO_STAMP };

/** The tournament with its phases (a row per phase, or one without), stamped. */
const headQuery = (db: Db, id: bigint) =>
  stamped(db, HEAD, db.select(HEAD).from(t).leftJoin(p, eq(p.tournamentId, t.id)).where(eq(t.id, id)));

type HeadRow = Awaited<ReturnType<typeof headQuery>>[number];

function parseTournament([first]: HeadRow[]): TournamentRow | null {
  return first
    ? {
        id: first.id,
        organiser: address(first.organiser),
        ...configRecord(first),
        stage: first.stage,
        phase: first.phase,
        playerCount: first.playerCount,
        createdBlock: count(first.createdBlock),
        lastBlockSeen: count(first.lastBlockSeen),
      }
    : null;
}

/** A phase: its rooms, progress and totals. */
export interface PhaseRow extends PhaseRecord {
  finished: number;
  /** The pending pairing request (0 once the pairing is drawn). */
  request: bigint;
}

function parsePhases(all: HeadRow[]): PhaseRow[] {
  return all
    .flatMap((x) =>
      x.phaseNo === null
        ? []
        : [{ ...phaseRecord({ ...x, phase: x.phaseNo }), finished: count(x.finished), request: x.request ?? 0n }],
    )
    .sort((a, b) => a.phase - b.phase);
}

/** The room and seat columns beside the tournament's in one statement, each under a key of its own (`rs_<key>`). */
const ROOM_KEYS = Object.keys(ROOM_SEAT) as (keyof typeof ROOM_SEAT)[];
const rs = (k: string) => `rs_${k}`;

/**
 * The tournament with its phases and the current phase's rooms with their seats, in one stamped statement (one request
 * a block instead of two): the head's rows (the room columns null), then the rooms' (the head's columns null). Each
 * part's absent columns are SQL nulls (PostgreSQL types each from the other part's column), named apart in the first
 * part (its names are the statement's: the indexer answers a row as an object by column name) and decoded by their
 * columns' own decoders (`mapWith`).
 */
export function headRoomsQuery(db: Db, id: bigint) {
  const { stamp: _, ...head } = HEAD;
  const nullHead = Object.fromEntries(Object.keys(head).map((k) => [k, sql`null`]));
  const roomNulls = Object.fromEntries(ROOM_KEYS.map((k) => [rs(k), sql`null`.mapWith(ROOM_SEAT[k]).as(rs(k))]));
  const roomCols = Object.fromEntries(ROOM_KEYS.map((k) => [rs(k), ROOM_SEAT[k]]));
  const first = { ...head, ...roomNulls, stamp: NO_STAMP } as typeof HEAD & Record<string, never>;
  const second = { ...nullHead, ...roomCols, stamp: NO_STAMP } as unknown as typeof first;
  const rooms = db
    .select(second)
    .from(t)
    .leftJoin(r, and(eq(r.tournamentId, t.id), eq(r.tournamentPhase, t.phase)))
    .leftJoin(s, eq(s.roomId, r.id))
    .where(eq(t.id, id));
  const heads = db.select(first).from(t).leftJoin(p, eq(p.tournamentId, t.id)).where(eq(t.id, id));
  return stamped(db, first, heads.unionAll(rooms as never) as unknown as typeof heads);
}

/** A head-and-rooms statement's rows: the head's (the tournament's id set) and the rooms' as their own rows. */
function splitHeadRooms(all: Record<string, unknown>[]): { head: HeadRow[]; rooms: RoomSeatRow[] } {
  const head: HeadRow[] = [];
  const rooms: RoomSeatRow[] = [];
  for (const x of all)
    if (x.id !== null) head.push(x as unknown as HeadRow);
    else rooms.push(Object.fromEntries(ROOM_KEYS.map((k) => [k, x[rs(k)]])) as RoomSeatRow);
  return { head, rooms };
}

/** A registered player's leaderboard row. */
export interface EntryRow extends EntryRecord {
  aggregate: number;
}

const ENTRY = {
  player: e.player,
  name: e.name,
  ...columns(e, ENTRY_FIELDS),
  aggregate: e.aggregate,
  stamp: NO_STAMP,
};

const entriesQuery = (db: Db, id: bigint) =>
  stamped(db, ENTRY, db.select(ENTRY).from(t).leftJoin(e, eq(e.tournamentId, t.id)).where(eq(t.id, id)));

function parseEntries(all: Awaited<ReturnType<typeof entriesQuery>>): EntryRow[] {
  const rows = all.flatMap((x) =>
    x.player === null ? [] : [{ ...entryRecord({ ...x, player: x.player }), aggregate: count(x.aggregate) }],
  );
  return rows.sort((a, b) => a.index - b.index);
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
const MOVED = { actor: l.actor, p1: s.player, stamp: NO_STAMP };

const movedQuery = (db: Db, id: bigint) =>
  stamped(
    db,
    MOVED,
    db
      .select(MOVED)
      .from(t)
      .leftJoin(r, eq(r.tournamentId, t.id))
      .leftJoin(l, and(eq(l.roomId, r.id), or(and(isNotNull(l.actor), inArray(l.name, TOURNAMENT_MOVES)), PASS)))
      .leftJoin(s, and(eq(s.roomId, l.roomId), eq(s.role, 0), eq(l.name, "NoOffer")))
      .where(eq(t.id, id))
      .groupBy(l.actor, s.player),
  );

function parseMoved(all: Awaited<ReturnType<typeof movedQuery>>): string[] {
  return [...new Set(all.flatMap((x) => ((x.actor ?? x.p1) ? [address((x.actor ?? x.p1)!)] : [])))].sort();
}

/** What a tournament's console and projector show: one snapshot of the indexer. */
export interface TournamentClass {
  /** null: not indexed, or no such tournament. */
  tournament: TournamentRow | null;
  phases: PhaseRow[];
  /** The current phase's rooms with their seats (none before phase 1, or not asked). */
  rooms: RoomRow[];
  entries: EntryRow[];
  /** The block the entries were read at: they are the same at the snapshot's (see readTournamentClass). */
  entriesAsOf: number | null;
  /** Who has made a move (null: not asked). */
  moved: string[] | null;
}

/**
 * Everything the console (and, without `rooms` and `moved`, the projector) shows of tournament `id`: one snapshot of
 * the indexer, every part at the same block. Each statement carries its own block ({@link stamped}); the parts are
 * sent at once and kept only when they all name the same block. The entries are read again only when the tournament
 * may have had an event since `previous` read them: every change to an entry comes with one of the tournament's
 * events, which moves its `lastBlockSeen`, so entries read at block E are the same at block B ≥ E while
 * `lastBlockSeen` at B is before E; an event at E itself re-reads them, as a stamp may name the block after its rows'
 * ({@link stamped}) (one request a block fewer while rooms play, where the leaderboard changes only as rooms finish). When
 * the parts disagree, `previous` stays (the clock brings the next block's read); without one, the parts are read
 * again, a little later.
 */
export async function readTournamentClass(
  db: Db,
  id: bigint,
  {
    moved = true,
    rooms = true,
    previous,
  }: { moved?: boolean; rooms?: boolean; previous?: Snapshot<TournamentClass> } = {},
): Promise<Snapshot<TournamentClass>> {
  return atOneBlock(
    `tournament ${id}`,
    async () => {
      const [both, mo] = await Promise.all([
        rooms
          ? sendPrepared(db, `tournament ${id} head and rooms`, () => headRoomsQuery(db, id))
              .then(unstamp)
              .then((x) => ({ asOf: x.asOf, ...splitHeadRooms(x.rows as Record<string, unknown>[]) }))
          : sendPrepared(db, `tournament ${id} head`, () => headQuery(db, id))
              .then(unstamp)
              .then((x) => ({ asOf: x.asOf, head: x.rows, rooms: null })),
        moved ? sendPrepared(db, `tournament ${id} moved`, () => movedQuery(db, id)).then(unstamp) : null,
      ]);
      const head = { asOf: both.asOf, rows: both.head };
      const ro = both.rooms;
      const tournament = parseTournament(head.rows);
      const kept = previous?.data.entriesAsOf;
      const keep =
        kept != null &&
        head.asOf !== null &&
        tournament !== null &&
        kept <= head.asOf &&
        tournament.lastBlockSeen < kept &&
        previous!.data.tournament?.id === tournament.id;
      const en = keep
        ? null
        : await sendPrepared(db, `tournament ${id} entries`, () => entriesQuery(db, id)).then(unstamp);
      if (!agree(head.asOf, [mo, en])) return null;
      return {
        asOf: head.asOf,
        data: {
          tournament,
          phases: parsePhases(head.rows),
          rooms: ro ? roomsOf(ro, (x) => x.pair) : [],
          entries: en ? parseEntries(en.rows) : previous!.data.entries,
          entriesAsOf: en ? en.asOf : kept!,
          moved: mo ? parseMoved(mo.rows) : null,
        },
      };
    },
    previous,
  );
}
