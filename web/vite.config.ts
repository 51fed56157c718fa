// Vite build of the web app (root: web/). `npm run web:build` writes web/dist; `npm run web` serves it beside a node.
//   WEB_RPC_URL          the local node the development-account picker talks to (default http://127.0.0.1:8545;
//                        the page's `?rpc=` parameter overrides it at run time)
//   DEPLOYMENTS_DIR      hardhat-deploy's deployments folder (default deployments/; as in hardhat.config.ts)
//   WEB_DEPLOYMENTS      comma-separated deployment folders to include (default: every folder with a .chainId)
//   WEB_OUT_DIR          output folder (default web/dist)
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { readDeployments } from "../scripts/lib/deployments";

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

/**
 * Installable on a phone's home screen: a web manifest (full screen, the icons of web/public/icons, rendered from
 * web/icon.svg by scripts/web/icons.ts) and a service worker that keeps the app's shell (scripts, styles, icons) for
 * quick and offline starts. The page itself (index.html) is fetched network first: the gateway writes the runtime
 * config into it (window.__STACK__), so a cached copy is only a fallback without a network. Chain, indexer and faucet
 * requests never touch the cache. Browsers run service workers only on https and on localhost: on the class stack's
 * plain-http LAN address phones add the app to their home screen without one.
 */
function pwa() {
  return VitePWA({
    registerType: "autoUpdate",
    injectRegister: "script",
    manifest: {
      name: "On-chain games",
      short_name: "Games",
      description: "Forking Hex, Snatch or Share and the SnatchGame tournament, CATAMM: every rule on-chain.",
      theme_color: "#1d1d1f",
      background_color: "#f6f5f1",
      display: "standalone",
      orientation: "portrait",
      start_url: "./",
      scope: "./",
      icons: [
        { src: "icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      globPatterns: ["**/*.{js,css,png,svg,ico,webmanifest}"],
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // The paths the gateway serves beside the app (scripts/web/gateway.ts) are never cached. Written out here:
          // this function is copied into the service worker as text, where nothing of this file exists.
          urlPattern: ({ request, url }) =>
            request.mode === "navigate" && !/^\/(rpc|indexer|faucet|stack\.json)(\/|$)/.test(url.pathname),
          handler: "NetworkFirst",
          options: {
            cacheName: "pages",
            // Chromium keeps a navigation's URL with its fragment as the cache key: a seat card's link would leave its
            // key in Cache Storage. The page is the same whatever the fragment: kept under its URL without one.
            plugins: [
              {
                cacheKeyWillBeUsed: async ({ request }) => {
                  const url = new URL(request.url);
                  url.hash = "";
                  return url.href;
                },
              },
            ],
          },
        },
      ],
    },
  });
}

export default defineConfig({
  root: __dirname,
  base: "./",
  plugins: [react(), deploymentsPlugin(), stripBytecodePlugin(), pwa()],
  define: {
    __LOCAL_RPC_URL__: JSON.stringify(process.env.WEB_RPC_URL ?? "http://127.0.0.1:8545"),
  },
  // indexer/ponder.schema.ts (shared with the pages' queries, web/src/data/) imports its table builders from "ponder":
  // the browser gets those alone (web/ponder-browser.js), not the indexer's server.
  // csv-stringify's "sync" entry (client/common/csv.ts, the class sheet's CSV) is its Node build (Node's Buffer): the
  // browser gets the package's own browser build of the same code.
  resolve: {
    alias: [
      { find: /^ponder$/, replacement: path.join(__dirname, "ponder-browser.js") },
      { find: /^csv-stringify\/sync$/, replacement: "csv-stringify/browser/esm/sync" },
    ],
  },
  build: {
    outDir: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.join(__dirname, "dist"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: { fs: { allow: [repo] } },
});
