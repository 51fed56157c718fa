// `npm run web`: a local node with everything deployed (anvil; `--node hardhat` for Hardhat's, as `npm run node`), the
// web app built against its deployments and served by the gateway (scripts/web/gateway.ts: the app, /rpc, /faucet,
// /stack.json), and the URL to open. `npm run web -- --dev` serves with Vite's dev server (live reload) instead of the
// static build. Ctrl-C stops everything.
//   --node anvil|hardhat (or WEB_NODE): the node to start (default anvil: faster under a class's load, docs/class.md)
//   --lan (or WEB_LAN=1): the class stack: the gateway on the room's network (0.0.0.0; the LAN URL printed with its
//       QR code), a block every second (interval mining, automine off), and the node's accounts (deployer, faucet,
//       teacher) from a fresh mnemonic made on this machine, never served (scripts/web/keys.ts; docs/class.md)
//   --block-time <s> (or WEB_BLOCK_TIME): seconds between blocks (default 1 with --lan; 0: a block per transaction)
//   --no-faucet (or WEB_FAUCET=0): no faucet for burner accounts
//   WEB_NODE_PORT (default 8545): the node's port; a node already answering there is used as it is.
//   WEB_PORT (default 5173): the page's port. WEB_LAN_HOST: the address phones use, if not the detected one.
//   DATABASE_URL (default: none, PGlite): the indexer's PostgreSQL; INDEXER_PORT (default: a free port) its port.
//   WEB_INDEXER_URL: an indexer already running, served at /indexer instead of starting one.
//   WEB_OUT_DIR (default web/dist): where the app is built.
// Every part is watched (scripts/web/supervise.ts): if the node, the randomness keeper, the indexer or the gateway
// stops by itself, the terminal says which and why, and the rest is stopped; no process is left behind.
import path from "node:path";
import { spawn } from "node:child_process";
import { lanAddress, terminalQr, webOptions } from "./class";
import { HARDHAT, portInUse, REPO, rpc, run, setBlockTime, stopProcess, VITE_ENV } from "./stack";
import { startStack, type Stack } from "./start-stack";
import { Steps } from "./steps";
import { checkNodeKeys, freshMnemonic } from "./keys";
import { Supervisor } from "./supervise";

// Every part watched (supervise.ts): one that stops by itself stops the rest, in words; none outlives this process.
let stack: Stack | undefined;
let stopDev: (() => Promise<void>) | undefined;
const supervisor = new Supervisor(async () => {
  await stopDev?.();
  await stack?.stop();
});

async function main() {
  const nodePort = Number(process.env.WEB_NODE_PORT ?? 8545);
  const webPort = Number(process.env.WEB_PORT ?? 5173);
  const options = webOptions(process.argv.slice(2), process.env);
  const dev = options.dev;
  const rpcUrl = `http://127.0.0.1:${nodePort}`;
  const lanHost = options.lan ? (options.lanHost ?? lanAddress()) : null;
  if (options.lan && !lanHost) {
    throw new Error(
      "--lan: this machine has no network address besides loopback (join the Wi-Fi, or set WEB_LAN_HOST)",
    );
  }

  const existingNode = await portInUse(nodePort);
  const startsIndexer = !process.env.WEB_INDEXER_URL;
  // compile, [node + deploy], [indexer], [the app's build and the gateway] (Vite's dev server prints its own)
  const steps = new Steps(1 + (existingNode ? 0 : 1) + (startsIndexer ? 1 : 0) + (dev ? 0 : 2));
  if (await portInUse(webPort)) throw new Error(`port ${webPort} is taken: set WEB_PORT`);
  // Once, here: the node's deploy, the indexer and the build then skip Hardhat's compile (NO_COMPILE: see
  // hardhat.config.ts), which on a first start also writes every contract's types.
  await steps.run(
    "Compiling the contracts and their types",
    () => run(process.execPath, [HARDHAT, "compile", "--quiet"]),
    "a first start: a few minutes; then seconds",
  );
  process.env.NO_COMPILE = "1";

  if (existingNode) {
    const chainId = await rpc<string>(rpcUrl, "eth_chainId").catch(() => null);
    if (!chainId) throw new Error(`port ${nodePort} is taken by something that is not a node: set WEB_NODE_PORT`);
    if (options.lan) await checkNodeKeys(rpcUrl);
    console.log(`Using the node already running at ${rpcUrl} (chain ${Number(chainId)}); its deployments/ are used.`);
    if (options.blockTime) await setBlockTime(rpcUrl, options.blockTime);
  }

  const deploymentsDir = path.resolve(REPO, process.env.DEPLOYMENTS_DIR || "deployments");
  stack = await startStack({
    // On the room's network the accounts that matter get keys nobody else has; on this machine alone, the development
    // accounts (their keys are public, and nobody else reaches the node).
    node: existingNode
      ? { running: rpcUrl }
      : {
          kind: options.node,
          port: nodePort,
          blockTime: options.blockTime,
          mnemonic: options.lan ? freshMnemonic() : undefined,
          deploymentsDir,
        },
    indexer: startsIndexer
      ? { optional: true, databaseUrl: process.env.DATABASE_URL, port: Number(process.env.INDEXER_PORT) || undefined }
      : { url: process.env.WEB_INDEXER_URL! },
    app: dev ? false : { outDir: path.resolve(REPO, process.env.WEB_OUT_DIR || path.join("web", "dist")) },
    gateway: dev
      ? false
      : {
          faucet: options.faucet,
          blockTime: options.blockTime,
          bind: options.lan ? "0.0.0.0" : "127.0.0.1",
          port: webPort,
          publicUrl: lanHost ? `http://${lanHost}:${webPort}/` : null,
        },
    step: (label, work, note) => steps.run(label, work, note),
    watch: (name, child, group) => supervisor.watch(name, child, group),
  });
  if (options.blockTime)
    console.log(`Mining a block every ${options.blockTime} s (automine off, as on a public chain).`);

  if (dev) {
    const vite = spawn(
      path.join(REPO, "node_modules", ".bin", "vite"),
      [
        "--config",
        path.join(REPO, "web", "vite.config.ts"),
        "--host",
        "127.0.0.1",
        "--port",
        String(webPort),
        "--strictPort",
      ],
      { cwd: REPO, stdio: "inherit", env: { ...process.env, ...VITE_ENV, WEB_RPC_URL: rpcUrl } },
    );
    supervisor.watch("web app's dev server (Vite)", vite);
    stopDev = () => stopProcess(vite);
  }
  console.log(`\nReady in ${steps.sinceStart()}.`);
  const url = `http://127.0.0.1:${webPort}/#/hex`;
  const accounts = options.lan
    ? "this stack's own accounts (a fresh mnemonic kept on this machine)"
    : "development accounts";
  console.log(`\n  Web app: ${url}\n  Node:    ${rpcUrl} (${accounts} unlocked: local only)`);
  const indexer = stack.indexer;
  if (indexer)
    console.log(`  Indexer: ${indexer.graphqlUrl} (GraphQL), ${indexer.sqlUrl} (SQL) on ${indexer.database}`);
  console.log("");
  if (lanHost) {
    const lanUrl = `http://${lanHost}:${webPort}/`;
    console.log(`  On the room's network (phones on the same Wi-Fi): ${lanUrl}`);
    console.log(`  The class sheet (the teacher's cards, on this machine): http://127.0.0.1:${webPort}/#/class\n`);
    console.log((await terminalQr(lanUrl)).replace(/^/gm, "  "));
    console.log(
      "  Phones reach the app, the chain (/rpc: reading and their own signed transactions) and the faucet; the\n" +
        "  node's accounts (deployer, faucet, yours in the class sheet: keys made for this stack, never served) and\n" +
        "  its controls (mining) stay on this machine. Ctrl-C stops.",
    );
  } else {
    console.log("  Pick a development account in the top bar; open a second window for a second player. Ctrl-C stops.");
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  void supervisor.stop(1);
});
