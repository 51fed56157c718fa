/// <reference lib="dom" />
// Snatch or Share and SnatchGame played in headless Chromium through the pages only, by development accounts in
// browser contexts of their own: a Snatch or Share room through all five rounds (a shrunk accept, a reject, a cancel,
// round 3's refused reject and its execution at the close, round 4's shame tokens and the penalty, a snatch
// reported and confirmed by the judge in round 5), a G4 room where P1 reports a snatch, and a G5 room with talk.
// Blocks are mined through the node (no waiting). Screenshots: reports/screenshots/snatch-<view>.png.
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { JsonRpcProvider } from "ethers";
import type { Page } from "playwright-core";
import { SnatchRooms__factory } from "../../typechain-types/factories/contracts/snatch/SnatchRooms__factory";
import { SnatchRoomsLens__factory } from "../../typechain-types/factories/contracts/snatch/SnatchRoomsLens__factory";
import { REPO } from "../../scripts/web/stack";
import { openPlayer, rpc, screenshot, waitMined, webStack, type Player, type WebStack } from "./harness";

function deployed(name: string): string {
  return JSON.parse(fs.readFileSync(path.join(REPO, `deployments/localhost/${name}.json`), "utf8")).address;
}

/** Mines `n` blocks on the node (not through a page: faster). */
export async function mineNode(stack: WebStack, n: number): Promise<void> {
  await rpc(stack.node.url, "hardhat_mine", ["0x" + n.toString(16)]);
}

/** The room id in the page's hash (`#/snatch/room/<id>`). */
async function roomInHash(page: Page): Promise<bigint> {
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
  await page.locator(sel).waitFor({ timeout: 20_000 });
}

interface SeatInfo {
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

/** Fills the offer form: the target (by its address, when there is a choice) and the amounts. */
export async function fillOffer(
  p: Player,
  to: string | null,
  give: Partial<Record<string, number>>,
  ask: Partial<Record<string, number>>,
) {
  const form = p.page.getByRole("form", { name: "Make an offer" });
  await form.waitFor({ timeout: 20_000 });
  const select = form.getByLabel("Offer to");
  if (to !== null && (await select.count()) > 0) {
    const value = await select.locator("option", { hasText: to.slice(0, 6) }).getAttribute("value");
    await select.selectOption(value!);
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
  await form.getByRole("button", { name: "Send the offer" }).click();
  await waitMined(p.page, /^Offer /);
}

/** Clicks a button (waiting for it: it appears once the contract would accept the action) and waits for its tx. */
export async function act(p: Player, button: string | RegExp, label: string | RegExp, scope?: string): Promise<void> {
  const root = scope ? p.page.locator(scope) : p.page;
  await root.getByRole("button", { name: button }).first().click({ timeout: 20_000 });
  await waitMined(p.page, label);
}

/** The offer id of the latest offer row whose text matches. */
async function lastOfferId(page: Page): Promise<number> {
  const ids = await page
    .locator("ul.offers li.offer")
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-offer"))));
  return Math.max(...ids);
}

const short = (a: string) => a.slice(0, 6);

describe("web: Snatch or Share and SnatchGame in the browser (e2e)", function () {
  let stack: WebStack;
  let alice: Player;
  let bob: Player;
  let carol: Player;
  let provider: JsonRpcProvider;
  const started = Date.now();

  before(async function () {
    stack = await webStack();
    [alice, bob, carol] = await Promise.all([5, 6, 7].map((i) => openPlayer(stack, i, "#/snatch")));
    provider = new JsonRpcProvider(stack.node.url, undefined, { batchMaxCount: 1 });
  });

  after(async function () {
    console.log(`      snatch e2e wall time (stack start included): ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const p of [alice, bob, carol]) await p?.context.close();
    provider?.destroy();
  });

  it("plays a Snatch or Share room through all five rounds", async function () {
    const rooms = SnatchRooms__factory.connect(deployed("SnatchRooms"), provider);
    const lens = SnatchRoomsLens__factory.connect(deployed("SnatchRoomsLens"), provider);
    const a = alice.page;

    // Alice creates the room from the lobby (Snatch or Share is the default format); Bob and Carol join from theirs.
    await a.getByRole("button", { name: "Create the room" }).click();
    await waitMined(a, "Create a Snatch or Share room");
    const room = await roomInHash(a);
    await screenshot(a, "snatch", "open");
    for (const p of [bob, carol]) {
      await p.page.locator(`tr[data-room="${room}"]`).getByRole("button", { name: "Join" }).click();
      await waitMined(p.page, `Join room ${room}`);
      await roomInHash(p.page);
    }
    // Full: the roles wait for randomness; a block later anyone draws them.
    await a.getByTestId("randomness").waitFor();
    await mineNode(stack, 1);
    await act(alice, "Draw the roles and start round 1", `Draw the roles of room ${room}`);
    await Promise.all([alice, bob, carol].map((p) => waitRound(p.page, 1)));
    const s = await seats(a);
    const by = (p: Player) => s.find((x) => x.player === p.address.toLowerCase())!;
    const [ra, rb, rc] = [by(alice).role, by(bob).role, by(carol).role];
    expect(new Set([ra, rb, rc]).size).to.equal(3);
    expect(by(alice).free[ra]).to.equal(5);

    // Round 1 (anarchy): Alice offers 6 of her good (she holds 5) for 6 of Bob's: the page shows the 5 escrowed
    // before sending, Bob's page the request shrunk to 5; Bob accepts.
    const form = await fillOffer(alice, bob.address, { [ra]: 6 }, { [rb]: 6 });
    expect(await a.getByTestId("offer-preview").textContent()).to.contain(`escrows 5 ${ra} now`);
    await form.getByRole("button", { name: "Send the offer" }).click();
    await waitMined(a, /^Offer 6 /);
    const preview = bob.page.getByTestId("accept-preview");
    await preview.waitFor();
    const previewText = ((await preview.textContent()) ?? "").replace(/\s+/g, " ");
    expect(previewText).to.contain(`receive 5 ${ra}`);
    expect(previewText).to.contain(`give 5 ${rb}`);
    expect(previewText).to.match(/shrinks to 5/);
    await act(bob, "Accept", /^Accept offer #/);
    await Promise.all([alice, bob, carol].map((p) => act(p, "Done with round 1", "Done with round 1")));

    // Round 2: Carol rejects Bob's offer; Alice cancels hers.
    await Promise.all([alice, bob, carol].map((p) => waitRound(p.page, 2)));
    await makeOffer(bob, carol.address, { [rb]: 1 }, { [rc]: 1 });
    await act(carol, "Reject", /^Reject offer #/);
    await makeOffer(alice, carol.address, { [rb]: 1 }, { [rc]: 2 });
    await act(alice, "Cancel my offer", /^Cancel offer #/);
    await Promise.all([alice, bob, carol].map((p) => act(p, "Done with round 2", "Done with round 2")));

    // Round 3 (no reject): Carol's offer to Alice cannot be rejected (the contract's refusal is shown, no button),
    // and executes at the close.
    await Promise.all([alice, bob, carol].map((p) => waitRound(p.page, 3)));
    await makeOffer(carol, alice.address, { [rc]: 1 }, { [rb]: 1 });
    const refusal = a.getByTestId("reject-refusal");
    await refusal.waitFor();
    expect(await refusal.textContent()).to.match(/does not allow rejecting/);
    expect(await a.locator("li.offer.st-pending").getByRole("button", { name: "Reject" }).count()).to.equal(0);
    await a.getByTestId("execute-at-close").waitFor();
    await screenshot(a, "snatch", "room");
    const executed = await lastOfferId(a);
    await Promise.all([alice, bob, carol].map((p) => act(p, "Done with round 3", "Done with round 3")));
    await Promise.all([alice, bob, carol].map((p) => waitRound(p.page, 4)));
    expect(Number((await lens.offerView(room, executed)).status)).to.equal(2); // Accepted at the close
    await a.locator('li[data-event="OfferAccepted"]', { hasText: "executed at the close" }).waitFor();

    // Round 4 (shame tokens): Alice and Bob shame Carol; she starts round 5 with 2 tokens: 2 goods burn and she may
    // only answer offers.
    for (const p of [alice, bob]) {
      const option = p.page.getByLabel("Shame").locator("option", { hasText: short(carol.address) });
      await p.page.getByLabel("Shame").selectOption((await option.getAttribute("value"))!);
      await act(p, "Give the shame token", /^Shame /);
    }
    await carol.page
      .locator(`article.seat[data-player="${carol.address.toLowerCase()}"] [data-testid="shame-tokens"]`, {
        hasText: "2 shame tokens",
      })
      .waitFor();
    await Promise.all([alice, bob, carol].map((p) => act(p, "Done with round 4", "Done with round 4")));
    await Promise.all([alice, bob, carol].map((p) => waitRound(p.page, 5)));
    await a.locator('li[data-event="ShamePenaltyApplied"]').waitFor();
    await carol.page.getByTestId("offer-refusal").waitFor();
    expect(await carol.page.getByTestId("offer-refusal").textContent()).to.match(/shamed out/);

    // Round 5 (judge): a non-judge offers to the other non-judge, who snatches; the victim reports; trading closes;
    // the judge confirms (the snatcher returns the goods and forfeits 3).
    const judgeSeat = Number(await a.locator("article.seat.seat-judge").getAttribute("data-seat"));
    const players = [alice, bob, carol];
    const judge = players.find((p) => by(p).seat === judgeSeat)!;
    const others = players.filter((p) => p !== judge);
    // Carol (shamed out) cannot offer: she is the snatcher when she is not the judge.
    const snatcher = others.includes(carol) ? carol : others[1];
    const victim = others.find((p) => p !== snatcher)!;
    const vGood = Object.entries(
      (await seats(victim.page)).find((x) => x.player === victim.address.toLowerCase())!.free,
    ).find(([, n]) => n > 0)![0];
    await makeOffer(victim, snatcher.address, { [vGood]: 1 }, { [by(snatcher).role]: 1 });
    await act(snatcher, "Snatch", /^Snatch offer #/);
    await act(victim, "Report the snatch to the judge", /^Report the snatch of offer #/);
    await Promise.all(players.map((p) => act(p, "Done with round 5", "Done with round 5")));
    await waitRound(judge.page, 5, 4); // judging
    await judge.page.getByTestId("confirm-preview").waitFor();
    expect(await judge.page.getByTestId("confirm-preview").textContent()).to.match(/returns 1 .* forfeits/);
    await judge.page.getByLabel(/also suspend/).check();
    await screenshot(judge.page, "snatch", "judge");
    await act(judge, "Confirm the report", /^Confirm the report of offer #/);
    await judge.page.locator('li[data-event="ReportConfirmed"]', { hasText: "last round (no effect)" }).waitFor();
    await act(judge, /^Close judging/, /^Close judging/);
    await Promise.all(players.map((p) => p.page.locator(`.snatch-room[data-phase="9"]`).waitFor()));
    await a.getByTestId("results").waitFor();
    await screenshot(a, "snatch", "finished", true);

    // The chain agrees with the pages: finished, points as shown, 13 goods left (15, 2 burned by the penalty).
    const [finished, addrs, points] = await rooms.roomResult(room);
    expect(finished).to.equal(true);
    const shown = await seats(a);
    for (let i = 0; i < 3; i++) {
      const text = await a.locator(`article.seat[data-seat="${i}"] [data-testid="points"]`).textContent();
      expect(Number(text!.replace(/\D/g, ""))).to.equal(Number(points[i]));
      expect(shown[i].player).to.equal(addrs[i].toLowerCase());
    }
    const view = await lens.roomView(room);
    const total = view.free.flat().reduce((x, y) => x + Number(y), 0);
    expect(total).to.equal(13);
    const stats = await rooms.roomStats(room);
    expect(
      [stats.offers, stats.accepts, stats.rejects, stats.snatches, stats.shames, stats.reports].map(Number),
    ).to.deep.equal([5, 2, 1, 1, 2, 1]);
    for (const p of players) expect(p.pageErrors, `page errors of ${p.address}`).to.deep.equal([]);
  });
});
