// A tournament as the console and the projector show it, live from the indexer: the tournament, its phases, the
// current phase's rooms with their seats, the registered players and who has moved; plus how far the indexer is
// behind the chain. Each part is one read of the indexer (data/class.ts, ./indexer.tsx): a new event shows within the
// indexer's polling interval plus one round trip, with no polling of the node.
import { useBlock } from "../../shared/block";
import {
  readEntries,
  readPhaseRooms,
  readPhases,
  readTournament,
  readTournamentMoved,
  type EntryRow,
  type PhaseRow,
  type RoomRow,
  type TournamentRow,
} from "../../data/class";
import { indexerKeys } from "../../data/keys";
import { oldest, useIndexedBlock, useSnapshot } from "../../data/useSnapshot";

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
  /** The block the "not shown up" list was read at (the older of its two reads). */
  absentAsOf: number | null;
  /** Blocks what is shown is behind the chain (0 when in step). */
  behind: number;
  /** Why the indexer could not be read, if so. */
  error: string | null;
  loading: boolean;
}

const EMPTY_MOVED: ReadonlySet<string> = new Set();

export function useClassData(id: bigint, opts: { moved?: boolean } = {}): ClassData {
  const t = useSnapshot(indexerKeys.classRead("tournament", id, "tournament"), (db) => readTournament(db, id));
  const phases = useSnapshot(indexerKeys.classRead("tournament", id, "phases"), (db) => readPhases(db, id));
  const current = t.data?.phase ?? 0;
  const rooms = useSnapshot(
    indexerKeys.classRead("tournament", id, "rooms", current),
    (db) => readPhaseRooms(db, id, current),
    current > 0,
  );
  const entries = useSnapshot(indexerKeys.classRead("tournament", id, "entries"), (db) => readEntries(db, id));
  const moved = useSnapshot(
    indexerKeys.classRead("tournament", id, "moved"),
    (db) => readTournamentMoved(db, id),
    opts.moved !== false,
  );
  const block = useBlock();
  const status = useIndexedBlock();
  // The rooms' grid, the counts and whom the rooms wait on come from one statement: its block is the page's.
  const asOf = current > 0 ? (rooms.asOf ?? null) : (t.asOf ?? null);
  const phaseRows = phases.data ?? [];
  const errors = [t.error, phases.error, rooms.error, entries.error, moved.error]
    .filter((e): e is Error => !!e)
    .map((e) => e.message);
  return {
    tournament: t.isPending ? undefined : (t.data ?? null),
    phases: phaseRows,
    phase: phaseRows.find((p) => p.phase === current),
    rooms: current > 0 ? (rooms.data ?? []) : [],
    entries: entries.data ?? [],
    moved: moved.data ?? EMPTY_MOVED,
    head: block.number,
    indexed: status.block,
    asOf,
    absentAsOf: oldest([entries, moved]),
    behind: asOf === null || block.number === 0 ? 0 : Math.max(0, block.number - asOf),
    error: status.error ?? (errors.length ? `the indexer refused a query: ${errors[0]}` : null),
    loading: t.isPending,
  };
}
