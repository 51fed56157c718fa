/// <reference lib="dom" />
// (Functions passed to page.evaluate/waitForFunction run in the page: DOM types.)
// The pages' figures on the seeded chain, in headless Chromium, on the stack `npm run web` runs: anvil (from the
// seeded state), the indexer following it, the built app served by the gateway (/rpc to the node, /indexer to the
// indexer). One stack per bench run, started by the first page measurement and stopped at the end; measurements
// that change the chain (live.*) run after the ones that read it.
//   lobby.hex.10000.ms / lobby.rooms.2000.ms   navigation to the list drawn (median of 3 fresh browser contexts)
//   idle.requestsPerBlock                      JSON-RPC calls an idle open page sends (each call of a batch counts),
//                                              per new block, blocks mined every 2 s; the worst of the pages opened
//                                              (idle.gatewayRequestsPerBlock: the gateway's shared clock's own node
//                                              requests, one poller for all pages together)
//   live.eventToPage.p95.ms                    a game created on the node to its row on an open Hex lobby
// Requests are counted where they leave the page (Playwright sees every request: a proxy inside the browser).
// BENCH_WEB_APP_DIR=<dist>: serve that built app instead of building web/ (the pages of another commit, built
// against the seeded chain's deployments: how the "before" figures were taken).
import { Interface, ZeroAddress } from "ethers";
import type { Browser, Page, Request } from "playwright-core";
import { rpcCalls } from "../../web/chromium";
import type { GatewayHandle } from "../../web/gateway";
import type { IndexerHandle } from "../../web/indexer";
import { rpc, type NodeHandle } from "../../web/stack";
import { startStack } from "../../web/start-stack";
import { readIndexerDeployments } from "../../../indexer/deployments";
import type { WebBenchContext } from "./index";

export interface PageStack {
  anvil: NodeHandle;
  indexer: IndexerHandle;
  gateway: GatewayHandle;
  browser: Browser;
  /** The app's URL (add a `#/...` route). */
  url: string;
  /** Addresses of the deployed games. */
  address(name: string): string;
  stop(): Promise<void>;
}

/** Starts the stack the page measurements share (built app, seeded anvil, indexer caught up, gateway, Chromium). */
export async function startPageStack(ctx: WebBenchContext): Promise<PageStack> {
  const anvil = await ctx.seeded.start();
  const prebuilt = process.env.BENCH_WEB_APP_DIR;
  ctx.log(`  ${prebuilt ? "" : "building the app and "}starting the indexer on the seeded chain…`);
  const stack = await startStack({
    node: { running: anvil, folder: ctx.seeded.folder },
    indexer: { readyTimeoutMs: 30 * 60_000, caughtUp: true },
    app: prebuilt ? { prebuilt } : {},
    browser: true,
  });
  const d = readIndexerDeployments(ctx.seeded.folder);
  return {
    anvil,
    indexer: stack.indexer!,
    gateway: stack.gateway!,
    browser: stack.browser!,
    url: stack.gateway!.url,
    address: (name) => {
      const c = (d.contracts as Record<string, { address: string } | undefined>)[name];
      if (!c) throw new Error(`no ${name} in ${ctx.seeded.folder}`);
      return c.address;
    },
    stop: stack.stop,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh browser context (nothing cached) at a laptop's size. */
async function freshPage(stack: PageStack): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(120_000);
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** Navigation to `selector` visible, ms: the median of three fresh contexts. */
async function timeToList(stack: PageStack, route: string, selector: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { page, close } = await freshPage(stack);
    try {
      const started = Date.now();
      await page.goto(stack.url + route);
      await page.locator(selector).first().waitFor({ state: "visible" });
      times.push(Date.now() - started);
    } finally {
      await close();
    }
  }
  return median(times);
}

export async function lobbyHex(stack: PageStack): Promise<Record<string, number>> {
  return { "lobby.hex.10000.ms": await timeToList(stack, "#/hex", "tr[data-game]") };
}

export async function lobbyRooms(stack: PageStack): Promise<Record<string, number>> {
  return { "lobby.rooms.2000.ms": await timeToList(stack, "#/snatch", "tr[data-room]") };
}

/** Pages an idle visitor keeps open, each with what shows it has drawn. */
const IDLE_PAGES: { name: string; route: string; drawn: string }[] = [
  { name: "hexLobby", route: "#/hex", drawn: "tr[data-game]" },
  { name: "hexGame", route: "#/hex/1", drawn: "svg" },
  { name: "roomsLobby", route: "#/snatch", drawn: "tr[data-room]" },
  { name: "tournament", route: "#/snatch/tournament/1", drawn: "[data-testid=stage]" },
  { name: "catammLobby", route: "#/catamm", drawn: "tr[data-game]" },
];
const IDLE_BLOCKS = 10;
const IDLE_BLOCK_MS = 2_000;

/** Calls per new block of each idle open page (blocks mined on the node itself, every 2 s). */
export async function idleRequests(stack: PageStack, log: (line: string) => void): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const p of IDLE_PAGES) {
    const { page, close } = await freshPage(stack);
    try {
      await page.goto(stack.url + p.route);
      try {
        await page.locator(p.drawn).first().waitFor({ state: "visible" });
      } catch (err) {
        // Said, and left out of the figures (the page's text says why it did not draw).
        log(`    ${p.name}: not drawn (${(await page.locator("main").innerText()).slice(0, 300)})`);
        continue;
      }
      await sleep(5_000); // the first load's reads are over
      let calls = 0;
      const methods = new Map<string, number>();
      const count = (req: Request) => {
        const c = rpcCalls(req);
        calls += c.count;
        for (const m of c.methods) methods.set(m, (methods.get(m) ?? 0) + 1);
      };
      page.on("request", count);
      const shared = stack.gateway.heads.nodeRequests;
      for (let b = 0; b < IDLE_BLOCKS; b++) {
        await sleep(IDLE_BLOCK_MS);
        await rpc(stack.anvil.url, "evm_mine");
      }
      await sleep(IDLE_BLOCK_MS);
      page.off("request", count);
      const perBlock = Math.round((calls / IDLE_BLOCKS) * 10) / 10;
      const gateway = Math.round(((stack.gateway.heads.nodeRequests - shared) / IDLE_BLOCKS) * 10) / 10;
      out[`idle.requestsPerBlock.${p.name}`] = perBlock;
      out["idle.gatewayRequestsPerBlock"] = Math.max(out["idle.gatewayRequestsPerBlock"] ?? 0, gateway);
      log(
        `    ${p.name}: ${perBlock} calls per block (${JSON.stringify(Object.fromEntries(methods))}); ` +
          `the gateway's shared clock: ${gateway} per block for every page together`,
      );
    } finally {
      await close();
    }
  }
  const measured = IDLE_PAGES.map((p) => out[`idle.requestsPerBlock.${p.name}`]).filter((v) => v !== undefined);
  out["idle.requestsPerBlock"] = Math.max(...measured);
  return out;
}

const HEX = new Interface([
  "function createGame(uint256,uint256,uint256,uint256,address,uint256,uint256,uint256) payable returns (uint256)",
  "function gameCount() view returns (uint256)",
]);
const LIVE_SAMPLES = 20;

/**
 * From a new game's block (its transaction mined: anvil mines at once) to its row on an open Hex lobby, ms (p95 of
 * 20 games created from a development account, a second or so apart). The page stamps the moment the row appears.
 */
export async function liveEventToPage(stack: PageStack): Promise<Record<string, number>> {
  const hex = stack.address("ForkingHex");
  const [from] = await rpc<string[]>(stack.anvil.url, "eth_accounts");
  const { page, close } = await freshPage(stack);
  const delays: number[] = [];
  try {
    await page.goto(stack.url + "#/hex");
    await page.locator("tr[data-game]").first().waitFor({ state: "visible" });
    await sleep(3_000);
    for (let i = 0; i < LIVE_SAMPLES; i++) {
      const count = BigInt(
        await rpc<string>(stack.anvil.url, "eth_call", [{ to: hex, data: HEX.encodeFunctionData("gameCount") }]),
      );
      const next = (count + 1n).toString();
      await page.evaluate((id) => {
        const w = window as unknown as { __seen?: number };
        delete w.__seen;
        const seen = () => document.querySelector(`tr[data-game="${id}"]`) !== null;
        const observer = new MutationObserver(() => {
          if (seen()) {
            w.__seen = Date.now();
            observer.disconnect();
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }, next);
      const stake = 10n ** 15n;
      const data = HEX.encodeFunctionData("createGame", [11, 20, 40, stake, ZeroAddress, 0, 60, 10_000]);
      await rpc(stack.anvil.url, "eth_sendTransaction", [
        { from, to: hex, data, value: "0x" + stake.toString(16), gas: "0x1000000" },
      ]);
      const mined = Date.now();
      const handle = await page.waitForFunction(() => (window as unknown as { __seen?: number }).__seen, undefined, {
        timeout: 60_000,
        polling: 50,
      });
      delays.push(Math.max(0, Number(await handle.jsonValue()) - mined));
      await sleep(700 + Math.round(Math.random() * 600));
    }
  } finally {
    await close();
  }
  return { "live.eventToPage.p95.ms": p95(delays), "live.eventToPage.median.ms": median(delays) };
}
