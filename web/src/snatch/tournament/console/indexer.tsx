// The indexer as the console and the projector read it: @ponder/client against the gateway's same-origin `/indexer`
// (scripts/web/gateway.ts), with @ponder/react's live queries on a TanStack Query cache (a query re-runs when the
// indexer's tables change: server-sent events, no polling of the node). Written to be folded into the app's shared
// data layer (web/src/data/) as it is: `IndexerProvider` wraps a page, `useIndexerQuery` runs one SQL query live.
//
// Queries are plain SQL (`sql` from @ponder/client, parameters bound), so the bundle needs no copy of the indexer's
// schema (indexer/ponder.schema.ts imports the `ponder` package, which is Node only); tables and columns are the
// schema's in snake case.
import { createClient, sql, type SQL } from "@ponder/client";
import { PonderProvider, usePonderQuery } from "@ponder/react";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, type ReactNode } from "react";
import { stackUrl } from "../../../../../client/common/stack";
import { stackConfig } from "../../../shared/deployments";
import type { Row } from "./queries";

export { sql };

/** The indexer's base URL on this page's origin (`…/indexer`), or null when the page's stack runs none. */
export function indexerBase(): string | null {
  const stack = stackConfig();
  return stack?.indexer ? stackUrl(window.location.origin, stack.indexer) : null;
}

let shared: { client: ReturnType<typeof createClient>; queries: QueryClient } | null = null;

/** One client and one cache per page load. */
function clients(base: string) {
  if (!shared) shared = { client: createClient(`${base}/sql`), queries: new QueryClient() };
  return shared;
}

/** Gives its children the indexer (or says why there is none: a page served without the class stack's gateway). */
export function IndexerProvider({ children }: { children: ReactNode }) {
  const base = indexerBase();
  if (!base)
    return (
      <p className="danger" data-testid="no-indexer">
        This page reads the indexer, and this app is not served with one: start it with <code>npm run web</code> (the
        gateway serves the indexer at /indexer).
      </p>
    );
  const { client, queries } = clients(base);
  return (
    <QueryClientProvider client={queries}>
      <PonderProvider client={client}>{children}</PonderProvider>
    </QueryClientProvider>
  );
}

export type { Row };

/**
 * Runs `query` (rebuilt when `key` changes) live: its rows, refreshed whenever a table it reads changes. `enabled`
 * false skips it (its inputs are not known yet).
 */
export function useIndexerQuery<T>(key: string, query: () => SQL, parse: (rows: Row[]) => T, enabled = true) {
  // @ponder/react keys the live subscription on the function's identity: one function per `key`.
  const queryFn = useCallback((db: { execute(q: SQL): Promise<unknown> }) => db.execute(query()), [key]);
  const select = useCallback((result: unknown) => parse(rowsOf(result)), [key]);
  return usePonderQuery({
    queryFn: queryFn as never,
    select: select as never,
    enabled,
  }) as { data: T | undefined; error: Error | null; isPending: boolean };
}

/** The rows of an `execute` result (the SQL endpoint answers `{ rows }`). */
export function rowsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

/** How far the indexer is behind the chain: its latest indexed block (from `/indexer/status`, each second). */
export function useIndexedBlock(): { block: number | null; error: string | null } {
  const base = useMemo(indexerBase, []);
  const q = useQuery({
    queryKey: ["indexer-status", base],
    enabled: base !== null,
    refetchInterval: 1000,
    retry: false,
    queryFn: async () => {
      const res = await fetch(`${base}/status`, { cache: "no-store" });
      if (!res.ok) throw new Error(`the indexer answered ${res.status}`);
      const body = (await res.json()) as Record<string, { block?: { number?: number } }>;
      const blocks = Object.values(body).map((c) => Number(c.block?.number ?? 0));
      return blocks.length ? Math.max(...blocks) : 0;
    },
  });
  return {
    block: q.data ?? null,
    error: q.error ? `the indexer is not answering (${q.error.message}); what is shown may be old` : null,
  };
}
