// The indexer as the consoles and the projectors read it: plain SQL (`sql` from @ponder/client, parameters bound)
// through the app's data layer (web/src/data/DataProvider.tsx: one TanStack Query cache and the indexer's client,
// kept fresh by the page's one chain clock, the gateway's /heads stream). A query re-reads when the indexer has
// indexed a new block; no query holds a connection of its own (a live query per panel, with /heads, took all six
// of the browser's connections to the gateway, and the page's other requests waited behind them).
//
// Plain SQL, so the bundle needs no copy of the indexer's schema (indexer/ponder.schema.ts imports the `ponder`
// package, which is Node only); tables and columns are the schema's in snake case.
import { sql, type SQL } from "@ponder/client";
import { usePonderClient } from "@ponder/react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { stackUrl } from "../../../../../client/common/stack";
import { PONDER_KEY } from "../../../data/DataProvider";
import { useBlock } from "../../../shared/block";
import { stackConfig } from "../../../shared/deployments";
import type { Row } from "./queries";

export { sql };

/** The indexer's base URL on this page's origin (`…/indexer`), or null when the page's stack runs none. */
export function indexerBase(): string | null {
  const stack = stackConfig();
  return stack?.indexer ? stackUrl(window.location.origin, stack.indexer) : null;
}

/** Its children, or why there is no indexer to read (a page served without the class stack's gateway). */
export function IndexerProvider({ children }: { children: ReactNode }) {
  if (!indexerBase())
    return (
      <p className="danger" data-testid="no-indexer">
        This page reads the indexer, and this app is not served with one: start it with <code>npm run web</code> (the
        gateway serves the indexer at /indexer).
      </p>
    );
  return <>{children}</>;
}

export type { Row };

/**
 * Runs `query` (rebuilt when `key` changes): its rows, read again whenever the indexer has indexed a new block.
 * `enabled` false skips it (its inputs are not known yet).
 */
export function useIndexerQuery<T>(key: string, query: () => SQL, parse: (rows: Row[]) => T, enabled = true) {
  const client = usePonderClient();
  const q = useQuery({
    // Under the data layer's key: the clock's invalidation reaches it.
    queryKey: [PONDER_KEY, "sql", key],
    queryFn: async () => parse(rowsOf(await client.db.execute(query()))),
    enabled,
  });
  return { data: q.data, error: q.error, isPending: q.isPending };
}

/** The rows of an `execute` result (the SQL endpoint answers `{ rows }`). */
export function rowsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

/** How far the indexer has read: its latest indexed block, from the page's chain clock (the gateway's /heads). */
export function useIndexedBlock(): { block: number | null; error: string | null } {
  const clock = useBlock();
  return {
    block: clock.indexed,
    error: clock.indexerLost ? `the indexer is not answering (${clock.indexerLost}); what is shown may be old` : null,
  };
}
