// A class session as its console and projector show it, live from the indexer: the session, its seats, its rooms
// with their seats, who has moved, and (projector) the events the per-round figures fold; plus how far the indexer
// is behind the chain. One live SQL query each (../tournament/console/indexer.tsx).
import { useBlock } from "../../shared/block";
import { useAgreed, useIndexedBlock, useIndexerQuery } from "../tournament/console/indexer";
import { parseMoved, parseRooms, type RoomRow } from "../tournament/console/queries";
import {
  logQuery,
  movedQuery,
  parseLog,
  parseSeats,
  parseSession,
  roomsQuery,
  seatsQuery,
  sessionQuery,
  type SessionRow,
  type SessionSeatRow,
} from "./queries";
import type { LogEntry } from "./rounds";

export interface SessionData {
  /** null: not indexed (yet), or no such session. */
  session: SessionRow | null | undefined;
  seats: SessionSeatRow[];
  rooms: RoomRow[];
  moved: ReadonlySet<string>;
  log: LogEntry[];
  head: number;
  indexed: number | null;
  /** The block every part shown was read at (null until read). */
  asOf: number | null;
  behind: number;
  error: string | null;
}

const EMPTY: ReadonlySet<string> = new Set();

export function useSessionData(id: bigint, opts: { moved?: boolean; log?: boolean } = {}): SessionData {
  const key = id.toString();
  const session = useIndexerQuery(`s:${key}`, () => sessionQuery(id), parseSession);
  const seats = useIndexerQuery(`ss:${key}`, () => seatsQuery(id), parseSeats);
  const rooms = useIndexerQuery(`sr:${key}`, () => roomsQuery(id), parseRooms);
  const moved = useIndexerQuery(`sm:${key}`, () => movedQuery(id), parseMoved, opts.moved !== false);
  const log = useIndexerQuery(`sl:${key}`, () => logQuery(id), parseLog, opts.log === true);
  const block = useBlock();
  const status = useIndexedBlock();
  // One block's picture: the parts as they last agreed (../tournament/console/indexer.tsx useAgreed).
  const shown = useAgreed([session, seats, rooms, moved, log] as const);
  const [ss, st, rs, ms, ls] = shown.parts;
  const errors = [session.error, seats.error, rooms.error, moved.error, log.error]
    .filter((e): e is Error => !!e)
    .map((e) => e.message);
  return {
    session: session.isPending ? undefined : (ss.data ?? session.data ?? null),
    seats: st.data ?? [],
    rooms: rs.data ?? [],
    moved: ms.data ?? EMPTY,
    log: ls.data ?? [],
    head: block.number,
    indexed: status.block,
    asOf: shown.asOf,
    behind: shown.asOf === null || block.number === 0 ? 0 : Math.max(0, block.number - shown.asOf),
    error: status.error ?? (errors.length ? `the indexer refused a query: ${errors[0]}` : null),
  };
}
