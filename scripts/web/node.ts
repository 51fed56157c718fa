// The local node `npm run web` starts, with every game deployed: anvil (Foundry's, from npm; the default, faster under
// a class's load: docs/class.md) or Hardhat's node (`--node hardhat`). Both record their deployments in
// `<deployments>/localhost`, the `localhost` network's folder, so that `npx hardhat <task> --network localhost` plays
// on it; both keep ready randomness from going stale (Hardhat's node runs the keeper in its own process,
// scripts/lib/node-keeper.ts; beside anvil, `hardhat randomness:keeper --watch` runs as a child process); and both
// then mine by the clock when a block time is given. Its accounts come from `mnemonic` (scripts/web/keys.ts: the class
// stack's fresh one) or, without it, from the public development mnemonic. deployGames runs the same deploy scripts
// against any node through the `remote` network (the indexer's tests and benchmark). Plain Node: Hardhat runs in child
// processes.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DEV_MNEMONIC, NODE_ACCOUNTS, NODE_MNEMONIC_ENV } from "./keys";
import { HARDHAT, REPO, rpc, run, setBlockTime, startAnvil, startNode, stopProcess, type NodeHandle } from "./stack";

export type NodeKind = "anvil" | "hardhat";
export const NODE_KINDS: readonly NodeKind[] = ["anvil", "hardhat"];

export interface WebNode extends NodeHandle {
  kind: NodeKind;
  /** The deployments' folder (`<deploymentsDir>/localhost`). */
  folder: string;
  /** Beside anvil: the randomness keeper's process (Hardhat's node runs it inside). */
  keeper?: ChildProcess;
  /** The mnemonic of the node's accounts, when it was given one (null: the public development accounts). */
  mnemonic: string | null;
}

/**
 * Starts a node of `kind` on `port` (default: a free one), deploys every game (records in `deploymentsDir`, default
 * deployments/; `env` adds deploy options, e.g. RANDOMNESS_SEED, see deploy/00_common.ts), starts what keeps its
 * randomness, and sets the block time (seconds; null: a block per transaction). `mnemonic`: the phrase of the node's
 * accounts (the deployer is its first; default: the development mnemonic).
 */
export async function startWebNode(opts: {
  kind: NodeKind;
  port?: number;
  blockTime?: number | null;
  deploymentsDir?: string;
  env?: NodeJS.ProcessEnv;
  mnemonic?: string;
}): Promise<WebNode> {
  const deploymentsDir = path.resolve(REPO, opts.deploymentsDir ?? process.env.DEPLOYMENTS_DIR ?? "deployments");
  const folder = path.join(deploymentsDir, "localhost");
  const mnemonic = opts.mnemonic ?? null;
  if (opts.kind === "hardhat") {
    // hardhat.config.ts takes the `hardhat` network's accounts (the node's) from WEB_NODE_MNEMONIC; without it, a
    // value inherited from this process's environment is dropped (the development accounts, as asked).
    const node = await startNode({
      port: opts.port,
      quiet: true,
      env: { ...opts.env, DEPLOYMENTS_DIR: deploymentsDir, [NODE_MNEMONIC_ENV]: mnemonic ?? "" },
    });
    await setBlockTime(node.url, opts.blockTime ?? null);
    return { ...node, kind: "hardhat", folder, mnemonic };
  }
  // Hardhat's node's accounts and block gas limit (20 accounts, 30M gas), so that both serve the same games.
  const args = ["--accounts", String(NODE_ACCOUNTS), "--gas-limit", "30000000"];
  if (mnemonic) args.push("--mnemonic", mnemonic);
  const node = await startAnvil({ port: opts.port, args });
  const env = {
    ...opts.env,
    WEB_NODE_PORT: String(node.port),
    DEPLOYMENTS_DIR: deploymentsDir,
    TS_NODE_TRANSPILE_ONLY: "true",
  };
  let keeper: ChildProcess | undefined;
  try {
    // Deployed a block per transaction, then mined by the clock.
    await run(process.execPath, [HARDHAT, "deploy", "--network", "localhost", "--reset"], env);
    keeper = spawn(process.execPath, [HARDHAT, "randomness:keeper", "--watch", "60", "--network", "localhost"], {
      cwd: REPO,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, ...env },
    });
    let keeperErr = "";
    keeper.stderr!.on("data", (c: Buffer) => (keeperErr = (keeperErr + c.toString()).slice(-4000)));
    keeper.once("exit", (code, signal) => {
      if (code && !signal) console.error(`the randomness keeper exited (${code}):\n${keeperErr}`);
    });
    await setBlockTime(node.url, opts.blockTime ?? null);
  } catch (err) {
    if (keeper) await stopProcess(keeper);
    await node.stop();
    throw err;
  }
  const running = keeper;
  return {
    ...node,
    kind: "anvil",
    folder,
    mnemonic,
    keeper: running,
    stop: async () => {
      await stopProcess(running);
      await node.stop();
    },
  };
}

/**
 * Runs the deploy scripts against `rpcUrl` (the `remote` network, development accounts) with deployments kept in
 * `deploymentsDir`; returns the network folder (`<deploymentsDir>/chain-<id>`). `env` adds deploy options (e.g.
 * RANDOMNESS_SEED).
 */
export async function deployGames(
  rpcUrl: string,
  deploymentsDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<string> {
  fs.mkdirSync(deploymentsDir, { recursive: true });
  const clean = { ...process.env };
  for (const key of Object.keys(clean)) {
    if (/^(PRIVATE_KEY|MNEMONIC|CHAIN_ID|HARDHAT_NETWORK|VRF_|TIMELOCK)/.test(key)) delete clean[key];
  }
  await run(process.execPath, [HARDHAT, "deploy", "--network", "remote"], {
    ...clean,
    RPC_URL: rpcUrl,
    MNEMONIC: DEV_MNEMONIC,
    DEPLOYMENTS_DIR: deploymentsDir,
    DOTENV_CONFIG_PATH: path.join(deploymentsDir, "no.env"),
    TS_NODE_TRANSPILE_ONLY: "true",
    ...env,
  });
  const chainId = Number(await rpc<string>(rpcUrl, "eth_chainId"));
  return path.join(deploymentsDir, `chain-${chainId}`);
}
