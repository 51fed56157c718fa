// What the class's consoles and projectors share of their reads of the indexer (a tournament's: ./classTournament.ts,
// a class session's: ./session.ts), as typed @ponder/client queries over the indexer's schema
// (indexer/ponder.schema.ts): how a read names the block its rows show (the indexer's checkpoint, one row more of the
// statement's own answer: stamped), how a snapshot of several such statements is kept only when all name one block
// (atOneBlock), and the rooms with their seats as the console's values. Reads of many rows start from the tournament's
// or the session's own row (a left join on its id). Plain functions of a database: no React, Node runs them too.
import { and, eq, sql, type Client } from "@ponder/client";
import * as schema from "../../../indexer/ponder.schema";
import { address, count } from "../../../client/common/export";
import { checkpointBlock } from "./checkpoint";

export type Db = Client<typeof schema>["db"];

/** A read's rows and the indexed block they show (null: the indexer has no checkpoint yet). */
export interface Snapshot<T> {
  data: T;
  asOf: number | null;
}

/** The stamp column of a stamped statement: null on its rows, the checkpoint ('' for none yet) on the stamp's row. */
export const NO_STAMP = sql<string | null>`null`.as("stamp");

/**
 * Statement `rows` (its fields flat, the last `stamp: NO_STAMP`) with one row more, in the same statement (UNION ALL):
 * Ponder's checkpoint, the other columns null. A statement reads one state of the database and Ponder means to commit a
 * block's rows with its checkpoint, so the stamp names the rows' block however the answer was cached (the gateway's
 * read cache, Ponder's own) or whenever it was read; on PGlite, while blocks come, Ponder 0.16 answers some statements
 * with a later block's rows than the stamp (test/web/gateway-status.test.ts), and once in a while with the block
 * before the stamp's (test/web/console.e2e.test.ts): a reader that keeps rows by their stamp allows a block either
 * way. The statement has no ORDER BY (a union's order would name its output columns): {@link unstamp}'s caller sorts.
 */
export function stamped<F extends { stamp: typeof NO_STAMP }, Q extends { unionAll: (right: never) => unknown }>(
  db: Db,
  fields: F,
  rows: Q,
): ReturnType<Q["unionAll"]> {
  const stampRow = Object.fromEntries(
    Object.keys(fields).map((k) => [
      k,
      k === "stamp" ? sql<string | null>`coalesce(max(latest_checkpoint), '')`.as("stamp") : sql`null`,
    ]),
  );
  // The stamp's row has the rows' fields (all null but the stamp): drizzle checks a union's shape by the fields' types.
  return rows.unionAll(db.select(stampRow as unknown as F).from(sql`_ponder_checkpoint`) as never) as ReturnType<
    Q["unionAll"]
  >;
}

/** A statement that can be built once and sent again (drizzle's prepared query; pg-proxy sends its SQL as it is). */
interface Preparable<R> {
  prepare(name: string): { execute(): Promise<R> };
}

const prepared = new WeakMap<object, Map<string, { execute(): Promise<unknown> }>>();

/**
 * Statement `key` of `db`, built by `build` the first time only, then sent again as it is. Drizzle takes milliseconds
 * to build and print a statement (about 4 ms for the console's largest, in Node), and the consoles send the same few
 * at every block.
 */
export function sendPrepared<R>(db: Db, key: string, build: () => Preparable<R>): Promise<R> {
  let byKey = prepared.get(db);
  if (!byKey) prepared.set(db, (byKey = new Map()));
  let statement = byKey.get(key) as { execute(): Promise<R> } | undefined;
  if (!statement) byKey.set(key, (statement = build().prepare(key)));
  return statement.execute();
}

/** A stamped statement's rows without the stamp's row, and the block it names (null: the indexer has none yet). */
export function unstamp<R extends { stamp: string | null }>(all: R[]): { asOf: number | null; rows: R[] } {
  const mark = all.find((x) => x.stamp !== null)?.stamp;
  if (mark === undefined) throw new Error("the indexer's answer has no checkpoint row");
  return { asOf: mark ? checkpointBlock(mark) : null, rows: all.filter((x) => x.stamp === null) };
}

/** A snapshot's parts disagreed this many times in a row (the indexer committed between them): the read fails. */
const MAX_ATTEMPTS = 3;

/** Whether every part read (null: not asked) names block `asOf`. */
export const agree = (asOf: number | null, parts: readonly ({ asOf: number | null } | null)[]) =>
  parts.every((part) => part === null || part.asOf === asOf);

/**
 * The snapshot `read` makes of stamped statements sent at once: null when they named different blocks (the indexer
 * committed between them). Then `previous` stays (the clock brings the next block's read); without one, the parts are
 * read again, a little later, and after {@link MAX_ATTEMPTS} disagreements the read fails, naming `what`.
 */
export async function atOneBlock<T>(
  what: string,
  read: () => Promise<Snapshot<T> | null>,
  previous?: Snapshot<T>,
): Promise<Snapshot<T>> {
  for (let attempt = 1; ; attempt++) {
    const got = await read();
    if (got) return got;
    if (previous) return previous;
    if (attempt === MAX_ATTEMPTS)
      throw new Error(`the indexer moved on while ${what} was read, ${MAX_ATTEMPTS} times in a row`);
    await new Promise((done) => setTimeout(done, 200 * attempt));
  }
}

/** The columns `keys` of `table`, for a select (field lists named once, in client/). */
export function columns<T extends object, K extends keyof T & string>(table: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, table[k]])) as Pick<T, K>;
}

const t = schema.snatchTournament;
const r = schema.snatchRoom;
const s = schema.snatchSeat;

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

export type RoomSeatRow = { [K in keyof typeof ROOM_SEAT]: (typeof ROOM_SEAT)[K]["_"]["data"] | null };

/** Rows of rooms and their seats, in any order (a stamped statement has none), as rooms by `pairOf`, then seat. */
export function roomsOf(rows: RoomSeatRow[], pairOf: (row: RoomSeatRow) => number | null): RoomRow[] {
  const rooms: RoomRow[] = [];
  const sorted = [...rows].sort(
    (a, b) => count(pairOf(a)) - count(pairOf(b)) || count(a.roomId) - count(b.roomId) || count(a.seat) - count(b.seat),
  );
  for (const x of sorted) {
    if (x.roomId === null || x.seat === null) continue;
    let room = rooms[rooms.length - 1];
    if (!room || room.id !== x.roomId) {
      room = {
        id: x.roomId,
        pair: count(pairOf(x)),
        phase: count(x.roomPhase),
        state: x.state ?? "",
        round: count(x.round),
        rules: count(x.rules),
        judge: count(x.judge),
        deadline: count(x.deadline),
        offerCount: count(x.offerCount),
        seats: [],
      };
      rooms.push(room);
    }
    room.seats.push({
      seat: x.seat,
      player: address(x.player ?? ""),
      name: x.name ?? "",
      role: x.role,
      points: count(x.points),
      done: x.done === true,
    });
  }
  return rooms;
}

const PHASE_ROOMS = { ...ROOM_SEAT, stamp: NO_STAMP };

/** The rooms of a tournament's phase with their seats, stamped. */
const phaseRoomsQuery = (db: Db, id: bigint, phase: number) =>
  stamped(
    db,
    PHASE_ROOMS,
    db
      .select(PHASE_ROOMS)
      .from(t)
      .leftJoin(r, and(eq(r.tournamentId, t.id), eq(r.tournamentPhase, phase)))
      .leftJoin(s, eq(s.roomId, r.id))
      .where(eq(t.id, id)),
  );

/** The rooms of tournament `id`'s phase `phase` with their seats, by pair: one statement, one request. */
export async function readPhaseRooms(db: Db, id: bigint, phase: number): Promise<Snapshot<RoomRow[]>> {
  const { asOf, rows } = unstamp(await phaseRoomsQuery(db, id, phase));
  return { asOf, data: roomsOf(rows, (x) => x.pair) };
}
