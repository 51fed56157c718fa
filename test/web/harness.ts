/// <reference lib="dom" />
// (Functions passed to page.evaluate/waitForFunction run in the page: DOM types.)
// Browser-test harness for the web app, shared by every game's end-to-end tests:
//   const stack = await webStack();                  // node on a free port + deploy, the indexer following it, the
//                                                    // app built and served by a gateway (as `npm run web`), Chromium
//   const alice = await openPlayer(stack, 1, "#/hex"); // a browser context of its own, development account #1
//   await mine(alice.page, 25);                      // through the page's local-node miner
//   await screenshot(alice.page, "hex", "lobby");    // reports/screenshots/hex-lobby.png
// One stack per test process (started by the first file that asks, stopped after the whole run), so each game's
// tests pay for the node, the build and the browser once; `ahead(work)` starts the stack and chain set-up while the
// other test files run. Chromium is the one inside @sparticuz/chromium (no
// download); playwright-core drives it.
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { readDeployments } from "../../scripts/lib/deployments";
import { decodeRevert } from "../../client/errors";
import { freePort, REPO, rpc, RpcError, type NodeHandle } from "../../scripts/web/stack";
import { rpcCalls } from "../../scripts/web/chromium";
import { lanAddress } from "../../scripts/web/class";
import { DEFAULT_FAUCET, Faucet } from "../../scripts/web/faucet";
import { freshMnemonic } from "../../scripts/web/keys";
import { startGateway } from "../../scripts/web/gateway";
import { startStack } from "../../scripts/web/start-stack";
import type { IndexerHandle } from "../../scripts/web/indexer";
import type { SharedIndexer } from "../../scripts/class/stack";

export { rpc };

export interface WebStack {
  node: NodeHandle;
  /** The indexer following the node (the lists' and histories' source); `restartIndexer` after stopping it. */
  indexer: IndexerHandle;
  browser: Browser;
  /** The app's URL (ends with `/`; add a `#/...` route), served by the gateway (the app, /rpc, /heads, /indexer). */
  appUrl: string;
  /** The folder of the node's hardhat-deploy folders (a temporary one: the repo's deployments/ are left alone). */
  deploymentsDir: string;
  /** The built app (what a gateway serves). */
  appDir: string;
  /** Stops the indexer (the pages then say it is unreachable); `startIndexerAgain` brings it back on its port. */
  stopIndexer(): Promise<void>;
  startIndexerAgain(): Promise<void>;
  /** The indexer as the class stack's front uses it: shared, restarted on its port (scripts/class/stack.ts). */
  sharedIndexer: SharedIndexer;
  stop(): Promise<void>;
}

export const SCREENSHOTS = path.join(REPO, "reports", "screenshots");

/**
 * How often a `waitForFunction` asks its page, ms. Playwright's default asks at every animation frame, which keeps a
 * waiting page drawing frames at 60 a second in the software compositor (docs/testing.md).
 */
export const POLL_MS = 100;

/** The seed of the test randomness source the stack's node deploys as `Randomness` (SeededRandomness, scriptable). */
export const RANDOMNESS_SEED = 20261123n;

async function startTestStack(): Promise<WebStack> {
  // The node `npm run web` starts (anvil unless E2E_NODE=hardhat), with the seeded test randomness source
  // (deploy/00_common.ts), so a test can script a value (a 7, a card draw). Its accounts (deployer, teacher, the class
  // gateway's faucet) come from a fresh mnemonic, as on the class stack (scripts/web/keys.ts): the development
  // accounts hold and own nothing here.
  const stack = await startStack({
    node: {
      kind: process.env.E2E_NODE === "hardhat" ? "hardhat" : "anvil",
      env: { RANDOMNESS_SEED: String(RANDOMNESS_SEED) },
      mnemonic: freshMnemonic(),
    },
    indexer: {
      verbose: !!process.env.E2E_INDEXER_VERBOSE,
      logLevel: process.env.E2E_INDEXER_VERBOSE ? "debug" : undefined,
    },
    // Drawn by the software compositor: the tests' Chromium without the emulated GPU the class load measures with
    // (docs/testing.md).
    browser: "software",
  });
  const current = () => {
    if (!stack.indexer) throw new Error("the indexer is stopped");
    return stack.indexer;
  };
  return {
    node: stack.node!,
    get indexer() {
      return current();
    },
    browser: stack.browser!,
    appUrl: stack.gateway!.url,
    deploymentsDir: stack.deploymentsDir,
    appDir: stack.appDir!,
    stopIndexer: stack.stopIndexer,
    startIndexerAgain: async () => void (await stack.startIndexerAgain()),
    sharedIndexer: { current, restart: stack.restartIndexer },
    stop: async () => {
      // E2E_INDEXER_LOG=<file>: keep Ponder's log lines of the run (why the indexer fell behind, say).
      if (process.env.E2E_INDEXER_LOG && stack.indexer)
        fs.writeFileSync(process.env.E2E_INDEXER_LOG, stack.indexer.output());
      await stack.stop();
    },
  };
}

/** The address of a contract the stack's node deployed (hardhat-deploy's name: "ForkingHex", "SnatchRooms", ...). */
export function deployedAddress(stack: WebStack, name: string): string {
  const local = readDeployments(stack.deploymentsDir).find((d) => d.chainId === 31337);
  const address = local?.contracts[name]?.address;
  if (!address) throw new Error(`no deployment ${name} in ${stack.deploymentsDir}`);
  return address;
}

let shared: Promise<WebStack> | undefined;

/** The process's web stack (started on first use, stopped after the run). */
export function webStack(): Promise<WebStack> {
  if (!shared) {
    shared = startTestStack();
    shared.catch(() => undefined); // awaited (and reported) by the tests; never an unhandled rejection
  }
  return shared;
}

/**
 * Starts `work` (setting up chain state from a script, say) as soon as the stack is up, from the moment a test file
 * is loaded: the browser tests' files run last, so the node and the build run beside the other test files instead of
 * after them. The test awaits the returned promise (its failure is reported there).
 */
export function ahead<T>(work: (stack: WebStack) => Promise<T>): Promise<T> {
  const promise = webStack().then(work);
  promise.catch(() => undefined);
  return promise;
}

// Mocha root hook: stop the shared stack once every test file has run.
if (typeof after === "function") {
  after(async function () {
    this.timeout(60_000);
    if (shared) await (await shared).stop();
    shared = undefined;
  });
}

/**
 * A fresh browser context (its own storage: another player) at a laptop's size; waits give up after 60 s, as the
 * machine may be busy with the other tests.
 */
export async function newContext(stack: WebStack): Promise<BrowserContext> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(60_000);
  watchPages(context);
  return context;
}

/** The pages of the browser contexts tests opened, with what they complained of, for a failure's message. */
const openPages = new Map<Page, string[]>();

/** Keeps `context`'s pages in {@link openPages} while they are open. */
export function watchPages(context: BrowserContext): void {
  context.on("page", (page) => {
    const errors: string[] = [];
    openPages.set(page, errors);
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("close", () => openPages.delete(page));
  });
}

/** What a page shows and has complained of: its address, its text (the start of it) and its last errors. */
export async function pageState(page: Page, pageErrors: string[] = openPages.get(page) ?? []): Promise<string> {
  const text = await page
    .locator("body")
    .innerText({ timeout: 2_000 })
    .catch((e: Error) => `(no text: ${e.message})`);
  const lines = text.replace(/\n{2,}/g, "\n").slice(0, 1_500);
  return `the page (${page.url()}) shows:\n${lines}${pageErrors.length ? `\nits errors:\n${pageErrors.slice(-10).join("\n")}` : ""}`;
}

// Mocha root hook: a test that failed while pages were open (a wait on a page that timed out, say) says what each
// page showed, after what it expected (CI keeps no screenshots).
if (typeof afterEach === "function") {
  afterEach(async function () {
    const test = this.currentTest;
    if (test?.state !== "failed" || !test.err || openPages.size === 0) return;
    const states = await Promise.all([...openPages.keys()].map((page) => pageState(page).catch(() => "")));
    test.err.message += `\n\nThe ${states.length} open pages when it failed:\n${states.join("\n\n")}`;
  });
}

export interface Player {
  context: BrowserContext;
  page: Page;
  /** The development account's address. */
  address: string;
  /** Errors the page threw or logged (a test should expect none). */
  pageErrors: string[];
  /** JSON-RPC calls the page sent the node (through the gateway's /rpc), per method. */
  rpcMethods: Map<string, number>;
}

/** Counts, from now on, the JSON-RPC calls `page` sends the node, per method. */
export function countRpc(page: Page): Map<string, number> {
  const methods = new Map<string, number>();
  page.on("request", (req) => {
    for (const m of rpcCalls(req).methods) methods.set(m, (methods.get(m) ?? 0) + 1);
  });
  return methods;
}

/**
 * With the indexer up, the game pages read their histories (trees, timelines, price series) from it: none of
 * `players`' pages asked the node for logs.
 */
export function expectNoLogReads(players: readonly Player[]): void {
  for (const p of players) {
    const asked = (p.rpcMethods.get("eth_getLogs") ?? 0) + (p.rpcMethods.get("eth_newFilter") ?? 0);
    if (asked > 0)
      throw new Error(
        `the page of ${p.address} asked the node for logs ${asked} times: ${JSON.stringify([...p.rpcMethods])}`,
      );
  }
}

/**
 * A player: a browser context of its own (its own session storage, so its own account), the app opened at `hash`,
 * and development account `account` chosen in the wallet bar's picker.
 */
export async function openPlayer(stack: WebStack, account: number, hash = "#/"): Promise<Player> {
  const context = await newContext(stack);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (err) => pageErrors.push(err.message));
  const rpcMethods = countRpc(page);
  // React reports errors it caught while rendering on the console.
  page.on("console", (msg) => {
    if (msg.type() === "error") pageErrors.push(msg.text());
  });
  await page.goto(stack.appUrl + hash);
  const picker = page.getByLabel("Account", { exact: true });
  await picker.locator("option").nth(account).waitFor({ state: "attached" });
  const address = (await picker.locator("option").nth(account).getAttribute("value"))!;
  await picker.selectOption(address);
  return { context, page, address, pageErrors, rpcMethods };
}

/** Mines `blocks` empty blocks through the page's local-node miner and waits until the page has seen them. */
export async function mine(page: Page, blocks: number): Promise<void> {
  const before = await blockNumber(page);
  await page.getByLabel("Blocks to mine").fill(String(blocks));
  await page.getByRole("button", { name: "blocks", exact: true }).click();
  await page
    .waitForFunction(
      (target) => {
        const text = document.querySelector('[data-testid="block-number"]')?.textContent ?? "";
        return Number(text.replace(/[^0-9]/g, "")) >= target;
      },
      before + blocks,
      { timeout: 60_000, polling: POLL_MS },
    )
    .catch(async (err: Error) => {
      const shown = await blockNumber(page).catch(() => NaN);
      throw new Error(
        `the page did not show block ${before + blocks} after mining ${blocks}: it shows ${shown} (${err.message})`,
      );
    });
}

/** The block number the page shows. */
export async function blockNumber(page: Page): Promise<number> {
  const text = (await page.getByTestId("block-number").textContent()) ?? "";
  return Number(text.replace(/[^0-9]/g, ""));
}

/**
 * Saves reports/screenshots/<game>-<view>.png, scrolled to the top as a player lands on the page (the window only
 * unless `fullPage`: then the window is made as tall as the page for the picture); returns the path. `docs` also
 * writes it to docs/<docs> (the README's and docs' pictures: each browser run regenerates them, so they never go
 * stale).
 */
export async function screenshot(
  page: Page,
  game: string,
  view: string,
  fullPage = false,
  docs?: string,
): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // The page scrolls in its own area above the dock (messages, transactions).
  await page.evaluate(() => document.querySelector(".app-scroll")?.scrollTo(0, 0));
  const file = path.join(SCREENSHOTS, `${game}-${view}.png`);
  const size = page.viewportSize();
  if (fullPage && size) {
    const tall = await page.evaluate(() => {
      const area = document.querySelector(".app-scroll");
      const dock = document.querySelector(".dock");
      return (area?.scrollHeight ?? 0) + (dock?.getBoundingClientRect().height ?? 0);
    });
    await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil(tall)) });
    await page.screenshot({ path: file });
    await page.setViewportSize(size);
  } else {
    await page.screenshot({ path: file });
  }
  if (docs) fs.copyFileSync(file, path.join(REPO, "docs", docs));
  return file;
}

/**
 * Item "messages never cover controls": every control in the window (links, buttons, inputs, board spots) is the
 * element a click at its centre reaches (nothing lies over it: no message, no transactions bar), and the dock sits
 * below the page's area. Throws with the covered ones.
 */
export async function expectNothingCovered(page: Page): Promise<number> {
  const found = await page.evaluate(() => {
    const covered: string[] = [];
    let seen = 0;
    const height = window.innerHeight;
    const width = window.innerWidth;
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement | SVGElement>("a, button, input, select, textarea, [role=button]"),
    )) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      // Clipped by its scroll area (scrolled out of the page's area): not in view, not covered.
      const area = el.closest(".app-scroll, .dock, [data-scroll]") ?? document.body;
      const a = area.getBoundingClientRect();
      let clip: Element | null = el.parentElement;
      let hidden = false;
      while (clip && clip !== document.body) {
        const style = getComputedStyle(clip);
        if (/(auto|scroll|hidden)/.test(style.overflow + style.overflowY + style.overflowX)) {
          const c = clip.getBoundingClientRect();
          if (x < c.left || x > c.right || y < c.top || y > c.bottom) hidden = true;
        }
        clip = clip.parentElement;
      }
      if (hidden || y < a.top || y > a.bottom) continue;
      seen++;
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.tagName).trim().slice(0, 40);
      // Its centre and its four corners (2 px in): a control half under the dock (its centre above the dock's edge,
      // its lower half below) is covered too, as a player sees it.
      const points: [number, number][] = [
        [x, y],
        [r.left + 2, r.top + 2],
        [r.right - 2, r.top + 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2],
      ];
      for (const [px, py] of points) {
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        // A corner clipped by an inner scroll box (a table scrolled sideways) is that box's business.
        let innerClip = false;
        for (let c: Element | null = el.parentElement; c && c !== area; c = c.parentElement) {
          if (!/(auto|scroll|hidden)/.test(getComputedStyle(c).overflow)) continue;
          const b = c.getBoundingClientRect();
          if (px < b.left || px > b.right || py < b.top || py > b.bottom) innerClip = true;
        }
        if (innerClip) continue;
        const top = document.elementFromPoint(px, py);
        // A corner on a neighbouring control is not covered: a hex cell's box reaches into the cells around it.
        const corner = px !== x || py !== y;
        const neighbour = top?.closest("a, button, input, select, textarea, [role=button]");
        if (corner && neighbour && neighbour !== el && !el.contains(neighbour)) continue;
        if (!top || !(el === top || el.contains(top) || top.contains(el))) {
          const over = top ? `${top.tagName.toLowerCase()}.${String(top.className).split(" ")[0]}` : "nothing";
          covered.push(`"${name}" under ${over}${px === x && py === y ? "" : " (in part)"}`);
          break;
        }
      }
    }
    const dock = document.querySelector(".dock")?.getBoundingClientRect();
    const area = document.querySelector(".app-scroll")?.getBoundingClientRect();
    if (dock && area && dock.top < area.bottom - 0.5) covered.push("the dock overlaps the page's area");
    return { covered, seen };
  });
  if (found.covered.length) throw new Error(`covered controls on ${page.url()}:\n  ${found.covered.join("\n  ")}`);
  return found.seen;
}

/** Waits for the transactions panel to show `label`'s transaction mined (or throws with its failure text). */
export async function waitMined(page: Page, label: string | RegExp, timeout = 60_000): Promise<void> {
  // The panel shows the latest transaction; older ones stay in the list, hidden.
  const item = page
    .locator(".tx")
    .filter({ has: page.locator(".tx-label", { hasText: label }) })
    .first();
  await item.waitFor({ state: "attached", timeout });
  const deadline = Date.now() + timeout;
  let status = await item.getAttribute("data-status");
  while (status !== "mined" && status !== "failed") {
    if (Date.now() > deadline) throw new Error(`transaction "${label}" still ${status} after ${timeout} ms`);
    await page.waitForTimeout(100);
    status = await item.getAttribute("data-status");
  }
  if (status === "failed") throw new Error(`transaction "${label}" failed: ${await item.textContent()}`);
}

/**
 * Clicks `target` and waits until the transaction it sends (the first one the panel lists after the click, whose
 * label matches) is mined; throws with its failure text. Unlike {@link waitMined}, an older transaction with the
 * same label never satisfies it.
 */
export async function clickAndMine(
  page: Page,
  target: Locator,
  label: string | RegExp,
  timeout = 60_000,
): Promise<void> {
  const before = await page.evaluate(() =>
    Math.max(0, ...Array.from(document.querySelectorAll(".tx[data-tx]"), (el) => Number(el.getAttribute("data-tx")))),
  );
  await target.click();
  const source = typeof label === "string" ? label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : label.source;
  const flags = typeof label === "string" ? "" : label.flags;
  const status = await page
    .waitForFunction(
      ({ before, source, flags }) => {
        const re = new RegExp(source, flags);
        const done = Array.from(document.querySelectorAll(".tx[data-tx]")).find(
          (el) =>
            Number(el.getAttribute("data-tx")) > before &&
            re.test(el.querySelector(".tx-label")?.textContent ?? "") &&
            ["mined", "failed"].includes(el.getAttribute("data-status") ?? ""),
        );
        return done ? `${done.getAttribute("data-status")}: ${done.textContent}` : false;
      },
      { before, source, flags },
      { timeout, polling: POLL_MS },
    )
    .then((handle) => handle.jsonValue() as Promise<string>)
    .catch(async (err: Error) => {
      const listed = await page.locator(".tx").allTextContents();
      throw new Error(
        `no mined transaction "${label}" after the click (${err.message}); listed: ${listed.join(" | ")}`,
      );
    });
  if (status.startsWith("failed")) throw new Error(`transaction "${label}" ${status}`);
}

/** One enabled action control of a page, as {@link expectHonestControls} read it. */
export interface PageControl {
  label: string;
  /** The transaction it sends (shared/calls.ts): to, calldata, value. */
  call?: { to: string; data: string; value: string };
  /** Custom errors its static call may end with (the page completes the action first). */
  accepts?: string[];
  /** What it does instead of a transaction. */
  ui?: string;
}

/** Every enabled action control in the page's content (`main`): `.btn` buttons and board spots. */
export async function enabledControls(page: Page): Promise<PageControl[]> {
  return page.evaluate(() => {
    const main = document.querySelector("main");
    if (!main) return [];
    return Array.from(main.querySelectorAll<HTMLElement | SVGElement>("button.btn, [role=button]"))
      .filter((el) => {
        if (el.getClientRects().length === 0) return false; // not shown
        if (el instanceof HTMLButtonElement) return !el.disabled;
        return el.getAttribute("aria-disabled") !== "true";
      })
      .map((el) => {
        const call = el.getAttribute("data-call");
        const accepts = el.getAttribute("data-call-accepts");
        const ui = el.getAttribute("data-ui");
        return {
          label: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " "),
          ...(call ? { call: JSON.parse(call) as { to: string; data: string; value: string } } : {}),
          ...(accepts ? { accepts: accepts.split(",") } : {}),
          ...(ui ? { ui } : {}),
        };
      });
  });
}

/** A static call from `from` against the pending block: undefined when it passes, else the revert's name. */
export async function refusalOf(nodeUrl: string, from: string, call: NonNullable<PageControl["call"]>) {
  const tx = { from, to: call.to, data: call.data, value: "0x" + BigInt(call.value).toString(16) };
  try {
    await rpc(nodeUrl, "eth_call", [tx, "pending"]);
    return undefined;
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
    const data = err.data;
    const raw = typeof data === "string" ? data : ((data as { data?: string } | undefined)?.data ?? "");
    const decoded = raw && raw !== "0x" ? decodeRevert(raw) : undefined;
    return decoded ? decoded.name : err.reason;
  }
}

/**
 * Item "honest buttons": every enabled action control of the page must either carry the transaction it sends (and
 * that transaction, static-called from `from` by this test, not by the page, must pass or end with an error the
 * control declares the page completes first) or declare that it sends nothing. A page that is still catching up with
 * a change gets until `timeout` to settle; then the violations are thrown. Returns the controls checked.
 */
export async function expectHonestControls(
  page: Page,
  stack: WebStack,
  from: string,
  timeout = 30_000,
): Promise<PageControl[]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const controls = await enabledControls(page);
    const problems: string[] = [];
    for (const c of controls) {
      if (c.call) {
        const refused = await refusalOf(stack.node.url, from, c.call);
        if (refused !== undefined && !(c.accepts ?? []).includes(refused)) {
          problems.push(`"${c.label}" is enabled but the contract refuses it: ${refused}`);
        }
      } else if (!c.ui) {
        problems.push(`"${c.label}" is enabled and says neither the call it sends (data-call) nor data-ui`);
      }
    }
    if (problems.length === 0) return controls;
    if (Date.now() > deadline) throw new Error(`dishonest controls on ${page.url()}:\n  ${problems.join("\n  ")}`);
    await page.waitForTimeout(250);
  }
}

/** Count nouns the pages use; "1 <noun>s" is a plural error. */
const COUNT_NOUNS =
  "points|cards|turns|blocks|goods|offers|tokens|players|positions|spots|credits|moves|rounds|seats|shares|rooms|games|batches|reports|transactions";

/**
 * Item "words": the page's text (the page and the dock) has no "1 points"-style plural and no raw randomness request
 * id (a run of 16 or more digits: ids are shown as short labels, the full id on hover). Throws with what it found.
 */
export async function expectPlainWords(page: Page): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  const plurals = [...text.matchAll(new RegExp(`(?<![\\d.,])1 (${COUNT_NOUNS})\\b`, "g"))].map((m) =>
    text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 10).replace(/\s+/g, " "),
  );
  const raw = text.match(/\d{16,}/g) ?? [];
  if (plurals.length || raw.length) {
    throw new Error(
      `words on ${page.url()}: ${[...plurals.map((p) => `plural: "…${p}…"`), ...raw.map((r) => `raw number ${r}`)].join("; ")}`,
    );
  }
}

// ---- The class stack's gateway over the shared stack, and phone-size contexts (issue 20) ----

export interface ClassGateway {
  /** The host's way in (loopback: the development accounts and the node's controls). */
  hostUrl: string;
  /** A phone's way in: this machine's network address, as a phone on the room's Wi-Fi reaches the gateway. */
  phoneUrl: string;
  faucet: Faucet;
  stop(): Promise<void>;
}

let classShared: Promise<ClassGateway> | undefined;

/**
 * The gateway of `npm run web -- --lan` (scripts/web/gateway.ts: the app with `window.__STACK__`, /rpc, /stack.json,
 * /faucet) in front of the shared stack's node and build, on 0.0.0.0; phones open it through this machine's network
 * address, so the gateway treats them as the room's devices. The faucet allows `faucetPerDevice` addresses per device
 * (every phone context shares this machine's address). Started once per test process, stopped after the run.
 */
export function classGateway(stack: WebStack, faucetPerDevice = 3): Promise<ClassGateway> {
  if (!classShared) {
    classShared = (async () => {
      const lan = lanAddress();
      if (!lan) throw new Error("the class tests need a network address besides loopback (eth0 or Wi-Fi)");
      const faucet = await Faucet.create({ ...DEFAULT_FAUCET, nodeUrl: stack.node.url, perClient: faucetPerDevice });
      const port = await freePort();
      const gateway = await startGateway({
        nodeUrl: stack.node.url,
        appDir: stack.appDir,
        indexerUrl: stack.indexer.url,
        faucet,
        bind: "0.0.0.0",
        port,
        publicUrl: `http://${lan}:${port}/`,
        // Every phone context shares this machine's address: the per-device limits are for all of them together.
        limits: {
          rate: { perSecond: 500, burst: 5000 },
          connections: { perDevice: 1_000, total: 2_000 },
          indexerPerDevice: 1_000,
        },
      });
      return { hostUrl: gateway.url, phoneUrl: `http://${lan}:${port}/`, faucet, stop: gateway.stop };
    })();
    classShared.catch(() => undefined);
  }
  return classShared;
}

if (typeof after === "function") {
  after(async function () {
    if (classShared) await (await classShared).stop();
    classShared = undefined;
  });
}

/** Phone sizes of the issue: 390 × 844 (a current phone) and 360 × 640 (a small one), portrait. */
export const PHONE = { width: 390, height: 844 } as const;
export const SMALL_PHONE = { width: 360, height: 640 } as const;

/** A browser context the size of a phone (touch, mobile viewport), at `url`; its errors collected. */
export async function openPhone(
  stack: WebStack,
  url: string,
  size: { width: number; height: number } = PHONE,
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await stack.browser.newContext({ viewport: size, isMobile: true, hasTouch: true });
  context.setDefaultTimeout(60_000);
  watchPages(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (err) => pageErrors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") pageErrors.push(`${msg.text()} (${msg.location().url})`);
  });
  await page.goto(url);
  return { context, page, pageErrors };
}

/**
 * Item "phone first": the page does not scroll sideways (nothing wider than the window), and every enabled control a
 * player taps (buttons, inputs, selects, summaries, every link: a "Room 23" link in a table is how a student reaches
 * their room) is at least 44 px tall and wide. Throws with the offenders.
 */
export async function expectPhoneFit(page: Page, minTarget = 44): Promise<void> {
  const found = await page.evaluate((min) => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    const area = document.querySelector(".app-scroll");
    if (area && area.scrollWidth > area.clientWidth + 1) wide.push(`the page is ${area.scrollWidth} px wide`);
    if (document.documentElement.scrollWidth > width + 1)
      wide.push(`the document is ${document.documentElement.scrollWidth} px wide`);
    const small: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>(
        "button:not([disabled]), input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea, a[href], summary",
      ),
    )) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Inside a table that scrolls sideways in its own box (a wide leaderboard): reached by scrolling that box,
      // while the page itself stays put. The page's own scroll area (.app-scroll) does not count.
      let inner = false;
      for (let a = el.parentElement; a && !a.matches(".app-scroll, .dock, body"); a = a.parentElement) {
        if (/(auto|scroll)/.test(getComputedStyle(a).overflowX)) inner = true;
      }
      if (!inner && r.right > width + 1)
        wide.push(`"${(el.textContent ?? el.tagName).trim().slice(0, 30)}" ends at ${r.right} px`);
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
        const label = el.closest("label")?.getBoundingClientRect();
        if (label && label.height >= min) continue;
      }
      if (r.height < min - 0.5 || r.width < min - 0.5) {
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.tagName).trim().slice(0, 30);
        small.push(`"${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return { wide, small };
  }, minTarget);
  const problems = [
    ...found.wide.map((w) => `scrolls sideways: ${w}`),
    ...found.small.map((s) => `tap target under ${minTarget} px: ${s}`),
  ];
  if (problems.length) throw new Error(`not phone-fit at ${page.url()}:\n  ${problems.join("\n  ")}`);
}
