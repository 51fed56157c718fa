/// <reference lib="dom" />
// The first real class (issue 34), in headless Chromium on the class stack (the shared node at a block a second, its
// indexer, the gateway on this machine's network address for the phones): the teacher's laptop visits Snatch, then
// makes the class sheet in the same tab (names one a line, "O'Brien, Jr." whole; look-alike names warned of; the
// seats table whole after Snatch's styles), funds and registers three seats, and creates a three-player class
// session of them from the sheet's CSV; its console creates the room. Three phones (390 × 844, 360 × 640, 390 × 844)
// open their cards, land on the tournament page, find "Your room now" and play the session's room to the end from
// it: the move to make on the first screen and nothing covered, classmates by name in "Offer to", one tap disables
// an offer's buttons until it is answered, a move beaten by another in its block says the contract's sentence. The
// lobby lists and finds the room. Then the tournament's phase 1: its room reaches the phones within two blocks of
// the block that created it. Every page a student sees is checked at both phone sizes (44 px targets, axe).
import fs from "node:fs";
import { expect } from "chai";
import type { Browser, BrowserContext, Download, Page } from "playwright-core";
import { SnatchRooms__factory } from "../../typechain-types/factories/contracts/snatch/SnatchRooms__factory";
import { SnatchSession__factory } from "../../typechain-types/factories/contracts/snatch/SnatchSession__factory";
import { SnatchTournament__factory } from "../../typechain-types/factories/contracts/snatch/SnatchTournament__factory";
import { Phase } from "../../client/snatch/names";
import { SessionStage } from "../../client/snatch/session";
import {
  clickAndMine,
  countRpc,
  deployedAddress,
  expectNothingCovered,
  expectPhoneFit,
  openPhone,
  PHONE,
  screenshot,
  SMALL_PHONE,
  type Player,
  POLL_MS,
} from "./harness";
import { setBlockTime } from "../../scripts/web/stack";
import { classFrontHooks, expectAccessible, pageState, pickAccount } from "./class-helpers";
import { act, makeOffer } from "./snatch-helpers";

const TEACHER = 14;
const NAMES = ["Ada", "O'Brien, Jr.", "Cleo"];

async function bytesOf(download: Download): Promise<string> {
  return fs.readFileSync((await download.path())!, "utf8");
}

/** A page checked as a student sees it, at both phone sizes: it fits (44 px targets, no sideways scroll), axe. */
async function studentPage(page: Page, what: string): Promise<void> {
  const size = page.viewportSize()!;
  for (const s of [PHONE, SMALL_PHONE]) {
    await page.setViewportSize(s);
    await page.waitForTimeout(100);
    await expectPhoneFit(page).catch(async (e: Error) => {
      throw new Error(`${what} at ${s.width}×${s.height}: ${e.message}`);
    });
    await expectAccessible(page, `${what} at ${s.width}×${s.height}`);
  }
  await page.setViewportSize(size);
}

describe("web: the first real class: a sheet, a three-player session played from the cards, a phase (e2e)", function () {
  const file = classFrontHooks("class-session", 4);
  let teacher: { context: BrowserContext; page: Page; address: string };
  let tournamentId: bigint;
  let links: string[];
  let csv: string;
  let sessionId: bigint;
  let roomId: bigint;
  const phones: (Player & { name: string })[] = [];
  const errors: string[][] = [];

  const tournament = () =>
    SnatchTournament__factory.connect(deployedAddress(file.stack, "SnatchTournament"), file.provider);
  const rooms = () => SnatchRooms__factory.connect(deployedAddress(file.stack, "SnatchRooms"), file.provider);
  const sessions = () => SnatchSession__factory.connect(deployedAddress(file.stack, "SnatchSession"), file.provider);

  before(async function () {
    const { stack, front, provider, opened } = file;
    const address = ((await provider.send("eth_accounts", [])) as string[])[TEACHER];
    const t = SnatchTournament__factory.connect(
      deployedAddress(stack, "SnatchTournament"),
      await provider.getSigner(address),
    );
    const rc = await (
      await t.createTournament({
        cap: 4,
        roomsPerBatch: 1,
        registrationBlocks: 2000,
        grace: 0,
        talk: 30,
        offer: 120,
        response: 120,
        decision: 60,
      })
    ).wait();
    tournamentId = t.interface.parseLog(rc!.logs.find((l) => l.address === t.target)!)!.args.tournamentId as bigint;
    const context = await (stack.browser as Browser).newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    opened.push(page);
    const pageErrors: string[] = [];
    errors.push(pageErrors);
    page.on("pageerror", (e) => pageErrors.push(e.message));
    // The README's order of steps: the Snatch pages first (their stylesheet stays in the tab).
    await page.goto(`${front.hostUrl}#/snatch`);
    await pickAccount(page, TEACHER);
    await page.getByRole("heading", { name: "Snatch or Share" }).waitFor();
    teacher = { context, page, address };
  });

  it("the sheet after a visit to Snatch: names one a line, look-alikes warned, the table whole; funded, registered", async function () {
    const tp = teacher.page;
    // Issue 34 item 15: the teacher's laptop (the class stack's own machine) has no students' Play.
    expect(await tp.getByRole("button", { name: "Play", exact: true }).count()).to.equal(0);
    await tp.getByRole("link", { name: "Class", exact: true }).click();
    await tp.getByLabel("Tournament", { exact: true }).selectOption(tournamentId.toString());
    // Issue 33 item 9: two names that look alike (one with a zero-width space) are warned of, seat by seat.
    await tp.getByLabel("Names", { exact: true }).fill("Ada\nAda\u200b\nCleo");
    await tp
      .getByTestId("look-alikes")
      .getByText(/seat 1 .*Ada.*seat 2/)
      .waitFor();
    // Issue 34 item 1: one name a line, a comma part of the name; the names as read, before anything is made.
    await tp.getByLabel("Names", { exact: true }).fill(NAMES.join("\n"));
    expect(await tp.getByTestId("look-alikes").count()).to.equal(0);
    const preview = tp.getByTestId("names-preview");
    await preview.getByText(/Read as one name a line/).waitFor();
    expect(await preview.locator("li").allTextContents()).to.deep.equal(NAMES.map((n, i) => `seat ${i + 1}: ${n}`));
    await tp.getByRole("button", { name: "Generate 3 seats" }).click();
    await tp
      .getByTestId("sheet-summary")
      .getByText(/^3 seats for/)
      .waitFor();
    // Issue 34 item 2: the seats table is a table, every column in view (Snatch's `.seats` grid no longer reaches it).
    const table = tp.getByRole("table", { name: "Seats" });
    const layout = await table.evaluate((el) => {
      const box = el.closest(".panel")!.getBoundingClientRect();
      return {
        display: getComputedStyle(el).display,
        heads: Array.from(el.querySelectorAll("th")).map((th) => th.textContent),
        inside: Array.from(el.querySelectorAll("th")).every((th) => th.getBoundingClientRect().right <= box.right + 1),
      };
    });
    expect(layout).to.deep.equal({
      display: "table",
      heads: ["seat", "name", "address", "play ETH", "registered", "card"],
      inside: true,
    });
    expect(await table.locator("tbody tr").nth(1).locator("td").nth(1).textContent()).to.equal("O'Brien, Jr.");
    await clickAndMine(tp, tp.getByRole("button", { name: /^Fund 3 seats/ }), /^Fund seats 1–3/);
    await tp.getByTestId("funded").getByText("3 of 3 seats").waitFor();
    await tp.getByRole("button", { name: "Register 3 seats with their names" }).click();
    await tp.getByTestId("registered").getByText("3 of 3 seats registered.").waitFor();
    const sheet = (await tp.evaluate(() => JSON.parse(localStorage.getItem("class.sheet.31337")!))) as {
      seats: { address: string }[];
    };
    const t = tournament();
    expect(await Promise.all(sheet.seats.map((s) => t.nameOf(tournamentId, s.address)))).to.deep.equal(NAMES);
    const [download] = await Promise.all([
      tp.waitForEvent("download"),
      tp.getByRole("button", { name: "CSV for you" }).click(),
    ]);
    csv = await bytesOf(download);
    expect(csv.split("\n")[2]).to.equal(`2,"O'Brien, Jr.",${sheet.seats[1].address}`);
    await tp.getByRole("button", { name: "Show the cards" }).click();
    await tp.locator(".seat-card img").nth(2).waitFor();
    links = await tp.locator("a.card-link").evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).href));
    await screenshot(tp, "class-session", "sheet");
  });

  it("a session of the three from the sheet's CSV; its console creates the room (its count known before the draw)", async function () {
    const tp = teacher.page;
    const before = await sessions().sessionCount();
    await tp.goto(`${file.front.hostUrl}#/snatch/sessions`);
    await tp.getByLabel("Rooms of three", { exact: true }).fill("1");
    await tp.getByLabel("Seats", { exact: true }).selectOption("listed");
    await tp.getByLabel("Seat list", { exact: true }).fill(csv);
    await tp.getByTestId("seat-count").getByText("3 seats listed.").waitFor();
    await clickAndMine(tp, tp.getByRole("button", { name: "Create the session" }), /^Create a session/);
    sessionId = before + 1n;
    expect(await sessions().sessionCount()).to.equal(sessionId);
    await tp.goto(`${file.front.hostUrl}#/snatch/session/${sessionId}/console`);
    // Issue 34 item 15: the rooms to create are counted before the draw (not "0 of ?").
    await tp.getByRole("button", { name: /Create the rooms \(0 of 1 so far\)/ }).click();
    await tp
      .locator(`[data-testid="session-state"][data-stage="${SessionStage.Playing}"]`)
      .waitFor({ timeout: 90_000 });
    [roomId] = await sessions().roomIds(sessionId, 0, 1);
  });

  it("three phones open their cards, find their session's room on the page the card opens, and reach it", async function () {
    const sizes = [PHONE, SMALL_PHONE, PHONE];
    for (const [i, link] of links.entries()) {
      const phone = await openPhone(file.stack, link, sizes[i]);
      file.opened.push(phone.page);
      errors.push(phone.pageErrors);
      await phone.page.getByText(`Play as ${NAMES[i]} on this device?`).waitFor();
      if (i === 0) await studentPage(phone.page, "a card");
      await phone.page.getByRole("button", { name: `Play as ${NAMES[i]}` }).click();
      await phone.page.waitForFunction((id) => window.location.hash === `#/snatch/tournament/${id}`, tournamentId);
      const address = await phone.page.evaluate(() => sessionStorage.getItem("burner.active") ?? "");
      phones.push({ ...phone, address, rpcMethods: countRpc(phone.page), name: NAMES[i] });
    }
    // Issue 34 item 3: the card's landing page (its tournament) shows the session's room at the top.
    for (const p of phones) {
      const now = p.page.getByTestId("rooms-now");
      await now.locator(`li[data-room="${roomId}"]`).waitFor();
      expect(await now.textContent()).to.contain(`class session ${sessionId}`);
    }
    await studentPage(phones[0].page, "the tournament page with the session's room");
    await screenshot(phones[0].page, "class-session", "phone-room-now", false, "phone-room-now.png");
    // The lobby lists it among "yours" and finds it by its number among "all".
    const lobby = phones[1].page;
    await lobby.goto(`${file.front.phoneUrl}#/snatch`);
    await lobby.getByLabel("State", { exact: true }).selectOption("yours");
    await lobby.locator(`table[aria-label="Rooms"] tr[data-room="${roomId}"]`).waitFor();
    await lobby.getByLabel("State", { exact: true }).selectOption("all");
    await lobby.getByLabel("Search rooms", { exact: true }).fill(String(roomId));
    await lobby.locator(`table[aria-label="Rooms"] tr[data-room="${roomId}"]`).waitFor();
    expect(await lobby.locator('table[aria-label="Rooms"] tbody tr').count()).to.equal(1);
    await studentPage(lobby, "the lobby");
    for (const p of phones) {
      if (p.page !== lobby)
        await p.page
          .getByTestId("rooms-now")
          .getByRole("link", { name: `Go to room ${roomId}` })
          .click();
      else await lobby.goto(`${file.front.phoneUrl}#/snatch/room/${roomId}`);
      await p.page.locator(`.snatch-room[data-room="${roomId}"][data-phase="${Phase.Trading}"]`).waitFor();
    }
  });

  it("they play the room to the end: the move first, names in Offer to, one tap per offer, sentences", async function () {
    const [ada, obrien, cleo] = phones;
    // Issue 34 item 4: "Offer to" lists classmates by name (with their role), not roles alone.
    const options = await ada.page.getByLabel("Offer to").locator("option").allTextContents();
    expect(options.map((o) => o.replace(/[\u2068\u2069]/g, "").replace(/ \(.*\)$/, "")).sort()).to.deep.equal(
      ["Cleo", "O'Brien, Jr."].sort(),
    );
    expect(options.every((o) => / \((turkey|coffee|corn) producer\)$/.test(o))).to.equal(true);
    await studentPage(ada.page, "the session's room");
    const good = async (p: Player) =>
      (await p.page.locator(`article.seat[data-player="${p.address.toLowerCase()}"]`).getAttribute("data-role"))!;
    // Round 1: Ada offers two of her good to O'Brien for two of his.
    await makeOffer(ada, obrien.address, { [await good(ada)]: 2 }, { [await good(obrien)]: 2 });
    // Issue 34 item 7: O'Brien's first screen holds the offer to answer, above the round's rules; nothing covered.
    const op = obrien.page;
    const accept = op.getByRole("list", { name: "Offers to answer" }).getByRole("button", { name: "Accept" });
    await accept.waitFor();
    const screen = await op.evaluate(() => {
      const area = document.querySelector(".app-scroll")!.getBoundingClientRect();
      const rect = (sel: string) => document.querySelector(sel)?.getBoundingClientRect();
      const buttons = Array.from(document.querySelectorAll('[aria-label="Offers to answer"] button.btn'));
      return {
        movesFirst: rect(".your-moves")!.top < rect('[data-testid="rules"]')!.top,
        buttonsInView: buttons.every((b) => b.getBoundingClientRect().bottom <= area.bottom),
        buttons: buttons.map((b) => b.textContent),
      };
    });
    expect(screen).to.deep.equal({ movesFirst: true, buttonsInView: true, buttons: ["Accept", "Reject", "Snatch"] });
    await expectNothingCovered(op);
    await screenshot(op, "class-session", "phone-offer-to-answer");
    // Issue 34 item 6: from the tap until the offer is answered, none of its buttons is enabled again.
    const offer = await op.locator('[aria-label="Offers to answer"] li.offer').getAttribute("data-offer");
    await op.evaluate((id) => {
      const w = window as unknown as { reEnabled: string[]; armed: boolean };
      w.reEnabled = [];
      w.armed = false;
      // Armed by the tap itself (capture phase: before the page's own handler runs).
      document.addEventListener("click", () => (w.armed = true), { capture: true, once: true });
      const look = () => {
        if (!w.armed) return;
        for (const b of Array.from(
          document.querySelectorAll<HTMLButtonElement>(`li.offer[data-offer="${id}"] button.btn`),
        ))
          if (!b.disabled) w.reEnabled.push(b.textContent ?? "");
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
    }, offer);
    await clickAndMine(op, accept, `Accept offer #${offer}`);
    await op.locator(`li.offer[data-offer="${offer}"][data-status="accepted"]`).waitFor();
    expect(await op.evaluate(() => (window as unknown as { reEnabled: string[] }).reEnabled)).to.deep.equal([]);
    // Issue 34 item 5: Ada cancels her next offer while Cleo accepts it, at once: whichever loses is told why in the
    // contract's words (replayed at its block when it was mined), never "transaction execution reverted".
    await makeOffer(ada, cleo.address, { [await good(ada)]: 1 }, { [await good(cleo)]: 1 });
    const second = Number(offer) + 1;
    const cancel = ada.page.getByRole("button", { name: "Cancel my offer" });
    const take = cleo.page.getByRole("list", { name: "Offers to answer" }).getByRole("button", { name: "Accept" });
    await Promise.all([cancel.waitFor(), take.waitFor()]);
    await Promise.all([cancel.click(), take.click()]);
    const settled = async (p: Page, label: string) => {
      const item = p
        .locator(".tx")
        .filter({ has: p.locator(".tx-label", { hasText: label }) })
        .first();
      await p.waitForFunction(
        (l) =>
          Array.from(document.querySelectorAll(".tx")).some(
            (el) =>
              el.querySelector(".tx-label")?.textContent === l &&
              /mined|failed/.test(el.getAttribute("data-status") ?? ""),
          ),
        label,
        { polling: POLL_MS },
      );
      return { status: await item.getAttribute("data-status"), text: (await item.textContent()) ?? "" };
    };
    const outcomes = [
      await settled(ada.page, `Cancel offer #${second}`),
      await settled(cleo.page, `Accept offer #${second}`),
    ];
    const failed = outcomes.filter((o) => o.status === "failed");
    expect(failed, JSON.stringify(outcomes)).to.have.length(1);
    expect(failed[0].text).to.match(
      new RegExp(`failed: offer ${second} in room ${roomId} is (cancelled|accepted), not pending: it can no longer`),
    );
    expect(failed[0].text).not.to.contain("execution reverted");
    // The rest of the game: each phone ends its part of each round (and the judge its judging) until the room is over.
    const deadline = Date.now() + 240_000;
    const end = /^(Done with round \d|Close judging|Pass: no)/;
    while (Date.now() < deadline) {
      const finished = await ada.page.locator(`.snatch-room[data-phase="${Phase.Finished}"]`).count();
      if (finished > 0) break;
      let moved = false;
      for (const p of phones) {
        const button = p.page.locator(".your-moves button.btn:not([disabled])").filter({ hasText: end }).first();
        if ((await button.count()) === 0) continue;
        const label = ((await button.textContent()) ?? "").trim();
        await act(p, label, /^(Done with round|Close judging|Pass)/).catch(() => undefined);
        moved = true;
      }
      if (!moved) await ada.page.waitForTimeout(500);
    }
    await ada.page
      .locator(`.snatch-room[data-phase="${Phase.Finished}"]`)
      .waitFor({ timeout: 5_000 })
      .catch(async (e: Error) => {
        throw new Error(`${e.message}\n${await pageState(ada.page)}`);
      });
    const [finished, players, points] = await rooms().roomResult(roomId);
    expect(finished).to.equal(true);
    expect(players.map((a) => a.toLowerCase()).sort()).to.deep.equal(phones.map((p) => p.address.toLowerCase()).sort());
    expect(points.reduce((a, b) => a + b, 0n)).to.be.greaterThan(0n);
    expect(Number((await sessions().session(sessionId)).stage)).to.equal(SessionStage.Finished);
  });

  it("the tournament's phase 1: its room reaches the phones within two blocks of the block that made it (the clock stopped)", async function () {
    const tp = teacher.page;
    for (const p of phones) {
      await p.page.goto(`${file.front.phoneUrl}#/snatch/tournament/${tournamentId}`);
      await p.page.getByText("Registered; no phase has started yet.").waitFor();
      // The block each phone's clock shows when its room appears.
      await p.page.evaluate(() => {
        const w = window as unknown as { roomAt: number | null };
        w.roomAt = null;
        const look = () => {
          if (w.roomAt === null && document.querySelector('[data-testid="room-now"]'))
            w.roomAt = Number(
              document.querySelector('[data-testid="block-number"]')?.textContent?.replace(/[^0-9]/g, ""),
            );
        };
        new MutationObserver(look).observe(document.body, { subtree: true, childList: true });
      });
    }
    await tp.goto(`${file.front.hostUrl}#/snatch/tournament/${tournamentId}`);
    await clickAndMine(tp, tp.getByRole("button", { name: "Start phase 1: G1 plain" }), "Start phase 1 (G1 plain)");
    await clickAndMine(
      tp,
      tp.getByRole("button", { name: "Draw the pairing and create rooms" }),
      "Create the rooms of phase 1",
      120_000,
    );
    // The clock stops once the rooms are mined: what is asserted is that the room's path (indexer, heads, the phone's
    // query) brings it to the phone without waiting for later blocks. On the running clock the bound was a latency,
    // which a starved machine broke (a34766b's clone: room made at block 441, shown at 445); the class load measures
    // the time (reports/class.json).
    await setBlockTime(file.stack.node.url, null);
    const pair = await tournament().roomAt(tournamentId, 1, 0);
    const created = (await rooms().queryFilter(rooms().filters.RoomCreated(pair.roomId)))[0].blockNumber;
    const seated = phones.filter((p) => [pair.p1, pair.p2].some((a) => a.toLowerCase() === p.address.toLowerCase()));
    expect(seated).to.have.length(2);
    for (const p of seated) {
      await p.page
        .getByTestId("room-now")
        .getByRole("link", { name: `Go to room ${pair.roomId}` })
        .waitFor();
      const at = await p.page.evaluate(() => (window as unknown as { roomAt: number | null }).roomAt);
      expect(at, `${p.name}'s phone showed room ${pair.roomId} (made in block ${created}) at block`).to.be.at.most(
        created + 2,
      );
      expect(at, `${p.name}'s phone's clock when room ${pair.roomId} appeared`).to.be.at.least(created);
      console.log(`        ${p.name}'s phone showed its room at block ${at}; the room was made in block ${created}`);
    }
    await studentPage(seated[0].page, "the tournament page with its room");
    await screenshot(seated[0].page, "class-session", "phone-tournament");
    await seated[0].page
      .getByTestId("room-now")
      .getByRole("link", { name: `Go to room ${pair.roomId}` })
      .click();
    await seated[0].page.locator(`.snatch-room[data-room="${pair.roomId}"]`).waitFor();
    await studentPage(seated[0].page, "a tournament room");
    // Nothing went wrong in any page.
    for (const e of errors) expect(e).to.deep.equal([]);
  });
});
