// The gate in front of Ponder's SQL over HTTP (`/sql/db`, `/sql/live`, the client() middleware): every query is
// judged before anything runs it, so what any client may ask the indexer is bounded in rows and time, however it
// reaches the indexer. Three steps, each refusal a 400 with a sentence (text/plain):
//   1. the request: a `sql` parameter holding @ponder/client's superjson {sql, params};
//   2. the query's shape (./sql-judge.ts: no VALUES lists, no joins without a condition, no growing values...);
//   3. the planner's estimate (EXPLAIN, which plans without running; cheap, and PGlite has it too): at most
//      `maxRows` rows made by any step and a total cost of `maxCost` (on PGlite the tables it reads are analyzed
//      first when their statistics are more than 30 s old: the planner's estimates are only as good as them).
// On PostgreSQL the API's reads also stop at `timeoutMs` (statement_timeout of Ponder's read-only pool), and the gate
// runs /sql/db reads itself, once (Ponder's middleware retries a failed read nine times, a timeout included). Live
// queries are validated first (Ponder counts a live query before validating it and never uncounts a refused one:
// 1,000 bad requests locked live queries for everyone) and at most `maxLive` stream at once.
// Bounds come from the environment (INDEXER_SQL_MAX_ROWS, INDEXER_SQL_MAX_COST, INDEXER_SQL_TIMEOUT_MS,
// INDEXER_LIVE_MAX); INDEXER_SQL_LOG names a file that gets one JSON line per query judged (to choose the bounds).
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import type { db as apiDb } from "ponder:api";
import type { Context, MiddlewareHandler } from "hono";
import superjson from "superjson";
import { judgeSql, type Judgement, type ParseSql } from "./sql-judge";

/**
 * Judges a query with a parser of its own: pg-query-emscripten's WebAssembly heap is not freed between calls (one
 * instance broke after 15 queries of 4 KB), so each query gets a fresh one (7 ms here), as Ponder does. Verdicts are
 * kept by query text (the app's queries are a few texts, their values bound apart): each is judged once.
 */
function judge() {
  const known = new Map<string, Judgement>();
  return async (sql: string): Promise<Judgement> => {
    const kept = known.get(sql);
    if (kept) return kept;
    const { parse } = await (await import("pg-query-emscripten")).default();
    const judged = judgeSql(sql, parse as ParseSql);
    if (known.size >= 10_000) known.delete(known.keys().next().value!);
    known.set(sql, judged);
    return judged;
  };
}

type Db = typeof apiDb;

export interface SqlBounds {
  /** Most rows the planner may expect any step of a query to make. */
  maxRows: number;
  /** Highest total cost the planner may give a query (PostgreSQL's cost units; see docs/indexer.md). */
  maxCost: number;
  /** PostgreSQL only: how long a read of the API may run (ms). */
  timeoutMs: number;
  /** Most live queries streaming at once (Ponder stops them all at 1,000). */
  maxLive: number;
}

const fromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const SQL_BOUNDS: SqlBounds = {
  // A class's largest table (its rooms' events) is some tens of thousands of rows; the app reads them by room.
  maxRows: fromEnv("INDEXER_SQL_MAX_ROWS", 100_000),
  // About half a second of PGlite's time (a cost of 287,000 took 2.1 s here). The app's 29 kinds of read, over the
  // class browser tests (1,429 reads), cost at most 64 and made at most 181 rows at a step.
  maxCost: fromEnv("INDEXER_SQL_MAX_COST", 50_000),
  timeoutMs: fromEnv("INDEXER_SQL_TIMEOUT_MS", 3_000),
  maxLive: fromEnv("INDEXER_LIVE_MAX", 100),
};

/** A query as @ponder/client sends it (superjson of drizzle's compiled query). */
interface Query {
  sql: string;
  params: unknown[];
  typings?: unknown[];
}

interface Session {
  prepareQuery(query: Query, fields: undefined, name: undefined, arrayMode: false): { execute(): Promise<unknown> };
}

const sessionOf = (db: Db) => (db as unknown as { _: { session: Session } })._.session;

/** The planner's estimate for the query: its rows and total cost (EXPLAIN plans without running anything). */
async function estimate(db: Db, query: Query): Promise<{ rows: number; cost: number }> {
  const session = sessionOf(db);
  const explain = { ...query, sql: `EXPLAIN (FORMAT JSON) ${query.sql}` };
  const result = (await session.prepareQuery(explain, undefined, undefined, false).execute()) as {
    rows: Record<string, unknown>[];
  };
  let plan = Object.values(result.rows[0] ?? {})[0];
  if (typeof plan === "string") plan = JSON.parse(plan);
  const top = (plan as { Plan: PlanNode }[])[0].Plan;
  // The most rows any step makes (a count over a join makes one row from millions), and the whole plan's cost.
  let rows = 0;
  const walk = (node: PlanNode) => {
    rows = Math.max(rows, node["Plan Rows"]);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(top);
  return { rows, cost: top["Total Cost"] };
}

interface PlanNode {
  "Plan Rows": number;
  "Total Cost": number;
  Plans?: PlanNode[];
}

const n = (x: number) => Math.round(x).toLocaleString("en-US");

/** A query, parsed from the request: the query, or the sentence saying what is wrong with the request. */
function queryOf(c: Context): Query | string {
  const text = c.req.query("sql");
  if (!text) return 'a SQL read names its query in the "sql" parameter (@ponder/client sends it)';
  let query: unknown;
  try {
    query = superjson.parse(text);
  } catch {
    return 'the "sql" parameter is not a query as @ponder/client sends it (superjson of {sql, params})';
  }
  const q = query as Partial<Query> | null;
  if (typeof q?.sql !== "string" || !Array.isArray(q.params ?? []))
    return 'the "sql" parameter is not a query as @ponder/client sends it (superjson of {sql, params})';
  return { sql: q.sql, params: q.params ?? [], typings: q.typings };
}

/**
 * Makes PostgreSQL stop the API's reads at `timeoutMs`: the statement_timeout of Ponder's read-only pool (the SQL
 * endpoint, GraphQL, the exports), for the connections it opens from now on and those it opened before.
 */
function limitReadTime(timeoutMs: number) {
  type Client = { query(sql: string): Promise<unknown> };
  type Pool = { options: { statement_timeout?: number }; on(event: "acquire", fn: (c: Client) => void): void };
  const database = (globalThis as { PONDER_DATABASE?: { driver?: { readonly?: Pool } } }).PONDER_DATABASE;
  const pool = database?.driver?.readonly;
  if (!pool) return;
  pool.options.statement_timeout = timeoutMs;
  const set = new WeakSet<Client>();
  pool.on("acquire", (client) => {
    if (set.has(client)) return;
    set.add(client);
    // Queued before the query the pool hands the client out for.
    client.query(`SET statement_timeout = ${Math.round(timeoutMs)}`).catch(() => undefined);
  });
}

/**
 * On PGlite: ANALYZE the tables a query reads when their statistics are older than `everyMs`. Without statistics
 * the planner takes a small table's values to be all different: a six-way join of 20 rows on a column they share
 * was planned as 20 rows and made 64,000,000 (the indexer's thread busy for minutes); with them it is planned as it
 * is. ANALYZE reads a sample of each table (140 ms for 50,000 rows here, a millisecond for a small one).
 * PostgreSQL's autovacuum analyzes by itself (and its reads stop at the statement_timeout).
 */
function freshStatistics(db: Db, everyMs = 30_000) {
  const analyzed = new Map<string, number>();
  return async (tables: string[]) => {
    const now = Date.now();
    const stale = tables.filter((t) => /^[a-z_][a-z0-9_]*$/.test(t) && now - (analyzed.get(t) ?? 0) > everyMs);
    if (stale.length === 0) return;
    for (const t of stale) analyzed.set(t, now);
    const sql = `ANALYZE ${stale.map((t) => `"${t}"`).join(", ")}`;
    await sessionOf(db)
      .prepareQuery({ sql, params: [] }, undefined, undefined, false)
      .execute()
      .catch(() => undefined); // a name that is not a table: EXPLAIN says so next
  };
}

/** The gate: `app.use("/sql/*", sqlGate(db), client(...))`. */
export function sqlGate(db: Db, pglite: boolean, bounds: SqlBounds = SQL_BOUNDS): MiddlewareHandler {
  if (!pglite) limitReadTime(bounds.timeoutMs);
  const analyze = pglite ? freshStatistics(db) : async () => undefined;
  const judgeOf = judge();
  const estimates = new Map<string, { planned: { rows: number; cost: number }; at: number }>();
  const log = process.env.INDEXER_SQL_LOG;
  let live = 0;
  const refuse = (c: Context, status: 400 | 404 | 503, text: string) => c.text(`${text}\n`, status);
  return async (c, next) => {
    const path = c.req.path;
    if (path !== "/sql/db" && path !== "/sql/live") return refuse(c, 404, "SQL reads are at /sql/db and /sql/live");
    const query = queryOf(c);
    if (typeof query === "string") return refuse(c, 400, query);
    const started = Date.now();
    const judged = await judgeOf(query.sql);
    let verdict = judged.refused;
    let planned: { rows: number; cost: number } | null = null;
    if (verdict === null) {
      try {
        // The same read (text and values) planned in the last 10 s: its estimate again (pages re-read every block).
        const key = c.req.query("sql")!;
        const recent = estimates.get(key);
        if (recent && Date.now() - recent.at < 10_000) planned = recent.planned;
        else {
          await analyze(judged.tables);
          planned = await estimate(db, query);
          if (estimates.size >= 5_000) estimates.delete(estimates.keys().next().value!);
          estimates.set(key, { planned, at: Date.now() });
        }
        if (planned.rows > bounds.maxRows || planned.cost > bounds.maxCost)
          verdict =
            `this query would read too much: the planner expects about ${n(planned.rows)} rows at a cost of ` +
            `${n(planned.cost)}, and the indexer answers queries of at most ${n(bounds.maxRows)} rows and a cost of ` +
            `${n(bounds.maxCost)}: narrow it (a WHERE on a key, a LIMIT)`;
      } catch (error) {
        verdict = `the indexer cannot plan this query: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    if (log)
      fs.appendFileSync(
        log,
        JSON.stringify({
          path,
          sql: query.sql,
          params: query.params.length,
          planned,
          verdict,
          ms: Date.now() - started,
        }) + "\n",
      );
    if (verdict !== null) return refuse(c, 400, verdict);
    if (path === "/sql/live") {
      if (live >= bounds.maxLive)
        return refuse(c, 503, `the indexer streams ${live} live queries, its limit: try again later, or read once`);
      // A query that fails as it runs would be counted by Ponder and never uncounted: run it once first (bounded).
      try {
        await sessionOf(db).prepareQuery(query, undefined, undefined, false).execute();
      } catch (error) {
        return refuse(
          c,
          400,
          `the indexer cannot run this query: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      live++;
      let counted = true;
      const done = () => {
        if (counted) live--;
        counted = false;
      };
      const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
      if (outgoing) outgoing.once("close", done);
      else c.req.raw.signal.addEventListener("abort", done);
      try {
        await next();
      } catch (error) {
        done();
        throw error;
      }
      // Refused or failed after all (not a stream): no longer counted.
      if (!c.res.headers.get("content-type")?.startsWith("text/event-stream")) done();
      return;
    }
    // PostgreSQL: the read runs here, once. Ponder's middleware runs it in a transaction that retries a failed
    // query nine times (a statement timeout too): a read stopped at 3 s took its connection for 90 s.
    if (!pglite) {
      try {
        return c.json(await sessionOf(db).prepareQuery(query, undefined, undefined, false).execute());
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return c.text(
          /statement timeout/.test(message)
            ? `${message}: the indexer stops a read after ${n(bounds.timeoutMs / 1000)} s; narrow it\n`
            : `${message}\n`,
          500,
        );
      }
    }
    await next();
  };
}
