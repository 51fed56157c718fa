// Anvil (Foundry's node, from npm) on a free port, and the project's deploy scripts run against it through the
// `remote` network: for the indexer's tests and benchmark. Plain Node: Hardhat runs in a child process.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DEV_MNEMONIC } from "./keys";
import { freePort, HARDHAT, REPO, rpc, run, stopProcess } from "./stack";

const ANVIL = path.join(REPO, "node_modules", "@foundry-rs", "anvil-linux-amd64", "bin", "anvil");
export { DEV_MNEMONIC };

export interface AnvilHandle {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface AnvilOptions {
  chainId?: number;
  /** Development accounts (default 20). */
  accounts?: number;
  /** Start from a state file written by `dumpState` (blocks, logs and all). */
  loadState?: string;
  /** Write the chain's state to this file when anvil exits. */
  dumpState?: string;
  /** More arguments (e.g. --gas-limit). */
  args?: string[];
}

/** Starts anvil and resolves once it answers JSON-RPC. */
export async function startAnvil(opts: AnvilOptions = {}): Promise<AnvilHandle> {
  const port = await freePort();
  const args = ["--port", String(port), "--host", "127.0.0.1", "--silent", "--accounts", String(opts.accounts ?? 20)];
  if (opts.chainId !== undefined) args.push("--chain-id", String(opts.chainId));
  if (opts.loadState) args.push("--load-state", opts.loadState);
  if (opts.dumpState) args.push("--dump-state", opts.dumpState);
  args.push(...(opts.args ?? []));
  const child = spawn(ANVIL, args, { stdio: ["ignore", "ignore", "pipe"] });
  const orphan = () => child.kill("SIGKILL"); // if this process ends without stopping it
  process.once("exit", orphan);
  child.once("exit", () => process.off("exit", orphan));
  let err = "";
  child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${err}`);
    if (
      await rpc(url, "eth_chainId").then(
        () => true,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error(`anvil did not answer at ${url}: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, port, process: child, stop: () => stopProcess(child) };
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
