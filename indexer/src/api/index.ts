// The indexer's HTTP API (Hono): SQL over HTTP at /sql/* (what @ponder/client and @ponder/react use, live queries
// included; every query judged first by ./sql-gate.ts), GraphQL at /graphql (and /). Ponder itself serves /health, /ready (200 once the historical backfill is
// done), /status (the latest indexed block per chain) and /metrics. The exports (CSV and JSON files of tournaments
// and games) are at /export/* (./export.ts).
import { db } from "ponder:api";
import schema from "ponder:schema";
import { Hono } from "hono";
import { client, graphql } from "ponder";
import exportApp from "./export";
import { withoutTemporaryTables } from "./pglite";
import { sqlGate } from "./sql-gate";

const app = new Hono();

const pglite = !process.env.DATABASE_URL && !process.env.DATABASE_PRIVATE_URL;
const sqlDb = pglite ? withoutTemporaryTables(db) : db;
// Every query judged (shape, then the planner's estimate) before Ponder's middleware runs it (./sql-gate.ts).
app.use("/sql/*", sqlGate(sqlDb, pglite), client({ db: sqlDb, schema }));
app.route("/export", exportApp);
app.use("/graphql", graphql({ db, schema }));
app.use("/", graphql({ db, schema }));

export default app;
