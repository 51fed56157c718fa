// The indexer's HTTP API (Hono): SQL over HTTP at /sql/* (what @ponder/client and @ponder/react use, live queries
// included), GraphQL at /graphql (and /). Ponder itself serves /health, /ready (200 once the historical backfill is
// done), /status (the latest indexed block per chain) and /metrics. The exports (CSV and JSON files of tournaments
// and games) are at /export/* (./export.ts).
import { db } from "ponder:api";
import schema from "ponder:schema";
import { Hono } from "hono";
import { client, graphql } from "ponder";
import exportApp from "./export";
import { withoutTemporaryTables } from "./pglite";

const app = new Hono();

const pglite = !process.env.DATABASE_URL && !process.env.DATABASE_PRIVATE_URL;
app.use("/sql/*", client({ db: pglite ? withoutTemporaryTables(db) : db, schema }));
app.route("/export", exportApp);
app.use("/graphql", graphql({ db, schema }));
app.use("/", graphql({ db, schema }));

export default app;
