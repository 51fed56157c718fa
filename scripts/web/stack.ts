// The processes behind the web app, for `npm run web` and the browser tests: a Hardhat node with everything deployed
// (as `npm run node`) or anvil, and the Vite build of web/ against its deployments (the gateway serves it).
// Plain Node: no Hardhat import (the node runs in its own process).
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

export const REPO = path.resolve(__dirname, "../..");
const BIN = path.join(REPO, "node_modules", ".bin");
/** Hardhat's CLI, run with this Node (no shell, no npx). */
export const HARDHAT = path.join(REPO, "node_modules", "hardhat", "internal", "cli", "bootstrap.js");

/** A TCP port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
export async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A node's answer to a call that failed: its message and its data (a revert's bytes, for one). */
export class RpcError extends Error {
  constructor(
    method: string,
    readonly reason: string,
    readonly data: unknown,
  ) {
    super(`${method}: ${reason}`);
  }
}

/** A JSON-RPC call to a node; a failed call throws an {@link RpcError}. */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string; data?: unknown } };
  if (body.error) throw new RpcError(method, body.error.message, body.error.data);
  return body.result as T;
}

export interface NodeHandle {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the node printed (for failures). */
  output(): string;
  stop(): Promise<void>;
}

/** Stops a child process (SIGTERM, then SIGKILL after 5 s) and waits for it to exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Mining by the clock, as a public chain does: `seconds` > 0 turns automine off and mines a block every `seconds`
 * (empty or not), so every window counted in blocks lasts real time; null or 0 goes back to a block per transaction.
 * Hardhat's node and anvil both take `evm_setAutomine` and `evm_setIntervalMining`, in different units: milliseconds
 * for Hardhat's node, seconds for anvil (told apart by `web3_clientVersion`).
 */
export async function setBlockTime(url: string, seconds: number | null): Promise<void> {
  const anvil = /^anvil\//i.test(await rpc<string>(url, "web3_clientVersion").catch(() => ""));
  if (seconds && seconds > 0) {
    await rpc(url, "evm_setAutomine", [false]);
    await rpc(url, "evm_setIntervalMining", [anvil ? seconds : Math.round(seconds * 1000)]);
  } else {
    await rpc(url, "evm_setIntervalMining", [0]);
    await rpc(url, "evm_setAutomine", [true]);
  }
}

/**
 * Starts `hardhat node` on `port` (which runs deploy/ and writes deployments/localhost, unless `deploy` is false) and
 * resolves once it serves JSON-RPC; `env` adds deploy options (e.g. RANDOMNESS_SEED, see deploy/00_common.ts);
 * `blockTime` (seconds) then switches it to interval mining (see {@link setBlockTime}). Rejects with the node's output
 * if it exits or does not start within `timeoutMs`.
 */
export async function startNode(
  opts: {
    port?: number;
    timeoutMs?: number;
    quiet?: boolean;
    env?: NodeJS.ProcessEnv;
    deploy?: boolean;
    blockTime?: number | null;
  } = {},
): Promise<NodeHandle> {
  const port = opts.port ?? (await freePort());
  const args = [
    "node",
    "--hostname",
    "127.0.0.1",
    "--port",
    String(port),
    ...(opts.deploy === false ? ["--no-deploy"] : []),
  ];
  const child = spawn(path.join(BIN, "hardhat"), args, {
    cwd: REPO,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: "0", ...opts.env },
  });
  let out = "";
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    if (!opts.quiet) process.stdout.write(chunk);
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`hardhat node did not start in ${opts.timeoutMs ?? 180_000} ms:\n${out}`)),
      opts.timeoutMs ?? 180_000,
    );
    const check = (chunk: Buffer) => {
      if (chunk.toString().includes("Started HTTP")) {
        clearTimeout(timer);
        child.stdout!.off("data", check);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`hardhat node exited (${code}):\n${out}`));
    });
  });
  // From here on the node's chatter (every call it serves) is noise.
  child.stdout!.off("data", onData);
  child.stdout!.resume();
  const handle = { url, port, process: child, output: () => out, stop: () => stopProcess(child) };
  if (opts.blockTime)
    await setBlockTime(url, opts.blockTime).catch(async (err: unknown) => {
      await handle.stop();
      throw err;
    });
  return handle;
}

/** anvil from npm (@foundry-rs/anvil-linux-amd64). */
export const ANVIL = path.join(REPO, "node_modules", "@foundry-rs", "anvil-linux-amd64", "bin", "anvil");

export interface AnvilOptions {
  /** Default: a free one. */
  port?: number;
  /** Seconds: `anvil --block-time`, automine off. */
  blockTime?: number | null;
  timeoutMs?: number;
  chainId?: number;
  /** Development accounts (anvil's default: 10). */
  accounts?: number;
  /** Start from a state file written by `dumpState` (blocks, logs and all). */
  loadState?: string;
  /** Write the chain's state to this file when anvil exits. */
  dumpState?: string;
  /** More of anvil's options (e.g. --gas-limit). */
  args?: string[];
}

/** Starts anvil (nothing deployed) and resolves once it serves JSON-RPC; killed if this process exits first. */
export async function startAnvil(opts: AnvilOptions = {}): Promise<NodeHandle> {
  const port = opts.port ?? (await freePort());
  const args = ["--host", "127.0.0.1", "--port", String(port), "--silent"];
  if (opts.blockTime) args.push("--block-time", String(opts.blockTime));
  if (opts.chainId !== undefined) args.push("--chain-id", String(opts.chainId));
  if (opts.accounts !== undefined) args.push("--accounts", String(opts.accounts));
  if (opts.loadState) args.push("--load-state", opts.loadState);
  if (opts.dumpState) args.push("--dump-state", opts.dumpState);
  args.push(...(opts.args ?? []));
  const child = spawn(ANVIL, args, { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
  const orphan = () => child.kill("SIGKILL");
  process.once("exit", orphan);
  child.once("exit", () => process.off("exit", orphan));
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}):\n${out}`);
    if (
      await rpc(url, "eth_chainId").then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stopProcess(child);
      throw new Error(`anvil did not start in ${opts.timeoutMs ?? 30_000} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, process: child, output: () => out, stop: () => stopProcess(child) };
}

/** Runs a command to completion; rejects with its output on a non-zero exit. */
export async function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const child = spawn(command, args, { cwd: REPO, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} failed (${code}):\n${out}`);
  return out;
}

/** Environment for Vite: its config shares a TypeScript module with the (CommonJS) unit tests, which its future
 *  native config loader would warn about. */
export const VITE_ENV = { VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" };

/**
 * Builds web/ into `outDir` against the deployments on disk (`deploymentsDir`, default deployments/), with the
 * development-account picker pointed at `rpcUrl`. Returns Vite's output (sizes included).
 */
export async function buildApp(opts: { outDir: string; rpcUrl: string; deploymentsDir?: string }): Promise<string> {
  return run(path.join(BIN, "vite"), ["build", "--config", path.join(REPO, "web", "vite.config.ts")], {
    ...VITE_ENV,
    WEB_RPC_URL: opts.rpcUrl,
    WEB_OUT_DIR: opts.outDir,
    ...(opts.deploymentsDir ? { DEPLOYMENTS_DIR: opts.deploymentsDir } : {}),
  });
}
