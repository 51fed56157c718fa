// A class session as its console and projector show it, live from the indexer: the session, its seats, its rooms
// with their seats, who has moved, and (projector) the events the per-round figures fold; plus how far the indexer
// is behind the chain. One read of the indexer each (data/session.ts).
import { useBlock } from "../../shared/block";
import {
  readSession,
  readSessionLog,
  readSessionMoved,
  readSessionRooms,
  readSessionSeats,
  type LogEntry,
  type SessionRow,
  type SessionSeatRow,
} from "../../data/session";
import type { RoomRow } from "../../data/class";
import { indexerKeys } from "../../data/keys";
import { oldest, useIndexedBlock, useSnapshot } from "../../data/useSnapshot";

export interface SessionData {
  /** null: not indexed (yet), or no such session. */
  session: SessionRow | null | undefined;
  seats: SessionSeatRow[];
  rooms: RoomRow[];
  moved: ReadonlySet<string>;
  log: LogEntry[];
  head: number;
  indexed: number | null;
  /** The block the rooms (or, before any, the session) shown were read at. */
  asOf: number | null;
  /** The block the "not shown up" list was read at. */
  absentAsOf: number | null;
  behind: number;
  error: string | null;
}

const EMPTY: ReadonlySet<string> = new Set();

export function useSessionData(id: bigint, opts: { moved?: boolean; log?: boolean } = {}): SessionData {
  const session = useSnapshot(indexerKeys.classRead("session", id, "session"), (db) => readSession(db, id));
  const seats = useSnapshot(indexerKeys.classRead("session", id, "seats"), (db) => readSessionSeats(db, id));
  const rooms = useSnapshot(indexerKeys.classRead("session", id, "rooms"), (db) => readSessionRooms(db, id));
  const moved = useSnapshot(
    indexerKeys.classRead("session", id, "moved"),
    (db) => readSessionMoved(db, id),
    opts.moved !== false,
  );
  const log = useSnapshot(
    indexerKeys.classRead("session", id, "log"),
    (db) => readSessionLog(db, id),
    opts.log === true,
  );
  const block = useBlock();
  const status = useIndexedBlock();
  // The rooms' grid and whom they wait on come from one statement: its block is the page's.
  const asOf = rooms.data && rooms.data.length > 0 ? (rooms.asOf ?? null) : (session.asOf ?? null);
  const errors = [session.error, seats.error, rooms.error, moved.error, log.error]
    .filter((e): e is Error => !!e)
    .map((e) => e.message);
  return {
    session: session.isPending ? undefined : (session.data ?? null),
    seats: seats.data ?? [],
    rooms: rooms.data ?? [],
    moved: moved.data ?? EMPTY,
    log: log.data ?? [],
    head: block.number,
    indexed: status.block,
    asOf,
    absentAsOf: oldest([seats, moved]),
    behind: asOf === null || block.number === 0 ? 0 : Math.max(0, block.number - asOf),
    error: status.error ?? (errors.length ? `the indexer refused a query: ${errors[0]}` : null),
  };
}
