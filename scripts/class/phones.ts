/// <reference lib="dom" />
// Phones of a class in real Chromium: each a phone-size context that opens its seat card (the class sheet's link with
// the seat's key in the fragment), says "play as …", and plays its room of each phase through the room page: offers
// as P1, answers as P2, declines the decision after a snatch. The time from each click to the page showing its
// transaction mined is the latency a student sees. Plain Node + playwright-core.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { cardLink, type SeatCard } from "../../web/src/class/card";

export interface Phone {
  context: BrowserContext;
  page: Page;
  card: SeatCard;
  address: string;
  /** Click-to-mined latencies, ms. */
  latenciesMs: number[];
  /** Requests the gateway refused (HTTP 429) and page errors. */
  refused: number;
  errors: string[];
}

const PHONE = { width: 390, height: 844 };

/** Opens a phone for `card` on `baseUrl` (the gateway's LAN address) and takes the seat. */
export async function openPhone(browser: Browser, baseUrl: string, card: SeatCard, address: string): Promise<Phone> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const phone: Phone = { context, page, card, address, latenciesMs: [], refused: 0, errors: [] };
  page.on("response", (r) => {
    if (r.status() === 429) phone.refused++;
  });
  page.on("pageerror", (e) => phone.errors.push(e.message));
  await page.goto(cardLink(baseUrl, card));
  await page.getByRole("button", { name: `Play as ${card.name}` }).click();
  return phone;
}

/** Clicks `button` and waits until the transaction it sends is mined; returns the milliseconds (or null: failed). */
async function clickAndTime(page: Page, click: () => Promise<void>): Promise<number | null> {
  const before = await page.evaluate(() =>
    Math.max(0, ...Array.from(document.querySelectorAll(".tx[data-tx]"), (el) => Number(el.getAttribute("data-tx")))),
  );
  const t0 = Date.now();
  await click();
  const status = await page
    .waitForFunction(
      (n) => {
        const el = Array.from(document.querySelectorAll(".tx[data-tx]")).find(
          (e) => Number(e.getAttribute("data-tx")) > n && ["mined", "failed"].includes(e.getAttribute("data-status")!),
        );
        return el ? el.getAttribute("data-status") : false;
      },
      before,
      { timeout: 60_000, polling: 50 },
    )
    .then((h) => h.jsonValue())
    .catch(() => "timeout");
  return status === "mined" ? Date.now() - t0 : null;
}

/**
 * Plays room `roomId` on the phone until the room finishes: whatever the page offers the seat (the page shows a move
 * only when the contract would take it), after `thinkMs`.
 */
export async function playRoom(phone: Phone, baseUrl: string, roomId: bigint, thinkMs: () => number): Promise<void> {
  const page = phone.page;
  await page.goto(`${baseUrl}#/snatch/room/${roomId}`);
  await page.locator(`.snatch-room[data-room="${roomId}"]`).waitFor();
  const finished = page.locator(`.snatch-room[data-room="${roomId}"][data-phase="9"]`);
  for (let i = 0; i < 2000; i++) {
    if ((await finished.count()) > 0) return;
    const form = page.getByRole("form", { name: "Make an offer" });
    const accept = page.getByRole("button", { name: "Accept", exact: true });
    const decline = page.getByRole("button", { name: /^Pass: no (shame|report)/ });
    let took: number | null | undefined;
    // The page takes a move away when its window closes: each step gives up quickly and the loop looks again.
    const quick = { timeout: 5_000 };
    try {
      if (await form.isVisible().catch(() => false)) {
        await page.waitForTimeout(thinkMs());
        const f = form.first();
        await f.getByLabel("You give: turkey").fill("2", quick);
        await f.getByLabel("You ask for: corn").fill("2", quick);
        const sendButton = f.getByRole("button", { name: "Send the offer" });
        if (await sendButton.isEnabled().catch(() => false))
          took = await clickAndTime(page, () => sendButton.click(quick));
      } else if (await accept.isVisible().catch(() => false)) {
        await page.waitForTimeout(thinkMs());
        took = await clickAndTime(page, () => accept.first().click(quick));
      } else if (await decline.isVisible().catch(() => false)) {
        await page.waitForTimeout(thinkMs());
        took = await clickAndTime(page, () => decline.first().click(quick));
      }
    } catch {
      took = undefined; // the move went away before the click: nothing was sent
    }
    if (typeof took === "number") phone.latenciesMs.push(took);
    else if (took === null) phone.errors.push(`room ${roomId}: a move was not mined`);
    await page.waitForTimeout(400);
  }
}
