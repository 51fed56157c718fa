// A workaround for Ponder 0.16 on PGlite. There the indexer and the API share one database session, and Ponder writes
// a batch of more than 20 updates of a table through a temporary table of the same name (CREATE TEMP TABLE
// "hex_game" AS ..., COPY, UPDATE, TRUNCATE: indexing-store/cache.ts). A session searches its temporary tables
// first, so from then on the empty temporary table answered every unqualified `select ... from hex_game`, and SQL
// over HTTP (@ponder/client, live queries included) returned no rows. GraphQL qualifies its tables and is not
// affected, nor is PostgreSQL (the API has its own connections there). test/indexer/faults.test.ts shows both.
//
// The SQL middleware runs every query through `db._.session.prepareQuery(...).execute()`; here that becomes one PGlite
// transaction that first puts the temporary tables last in the search path and allows sequential scans (SET LOCAL:
// for this transaction only; PGlite runs transactions one at a time) and then runs the query. The indexer's temporary tables stay as they are.
// An earlier version dropped them before each query instead, and Ponder's next batch of updates then copied its rows
// into the real table and stopped on a duplicate key when SQL clients asked between two such batches (the same test
// file: an indexer meeting such batches at its start).
import type { db as apiDb } from "ponder:api";

type Db = typeof apiDb;

interface Query {
  sql: string;
  params: unknown[];
}

interface PgliteSession {
  transaction<T>(
    fn: (tx: { exec(sql: string): Promise<unknown>; query(sql: string, params: unknown[]): Promise<T> }) => Promise<T>,
  ): Promise<T>;
}

/**
 * The session's search path with its temporary tables (pg_temp, searched first when not named) named last; and
 * sequential scans allowed, as on PostgreSQL: PGlite disables them, which its planner costs by adding 10^10 to each,
 * and the SQL gate (./sql-gate.ts) judges a query by the cost of the plan that then runs.
 */
const TEMPORARY_LAST =
  `SELECT set_config('search_path', current_setting('search_path') || ', pg_temp', true), ` +
  `set_config('enable_seqscan', 'on', true)`;

/** `db` with its SQL-over-HTTP queries reading the schema's tables, never the indexer's temporary ones (PGlite only). */
export function withoutTemporaryTables(db: Db): Db {
  const raw = db as unknown as { $client: PgliteSession; _: { session: object } };
  const pglite = raw.$client;
  const session = Object.create(raw._.session) as { prepareQuery(query: Query): { execute(): Promise<unknown> } };
  session.prepareQuery = (query: Query) => ({
    execute: () =>
      pglite.transaction(async (tx) => {
        await tx.exec(TEMPORARY_LAST);
        return tx.query(query.sql, query.params);
      }),
  });
  const wrapped = Object.create(db) as { _: object };
  Object.defineProperty(wrapped, "_", { value: { ...raw._, session } });
  return wrapped as unknown as Db;
}
