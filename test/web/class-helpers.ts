// Helpers of the browser tests on the class stack (console.e2e, session-console.e2e, class.e2e): axe on a page, and
// the class stack's front (indexer, gateway, faucet) on the shared test node at a block a second.
import fs from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect } from "chai";
import { JsonRpcProvider } from "ethers";
import type { Page } from "playwright-core";
import { startClassFront, type ClassFront } from "../../scripts/class/stack";
import { setBlockTime } from "../../scripts/web/stack";
import { openPhone, pageState, PHONE, POLL_MS, screenshot, webStack, type WebStack } from "./harness";
import { TestProvider } from "../helpers/provider";

export { pageState };

/** Axe on the page as it is: no serious or critical violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const text = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(text, `accessibility of ${what}`).to.deep.equal([]);
}

/**
 * The class stack's clock on the shared node (a block a second: undo it with `setBlockTime(url, null)` after the
 * file) and its front for `devices` phones, on the shared stack's indexer.
 */
export async function classFrontOn(stack: WebStack, devices: number): Promise<ClassFront> {
  await setBlockTime(stack.node.url, 1);
  return startClassFront({
    nodeUrl: stack.node.url,
    appDir: stack.appDir,
    blockTime: 1,
    devices,
    // The stack's own indexer already follows this node: a second one would index every block twice.
    indexer: stack.sharedIndexer,
    // The load script's counting relay stands for nothing of a class: the gateway reaches the node itself.
    countCalls: false,
  });
}

/**
 * A console opened on a phone without the organiser's account (`path`: the console's hash route) is read-only and
 * says why (`what`: "tournament", "session"), with no organiser panel and nothing axe finds serious.
 */
export async function openReadOnlyConsole(stack: WebStack, url: string, what: string, opened: Page[]) {
  const visitor = await openPhone(stack, url, PHONE);
  // Photographed with the others if the test fails from here on.
  opened.push(visitor.page);
  await visitor.page
    .getByTestId("read-only")
    .waitFor()
    .catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await pageState(visitor.page, visitor.pageErrors)}`);
    });
  expect(await visitor.page.getByTestId("read-only").textContent()).to.match(
    new RegExp(`only the ${what}'s organiser`),
  );
  expect(await visitor.page.getByTestId("console-actions").count()).to.equal(0);
  await expectAccessible(visitor.page, `the read-only ${what} console on a phone`);
  return visitor;
}

/**
 * Waits until the console's _Close every timed-out room_ may send (its static call passes), presses it, and presses
 * it again while the batch is in flight: the second press changes nothing and says so.
 */
export async function closeTwice(page: Page, timeout: number): Promise<void> {
  const close = page.getByTestId("close-rooms");
  await page.waitForFunction(
    () => {
      const b = document.querySelector<HTMLButtonElement>('[data-testid="close-rooms"]');
      return !!b && !b.disabled && b.hasAttribute("data-call");
    },
    undefined,
    { timeout, polling: POLL_MS },
  );
  // The run's progress bar may show for a single block on a quiet machine: record whether it ever appears.
  await page.evaluate(() => {
    const w = window as unknown as { __closeProgressSeen?: boolean };
    w.__closeProgressSeen = false;
    const seen = () => {
      if (document.querySelector('[data-testid="close-progress"]')) w.__closeProgressSeen = true;
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
  });
  await close.click();
  // At once: the first press's run is in flight from its click on, whatever the machine's speed.
  await close.click();
  await page.getByTestId("console-note").waitFor();
  expect(await page.getByTestId("console-note").textContent()).to.match(/in flight.*changed nothing/);
  await page.waitForFunction(
    () => (window as unknown as { __closeProgressSeen?: boolean }).__closeProgressSeen,
    undefined,
    { timeout, polling: POLL_MS },
  );
}

/** What a test file on the class stack works with, filled in by {@link classFrontHooks}' `before`. */
export interface ClassFile {
  stack: WebStack;
  front: ClassFront;
  /** The node, for the script's reads and transactions. */
  provider: JsonRpcProvider;
  /** Pages to close after the file (and to photograph when a test fails). */
  opened: Page[];
}

/**
 * Mocha hooks of a test file on the class stack: the shared test node at a block a second with the class front for
 * `devices` phones; screenshots `<name>-failed-<i>` of the opened pages when a test fails; after the file, `cleanup`,
 * then the pages, the provider and the front closed and the node's clock restored.
 */
export function classFrontHooks(name: string, devices: number, cleanup: () => void = () => undefined): ClassFile {
  const file = { opened: [] as Page[] } as unknown as ClassFile;
  before(async function () {
    file.stack = await webStack();
    file.front = await classFrontOn(file.stack, devices);
    file.provider = new TestProvider(file.stack.node.url, 31337, { staticNetwork: true, batchMaxCount: 1 });
    file.provider.pollingInterval = 250;
  });
  afterEach(async function () {
    if (this.currentTest?.state !== "failed") return;
    for (const [i, p] of file.opened.entries()) await screenshot(p, name, `failed-${i}`, true).catch(() => undefined);
    // And what the class's indexer printed (Ponder's JSON log lines), to tell a stalled indexer from a slow page.
    const dir = path.join(__dirname, "..", "..", "reports", "screenshots");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}-failed-indexer.log`), file.front?.indexer.output() ?? "");
  });
  after(async function () {
    cleanup();
    for (const p of file.opened)
      await p
        .context()
        .close()
        .catch(() => undefined);
    file.provider?.destroy();
    await file.front?.stop();
    if (file.stack) await setBlockTime(file.stack.node.url, null);
  });
  return file;
}

/**
 * Closes the pages a test opened (their contexts) and forgets them: on a clock mining a block a second, a page left
 * open redraws and reads the chain and the indexer at every block while later tests run.
 */
export async function closePages(opened: Page[]): Promise<void> {
  for (const page of opened.splice(0)) await page.context().close();
}

/** The projector sizes of issue 34 item 10. */
export const PROJECTOR_SIZES = [
  { width: 1280, height: 720 },
  { width: 1400, height: 1000 },
  { width: 1920, height: 1080 },
] as const;

/**
 * A projector view read from the back of a room (issue 34 item 10): nothing wider than the screen, no name cut short
 * (a leaderboard name fits its line), every chart label inside its chart and none over another ("10.010.0"). Throws
 * with what it found.
 */
export async function expectProjectorReadable(page: Page, what: string): Promise<void> {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(".projector-name, .projector-rounds td"))) {
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(`"${el.textContent}" is cut (${el.scrollWidth} > ${el.clientWidth})`);
    }
    for (const svg of Array.from(document.querySelectorAll<SVGSVGElement>(".projector svg"))) {
      const box = svg.getBoundingClientRect();
      const texts = Array.from(svg.querySelectorAll("text"))
        .filter((t) => (t.textContent ?? "").trim() !== "")
        .map((t) => ({ text: t.textContent ?? "", r: t.getBoundingClientRect() }));
      for (const t of texts) {
        if (
          t.r.left < box.left - 1 ||
          t.r.right > box.right + 1 ||
          t.r.top < box.top - 1 ||
          t.r.bottom > box.bottom + 1
        )
          out.push(`chart label "${t.text}" runs out of its chart`);
      }
      for (let i = 0; i < texts.length; i++)
        for (let j = i + 1; j < texts.length; j++) {
          const a = texts[i].r;
          const b = texts[j].r;
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 1 && h > 1) out.push(`chart labels "${texts[i].text}" and "${texts[j].text}" overlap`);
        }
    }
    return out;
  });
  expect(problems, `the projector (${what})`).to.deep.equal([]);
}

/** Picks development account `index` in the page's wallet bar (a laptop on the class stack); returns its address. */
export async function pickAccount(page: Page, index: number): Promise<string> {
  const picker = page.getByLabel("Account", { exact: true });
  await picker.locator("option").nth(index).waitFor({ state: "attached" });
  const address = (await picker.locator("option").nth(index).getAttribute("value"))!;
  await picker.selectOption(address);
  return address;
}
