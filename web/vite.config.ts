// Vite build of the web app (root: web/). `npm run web:build` writes web/dist; `npm run web` serves it beside a node.
//   WEB_RPC_URL          the local node the development-account picker talks to (default http://127.0.0.1:8545;
//                        the page's `?rpc=` parameter overrides it at run time)
//   DEPLOYMENTS_DIR      hardhat-deploy's deployments folder (default deployments/; as in hardhat.config.ts)
//   WEB_DEPLOYMENTS      comma-separated deployment folders to include (default: every folder with a .chainId)
//   WEB_OUT_DIR          output folder (default web/dist)
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { readDeployments } from "./deployments";

const repo = path.resolve(__dirname, "..");
const VIRTUAL = "virtual:deployments";

/** `import deployments from "virtual:deployments"`: the deployment folders as they are when the build starts. */
function deploymentsPlugin(): Plugin {
  const only = process.env.WEB_DEPLOYMENTS?.split(",").map((s) => s.trim());
  return {
    name: "hardhat-deployments",
    resolveId: (id) => (id === VIRTUAL ? "\0" + VIRTUAL : undefined),
    load(id) {
      if (id !== "\0" + VIRTUAL) return undefined;
      const dir = path.resolve(repo, process.env.DEPLOYMENTS_DIR || "deployments");
      this.addWatchFile(dir);
      return `export default ${JSON.stringify(readDeployments(dir, only))};`;
    },
  };
}

/**
 * TypeChain's factories carry each contract's creation bytecode (`const _bytecode = "0x…"`) beside its ABI; the app
 * connects to deployed contracts and never deploys, so the bundle keeps the ABIs and drops the bytecode (about 75 kB
 * gzipped). A factory's `deploy()` would fail loudly in the browser: it is never called there.
 */
function stripBytecodePlugin(): Plugin {
  const factory = /[\\/]typechain-types[\\/]factories[\\/].*__factory\.ts$/;
  return {
    name: "strip-typechain-bytecode",
    enforce: "pre",
    transform(code, id) {
      if (!factory.test(id)) return undefined;
      return { code: code.replace(/const _bytecode =\s*"0x[0-9a-fA-F]*";/, 'const _bytecode = "0x";'), map: null };
    },
  };
}

export default defineConfig({
  root: __dirname,
  base: "./",
  plugins: [react(), deploymentsPlugin(), stripBytecodePlugin()],
  define: {
    __LOCAL_RPC_URL__: JSON.stringify(process.env.WEB_RPC_URL ?? "http://127.0.0.1:8545"),
  },
  build: {
    outDir: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.join(__dirname, "dist"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: { fs: { allow: [repo] } },
});
