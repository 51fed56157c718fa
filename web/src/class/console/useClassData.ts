// A tournament as the console and the projector show it, live from the indexer: the tournament, its phases, the
// current phase's rooms with their seats, the registered players and who has moved; plus how far the indexer is
// behind the chain. All of it is one read of the indexer (data/class.ts readTournamentClass), one snapshot a block: a
// new event shows within the indexer's polling interval plus one or two round trips, with no polling of the node.
import { useMemo } from "react";
import { useBlock } from "../../shared/block";
import type { RoomRow } from "../../data/class";
import {
  readTournamentClass,
  type EntryRow,
  type PhaseRow,
  type TournamentClass,
  type TournamentRow,
} from "../../data/classTournament";
import { indexerKeys } from "../../data/keys";
import { useIndexedBlock, useSnapshot } from "../../data/useSnapshot";

export interface ClassData {
  /** null: not indexed (yet), or no such tournament. */
  tournament: TournamentRow | null | undefined;
  phases: PhaseRow[];
  /** The current phase's row, if it started. */
  phase: PhaseRow | undefined;
  rooms: RoomRow[];
  entries: EntryRow[];
  moved: ReadonlySet<string>;
  /** The chain's latest block as the page's node reports it. */
  head: number;
  /** The indexer's latest indexed block (null until known). */
  indexed: number | null;
  /** The block the rooms (or, before any, the tournament) shown were read at: one snapshot of the indexer. */
  asOf: number | null;
  /** Blocks what is shown is behind the chain (0 when in step). */
  behind: number;
  /** Why the indexer could not be read, if so. */
  error: string | null;
  loading: boolean;
}

const EMPTY_MOVED: ReadonlySet<string> = new Set();
const NONE: never[] = [];

/** The console reads everything; the projector (`board`) neither the rooms nor who has moved: it shows neither. */
export function useClassData(id: bigint, opts: { board?: boolean } = {}): ClassData {
  const all = !opts.board;
  const read = useSnapshot<TournamentClass>(
    indexerKeys.classRead("tournament", id, "class", all ? "console" : "board"),
    (db, previous) => readTournamentClass(db, id, { moved: all, rooms: all, previous }),
  );
  const block = useBlock();
  const status = useIndexedBlock();
  const d = read.data;
  // The query keeps unchanged rows (and the sorted list of who moved) as the same objects: the set follows the list.
  const movedList = d?.moved;
  const moved = useMemo(() => (movedList ? new Set(movedList) : EMPTY_MOVED), [movedList]);
  // Every part is one snapshot: the grid's, the counts' and the "not shown up" list's block is the page's.
  const asOf = read.asOf ?? null;
  const phaseRows = d?.phases ?? NONE;
  const current = d?.tournament?.phase ?? 0;
  return {
    tournament: read.isPending ? undefined : (d?.tournament ?? null),
    phases: phaseRows,
    phase: phaseRows.find((p) => p.phase === current),
    rooms: d?.rooms ?? NONE,
    entries: d?.entries ?? NONE,
    moved,
    head: block.number,
    indexed: status.block,
    asOf,
    behind: asOf === null || block.number === 0 ? 0 : Math.max(0, block.number - asOf),
    error: status.error ?? (read.error ? `the indexer refused a query: ${read.error.message}` : null),
    loading: read.isPending,
  };
}
