// The pages' data layer: ONE TanStack QueryClient and the indexer's client (@ponder/react's PonderProvider), kept
// live by the page's one chain clock (shared/block.tsx: the gateway's /heads stream). Whenever the indexer has
// indexed a new block, every indexer query on the page is marked stale and the ones on screen re-read: a new event
// shows within the indexer's polling interval plus one read, and the node is never polled for logs.
//
// Why not one live query (Ponder's /sql/live, server-sent events) per list: a browser keeps at most six HTTP/1.1
// connections per origin, and each live query holds one open, so a page with a few lists would starve its own
// moves (/rpc); one shared clock costs one connection per page whatever it shows.
import { useEffect, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { PonderProvider } from "@ponder/react";
import { useBlock } from "../shared/block";
import { indexerClient, schema } from "./client";
import { refreshAfterEffects } from "./refresh";
import { ChainClock } from "./chain";
import { chainKeys, hashKey, PONDER_KEY } from "./keys";

export { PONDER_KEY };

declare module "@ponder/react" {
  interface Register {
    schema: typeof schema;
  }
}

/**
 * A chain read's new answer, or the old one when it is the same by value (pages' memos keep their inputs). Never a
 * copy: TanStack's own sharing copies an ethers Result (an array with named fields) as a bare array, names lost.
 */
function keepIfSame(old: unknown, next: unknown): unknown {
  return old !== undefined && hashKey([old]) === hashKey([next]) ? old : next;
}

function makeQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // Keys hold bigints (ids, amounts): data/keys.ts hashes them.
        queryKeyHashFn: hashKey,
        // Fresh until the clock says the indexer moved on (then invalidated): no timed refetching.
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        retry: 1,
        // A page of a list stays on screen while the next one loads.
        placeholderData: (previous: unknown) => previous,
      },
    },
  });
  // A chain read shows what it read for its own key only: another room's view, or an answer for other inputs, never
  // stands in while its own is read.
  client.setQueryDefaults(chainKeys.all, { placeholderData: undefined, structuralSharing: keepIfSame });
  return client;
}

/**
 * For the game pages' change words (the `*Version` hooks): passes a word through only while the indexer keeps up
 * with the node (at most one block behind); else null, and the pages read the node each block as without an
 * indexer. A busy or lagging indexer never holds a game page back.
 */
export function useCaughtUp(): (word: string | null) => string | null {
  const { number, indexed } = useBlock();
  const ok = indexed !== null && number - indexed <= 1;
  return (word) => (ok ? word : null);
}

/**
 * Marks the indexer's queries stale whenever the indexer has indexed a new block, and re-reads the ones on screen. A
 * read in flight then is not cancelled but read once more when it answers (./refresh.ts): it began before the block,
 * and on an idle chain no later block would ever bring the block's rows (a lobby never listed the game just made).
 */
function IndexerClock() {
  const { indexed } = useBlock();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (indexed !== null) refreshAfterEffects(queryClient, [PONDER_KEY]);
  }, [indexed, queryClient]);
  return null;
}

export function DataProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [client] = useState(indexerClient);
  return (
    <QueryClientProvider client={queryClient}>
      <PonderProvider client={client}>
        <IndexerClock />
        <ChainClock />
        {children}
      </PonderProvider>
    </QueryClientProvider>
  );
}
