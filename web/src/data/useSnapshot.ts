// Reads of the indexer that name the block they show (data/class.ts: the console's and the projector's), as queries of
// the app's data layer: read again whenever the indexer has indexed a new block (DataProvider's clock). No read holds
// a connection of its own: a live query per panel, beside the clock's /heads stream, took all six of the browser's
// connections to the gateway.
import { usePonderClient } from "@ponder/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useBlock } from "../shared/block";
import type { Snapshot } from "./class";
import type { IndexerClient } from "./client";

export interface SnapshotRead<T> {
  data: T | undefined;
  /** The indexed block the data shows (null: not answered yet; undefined: not read, it is not enabled). */
  asOf: number | null | undefined;
  error: Error | null;
  isPending: boolean;
}

/**
 * A read (`key`: what it reads, data/keys.ts), read again whenever the indexer has indexed a new
 * block, given the snapshot it read last (if any). `enabled` false skips it (its inputs are not known yet).
 */
export function useSnapshot<T>(
  key: readonly unknown[],
  read: (db: IndexerClient["db"], previous: Snapshot<T> | undefined) => Promise<Snapshot<T>>,
  enabled = true,
): SnapshotRead<T> {
  const client = usePonderClient();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: key,
    queryFn: () => read(client.db, queryClient.getQueryData<Snapshot<T>>(key)),
    enabled,
  });
  return {
    data: q.data?.data,
    asOf: enabled ? (q.data?.asOf ?? null) : undefined,
    error: q.error,
    isPending: q.isPending,
  };
}

/** How far the indexer has read: its latest indexed block, from the page's chain clock (the gateway's /heads). */
export function useIndexedBlock(): { block: number | null; error: string | null } {
  const clock = useBlock();
  return {
    block: clock.indexed,
    error: clock.indexerLost ? `the indexer is not answering (${clock.indexerLost}); what is shown may be old` : null,
  };
}
