// The indexer's settings, from the environment (scripts/web/indexer.ts sets them for the Ponder process it starts;
// `npm run indexer` takes them from the shell). Plain Node: ponder.config.ts and the scripts share it.
//
//   INDEXER_DEPLOYMENTS   the hardhat-deploy folder of the chain to index (required), e.g. deployments/chain-11155111
//   RPC_URL               the node's JSON-RPC URL (required); INDEXER_RPC_URL wins over it when both are set
//   INDEXER_RPC_COPIES    how many times the URL is listed in Ponder's `rpc` (each copy is its own rate-limit bucket,
//                         starting at 20 requests/s: default 10 on local chains, 1 elsewhere, where the provider's own
//                         limits apply)
//   INDEXER_WS_URL        a WebSocket URL of the same node: new blocks arrive by subscription instead of polling (off
//                         by default: Ponder then waits for the next block before it indexes the last 30, which on an
//                         idle local chain may never come)
//   INDEXER_POLLING_MS    how often new blocks are polled (default 100 on local chains, 1000 elsewhere; at least 100)
//   DATABASE_URL          postgres://... : a real PostgreSQL (else PGlite, embedded, in INDEXER_PGLITE_DIR)
//   INDEXER_PGLITE_DIR    PGlite's folder (default: Ponder's, .ponder/pglite under the indexer's folder)
import path from "node:path";
import { isLocalChain } from "../scripts/lib/chains";
import { readIndexerDeployments, type IndexerDeployments } from "./deployments";

export interface IndexerSettings {
  deployments: IndexerDeployments;
  rpc: string[];
  ws?: string;
  local: boolean;
  pollingInterval: number;
  database: { kind: "postgres"; connectionString: string } | { kind: "pglite"; directory?: string };
}

/** Reads and checks the settings; throws a sentence naming the first one missing or wrong. */
export function indexerSettings(env: Record<string, string | undefined>): IndexerSettings {
  const folder = env.INDEXER_DEPLOYMENTS;
  if (!folder)
    throw new Error("INDEXER_DEPLOYMENTS is not set: name the deployment folder to index (e.g. deployments/localhost)");
  const url = env.INDEXER_RPC_URL || env.RPC_URL;
  if (!url) throw new Error("RPC_URL is not set: name the JSON-RPC URL of the chain to index");
  const deployments = readIndexerDeployments(folder);
  const local = isLocalChain(deployments.chainId);
  const copies = positive(env.INDEXER_RPC_COPIES, local ? 10 : 1, "INDEXER_RPC_COPIES");
  return {
    deployments,
    rpc: Array.from({ length: copies }, () => url),
    ws: env.INDEXER_WS_URL || undefined,
    local,
    pollingInterval: Math.max(100, positive(env.INDEXER_POLLING_MS, local ? 100 : 1000, "INDEXER_POLLING_MS")),
    database: env.DATABASE_URL
      ? { kind: "postgres", connectionString: env.DATABASE_URL }
      : { kind: "pglite", directory: env.INDEXER_PGLITE_DIR ? path.resolve(env.INDEXER_PGLITE_DIR) : undefined },
  };
}

function positive(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === "") return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer (got "${text}")`);
  return n;
}
