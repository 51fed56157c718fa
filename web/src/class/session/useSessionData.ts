// A class session as its console and projector show it, live from the indexer: the session, its seats, its rooms
// with their seats, who has moved, and (projector) the events the per-round figures fold; plus how far the indexer
// is behind the chain. All of it is one read of the indexer (data/session.ts readSessionClass), one snapshot a block.
import { useMemo } from "react";
import { useBlock } from "../../shared/block";
import {
  readSessionClass,
  type LogEntry,
  type SessionClass,
  type SessionRow,
  type SessionSeatRow,
} from "../../data/session";
import type { RoomRow } from "../../data/class";
import { indexerKeys } from "../../data/keys";
import { useIndexedBlock, useSnapshot } from "../../data/useSnapshot";

export interface SessionData {
  /** null: not indexed (yet), or no such session. */
  session: SessionRow | null | undefined;
  seats: SessionSeatRow[];
  rooms: RoomRow[];
  moved: ReadonlySet<string>;
  log: LogEntry[];
  head: number;
  indexed: number | null;
  /** The block everything shown was read at: one snapshot of the indexer. */
  asOf: number | null;
  behind: number;
  error: string | null;
}

const EMPTY: ReadonlySet<string> = new Set();
const NONE: never[] = [];

/** The console reads who has moved (`moved`, by default), the projector the rounds' events (`log`). */
export function useSessionData(id: bigint, opts: { moved?: boolean; log?: boolean } = {}): SessionData {
  const moved = opts.moved !== false;
  const log = opts.log === true;
  const read = useSnapshot<SessionClass>(
    indexerKeys.classRead("session", id, "class", moved ? "moved" : "-", log ? "log" : "-"),
    (db, previous) => readSessionClass(db, id, { moved, log, previous }),
  );
  const block = useBlock();
  const status = useIndexedBlock();
  const d = read.data;
  // The query keeps an unchanged sorted list as the same object: the set follows the list.
  const movedList = d?.moved;
  const movedSet = useMemo(() => (movedList ? new Set(movedList) : EMPTY), [movedList]);
  const asOf = read.asOf ?? null;
  return {
    session: read.isPending ? undefined : (d?.session ?? null),
    seats: d?.seats ?? NONE,
    rooms: d?.rooms ?? NONE,
    moved: movedSet,
    log: d?.log ?? NONE,
    head: block.number,
    indexed: status.block,
    asOf,
    behind: asOf === null || block.number === 0 ? 0 : Math.max(0, block.number - asOf),
    error: status.error ?? (read.error ? `the indexer refused a query: ${read.error.message}` : null),
  };
}
