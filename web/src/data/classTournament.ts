// What a tournament's console and projector read from the indexer (data/class.ts has what the class pages share): the
// tournament with its phases, the current phase's rooms with their seats, the registered players and who has moved,
// each a stamped statement (its rows and the block they show), kept as one snapshot only when every part names the
// same block. Plain functions of a database: no React, Node runs them too.
import { and, eq, inArray, isNotNull, or, sql } from "@ponder/client";
import * as schema from "../../../indexer/ponder.schema";
import type { TournamentConfig } from "../../../client/snatch/tournament";
import {
  agree,
  atOneBlock,
  lower,
  NO_STAMP,
  num,
  ROOM_SEAT,
  roomsOf,
  stamped,
  unstamp,
  type Db,
  type RoomRow,
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
  cap: t.cap,
  roomsPerBatch: t.roomsPerBatch,
  registrationBlocks: t.registrationBlocks,
  grace: t.grace,
  talk: t.talk,
  offer: t.offer,
  response: t.response,
  decision: t.decision,
  stage: t.stage,
  phase: t.phase,
  playerCount: t.playerCount,
  createdBlock: t.createdBlock,
  lastBlockSeen: t.lastBlockSeen,
};

/** A phase's columns the pages read (its number named apart: a row is read by its columns' names). */
const PHASE = {
  phaseNo: sql<number | null>`${p.phase}`.as("phase_no"),
  rooms: p.rooms,
  created: p.created,
  closed: p.closed,
  finished: p.finished,
  deadline: p.deadline,
  startedBlock: p.startedBlock,
  endedBlock: p.endedBlock,
  request: p.request,
  satOut: p.satOut,
  offers: p.offers,
  accepts: p.accepts,
  rejects: p.rejects,
  snatches: p.snatches,
  shames: p.shames,
  reports: p.reports,
  refusals: p.refusals,
  pointsAsP1: p.pointsAsP1,
  pointsAsP2: p.pointsAsP2,
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
        organiser: lower(first.organiser),
        cap: first.cap,
        roomsPerBatch: first.roomsPerBatch,
        registrationBlocks: first.registrationBlocks,
        grace: first.grace,
        talk: first.talk,
        offer: first.offer,
        response: first.response,
        decision: first.decision,
        stage: first.stage,
        phase: first.phase,
        playerCount: first.playerCount,
        createdBlock: num(first.createdBlock),
        lastBlockSeen: num(first.lastBlockSeen),
      }
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

function parsePhases(all: HeadRow[]): PhaseRow[] {
  return all
    .flatMap((x) =>
      x.phaseNo === null
        ? []
        : [
            {
              phase: num(x.phaseNo),
              rooms: num(x.rooms),
              created: num(x.created),
              closed: num(x.closed),
              finished: num(x.finished),
              deadline: num(x.deadline),
              startedBlock: num(x.startedBlock),
              endedBlock: x.endedBlock === null ? null : num(x.endedBlock),
              request: x.request ?? 0n,
              satOut: x.satOut ? lower(x.satOut) : null,
              totals: {
                finished: num(x.finished),
                offers: num(x.offers),
                accepts: num(x.accepts),
                rejects: num(x.rejects),
                snatches: num(x.snatches),
                shames: num(x.shames),
                reports: num(x.reports),
                refusals: num(x.refusals),
                pointsAsP1: num(x.pointsAsP1),
                pointsAsP2: num(x.pointsAsP2),
              },
            },
          ],
    )
    .sort((a, b) => a.phase - b.phase);
}

const ROOMS = { ...ROOM_SEAT, stamp: NO_STAMP };

/** The tournament's current phase's rooms with their seats (the tournament's own `phase` column), stamped. */
const currentRoomsQuery = (db: Db, id: bigint) =>
  stamped(
    db,
    ROOMS,
    db
      .select(ROOMS)
      .from(t)
      .leftJoin(r, and(eq(r.tournamentId, t.id), eq(r.tournamentPhase, t.phase)))
      .leftJoin(s, eq(s.roomId, r.id))
      .where(eq(t.id, id)),
  );

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

const ENTRY = {
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
  stamp: NO_STAMP,
};

const entriesQuery = (db: Db, id: bigint) =>
  stamped(db, ENTRY, db.select(ENTRY).from(t).leftJoin(e, eq(e.tournamentId, t.id)).where(eq(t.id, id)));

function parseEntries(all: Awaited<ReturnType<typeof entriesQuery>>): EntryRow[] {
  const rows = all.flatMap((x) =>
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
  return [...new Set(all.flatMap((x) => ((x.actor ?? x.p1) ? [lower((x.actor ?? x.p1)!)] : [])))].sort();
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
 * had an event since `previous` read them: every change to an entry comes with one of the tournament's events, which
 * moves its `lastBlockSeen`, so entries read at block E are the same at block B ≥ E while `lastBlockSeen` at B is
 * at most E (one request a block fewer while rooms play, where the leaderboard changes only as rooms finish). When
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
      const [head, ro, mo] = await Promise.all([
        headQuery(db, id).then(unstamp),
        rooms ? currentRoomsQuery(db, id).then(unstamp) : null,
        moved ? movedQuery(db, id).then(unstamp) : null,
      ]);
      const tournament = parseTournament(head.rows);
      const kept = previous?.data.entriesAsOf;
      const keep =
        kept != null &&
        head.asOf !== null &&
        tournament !== null &&
        kept <= head.asOf &&
        tournament.lastBlockSeen <= kept &&
        previous!.data.tournament?.id === tournament.id;
      const en = keep ? null : await entriesQuery(db, id).then(unstamp);
      if (!agree(head.asOf, [ro, mo, en])) return null;
      return {
        asOf: head.asOf,
        data: {
          tournament,
          phases: parsePhases(head.rows),
          rooms: ro ? roomsOf(ro.rows, (x) => x.pair) : [],
          entries: en ? parseEntries(en.rows) : previous!.data.entries,
          entriesAsOf: en ? en.asOf : kept!,
          moved: mo ? parseMoved(mo.rows) : null,
        },
      };
    },
    previous,
  );
}
