// A workaround for Ponder 0.16 on PGlite. There the indexer and the API share one database session, and Ponder writes
// a batch of more than 20 updates of a table through a temporary table of the same name (CREATE TEMP TABLE
// "hex_game" AS ..., COPY, UPDATE, TRUNCATE: indexing-store/cache.ts), which from then on hides the real table from
// every unqualified query of the session: the empty temporary table answers `select ... from hex_game`, and SQL over
// HTTP (@ponder/client, live queries included) returned no rows. GraphQL qualifies its tables and is not affected,
// nor is PostgreSQL (the API has its own connections there). test/indexer/faults.test.ts shows both.
//
// The SQL middleware runs every query through `db._.session.prepareQuery(...).execute()`; here that becomes one PGlite
// transaction that first drops the temporary tables named like the schema's tables (not Ponder's other temporary
// tables: its live-query bookkeeping lives in one) and then runs the query. PGlite runs transactions one at a time,
// so nothing of the indexer's comes between the two; the indexer recreates its temporary tables whenever it needs
// them (CREATE TEMP TABLE IF NOT EXISTS).
import type { db as apiDb } from "ponder:api";

type Db = typeof apiDb;

/** Where drizzle keeps a table's name. */
const NAME = Symbol.for("drizzle:Name");

interface Query {
  sql: string;
  params: unknown[];
}

interface PgliteSession {
  transaction<T>(
    fn: (tx: { exec(sql: string): Promise<unknown>; query(sql: string, params: unknown[]): Promise<T> }) => Promise<T>,
  ): Promise<T>;
}

/** `db` with its SQL-over-HTTP queries freed from the indexer's temporary tables (PGlite only). */
export function withoutTemporaryTables(db: Db, schema: Record<string, unknown>): Db {
  const names = Object.values(schema)
    .map((t) => (t as Record<symbol, unknown>)[NAME])
    .filter((n): n is string => typeof n === "string");
  const drop = `DROP TABLE IF EXISTS ${names.map((n) => `pg_temp."${n}"`).join(", ")}`;
  const raw = db as unknown as { $client: PgliteSession; _: { session: object } };
  const pglite = raw.$client;
  const session = Object.create(raw._.session) as { prepareQuery(query: Query): { execute(): Promise<unknown> } };
  session.prepareQuery = (query: Query) => ({
    execute: () =>
      pglite.transaction(async (tx) => {
        await tx.exec(drop);
        return tx.query(query.sql, query.params);
      }),
  });
  const wrapped = Object.create(db) as { _: object };
  Object.defineProperty(wrapped, "_", { value: { ...raw._, session } });
  return wrapped as unknown as Db;
}
