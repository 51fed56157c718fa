// A game's history (a Hex tree, a room's events, a CATAMM game's events) as one query that grows: each read takes
// the blocks after the last one read and folds what they hold into what the query had. From the indexer whenever it
// answers, else from the node's logs:
//   - from the indexer, up to its latest block (the page's clock) or the game's last block in the indexer's word,
//     whichever is higher: a block the indexer is still writing is never half read, and a word read ahead of the
//     clock is never taken as read without its block's events (they would wait for the game's next change);
//   - from the node, up to the page's clock.
// Read again when the indexer's word for the game changes, or at every block while there is no word.
import { useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { usePonderClient } from "@ponder/react";
import type { Client } from "@ponder/client";
import { useBlock } from "../shared/block";
import { stackConfig } from "../shared/deployments";
import type { DescribeContext } from "../shared/errors";
import type { schema } from "./client";
import { readError } from "./chain";
import { useRefreshOn } from "./refresh";

export type IndexerDb = Client<typeof schema>["db"];

/** What the query keeps: the history, and the block it is read up to. */
interface Grown<H> {
  history: H;
  upTo: number;
}

export interface HistorySource<C, H> {
  /** The game's key + "history" (null: nothing to read yet). */
  key: QueryKey | null;
  /** The contract's deployment block: the first read starts there. */
  from: number;
  /** The game's last block in the indexer's word (null: no word: read at every block). */
  wordBlock: number | null;
  fromIndexer(db: IndexerDb, after: number, upTo: number): Promise<C>;
  fromNode(fromBlock: number, toBlock: number): Promise<C>;
  /** A read of no block. */
  empty: C;
  /** Adds a read's chunk to the history so far (undefined: the first read). */
  fold(history: H | undefined, chunk: C): H;
  describe?: DescribeContext;
}

export function useHistory<C, H>(
  source: HistorySource<C, H>,
): {
  history: H | undefined;
  upTo: number | null;
  error: string | null;
} {
  const { key, from, wordBlock, fromIndexer, fromNode, fold } = source;
  const db = usePonderClient().db;
  const queryClient = useQueryClient();
  const clock = useBlock();
  const indexed = clock.indexed;
  const head = clock.number;
  // Tagged, so that a word arriving for the block the clock showed (null, then 417: 417) still reads again.
  useRefreshOn(key, wordBlock === null ? ["head", head] : ["word", wordBlock]);
  // The node's logs are read only on a stack without an indexer or once the clock calls it lost: the clock's first
  // blocks can come before the indexer's first answer (a busy laptop), and that is no reason to read around it.
  const awaitingIndexer = indexed === null && clock.indexerLost === null && Boolean(stackConfig()?.indexer);
  const q = useQuery({
    queryKey: key ?? ["chain", "none"],
    enabled: key !== null && head > 0 && !awaitingIndexer,
    // The history grows in place: no deep comparison of thousands of rows at every read.
    structuralSharing: false,
    queryFn: async (): Promise<Grown<H>> => {
      const before = queryClient.getQueryData<Grown<H>>(key!);
      const after = before ? before.upTo : from - 1;
      if (indexed !== null) {
        const upTo = Math.max(indexed, wordBlock ?? 0);
        const chunk = await fromIndexer(db, after, upTo);
        return { history: fold(before?.history, chunk), upTo: Math.max(after, upTo) };
      }
      if (after >= head) return before ?? { history: fold(undefined, source.empty), upTo: after };
      const chunk = await fromNode(after + 1, head);
      return { history: fold(before?.history, chunk), upTo: Math.max(after, head) };
    },
  });
  return {
    history: key === null ? undefined : q.data?.history,
    upTo: q.data?.upTo ?? null,
    error: key === null ? null : readError(q.error ?? q.failureReason, source.describe),
  };
}
