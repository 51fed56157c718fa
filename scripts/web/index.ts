// `npm run web`: a local Hardhat node with everything deployed (as `npm run node`), the web app built against its
// deployments and served, and the URL to open. `npm run web -- --dev` serves with Vite's dev server (live reload)
// instead of the static build. Ctrl-C stops both.
//   WEB_NODE_PORT (default 8545): the node's port; a node already answering there is used as it is.
//   WEB_PORT (default 5173): the page's port.
//   DATABASE_URL (default: none, PGlite): the indexer's PostgreSQL; INDEXER_PORT (default: a free port) its port.
import path from "node:path";
import { spawn } from "node:child_process";
import { startWebIndexer } from "./indexer";
import {
  buildApp,
  portInUse,
  REPO,
  rpc,
  serveStatic,
  startNode,
  stopProcess,
  VITE_ENV,
  type NodeHandle,
} from "./stack";

async function main() {
  const nodePort = Number(process.env.WEB_NODE_PORT ?? 8545);
  const webPort = Number(process.env.WEB_PORT ?? 5173);
  const dev = process.argv.includes("--dev");
  const rpcUrl = `http://127.0.0.1:${nodePort}`;

  let node: NodeHandle | undefined;
  if (await portInUse(nodePort)) {
    const chainId = await rpc<string>(rpcUrl, "eth_chainId").catch(() => null);
    if (!chainId) throw new Error(`port ${nodePort} is taken by something that is not a node: set WEB_NODE_PORT`);
    console.log(`Using the node already running at ${rpcUrl} (chain ${Number(chainId)}); its deployments/ are used.`);
  } else {
    console.log(`Starting a Hardhat node at ${rpcUrl} (deploys every game)…`);
    node = await startNode({ port: nodePort, quiet: true });
  }
  if (await portInUse(webPort)) throw new Error(`port ${webPort} is taken: set WEB_PORT`);
  const indexer = await startWebIndexer(rpcUrl); // indexer/ (Ponder) following the node; undefined if it failed

  let stopWeb: () => Promise<void>;
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
    stopWeb = () => stopProcess(vite);
  } else {
    console.log("Building the web app…");
    await buildApp({ outDir: path.join(REPO, "web", "dist"), rpcUrl });
    const server = await serveStatic(path.join(REPO, "web", "dist"), webPort);
    stopWeb = server.stop;
  }
  const url = `http://127.0.0.1:${webPort}/#/hex`;
  console.log(`\n  Web app: ${url}\n  Node:    ${rpcUrl} (development accounts unlocked: local only)`);
  if (indexer)
    console.log(`  Indexer: ${indexer.graphqlUrl} (GraphQL), ${indexer.sqlUrl} (SQL) on ${indexer.database}`);
  console.log("");
  console.log("  Pick a development account in the top bar; open a second window for a second player. Ctrl-C stops.");

  const shutdown = async () => {
    await stopWeb();
    await indexer?.stop();
    if (node) await node.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
  node?.process.once("exit", (code) => {
    console.error(`the node exited (${code})`);
    void stopWeb()
      .then(() => indexer?.stop())
      .then(() => process.exit(1));
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
