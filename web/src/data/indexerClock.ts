// What the page's chain clock does to the indexer's queries when the indexer has indexed a new block (DataProvider's
// IndexerClock): every query is marked stale and the ones on screen read again.
//
// A read still in flight is not cancelled and restarted: on a busy indexer a read can take longer than a block, and
// restarting each one at every block meant none ever finished (the projector stayed on "Reading tournament 1 from the
// indexer…" for 25 s). But that read began before the block, so its answer may not have it: the query is read once
// more as soon as it has answered. Else the old answer stood until the indexer's next block, and for ever when no block
// followed (a lobby never listed the game made in the chain's last block).
import type { QueryClient, QueryKey } from "@tanstack/react-query";

export interface IndexerClock {
  /** The indexer has indexed a new block: every query under `prefix` is stale. */
  indexed(): void;
  /** Stops following the cache (the page's data layer is gone). */
  stop(): void;
}

export function indexerClock(client: QueryClient, prefix: QueryKey): IndexerClock {
  const cache = client.getQueryCache();
  const owed = new Set<string>();
  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== "updated" || !owed.has(event.query.queryHash)) return;
    if (event.action.type !== "success" && event.action.type !== "error") return;
    owed.delete(event.query.queryHash);
    const queryKey = event.query.queryKey;
    // After the cache has finished dispatching this answer (not from inside its listener).
    queueMicrotask(() => void client.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false }));
  });
  return {
    indexed() {
      for (const q of cache.findAll({ queryKey: prefix, fetchStatus: "fetching" })) owed.add(q.queryHash);
      void client.invalidateQueries({ queryKey: prefix }, { cancelRefetch: false });
    },
    stop: unsubscribe,
  };
}
