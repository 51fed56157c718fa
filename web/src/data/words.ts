// The indexer's word for one game: a small read that changes whenever the indexer's rows of the game change. A game
// page re-reads the node's views of the game when its word changes, not at every quiet block (data/refresh.ts), and
// reads its history up to the word's block (the indexer may have a block the page's clock has not shown yet). A word
// is given only while the indexer keeps up with the node (at most one block behind); else null, and the page reads
// the node each block as it would without an indexer: a busy or lagging indexer never holds a game page back.
//   useRoomWord(id)        a room's events (snatch_log): how many, and the block of the last
//   useCatammWord(id)      a CATAMM game's events (catamm_log), the same way
//   useHexWord(id)         a Forking Hex game's row (moves, proofs, settlement)
//   useTournamentWord(id)  a tournament's rows and its phases' rows
import { useQuery } from "@tanstack/react-query";
import { usePonderClient } from "@ponder/react";
import { count, eq, max } from "@ponder/client";
import { useBlock } from "../shared/block";
import { schema } from "./client";
import { indexerKeys } from "./keys";

/** What the indexer has of a game's log: its events, and the block of the last (0: none). */
export interface LogWord {
  events: number;
  lastBlock: number;
}

export interface HexWord {
  /** The game's last block the indexer has (0: no such game). */
  lastBlock: number;
  positions: number;
  proofs: number;
  settleCursor: number;
  state: string;
}

export type TournamentWord = {
  tournament: (typeof schema.snatchTournament.$inferSelect)[];
  phases: (typeof schema.snatchPhase.$inferSelect)[];
};

/** Whether the indexer keeps up with the node (at most one block behind): only then do its words count. */
function useCaughtUp(): boolean {
  const { number, indexed } = useBlock();
  return indexed !== null && number - indexed <= 1;
}

function useWord<T>(key: readonly unknown[], read: () => Promise<T>): T | null {
  const caughtUp = useCaughtUp();
  const q = useQuery({ queryKey: key, queryFn: read });
  return caughtUp && !q.isError && q.data !== undefined ? q.data : null;
}

async function logWord(rows: PromiseLike<{ n: number; last: bigint | null }[]>): Promise<LogWord> {
  const r = (await rows)[0];
  return { events: Number(r?.n ?? 0), lastBlock: Number(r?.last ?? 0) };
}

export function useRoomWord(id: bigint): LogWord | null {
  const db = usePonderClient().db;
  const log = schema.snatchLog;
  return useWord(indexerKeys.word("room", id), () =>
    logWord(
      db
        .select({ n: count(), last: max(log.block) })
        .from(log)
        .where(eq(log.roomId, id)),
    ),
  );
}

export function useCatammWord(id: bigint): LogWord | null {
  const db = usePonderClient().db;
  const log = schema.catammLog;
  return useWord(indexerKeys.word("catamm", id), () =>
    logWord(
      db
        .select({ n: count(), last: max(log.block) })
        .from(log)
        .where(eq(log.gameId, id)),
    ),
  );
}

export function useHexWord(id: bigint): HexWord | null {
  const db = usePonderClient().db;
  const g = schema.hexGame;
  return useWord(indexerKeys.word("hex", id), async () => {
    const [r] = await db
      .select({
        seen: g.lastBlockSeen,
        positions: g.positionCount,
        proofs: g.proofs,
        cursor: g.settleCursor,
        state: g.state,
      })
      .from(g)
      .where(eq(g.id, id));
    return r
      ? {
          lastBlock: Number(r.seen),
          positions: r.positions,
          proofs: r.proofs,
          settleCursor: r.cursor,
          state: r.state,
        }
      : { lastBlock: 0, positions: 0, proofs: 0, settleCursor: 0, state: "none" };
  });
}

export function useTournamentWord(id: bigint): TournamentWord | null {
  const db = usePonderClient().db;
  const t = schema.snatchTournament;
  const p = schema.snatchPhase;
  return useWord(indexerKeys.word("tournament", id), async () => {
    const [tournament, phases] = await Promise.all([
      db.select().from(t).where(eq(t.id, id)),
      db.select().from(p).where(eq(p.tournamentId, id)),
    ]);
    return { tournament, phases };
  });
}
