/// <reference lib="dom" />
// Phones of a class in real Chromium: each a phone-size context that opens its seat card (the class sheet's link with
// the seat's key in the fragment), says "play as …", and plays its room of each phase through the room page: offers
// as P1, answers as P2, declines the decision after a snatch. The time from each click to the page showing its
// transaction mined is the latency a student sees, taken on the page's own clock (the click event, the panel's
// changes seen by a MutationObserver as they happen). Plain Node + playwright-core.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { cardLink, type SeatCard } from "../../client/snatch/card";

export interface Phone {
  context: BrowserContext;
  page: Page;
  card: SeatCard;
  address: string;
  /** Click-to-mined latencies, ms, on the page's clock: from the click event to the panel showing it mined. */
  latenciesMs: number[];
  /** Click-to-sent (the node took the signed transaction) of the same moves, ms, on the page's clock. */
  sentMs: number[];
  /** The same moves timed from Node: Playwright's click call (its checks included) to it seeing the page's update. */
  driverMs: number[];
  /** Requests the gateway refused (HTTP 429) and page errors. */
  refused: number;
  errors: string[];
}

const PHONE = { width: 390, height: 844 };

/** What the page records for the timing (installed before the app's own scripts). */
interface Timing {
  /** When the last trusted click landed (ms since 1970, the page's clock). */
  clickAt?: number;
  /** Per transaction of the panel (its data-tx): when it was first seen pending (sent) and mined or failed. */
  txs: Record<string, { sent?: number; done?: number; status?: string }>;
  /**
   * The page's JSON-RPC round trips to the gateway, as fetch sees them: the kind of request (a send, an estimate, a
   * receipt, else a read, with the number of calls in its batch) and ms from the request to its whole answer.
   */
  rpc: { kind: string; ms: number }[];
}

/** Runs in the page: stamps clicks and the transactions panel's changes as they happen (no polling delay). */
function installTiming() {
  const w = window as unknown as { classTiming: Timing };
  const t: Timing = (w.classTiming = { txs: {}, rpc: [] });
  // Every JSON-RPC request the page makes goes through fetch (ethers' browser transport): timed here, as the page
  // waits for it (its body read in full).
  const fetch0 = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const raw = init?.body;
    const text =
      typeof raw === "string"
        ? raw
        : raw instanceof Uint8Array || raw instanceof ArrayBuffer
          ? new TextDecoder().decode(raw)
          : null;
    if (!url.endsWith("/rpc") || text === null) return fetch0(input, init);
    const body = JSON.parse(text) as { method: string } | { method: string }[];
    const methods = (Array.isArray(body) ? body : [body]).map((b) => b.method);
    const kind =
      ["eth_sendRawTransaction", "eth_estimateGas", "eth_getTransactionReceipt"].find((m) => methods.includes(m)) ??
      "read";
    const at = Date.now();
    const r = await fetch0(input, init);
    await r.clone().text();
    t.rpc.push({ kind: `${kind}:${methods.length}`, ms: Date.now() - at });
    return r;
  };
  document.addEventListener("click", (e) => e.isTrusted && (t.clickAt = Date.now()), true);
  const look = () => {
    for (const el of Array.from(document.querySelectorAll(".tx[data-tx]"))) {
      const id = el.getAttribute("data-tx")!;
      const status = el.getAttribute("data-status") ?? "";
      const seen = (t.txs[id] ??= {});
      if (status !== "signing") seen.sent ??= Date.now();
      if ((status === "mined" || status === "failed") && seen.done === undefined) {
        seen.done = Date.now();
        seen.status = status;
      }
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
}

/** Opens a phone for `card` on `baseUrl` (the gateway's LAN address) and takes the seat. */
export async function openPhone(browser: Browser, baseUrl: string, card: SeatCard, address: string): Promise<Phone> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  context.setDefaultTimeout(60_000);
  await context.addInitScript(installTiming);
  const page = await context.newPage();
  const phone: Phone = {
    context,
    page,
    card,
    address,
    latenciesMs: [],
    sentMs: [],
    driverMs: [],
    refused: 0,
    errors: [],
  };
  page.on("response", (r) => {
    if (r.status() === 429) phone.refused++;
  });
  page.on("pageerror", (e) => phone.errors.push(e.message));
  await page.goto(cardLink(baseUrl, card));
  await page.getByRole("button", { name: `Play as ${card.name}` }).click();
  return phone;
}

/**
 * Clicks `button` and waits until the transaction it sends is mined. Returns, on the page's clock, the milliseconds
 * from the click event to the panel showing it mined and to the node's acceptance of the signed transaction (its hash
 * known: the rest is the wait for a block and its receipt), and from Node the time from Playwright's click call to
 * seeing the page's update (its actionability checks and round trips to the browser included); null when it failed.
 */
async function clickAndTime(
  page: Page,
  click: () => Promise<void>,
): Promise<{ ms: number; sentMs: number; driverMs: number } | null> {
  const before = await page.evaluate(() =>
    Math.max(0, ...Array.from(document.querySelectorAll(".tx[data-tx]"), (el) => Number(el.getAttribute("data-tx")))),
  );
  const t0 = Date.now();
  await click();
  const seen = await page
    .waitForFunction(
      (n) => {
        const t = (window as unknown as { classTiming: Timing }).classTiming;
        const id = Object.keys(t.txs).find((k) => Number(k) > n && t.txs[k].done !== undefined);
        const tx = id === undefined ? undefined : t.txs[id];
        return tx && t.clickAt !== undefined
          ? { status: tx.status, clickAt: t.clickAt, sent: tx.sent, done: tx.done }
          : false;
      },
      before,
      { timeout: 60_000, polling: 50 },
    )
    .then((h) => h.jsonValue())
    .catch(() => null);
  if (!seen || seen.status !== "mined") return null;
  const clickAt = seen.clickAt;
  return { ms: seen.done! - clickAt, sentMs: (seen.sent ?? seen.done!) - clickAt, driverMs: Date.now() - t0 };
}

/** Runs in the page: the move the room page shows the seat, if any (the controls playRoom then uses by role). */
function lookAtRoom(roomId: string): "finished" | "offer" | "accept" | "decline" | null {
  if (document.querySelector(`.snatch-room[data-room="${roomId}"][data-phase="9"]`)) return "finished";
  const shown = (el: Element | null | undefined) => !!el && (el as HTMLElement).checkVisibility();
  if (shown(document.querySelector('form[aria-label="Make an offer"]'))) return "offer";
  const buttons = Array.from(document.querySelectorAll("button")).filter(shown);
  const text = (b: Element) => (b.getAttribute("aria-label") ?? b.textContent ?? "").trim();
  if (buttons.some((b) => text(b) === "Accept")) return "accept";
  if (buttons.some((b) => /^Pass: no (shame|report)/.test(text(b)))) return "decline";
  return null;
}

/**
 * Plays room `roomId` on the phone until the room finishes: whatever the page offers the seat (the page shows a move
 * only when the contract would take it), after `thinkMs`.
 */
export async function playRoom(phone: Phone, baseUrl: string, roomId: bigint, thinkMs: () => number): Promise<void> {
  const page = phone.page;
  await page.goto(`${baseUrl}#/snatch/room/${roomId}`);
  await page.locator(`.snatch-room[data-room="${roomId}"]`).waitFor();
  const form = page.getByRole("form", { name: "Make an offer" });
  const accept = page.getByRole("button", { name: "Accept", exact: true });
  const decline = page.getByRole("button", { name: /^Pass: no (shame|report)/ });
  for (let i = 0; i < 2000; i++) {
    // What the page offers now, in one look (one round trip to the browser, not one per control: ten phones looking
    // every 400 ms kept Chromium's browser process busy); the move itself is made through the controls' roles.
    const now = await page.evaluate(lookAtRoom, String(roomId)).catch(() => null);
    if (now === "finished") return;
    let took: { ms: number; sentMs: number; driverMs: number } | null | undefined;
    // The page takes a move away when its window closes: each step gives up quickly and the loop looks again.
    const quick = { timeout: 5_000 };
    try {
      if (now === "offer") {
        await page.waitForTimeout(thinkMs());
        const f = form.first();
        await f.getByLabel("You give: turkey").fill("2", quick);
        await f.getByLabel("You ask for: corn").fill("2", quick);
        const sendButton = f.getByRole("button", { name: "Send the offer" });
        if (await sendButton.isEnabled().catch(() => false))
          took = await clickAndTime(page, () => sendButton.click(quick));
      } else if (now === "accept") {
        await page.waitForTimeout(thinkMs());
        took = await clickAndTime(page, () => accept.first().click(quick));
      } else if (now === "decline") {
        await page.waitForTimeout(thinkMs());
        took = await clickAndTime(page, () => decline.first().click(quick));
      }
    } catch {
      took = undefined; // the move went away before the click: nothing was sent
    }
    if (took) {
      phone.latenciesMs.push(took.ms);
      phone.sentMs.push(took.sentMs);
      phone.driverMs.push(took.driverMs);
    } else if (took === null) phone.errors.push(`room ${roomId}: a move was not mined`);
    await page.waitForTimeout(400);
  }
}

/** The phone page's JSON-RPC round trips so far (see {@link Timing.rpc}). */
export function rpcTimes(phone: Phone): Promise<{ kind: string; ms: number }[]> {
  return phone.page.evaluate(() => (window as unknown as { classTiming: Timing }).classTiming.rpc).catch(() => []);
}
