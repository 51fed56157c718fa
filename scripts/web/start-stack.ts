// The one assembly of the web stack: a node with every game deployed, the indexer following it, the app built against
// its deployments and the gateway serving them (the app, /rpc, /heads, /indexer, /faucet), plus Chromium when asked.
// `npm run web` (index.ts), the class stack (scripts/class/stack.ts), the web bench (scripts/bench/web/pages.ts) and
// the browser tests (test/web/harness.ts) all start it here; the options say what differs between them. The indexer,
// the build and Chromium only need the deployments, so they start side by side. Plain Node: Hardhat runs in child
// processes.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { isLocalChain } from "../lib/chains";
import { launchChromium, type ChromiumGpu } from "./chromium";
import { DEFAULT_FAUCET, Faucet } from "./faucet";
import { startGateway, type GatewayHandle, type GatewayOptions } from "./gateway";
import { findDeployments, startIndexer, type IndexerHandle, type IndexerOptions } from "./indexer";
import { startWebNode, type NodeKind, type WebNode } from "./node";
import { buildApp, rpc, type NodeHandle } from "./stack";

/** A node to start: `startWebNode`'s options (deployments under `deploymentsDir`, default the stack's own folder). */
export interface NewNode {
  kind: NodeKind;
  port?: number;
  blockTime?: number | null;
  mnemonic?: string;
  /** Deploy options (RANDOMNESS_SEED, ...: deploy/00_common.ts). */
  env?: NodeJS.ProcessEnv;
  deploymentsDir?: string;
}

/** A node already running: its URL (left running) or its handle (stopped with the stack), and its deployment
 *  folder (default: the one under deployments/ whose contracts it has). */
export interface RunningNode {
  running: string | NodeHandle;
  folder?: string;
}

export interface StackOptions {
  node: NewNode | RunningNode;
  /**
   * The indexer to start (default), with more of its options; `{ url }`: one already running, served at /indexer;
   * false: none. `optional`: a failed start is printed and the stack runs without it (the app reads the node).
   * `caughtUp`: also wait until it has indexed the node's head at the start (a long seeded chain).
   */
  indexer?:
    | false
    | { url: string }
    | (Pick<IndexerOptions, "port" | "databaseUrl" | "verbose" | "logLevel" | "readyTimeoutMs"> & {
        optional?: boolean;
        caughtUp?: boolean;
      });
  /** The app: built into `outDir` (default the stack's own folder), `prebuilt` served as it is, or false: none. */
  app?: false | { outDir?: string; prebuilt?: string };
  /** The gateway in this process (false: none, e.g. the class load runs its own). `faucet`: a faucet for burner
   *  accounts (DEFAULT_FAUCET) on a local chain. */
  gateway?: false | (Omit<GatewayOptions, "nodeUrl" | "appDir" | "indexerUrl" | "faucet"> & { faucet?: boolean });
  /** Launch headless Chromium beside the build (how it draws pages: ./chromium.ts, default "emulated"). */
  browser?: boolean | ChromiumGpu;
  /** Runs each step (npm run web numbers and times them); default: just runs it. */
  step?: <T>(label: string, work: () => Promise<T>, note?: string) => Promise<T>;
  /** Told of each long-running process as it starts (npm run web watches them); `group`: it leads its own group. */
  watch?: (name: string, child: ChildProcess, group?: boolean) => void;
}

export interface Stack {
  nodeUrl: string;
  /** The node this stack started, or null (one already running). */
  node: WebNode | null;
  /** The hardhat-deploy network folder of the node's games, and the folder holding it (the build's). */
  folder: string;
  deploymentsDir: string;
  /** The indexer now running (null: none, or stopped), and the URL the gateway sends /indexer to. */
  readonly indexer: IndexerHandle | null;
  indexerUrl: string | null;
  /** Stops the stack's indexer (pages then say it is not answering); `startIndexerAgain` brings it back on its port. */
  stopIndexer(): Promise<void>;
  startIndexerAgain(): Promise<IndexerHandle>;
  /** Stops the indexer, runs `whileDown`, and starts it again on its port (rebuilding its tables). */
  restartIndexer(whileDown?: () => Promise<void>): Promise<IndexerHandle>;
  /** The built app's folder (null: none). */
  appDir: string | null;
  gateway: GatewayHandle | null;
  browser: Browser | null;
  /** Stops everything the stack started, in reverse order, and removes its own folder. */
  stop(): Promise<void>;
}

const direct = <T>(_label: string, work: () => Promise<T>) => work();

/** Starts the stack `opts` describes; on a failure, stops what it had started and throws. */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const step = opts.step ?? direct;
  let work: string | undefined;
  const ownFolder = () => (work ??= fs.mkdtempSync(path.join(os.tmpdir(), "web-stack-")));
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    stops.length = 0;
    if (work) fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    let node: WebNode | null = null;
    let nodeUrl: string;
    let folder: string;
    if ("running" in opts.node) {
      const running = opts.node.running;
      if (typeof running !== "string") stops.push(() => running.stop());
      nodeUrl = typeof running === "string" ? running : running.url;
      folder = opts.node.folder ?? (await findDeployments(nodeUrl));
    } else {
      const { kind, deploymentsDir = path.join(ownFolder(), "deployments"), ...rest } = opts.node;
      const name = kind === "anvil" ? "anvil" : "Hardhat's node";
      const where = rest.port ? ` at http://127.0.0.1:${rest.port}` : "";
      const started = await step(`Starting ${name}${where} and deploying every game`, () =>
        startWebNode({ kind, deploymentsDir, ...rest }),
      );
      node = started;
      stops.push(() => started.stop());
      opts.watch?.("node", started.process);
      if (started.keeper) opts.watch?.("randomness keeper", started.keeper);
      nodeUrl = started.url;
      folder = started.folder;
    }
    const deploymentsDir = path.dirname(folder);

    const given = opts.indexer ?? {};
    /** What to start the indexer with, or null: the stack starts none. */
    const own = given !== false && !("url" in given) ? given : null;
    let indexer: IndexerHandle | null = null;
    let indexerPort = own?.port;
    const launchIndexer = async () => {
      if (!own) throw new Error("this stack starts no indexer");
      const { optional: _optional, caughtUp: _caughtUp, ...options } = own;
      const started = await startIndexer({ ...options, rpcUrl: nodeUrl, deploymentsDir: folder, port: indexerPort });
      indexer = started;
      indexerPort = started.port;
      opts.watch?.("indexer", started.process, true);
      return started;
    };
    const stopIndexer = async () => {
      const running = indexer;
      indexer = null;
      await running?.stop();
    };
    stops.push(stopIndexer);
    const head = own?.caughtUp ? Number(await rpc<string>(nodeUrl, "eth_blockNumber")) : 0;

    const app = opts.app ?? {};
    const appDir =
      app === false ? null : app.prebuilt ? path.resolve(app.prebuilt) : (app.outDir ?? path.join(ownFolder(), "dist"));
    const [indexed, built, browser] = await Promise.allSettled([
      own
        ? step("Starting the indexer and reading the chain", async () => {
            const started = await launchIndexer();
            if (head) await started.waitForBlock(head, own.readyTimeoutMs);
            return started;
          })
        : null,
      app !== false && !app.prebuilt && appDir
        ? step("Building the web app", () => buildApp({ outDir: appDir, rpcUrl: nodeUrl, deploymentsDir }))
        : null,
      opts.browser ? launchChromium(opts.browser === true ? "emulated" : opts.browser) : null,
    ]);
    if (browser.status === "fulfilled" && browser.value) {
      const b = browser.value;
      stops.push(() => b.close());
    }
    if (indexed.status === "rejected") {
      if (!own?.optional) throw indexed.reason;
      const why = indexed.reason instanceof Error ? indexed.reason.message : String(indexed.reason);
      console.error(`The indexer did not start: ${why}`);
    }
    if (built.status === "rejected") throw built.reason;
    if (browser.status === "rejected") throw browser.reason;
    const indexerUrl =
      given !== false && "url" in given
        ? given.url
        : indexed.status === "fulfilled"
          ? (indexed.value?.url ?? null)
          : null;

    let gateway: GatewayHandle | null = null;
    if (opts.gateway !== false) {
      const { faucet: wantsFaucet, ...gatewayOpts } = opts.gateway ?? {};
      const chainId = Number(await rpc<string>(nodeUrl, "eth_chainId"));
      const faucet = wantsFaucet && isLocalChain(chainId) ? await Faucet.create({ ...DEFAULT_FAUCET, nodeUrl }) : null;
      gateway = await step("Starting the gateway (the app, /rpc, /indexer, the faucet)", () =>
        startGateway({ ...gatewayOpts, nodeUrl, appDir: appDir ?? undefined, indexerUrl, faucet }),
      );
      stops.push(gateway.stop);
    }

    const stack: Stack = {
      nodeUrl,
      node,
      folder,
      deploymentsDir,
      get indexer() {
        return indexer;
      },
      indexerUrl,
      stopIndexer,
      startIndexerAgain: async () => indexer ?? launchIndexer(),
      restartIndexer: async (whileDown) => {
        await stopIndexer();
        await whileDown?.();
        return launchIndexer();
      },
      appDir,
      gateway,
      browser: browser.value,
      stop: stopAll,
    };
    return stack;
  } catch (err) {
    await stopAll();
    throw err;
  }
}
