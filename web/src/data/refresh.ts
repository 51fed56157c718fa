// How the pages' queries are told that what they read may have changed: `refresh(key)` marks every query under the
// key stale and re-reads the ones on screen. A read already in flight is not cancelled: it finishes, then runs once
// more (it may have started before the change). Cancelling and restarting it at every change meant that on a busy
// node or indexer no read ever finished.
import { useEffect, useRef, useState } from "react";
import { useQueryClient, type Query, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { hashKey } from "./keys";

/** Queries that run once more when their read in flight ends. */
const again = new WeakSet<Query>();

export function refresh(queryClient: QueryClient, queryKey: QueryKey): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
    const inFlight = query.state.fetchStatus === "fetching" ? query.promise : undefined;
    if (!inFlight || again.has(query)) continue;
    again.add(query);
    const rerun = () => {
      again.delete(query);
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });
    };
    inFlight.then(rerun, rerun);
  }
  void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

/**
 * {@link refresh} once this render's effects have all run. A hook's query takes the render's query function in an
 * effect of its own (TanStack's useQuery sets its options in useEffect), and a refresh from an effect declared before
 * it would run the function of the render before, with the values before the change that asked for the read: a game
 * page's history, told of the indexer's word for block 376 while that older function still had the clock at 375, read
 * up to 375 and never again (the page stayed on "Loading game 2…" on an idle chain).
 */
export function refreshAfterEffects(queryClient: QueryClient, queryKey: QueryKey): void {
  queueMicrotask(() => refresh(queryClient, queryKey));
}

/**
 * Refreshes the queries under `queryKey` whenever `trigger` changes (compared by value: a word of the indexer, a
 * block number, a deadline passed). Nothing on the first render: the queries read then anyway.
 */
export function useRefreshOn(queryKey: QueryKey | null, trigger: unknown): void {
  const queryClient = useQueryClient();
  const keyHash = queryKey === null ? null : hashKey(queryKey);
  const triggerHash = hashKey([trigger]);
  const seen = useRef<{ key: string | null; trigger: string } | null>(null);
  useEffect(() => {
    const last = seen.current;
    seen.current = { key: keyHash, trigger: triggerHash };
    if (queryKey === null || last === null || last.key !== keyHash || last.trigger === triggerHash) return;
    refreshAfterEffects(queryClient, queryKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the hashes stand for the key and the trigger (new each render)
  }, [queryClient, keyHash, triggerHash]);
}

/**
 * Refreshes the queries under `queryKey` whenever `value` rises above every value it had (a deadline that passed, a
 * block while something is awaited): a value falling back (a new deadline not passed yet) refreshes nothing.
 */
export function useRefreshOnRise(queryKey: QueryKey | null, value: number): void {
  const queryClient = useQueryClient();
  const keyHash = queryKey === null ? null : hashKey(queryKey);
  const highest = useRef<{ key: string | null; value: number } | null>(null);
  useEffect(() => {
    const last = highest.current;
    if (last === null || last.key !== keyHash) {
      highest.current = { key: keyHash, value };
      return;
    }
    if (value <= last.value) return;
    highest.current = { key: keyHash, value };
    if (queryKey !== null) refreshAfterEffects(queryClient, queryKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the hash stands for the key (a new array at every render)
  }, [queryClient, keyHash, value]);
}

/**
 * For a page waiting on something that comes with blocks (randomness, the end of a window) since block `since`: the
 * last block up to `block` at which to ask the contract again (null: not yet). Every block for the first four, then
 * at powers of two, and once at 258 (a block-hash request goes stale after 256 blocks past its target, the block
 * after the request). Refreshing on it (useRefreshOnRise) shows what comes soon at once, and a wait left alone costs
 * a few calls in all instead of one per block.
 */
export function lastDue(block: number, since: number): number | null {
  const d = block - since;
  if (d < 0) return null;
  if (d <= 4) return block;
  const power = 2 ** Math.floor(Math.log2(d));
  return since + (d >= 258 && power < 258 ? 258 : power);
}

/** The block at which `value` (compared by value) was first seen with its present value. */
export function useSince(value: unknown, block: number): number {
  const hash = hashKey([value]);
  const [since, setSince] = useState({ hash, block });
  if (since.hash !== hash) {
    // A new value: its wait starts now (React's pattern for state derived from props).
    setSince({ hash, block });
    return block;
  }
  return since.block;
}
