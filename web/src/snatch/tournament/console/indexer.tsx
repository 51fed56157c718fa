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
import { checkpointBlock } from "./model";
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
 * `query` with the block the indexer had indexed when it answered, from the same statement (one statement reads one
 * snapshot of the database, and Ponder writes a block's rows and its checkpoint in one transaction): a column
 * `snapshot_cp` on every row (Ponder's checkpoint: timestamp, chain, block number, …), and `snapshot_row` 1 on the
 * query's own rows (an empty answer is one row of the checkpoint alone).
 */
export function snapshotted(query: SQL): SQL {
  return sql`SELECT c.latest_checkpoint AS snapshot_cp, q.*
    FROM _ponder_checkpoint c LEFT JOIN (SELECT 1 AS snapshot_row, i.* FROM (${query}) i) q ON true`;
}

/**
 * Runs `query` (rebuilt when `key` changes): its rows, and the indexed block they show (`asOf`), read again whenever
 * the indexer has indexed a new block. `enabled` false skips it (its inputs are not known yet).
 */
export function useIndexerQuery<T>(key: string, query: () => SQL, parse: (rows: Row[]) => T, enabled = true) {
  const client = usePonderClient();
  const q = useQuery({
    // Under the data layer's key: the clock's invalidation reaches it.
    queryKey: [PONDER_KEY, "sql", key],
    queryFn: async () => {
      const rows = rowsOf(await client.db.execute(snapshotted(query())));
      const cp = rows[0]?.snapshot_cp;
      return {
        data: parse(rows.filter((r) => r.snapshot_row !== null && r.snapshot_row !== undefined)),
        asOf: typeof cp === "string" ? checkpointBlock(cp) : null,
      };
    },
    enabled,
  });
  return {
    data: q.data?.data,
    asOf: enabled ? (q.data?.asOf ?? null) : undefined,
    error: q.error,
    isPending: q.isPending,
  };
}

/**
 * The oldest block of `parts` that were read (undefined: a part not read; null: not answered yet). Each part is one
 * statement, one snapshot; parts read at different moments may show different blocks (a slow read ends a block
 * later than a quick one), so a panel made of several names the oldest.
 */
export function oldest(parts: readonly { asOf: number | null | undefined }[]): number | null {
  const read = parts.filter((p) => p.asOf !== undefined).map((p) => p.asOf);
  if (read.length === 0 || read.some((b) => b === null)) return null;
  return Math.min(...(read as number[]));
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
