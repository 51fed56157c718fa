// The indexer (indexer/, Ponder) as a child process: `npm run web`, `npm run indexer`, the tests and the benchmark
// start it with {startIndexer}. It checks the node against the deployments first (a wrong chain, or a folder whose
// contracts the node does not have, is refused with a sentence), starts `ponder start` in its own process group on
// a free port (and reads back the port Ponder really took), on PGlite in a fresh folder per run (so a restarted
// node or a redeployment under the same chain id never meets old tables) or on PostgreSQL when a database URL is
// given (in a schema named after the chain, the deployment and, on local chains, the run), and resolves once the
// historical backfill is done (`/ready`). `stop()` ends the whole group. Plain Node: no Hardhat import.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { firstBlock, readIndexerDeployments, type IndexerDeployments } from "../../indexer/deployments";
import { readDeployments } from "../lib/deployments";
import { isLocalChain } from "../lib/chains";
import { scratchFolder } from "./postgres";
import { freePort, REPO, rpc, run } from "./stack";

const INDEXER_DIR = path.join(REPO, "indexer");
const PONDER_BIN = path.join(REPO, "node_modules", "ponder", "dist", "esm", "bin", "ponder.js");
/** Loaded into Ponder's process first: its server never closes an idle connection under a client (keep-alive.cjs). */
const KEEP_ALIVE = path.join(__dirname, "keep-alive.cjs");
/** Postgres schema names Ponder accepts are at most 45 characters. */
const MAX_SCHEMA = 45;

export interface IndexerOptions {
  /** The node's JSON-RPC URL. */
  rpcUrl: string;
  /** One hardhat-deploy network folder (deployments/localhost, deployments/chain-<id>, ...). */
  deploymentsDir: string;
  /** The chain id the caller expects (default: the folder's); the node must be on it. */
  chainId?: number;
  /** postgres://... : index into PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** PostgreSQL schema (default: derived from the chain and the deployment, see {@link schemaName}). */
  schema?: string;
  /** Keep PGlite's data in this folder (default: a fresh temporary folder, in memory where the system has one, removed
   *  by `stop()`); on a local chain the folder is emptied first (a restarted local node must not meet the tables of
   *  its previous run). */
  pgliteDir?: string;
  /** Port to serve on (default: a free one). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1; 0.0.0.0 serves the network). */
  hostname?: string;
  /** Extra environment for the Ponder process (INDEXER_RPC_COPIES, INDEXER_POLLING_MS, ...). */
  env?: NodeJS.ProcessEnv;
  /** Print Ponder's log lines (default false: they are kept for `output()`). */
  verbose?: boolean;
  /** Ponder's log level (default info; "debug" shows retried batches and their reasons). */
  logLevel?: "error" | "warn" | "info" | "debug" | "trace";
  /** How long the backfill may take before giving up (default 10 minutes). */
  readyTimeoutMs?: number;
}

export interface IndexerHandle {
  /** http://host:port: /graphql, /sql/*, /status, /ready, /health, /metrics. */
  url: string;
  graphqlUrl: string;
  sqlUrl: string;
  port: number;
  chainId: number;
  database: "pglite" | "postgres";
  /** The Postgres schema the tables live in ("public" on PGlite). */
  schema: string;
  deployments: IndexerDeployments;
  process: ChildProcess;
  /** Everything Ponder printed (JSON log lines). */
  output(): string;
  /** The last block the indexer has processed. */
  indexedBlock(): Promise<number>;
  /** Resolves once the indexer has processed `block` (rejects after `timeoutMs`, default 30 s). */
  waitForBlock(block: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Why the indexer refuses a node: a sentence naming both sides, or null when they match. */
export function chainMismatch(nodeChainId: number, rpcUrl: string, deployments: IndexerDeployments): string | null {
  if (nodeChainId === deployments.chainId) return null;
  return (
    `the node at ${rpcUrl} is on chain ${nodeChainId}, but the deployments in ${deployments.folder} are for chain ` +
    `${deployments.chainId}: point the indexer at a node of chain ${deployments.chainId}, or at the deployments of ` +
    `chain ${nodeChainId}`
  );
}

/**
 * A Postgres schema for these deployments: the chain id and a hash of the indexed addresses and the hash of the
 * first deployment block (a restarted local node that redeploys the same addresses mines that block again with
 * another hash), plus, on local chains, the run (a fresh schema per start: local chains are re-indexed from block 0
 * in seconds, and Ponder refuses a schema an earlier build of the indexer wrote).
 */
export function schemaName(d: IndexerDeployments, firstBlockHash: string, run = Date.now()): string {
  const hash = crypto.createHash("sha256");
  hash.update(String(d.chainId));
  for (const c of Object.values(d.contracts)) hash.update(`${c.address}@${c.startBlock}`);
  hash.update(firstBlockHash);
  const base = `games_${d.chainId}_${hash.digest("hex").slice(0, 12)}`;
  return (isLocalChain(d.chainId) ? `${base}_${run.toString(36)}` : base).slice(0, MAX_SCHEMA);
}

/** Generates the ABIs the indexer imports (client/abi.ts reads TypeChain's factories) when they are missing. */
export async function ensureAbis(): Promise<void> {
  const factory = path.join(REPO, "typechain-types", "factories", "contracts", "hex", "ForkingHex__factory.ts");
  if (fs.existsSync(factory)) return;
  await run(path.join(REPO, "node_modules", ".bin", "hardhat"), ["compile"]);
}

/**
 * The deployment folder (under `root`, default deployments/) of the chain the node at `rpcUrl` is on, whose
 * contracts the node has: what `npm run web` and `npm run indexer` index when no folder is named. Throws a sentence
 * when there is none.
 */
export async function findDeployments(
  rpcUrl: string,
  root = path.resolve(REPO, process.env.DEPLOYMENTS_DIR || "deployments"),
) {
  const chainId = Number(await rpc<string>(rpcUrl, "eth_chainId"));
  const folders = fs.existsSync(root) ? fs.readdirSync(root).map((name) => readDeployments(root, [name])[0]) : [];
  for (const network of folders) {
    const hex = network?.chainId === chainId ? network.contracts.ForkingHex?.address : undefined;
    if (hex && (await rpc<string>(rpcUrl, "eth_getCode", [hex, "latest"])) !== "0x")
      return path.join(root, network!.name);
  }
  throw new Error(`no folder in ${root} holds deployments the node at ${rpcUrl} (chain ${chainId}) has: deploy first`);
}

/** Checks the node against the deployments, starts Ponder and resolves once its backfill is done. */
export async function startIndexer(opts: IndexerOptions): Promise<IndexerHandle> {
  const deployments = readIndexerDeployments(opts.deploymentsDir);
  if (opts.chainId !== undefined && opts.chainId !== deployments.chainId) {
    throw new Error(
      `the deployments in ${deployments.folder} are for chain ${deployments.chainId}, not chain ${opts.chainId}`,
    );
  }
  const nodeChainId = Number(
    await rpc<string>(opts.rpcUrl, "eth_chainId").catch((e: unknown) => {
      throw new Error(`no node answers at ${opts.rpcUrl} (${e instanceof Error ? e.message : String(e)})`);
    }),
  );
  const mismatch = chainMismatch(nodeChainId, opts.rpcUrl, deployments);
  if (mismatch) throw new Error(mismatch);
  const code = await rpc<string>(opts.rpcUrl, "eth_getCode", [deployments.contracts.ForkingHex.address, "latest"]);
  if (code === "0x") {
    throw new Error(
      `the node at ${opts.rpcUrl} has no contract at ForkingHex's address ${deployments.contracts.ForkingHex.address}: ` +
        `the deployments in ${deployments.folder} are from another run of chain ${deployments.chainId} (deploy again)`,
    );
  }
  await ensureAbis();

  const postgres = Boolean(opts.databaseUrl);
  let schema = "public";
  if (postgres) {
    const block = await rpc<{ hash: string } | null>(opts.rpcUrl, "eth_getBlockByNumber", [
      `0x${firstBlock(deployments).toString(16)}`,
      false,
    ]);
    schema = opts.schema ?? schemaName(deployments, block?.hash ?? "");
  }
  if (!postgres && opts.pgliteDir && isLocalChain(deployments.chainId)) {
    fs.rmSync(opts.pgliteDir, { recursive: true, force: true });
  }
  const ownPglite = !postgres && !opts.pgliteDir;
  const pgliteDir = postgres ? undefined : (opts.pgliteDir ?? newScratch("indexer"));
  if (pgliteDir && (!fs.existsSync(pgliteDir) || fs.readdirSync(pgliteDir).length === 0)) {
    fs.cpSync(await pgliteCluster(), pgliteDir, { recursive: true });
  }
  const port = opts.port ?? (await freePort());
  const hostname = opts.hostname ?? "127.0.0.1";

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...opts.env,
    INDEXER_DEPLOYMENTS: deployments.folder,
    RPC_URL: opts.rpcUrl,
    INDEXER_RPC_URL: opts.rpcUrl,
    PONDER_TELEMETRY_DISABLED: "true",
    FORCE_COLOR: "0",
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_PRIVATE_URL;
  delete env.DATABASE_SCHEMA;
  if (postgres) env.DATABASE_URL = opts.databaseUrl;
  else env.INDEXER_PGLITE_DIR = pgliteDir;

  const child = spawn(
    process.execPath,
    [
      "--require",
      KEEP_ALIVE,
      PONDER_BIN,
      "start",
      "--root",
      INDEXER_DIR,
      "--port",
      String(port),
      "--hostname",
      hostname,
      "--schema",
      schema,
      "--log-format",
      "json",
      ...(opts.logLevel ? ["--log-level", opts.logLevel] : []),
    ],
    { cwd: INDEXER_DIR, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let out = "";
  let listening: number | undefined;
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    out += text;
    if (opts.verbose) process.stdout.write(text);
    const match = /"msg":"Created HTTP server","port":(\d+)/.exec(text);
    if (match) listening = Number(match[1]);
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  let exited = false;
  // If this process ends without stopping it (a crash, an interrupted test run), the group goes with it.
  const orphan = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
    if (ownPglite && pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
  };
  process.once("exit", orphan);
  // "close", not "exit": by then the output is all read, so a start that failed says why.
  let ended = "";
  let stopping = false;
  let ready = false;
  child.once("close", (code, signal) => {
    exited = true;
    ended = signal ? `killed by ${signal}` : `exit code ${code}`;
    process.off("exit", orphan);
    // Stopped by nobody: the pages lose their lists, so say why where the person running the stack looks.
    if (!stopping && ready) {
      process.stderr.write(
        `\nthe indexer on port ${listening} stopped by itself (${ended}); its last lines:\n${tail(out)}\n`,
      );
    }
  });

  const stop = async () => {
    stopping = true;
    await stopGroup(child);
    if (ownPglite && pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + (opts.readyTimeoutMs ?? 600_000);
    for (;;) {
      if (exited) throw new Error(`the indexer exited before it was ready (${ended}):\n${tail(out)}`);
      if (Date.now() > deadline)
        throw new Error(`the indexer was not ready within ${opts.readyTimeoutMs ?? 600_000} ms:\n${tail(out)}`);
      if (listening !== undefined) {
        const answered = await fetch(`http://127.0.0.1:${listening}/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (answered) {
          ready = true;
          break;
        }
      }
      await sleep(100);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  // Ponder moves to the next port silently when its port is taken: use the one it announced.
  const actual = listening!;
  const url = `http://${hostname === "0.0.0.0" ? "127.0.0.1" : hostname}:${actual}`;
  const indexedBlock = async () => {
    const status = (await (await fetch(`${url}/status`)).json()) as Record<string, { block: { number: number } }>;
    return status.games?.block.number ?? 0;
  };
  return {
    url,
    graphqlUrl: `${url}/graphql`,
    sqlUrl: `${url}/sql`,
    port: actual,
    chainId: deployments.chainId,
    database: postgres ? "postgres" : "pglite",
    schema,
    deployments,
    process: child,
    output: () => out,
    indexedBlock,
    async waitForBlock(block, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      let seen = "no answer yet";
      for (;;) {
        if (exited) throw new Error(`the indexer exited while waiting for block ${block} (${ended}):\n${tail(out)}`);
        // A read that fails (a connection reset by a busy machine) is asked again until the time is up.
        const reached = await indexedBlock().catch((e: unknown) => {
          const cause = (e as { cause?: { code?: string } }).cause?.code;
          seen = `its /status failed: ${e instanceof Error ? e.message : String(e)}${cause ? ` (${cause})` : ""}`;
          return undefined;
        });
        if (reached !== undefined && reached >= block) return;
        if (reached !== undefined) seen = `it is at block ${reached}`;
        if (Date.now() > until)
          throw new Error(`the indexer at ${url} did not reach block ${block} within ${timeoutMs} ms: ${seen}`);
        // Each /status is a database read in the indexer: asked as often as Ponder polls the node, no more.
        await sleep(100);
      }
    },
    stop,
  };
}

/**
 * A new folder for a database nobody keeps ({@link scratchFolder}: in memory if there is room). PGlite writes its
 * pages with a system call each; on a busy disk they took most of an indexer's start-up and much of its work per block.
 */
export function newScratch(kind: string): string {
  const dir = scratchFolder(kind, os.tmpdir());
  fs.mkdirSync(dir);
  return dir;
}

/** SIGTERM to the whole process group (Ponder starts workers), SIGKILL after 5 s; waits for the exit. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const kill = setTimeout(() => signal("SIGKILL"), 5000);
  await exit;
  clearTimeout(kill);
  signal("SIGKILL"); // stragglers of the group
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tail = (text: string) => text.split("\n").slice(-30).join("\n");

let cluster: Promise<string> | undefined;

/**
 * An empty PGlite database, made once per process (PGlite's initdb, in WebAssembly, is about 2 CPU-seconds) and copied
 * into the folder of each indexer that starts on an empty one; made by the PGlite that Ponder loads.
 */
function pgliteCluster(): Promise<string> {
  cluster ??= (async () => {
    const dir = newScratch("pglite-cluster");
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    const from = require.resolve("@electric-sql/pglite", { paths: [path.dirname(PONDER_BIN)] });
    const { PGlite } = (await import(from)) as {
      PGlite: new (dir: string) => { query(sql: string): Promise<unknown>; close(): Promise<void> };
    };
    const db = new PGlite(dir);
    await db.query("select 1");
    await db.close();
    return dir;
  })();
  cluster.catch(() => (cluster = undefined));
  return cluster;
}
