/// <reference lib="dom" />
// (Functions passed to locator.evaluateAll run in the page: DOM types.)
// Helpers of the Snatch browser tests (rooms and tournament): read the pages, fill the offer form, click an action
// once the page offers it and wait for its transaction, mine blocks through the node.
import type { Locator, Page } from "playwright-core";
import { clickAndMine, rpc, type Player, type WebStack } from "./harness";

/** Mines `n` blocks on the node (not through a page: faster). */
export async function mineNode(stack: WebStack, n: number): Promise<void> {
  await rpc(stack.node.url, "hardhat_mine", ["0x" + n.toString(16)]);
}

/** The room id in the page's hash (`#/snatch/room/<id>`). */
export async function roomInHash(page: Page): Promise<bigint> {
  await page.waitForFunction(() => /^#\/snatch\/room\/\d+$/.test(window.location.hash));
  return BigInt((await page.evaluate(() => window.location.hash)).split("/")[3]);
}

export async function openRoom(p: Player, stack: WebStack, room: bigint): Promise<void> {
  await p.page.goto(`${stack.appUrl}#/snatch/room/${room}`);
  await p.page.locator(`.snatch-room[data-room="${room}"]`).waitFor();
}

/** Waits until the page shows round `round` (and optionally phase `phase`). */
export async function waitRound(page: Page, round: number, phase?: number): Promise<void> {
  const sel = `.snatch-room[data-round="${round}"]${phase !== undefined ? `[data-phase="${phase}"]` : ""}`;
  await page.locator(sel).waitFor({ timeout: 60_000 });
}

export interface SeatInfo {
  seat: number;
  player: string;
  role: string;
  free: Record<string, number>;
}

/** The seats as the page shows them. */
export async function seats(page: Page): Promise<SeatInfo[]> {
  return page.locator("article.seat").evaluateAll((els) =>
    els.map((el) => {
      const free: Record<string, number> = {};
      el.querySelectorAll("tr[data-good]").forEach((tr) => {
        free[tr.getAttribute("data-good")!] = Number(tr.querySelector("td.free")?.textContent ?? "0");
      });
      return {
        seat: Number(el.getAttribute("data-seat")),
        player: el.getAttribute("data-player")!,
        role: el.getAttribute("data-role")!,
        free,
      };
    }),
  );
}

/** The seat number (as the pages' target selects use it) of the player at `address`. */
export async function seatOfPlayer(page: Page, address: string): Promise<string> {
  return (await page.locator(`article.seat[data-player="${address.toLowerCase()}"]`).getAttribute("data-seat"))!;
}

/** Fills the offer form: the target (by its address, when there is a choice) and the amounts. */
export async function fillOffer(
  p: Player,
  to: string | null,
  give: Partial<Record<string, number>>,
  ask: Partial<Record<string, number>>,
) {
  const form = p.page.getByRole("form", { name: "Make an offer" });
  await form.waitFor({ timeout: 60_000 });
  const select = form.getByLabel("Offer to");
  if (to !== null && (await select.count()) > 0) {
    await select.selectOption(await seatOfPlayer(p.page, to));
  }
  for (const [good, n] of Object.entries(give)) await form.getByLabel(`You give: ${good}`).fill(String(n));
  for (const [good, n] of Object.entries(ask)) await form.getByLabel(`You ask for: ${good}`).fill(String(n));
  return form;
}

/** Fills the offer form and sends the offer. */
export async function makeOffer(
  p: Player,
  to: string | null,
  give: Partial<Record<string, number>>,
  ask: Partial<Record<string, number>>,
): Promise<void> {
  const form = await fillOffer(p, to, give, ask);
  await clickAndWait(p.page, form.getByRole("button", { name: "Send the offer" }), /^Offer /);
}

/**
 * Clicks (once the button is there: it appears when the contract would accept the action), then waits for the
 * transaction the click sent (not an earlier one with the same label) to be mined.
 */
async function clickAndWait(page: Page, button: Locator, label: string | RegExp): Promise<void> {
  await button.waitFor({ state: "visible", timeout: 60_000 });
  await clickAndMine(page, button, label);
}

/** Clicks a button (waiting for it: it appears once the contract would accept the action) and waits for its tx. */
export async function act(p: Player, button: string | RegExp, label: string | RegExp, scope?: string): Promise<void> {
  const started = Date.now();
  const root = scope ? p.page.locator(scope) : p.page;
  await clickAndWait(p.page, root.getByRole("button", { name: button }).first(), label);
  if (process.env.E2E_TIMING) console.log(`        ${String(label)}: ${Date.now() - started} ms`);
}

/** The id of the latest offer the page lists. */
export async function lastOfferId(page: Page): Promise<number> {
  const ids = await page
    .locator("ul.offers li.offer")
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-offer"))));
  return Math.max(...ids);
}

/** Clears the finished transactions from the panel (the dock below the page), for a screenshot. */
export async function clearTransactions(page: Page): Promise<void> {
  const clear = page.locator("section.txs").getByRole("button", { name: "clear finished" });
  if ((await clear.count()) > 0) await clear.click();
}
