// Reads of the chain through the data layer's one QueryClient: each a query keyed by what it reads (data/keys.ts),
// re-read when something says it may have changed (data/refresh.ts: the block clock, the indexer's word for a game,
// the page's own transaction), never on a timer of its own. A failed read is kept as the query's error, shown by the
// page in words, and tried again with the next block.
import { useEffect } from "react";
import { useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { AbstractProvider } from "ethers";
import { useBlock } from "../shared/block";
import { describeError, type DescribeContext } from "../shared/errors";
import { useWallet } from "../shared/wallet";
import { chainKeys } from "./keys";
import { useRefreshOn } from "./refresh";

export interface Chain {
  /** Null while connecting. */
  chainId: number | null;
  provider: AbstractProvider | null;
  account: string | null;
}

/** The chain the page reads and the account it acts for. */
export function useChain(): Chain {
  const { chainId, provider, account } = useWallet();
  return { chainId: provider ? chainId : null, provider, account };
}

/** A failed read in words (null: none). */
export function readError(err: unknown, ctx: DescribeContext = {}): string | null {
  return err ? describeError(err, ctx) : null;
}

export interface ChainRead<T> {
  data: T | undefined;
  /** The last failure in words, shown beside what the page still shows (null: none). */
  error: string | null;
  /** Whether a read is in flight. */
  fetching: boolean;
  /** When the last answer came (ms; 0: none yet): a read that answered the same again is another answer. */
  updatedAt: number;
}

/**
 * `read()` as a query under `key` (null: nothing to read yet). `fixed`: what it reads never changes (a format, a
 * token's decimals): read once. `onMount`: read again whenever a page starts showing it (its refresh triggers may
 * have moved while nothing showed it); the answer kept shows meanwhile.
 */
export function useChainRead<T>(
  key: QueryKey | null,
  read: () => Promise<T>,
  {
    describe = {},
    fixed = false,
    onMount = false,
  }: { describe?: DescribeContext; fixed?: boolean; onMount?: boolean } = {},
): ChainRead<T> {
  const q = useQuery({
    queryKey: key ?? ["chain", "none"],
    queryFn: read,
    enabled: key !== null,
    ...(fixed ? { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } : {}),
    ...(onMount ? { staleTime: 0 } : {}),
  });
  return {
    data: key === null ? undefined : q.data,
    error: key === null ? null : readError(q.error ?? q.failureReason, describe),
    fetching: q.isFetching,
    updatedAt: q.dataUpdatedAt,
  };
}

/** Re-reads what is under `key` at every new block (an account's balance, a console's checks). */
export function useEveryBlock(key: QueryKey | null): void {
  useRefreshOn(key, useBlock().number);
}

/**
 * Keeps the chain reads live with the connection: a new connection (another provider for the same chain) reads
 * everything again; a read that failed is tried again with each new block.
 */
export function ChainClock() {
  const { epoch } = useWallet();
  const block = useBlock().number;
  const queryClient = useQueryClient();
  useRefreshOn(chainKeys.all, epoch);
  useEffect(() => {
    void queryClient.refetchQueries(
      { queryKey: chainKeys.all, type: "active", predicate: (q) => q.state.status === "error" },
      { cancelRefetch: false },
    );
  }, [block, queryClient]);
  return null;
}
