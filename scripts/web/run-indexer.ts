// `npm run indexer`: the indexer alone, for a node that runs elsewhere (a public network, a team's shared node).
//   RPC_URL               the node (required)
//   INDEXER_DEPLOYMENTS   its deployment folder (default: the folder under deployments/ of the node's chain whose
//                         contracts the node has, e.g. deployments/chain-11155111)
//   DATABASE_URL          postgres://... (default: PGlite in INDEXER_PGLITE_DIR, else a temporary folder)
//   DATABASE_SCHEMA       the PostgreSQL schema (default: named after the chain and the deployment)
//   INDEXER_PORT          default 42069; INDEXER_HOST default 127.0.0.1 (0.0.0.0 to serve the network)
//   INDEXER_RPC_COPIES, INDEXER_POLLING_MS, INDEXER_WS_URL: see indexer/settings.ts
// Ctrl-C stops it.
import { findDeployments, startIndexer } from "./indexer";
import { rpc } from "./stack";

async function main() {
  const rpcUrl = process.env.RPC_URL;
  if (!rpcUrl) throw new Error("RPC_URL is not set: name the JSON-RPC URL of the chain to index");
  const deploymentsDir = process.env.INDEXER_DEPLOYMENTS || (await findDeployments(rpcUrl));
  console.log(`Indexing ${deploymentsDir} from ${rpcUrl} (catching up from the deployment block first)…`);
  const indexer = await startIndexer({
    rpcUrl,
    deploymentsDir,
    databaseUrl: process.env.DATABASE_URL,
    schema: process.env.DATABASE_SCHEMA,
    pgliteDir: process.env.INDEXER_PGLITE_DIR,
    port: Number(process.env.INDEXER_PORT) || 42069,
    hostname: process.env.INDEXER_HOST,
    verbose: process.env.INDEXER_VERBOSE === "true",
  });
  // Ready means the backfill is done; the last blocks (Ponder's finality window) follow live.
  await indexer.waitForBlock(Number(await rpc<string>(rpcUrl, "eth_blockNumber")), 10 * 60_000);
  console.log(
    `\n  Indexer: ${indexer.graphqlUrl} (GraphQL), ${indexer.sqlUrl} (SQL), ${indexer.url}/status, ${indexer.url}/ready` +
      `\n  Chain ${indexer.chainId}, ${indexer.database}${indexer.database === "postgres" ? ` schema ${indexer.schema}` : ""}` +
      `, at block ${await indexer.indexedBlock()}. Ctrl-C stops it.\n`,
  );
  const stop = () => void indexer.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  indexer.process.once("exit", (code) => {
    console.error(`the indexer exited (${code}):\n${indexer.output().split("\n").slice(-20).join("\n")}`);
    process.exit(1);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
