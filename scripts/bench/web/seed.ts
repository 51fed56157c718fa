// The seeded chain of the web benchmark, made once and kept: anvil with every game deployed and seeded by
// seed-chain.ts, dumped to cache/web-bench/<key>/state.json (git-ignored; `hardhat clean` removes it). The key
// hashes the contracts, the deploy scripts, the seeding code and the sizes, so a change to any of them seeds again.
// Every measurement starts its own anvil from the file (`--load-state`: blocks, logs and state as they were).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DEV_MNEMONIC, NODE_ACCOUNTS } from "../../web/keys";
import { deployGames } from "../../web/node";
import { REPO, run, startAnvil, type NodeHandle } from "../../web/stack";

export interface SeedFacts {
  hexGames: number;
  rooms: number;
  tournamentPlayers: number;
  catammGames: number;
  blocks: number;
  /** How long seeding took (deploying excluded). */
  seconds: number;
  secondsByPart: Record<string, number>;
}

export interface SeededChain {
  dir: string;
  state: string;
  /** The deployment folder (deployments/chain-31337 under `dir`). */
  folder: string;
  facts: SeedFacts;
  /** Starts an anvil holding the seeded chain (stop it when done). */
  start(): Promise<NodeHandle>;
}

const SIZES = ["SEED_HEX_GAMES", "SEED_ROOMS", "SEED_PLAYERS", "SEED_CATAMM_GAMES"];
const HASHED = [
  "contracts",
  "deploy",
  "scripts/bench/web/seed-chain.ts",
  "scripts/snatch/simulation.ts",
  "scripts/catamm/bots.ts",
];

function files(p: string): string[] {
  const full = path.join(REPO, p);
  if (!fs.statSync(full).isDirectory()) return [p];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((f) => files(path.join(p, f)));
}

/** The cache key: what the seeded chain depends on. */
export function seedKey(env: NodeJS.ProcessEnv = process.env): string {
  const hash = crypto.createHash("sha256");
  for (const f of HASHED.flatMap(files)) hash.update(f).update(fs.readFileSync(path.join(REPO, f)));
  for (const k of SIZES) hash.update(`${k}=${env[k] ?? ""}`);
  return hash.digest("hex").slice(0, 16);
}

/**
 * The seeded chain: from the cache, or seeded now (say so: it takes minutes). BENCH_WEB_SEED=<dir> uses a seeded
 * folder as it is (state.json, seed.json, deployments/chain-31337: a seed stopped early, say; its seed.json says
 * what it holds) instead of the cache's.
 */
export async function seededChain(log: (line: string) => void = console.log): Promise<SeededChain> {
  const given = process.env.BENCH_WEB_SEED;
  const dir = given ? path.resolve(given) : path.join(REPO, "cache", "web-bench", seedKey());
  if (given && !fs.existsSync(path.join(dir, "seed.json"))) throw new Error(`BENCH_WEB_SEED: no seed.json in ${dir}`);
  const state = path.join(dir, "state.json");
  const factsFile = path.join(dir, "seed.json");
  const folder = path.join(dir, "deployments", "chain-31337");
  if (!fs.existsSync(factsFile) || !fs.existsSync(state)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    log(`Seeding a chain for the web benchmark into ${path.relative(REPO, dir)} (minutes; kept for the next runs)…`);
    const partial = path.join(dir, "state.partial.json");
    // No old states on disk: anvil writes every state past the ones it keeps in memory to ~/.foundry/anvil/tmp (some
    // 2.5 GB a minute while seeding, enough to fill a disk); the seed never reads them.
    const anvil = await startAnvil({
      accounts: NODE_ACCOUNTS,
      dumpState: partial,
      args: ["--max-persisted-states", "0"],
    });
    try {
      await deployGames(anvil.url, path.join(dir, "deployments"), { RANDOMNESS_SEED: "7" });
      const out = await run(
        process.execPath,
        [
          path.join(REPO, "node_modules", "hardhat", "internal", "cli", "bootstrap.js"),
          "run",
          "--network",
          "remote",
          "scripts/bench/web/seed-chain.ts",
        ],
        {
          RPC_URL: anvil.url,
          MNEMONIC: DEV_MNEMONIC,
          DEPLOYMENTS_DIR: path.join(dir, "deployments"),
          DOTENV_CONFIG_PATH: path.join(dir, "no.env"),
          TS_NODE_TRANSPILE_ONLY: "true",
          SEED_OUT: path.join(dir, "seed.partial.json"),
        },
      );
      log(out.trim());
    } finally {
      await anvil.stop(); // anvil writes the state file as it exits
    }
    if (!fs.existsSync(partial)) throw new Error("anvil did not write its state");
    fs.renameSync(partial, state);
    fs.renameSync(path.join(dir, "seed.partial.json"), factsFile);
  }
  const facts = JSON.parse(fs.readFileSync(factsFile, "utf8")) as SeedFacts;
  return { dir, state, folder, facts, start: () => startAnvil({ accounts: NODE_ACCOUNTS, loadState: state }) };
}
