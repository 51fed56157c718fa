// The class stack for the load script and its tests: what `npm run web -- --lan` runs (a node mining a block a
// second, every game deployed, the indexer following it, the built app and the gateway on the room's network with its
// /rpc, /indexer and /faucet), plus a counting relay between the gateway and the node, so that the requests the
// phones' proxy forwards to the node can be counted. Plain Node: Hardhat runs in child processes.
import http from "node:http";
import path from "node:path";
import { lanAddress } from "../web/class";
import { fork, type Serializable } from "node:child_process";
import { DEFAULT_LIMITS } from "../web/gateway";
import type { FrontProcessData } from "./front-worker";
import type { RelayProcessData } from "./relay-worker";
import type { WorkerMessage } from "./worker";
import type { IndexerHandle } from "../web/indexer";
import { freshMnemonic } from "../web/keys";
import type { NodeKind } from "../web/node";
import { freePort } from "../web/stack";
import { startStack } from "../web/start-stack";

export type { NodeKind };

/** Counts the JSON-RPC calls (each call of a batch) that pass through it, per second of wall time. */
export interface RpcCounter {
  url: string;
  /** Calls forwarded so far. */
  calls(): number;
  stop(): Promise<void>;
}

/** A relay to `nodeUrl` that counts the calls it forwards (what the gateway sends the node). */
export async function startRpcCounter(nodeUrl: string, onCalls?: (n: number) => void): Promise<RpcCounter> {
  let calls = 0;
  const target = new URL(nodeUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      let n = 1;
      try {
        const parsed = JSON.parse(body.toString("utf8")) as unknown;
        if (Array.isArray(parsed)) n = parsed.length;
      } catch {
        // not JSON: the node refuses it, and it counts as one call
      }
      calls += n;
      onCalls?.(n);
      const up = http.request(
        { host: target.hostname, port: target.port, path: "/", method: "POST", agent, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      up.on("error", () => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      up.end(body);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}

/** Counts of the gateway's indexer reads (scripts/web/read-cache.ts). */
export interface IndexerReads {
  hits: number;
  misses: number;
}

/** A worker process: its URL and process id, its latest counts, and its stop. */
interface WorkerProcess {
  url: string;
  pid: number;
  counts(): Record<string, number>;
  stop(): Promise<void>;
}

/** Forks a worker (TypeScript through ts-node, as the rest of the script runs) and gives it `data`. */
async function startWorker(file: string, what: string, data: unknown): Promise<WorkerProcess> {
  // CLASS_PROFILE=<folder>: the gateway's CPU profile over its life (written as it exits), beside the pages'.
  const profile = process.env.CLASS_PROFILE && file === "front-worker.ts" ? process.env.CLASS_PROFILE : null;
  const child = fork(path.join(__dirname, file), [], {
    execArgv: [
      "--require",
      require.resolve("ts-node/register/transpile-only"),
      ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`, "--cpu-prof-name=gateway.cpuprofile"] : []),
    ],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let counts: Record<string, number> = {};
  let stopped: () => void = () => undefined;
  child.on("message", (m: WorkerMessage) => {
    if ("counts" in m) counts = m.counts;
    if ("stopped" in m) stopped();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.send(data as Serializable);
  const first = await new Promise<{ url?: string; error?: string }>((resolve, reject) => {
    child.on("message", (m: WorkerMessage) => ("url" in m || "error" in m) && resolve(m));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${what}'s process exited with code ${code}`)));
  });
  if (!first.url) {
    child.kill("SIGKILL");
    throw new Error(`${what}'s process did not start: ${first.error}`);
  }
  return {
    url: first.url,
    pid: child.pid ?? 0,
    counts: () => counts,
    stop: async () => {
      if (child.exitCode === null && child.connected) {
        const done = new Promise<void>((resolve) => (stopped = resolve));
        child.send("stop");
        await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
        // (A profiled worker writes its profile as it exits: given the time to.)
        if (profile) await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** The class pieces in front of a node with everything deployed: indexer, counting relay, faucet and gateway. */
export interface ClassFront {
  indexer: IndexerHandle;
  /** JSON-RPC calls the gateway has sent the node so far (each call of a batch counts). */
  calls(): number;
  /** The pages' indexer SQL reads so far: answered from the gateway's cache, and sent to the indexer. */
  reads(): IndexerReads;
  /** The gateway's process (with its faucet). */
  gatewayPid: number;
  /** The counting relay's process (the load script's, between the gateway and the node; 0: none). */
  relayPid: number;
  /** The host's way in (loopback: the development accounts and the node's controls). */
  hostUrl: string;
  /** A phone's way in: this machine's network address, as a phone on the room's Wi-Fi reaches it. */
  phoneUrl: string;
  /**
   * Stops the indexer (pages say it is not answering), runs `whileDown`, then starts a new one on the same port,
   * which rebuilds its tables from the deployment block (as after a crash on a local chain; pages count the blocks it
   * is behind meanwhile); resolves once it has caught up with the chain as it was when it started.
   */
  restartIndexer(whileDown?: () => Promise<void>): Promise<IndexerHandle>;
  stop(): Promise<void>;
}

/** An indexer already following the node, which the front uses but does not own (its stack's: startStack). */
export interface SharedIndexer {
  current(): IndexerHandle;
  /** Stops it, runs `whileDown`, and starts it again on its port (rebuilding its tables from the deployment block). */
  restart(whileDown?: () => Promise<void>): Promise<IndexerHandle>;
}

/**
 * Starts the counting relay and the gateway (in a process of its own) serving `appDir` on 0.0.0.0, in front of the
 * node and of `indexer`, which it uses but does not own. `devices`: how many phones share this machine's network
 * address in the run (the gateway's per-device rate and connection limits are multiplied by it, as each phone of a
 * class has its own address).
 */
export async function startClassFront(opts: {
  nodeUrl: string;
  appDir: string;
  blockTime: number;
  devices: number;
  indexer: SharedIndexer;
  /** Put the counting relay between the gateway and the node (default true: the load script's `calls()`); false:
   *  the gateway reaches the node itself, as on `npm run web -- --lan`, and `calls()` throws. */
  countCalls?: boolean;
}): Promise<ClassFront> {
  const lan = lanAddress();
  if (!lan) throw new Error("the class stack needs a network address besides loopback (eth0 or Wi-Fi)");
  const shared = opts.indexer;
  let indexer = shared.current();
  let relay: WorkerProcess | null = null;
  let gateway: WorkerProcess | null = null;
  try {
    const port = await freePort();
    const devices = Math.max(1, opts.devices);
    if (opts.countCalls !== false)
      relay = await startWorker("relay-worker.ts", "the counting relay", {
        nodeUrl: opts.nodeUrl,
      } satisfies RelayProcessData);
    gateway = await startWorker("front-worker.ts", "the gateway", {
      nodeUrl: opts.nodeUrl,
      relayUrl: relay?.url ?? opts.nodeUrl,
      faucetClients: opts.devices + 20,
      gateway: {
        appDir: opts.appDir,
        indexerUrl: indexer.url,
        blockTime: opts.blockTime,
        bind: "0.0.0.0",
        port,
        publicUrl: `http://${lan}:${port}/`,
        limits: {
          rate: {
            perSecond: DEFAULT_LIMITS.rate.perSecond * devices,
            burst: DEFAULT_LIMITS.rate.burst * devices,
          },
          connections: {
            perDevice: DEFAULT_LIMITS.connections.perDevice * devices,
            total: Math.max(DEFAULT_LIMITS.connections.total, DEFAULT_LIMITS.connections.perDevice * devices),
          },
          indexerPerDevice: DEFAULT_LIMITS.indexerPerDevice * devices,
        },
      },
    } satisfies FrontProcessData);
    const running = gateway;
    const relaying = relay;
    const front: ClassFront = {
      indexer,
      calls: () => {
        if (!relaying) throw new Error("this class front has no counting relay (started with countCalls: false)");
        return relaying.counts().calls ?? 0;
      },
      reads: () => ({ hits: running.counts().hits ?? 0, misses: running.counts().misses ?? 0 }),
      gatewayPid: running.pid,
      relayPid: relaying?.pid ?? 0,
      hostUrl: running.url,
      phoneUrl: `http://${lan}:${port}/`,
      restartIndexer: async (whileDown) => {
        // The gateway proxies to the old address: the new indexer takes the same port.
        const port = indexer.port;
        indexer = await shared.restart(whileDown);
        front.indexer = indexer;
        if (indexer.port !== port) throw new Error(`the restarted indexer took port ${indexer.port}, not ${port}`);
        return indexer;
      },
      stop: async () => {
        await running.stop();
        await relaying?.stop();
      },
    };
    return front;
  } catch (err) {
    await gateway?.stop();
    await relay?.stop();
    throw err;
  }
}

/** A whole class stack of its own: node (Hardhat's or anvil), deployments, build, and the front. */
export interface ClassStack extends ClassFront {
  kind: NodeKind;
  nodeUrl: string;
  /** Process id of the node (for its CPU). */
  nodePid: number;
  /** Beside anvil: the randomness keeper's process id (0: none, Hardhat's node runs it inside). */
  keeperPid: number;
  deploymentsFolder: string;
  appDir: string;
  stopAll(): Promise<void>;
}

/** Starts a class stack from nothing, as `npm run web -- --lan` does, on free ports and in a temporary folder. */
export async function startClassStack(opts: {
  kind: NodeKind;
  blockTime: number;
  devices: number;
}): Promise<ClassStack> {
  // The node `npm run web -- --lan` starts (scripts/web/node.ts), a block every `blockTime` seconds, its accounts from
  // a fresh mnemonic (scripts/web/keys.ts); the gateway runs in a process of its own (startClassFront).
  const stack = await startStack({
    node: { kind: opts.kind, blockTime: opts.blockTime, mnemonic: freshMnemonic() },
    gateway: false,
  });
  try {
    const node = stack.node!;
    const front = await startClassFront({
      nodeUrl: stack.nodeUrl,
      appDir: stack.appDir!,
      blockTime: opts.blockTime,
      devices: opts.devices,
      indexer: { current: () => stack.indexer!, restart: stack.restartIndexer },
    });
    return {
      ...front,
      kind: opts.kind,
      nodeUrl: stack.nodeUrl,
      nodePid: node.process.pid ?? 0,
      keeperPid: node.keeper?.pid ?? 0,
      deploymentsFolder: stack.folder,
      appDir: stack.appDir!,
      stopAll: async () => {
        await front.stop();
        await stack.stop();
      },
    };
  } catch (err) {
    await stack.stop();
    throw err;
  }
}
