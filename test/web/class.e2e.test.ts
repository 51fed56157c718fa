/// <reference lib="dom" />
// A class on its phones, in headless Chromium, as a class would use it (issue 20): the class stack's gateway in front
// of the test node (the app, /rpc, /faucet, /stack.json; phones reach it through this machine's network address, as on
// the room's Wi-Fi). The teacher (a laptop, development account #12) makes a sheet of two named seats for a
// tournament, funds them in one SeatFunder transaction (a reload resumes: nothing paid twice), downloads the CSV and
// a card's PNG, registers the names, and reads the cards' links. Two phones (390 × 844 and 360 × 640) open one card
// each ("play as Ada on this device?", the key gone from the address bar), play the tournament's G1 room to the end
// through the room page, and a script checks the chain: the registrations' names, the room's result, the leaderboard.
// The same card opened on a third phone warns that two devices play one seat; a fourth plays from the lobby with
// Play (the faucet) under a typed name, until the faucet's per-device cap refuses with its sentence. Every page a
// player sees fits a phone (no sideways scroll, 44 px tap targets, the room's moves within the first screen) and has
// no serious or critical accessibility violation (axe). Sweep back leaves the seats at zero and the teacher up by what
// they held, less the sweep's gas. Screenshots: docs/phone-*.png and docs/class-sheet.png.
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { JsonRpcProvider, type TransactionResponse } from "ethers";
import type { BrowserContext, Download, Page } from "playwright-core";
import { SnatchRooms__factory } from "../../typechain-types/factories/contracts/snatch/SnatchRooms__factory";
import { SnatchTournament__factory } from "../../typechain-types/factories/contracts/snatch/SnatchTournament__factory";
import { Phase } from "../../client/snatch/names";
import { readLeaderboard, Stage } from "../../client/snatch/tournament";
import {
  ahead,
  classGateway,
  countRpc,
  clickAndMine,
  deployedAddress,
  expectHonestControls,
  expectPhoneFit,
  expectPlainWords,
  newContext,
  openPhone,
  PHONE,
  screenshot,
  SMALL_PHONE,
  type ClassGateway,
  type Player,
  webStack,
  type WebStack,
} from "./harness";
import { REPO } from "../../scripts/web/stack";
import { act, makeOffer, mineNode, roomInHash, waitRound } from "./snatch-helpers";
import { expectAccessible, pickAccount } from "./class-helpers";
import { TestProvider } from "../helpers/provider";

const TEACHER = 12;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A download's bytes. */
async function bytesOf(download: Download): Promise<Buffer> {
  return fs.readFileSync((await download.path())!);
}

/** The phone's player: its context, page and seat address (for the page helpers shared with the Snatch tests). */
async function asPlayer(phone: { context: BrowserContext; page: Page; pageErrors: string[] }): Promise<Player> {
  const address = await phone.page.evaluate(() => {
    const seats = JSON.parse(localStorage.getItem("burner.seats") ?? "[]") as { address: string }[];
    const active = sessionStorage.getItem("burner.active");
    return seats.find((s) => s.address === active)?.address ?? "";
  });
  return { ...phone, address, rpcMethods: countRpc(phone.page) };
}

describe("web: a class plays on its phones (e2e)", function () {
  let stack: WebStack;
  let gw: ClassGateway;
  let provider: JsonRpcProvider;
  let teacher: { context: BrowserContext; page: Page; address: string };
  let tournamentId: bigint;
  const contexts: BrowserContext[] = [];
  const errors: string[][] = [];

  // The tournament the sheet is for: created by the teacher's account from a script while other files run.
  const setup = ahead(async (s) => {
    const p = new TestProvider(s.node.url, 31337, { staticNetwork: true, batchMaxCount: 1 });
    const address = (await p.send("eth_accounts", []))[TEACHER] as string;
    const t = SnatchTournament__factory.connect(deployedAddress(s, "SnatchTournament"), await p.getSigner(address));
    const rc = await (
      await t.createTournament({
        cap: 2,
        roomsPerBatch: 1,
        registrationBlocks: 1000,
        grace: 0,
        talk: 5,
        offer: 5,
        response: 5,
        decision: 5,
      })
    ).wait();
    const id = t.interface.parseLog(rc!.logs.find((l) => l.address === t.target)!)!.args.tournamentId as bigint;
    p.destroy();
    return id;
  });

  before(async function () {
    tournamentId = await setup;
    stack = await webStack();
    gw = await classGateway(stack, 2);
    provider = new TestProvider(stack.node.url, 31337, { staticNetwork: true, batchMaxCount: 1, cacheTimeout: -1 });
    const context = await newContext(stack);
    contexts.push(context);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    errors.push(pageErrors);
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.goto(`${gw.hostUrl}#/class`);
    const address = await pickAccount(page, TEACHER);
    teacher = { context, page, address };
  });

  afterEach(async function () {
    if (this.currentTest?.state !== "failed") return;
    for (const [i, c] of contexts.entries())
      for (const p of c.pages()) await screenshot(p, "class", `failed-${i}`, true).catch(() => undefined);
  });

  after(async function () {
    for (const c of contexts) await c.close().catch(() => undefined);
    provider?.destroy();
  });

  // What the steps hand on (each `it` is one step of the class; a failed step fails the ones after it).
  let seats: { seat: number; name: string; address: string; key: string }[];
  let sheet: { deployBlock: number; target: string };
  let links: string[];
  let players: Player[];
  let cleo: { context: BrowserContext; page: Page; pageErrors: string[] };
  const t = () => SnatchTournament__factory.connect(deployedAddress(stack, "SnatchTournament"), provider);
  const rooms = () => SnatchRooms__factory.connect(deployedAddress(stack, "SnatchRooms"), provider);

  /** A phone opens a card: the question, and the key already gone from the address bar. */
  const open = async (link: string, size: { width: number; height: number }, name: string) => {
    const phone = await openPhone(stack, link, size);
    contexts.push(phone.context);
    errors.push(phone.pageErrors);
    const page = phone.page;
    await page.getByText(`Play as ${name} on this device?`).waitFor();
    expect(page.url()).not.to.contain("k=");
    expect(await page.evaluate(() => window.location.hash)).to.equal("#/seat");
    return phone;
  };

  it("the teacher's sheet: two named seats generated, funded (a reload resumes), the CSV, a PNG, names, cards", async function () {
    const tp = teacher.page;
    const t_ = t();

    // ---- The teacher's sheet: two named seats for the tournament, made in the browser.
    await tp.getByLabel("Tournament", { exact: true }).selectOption(tournamentId.toString());
    await tp.getByLabel("Names", { exact: true }).fill("Ada\n\u0007Bell");
    await tp.getByText(/Line 2 .*control characters/).waitFor(); // refused with its reason, at its line
    expect(await tp.getByRole("button", { name: /^Generate/ }).isDisabled()).to.equal(true);
    await tp.getByLabel("Names", { exact: true }).fill("Ada\nBruno");
    await tp.getByRole("button", { name: "Generate 2 seats" }).click();
    await tp
      .getByTestId("sheet-summary")
      .getByText(/^2 seats for/)
      .waitFor();
    await tp.getByTestId("funded").getByText("0 of 2 seats").waitFor();
    await expectHonestControls(tp, stack, teacher.address);
    await expectAccessible(tp, "the class sheet");

    // Funding: one SeatFunder.topUp from the teacher's account, each seat to the target the page computed.
    const before = await provider.getBalance(teacher.address);
    await clickAndMine(tp, tp.getByRole("button", { name: /^Fund 2 seats/ }), /^Fund seats 1–2/);
    await tp.getByTestId("funded").getByText("2 of 2 seats").waitFor();
    sheet = await tp.evaluate(() => JSON.parse(localStorage.getItem("class.sheet.31337")!));
    seats = (sheet as unknown as { seats: typeof seats }).seats;
    const target = BigInt(sheet.target);
    for (const s of seats) expect(await provider.getBalance(s.address)).to.equal(target);
    const after = await provider.getBalance(teacher.address);
    expect(before - after >= 2n * target, `${before} - ${after} vs ${target}`).to.equal(true);
    // A closed tab resumes: the same seats, funded, nothing more to pay.
    await tp.reload();
    await tp.getByTestId("funded").getByText("2 of 2 seats").waitFor();
    expect(await tp.getByRole("button", { name: "Every seat is funded" }).isDisabled()).to.equal(true);

    // The CSV (seat, name, address: no key) and a card's PNG.
    const [csv] = await Promise.all([
      tp.waitForEvent("download"),
      tp.getByRole("button", { name: "CSV for you" }).click(),
    ]);
    const csvText = (await bytesOf(csv)).toString("utf8");
    expect(csvText.split("\n")).to.deep.equal([
      "seat,name,address",
      `1,Ada,${seats[0].address}`,
      `2,Bruno,${seats[1].address}`,
      "",
    ]);
    for (const s of seats) expect(csvText).not.to.contain(s.key.slice(2));
    const [png] = await Promise.all([
      tp.waitForEvent("download"),
      tp.locator('tr[data-seat="1"]').getByRole("button", { name: "PNG" }).click(),
    ]);
    const image = await bytesOf(png);
    expect(png.suggestedFilename()).to.equal("seat-1-ada.png");
    expect(image.subarray(1, 4).toString()).to.equal("PNG");
    expect([image.readUInt32BE(16), image.readUInt32BE(20)]).to.deep.equal([700, 400]);

    // The teacher registers the names, each seat signing its own registration.
    await tp.getByRole("button", { name: "Register 2 seats with their names" }).click();
    await tp.getByTestId("registered").getByText("2 of 2 seats registered.").waitFor();
    expect(await Promise.all(seats.map((s) => t_.nameOf(tournamentId, s.address)))).to.deep.equal(["Ada", "Bruno"]);

    // The cards: each link on the room's address, the key in the fragment.
    await tp.getByRole("button", { name: "Show the cards" }).click();
    await tp.locator(".seat-card img").nth(1).waitFor();
    links = await tp.locator("a.card-link").evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).href));
    expect(links).to.have.length(2);
    for (const l of links) expect(l.startsWith(`${gw.phoneUrl}#/seat?k=`)).to.equal(true);
    await screenshot(tp, "class", "sheet", false, "class-sheet.png");
  });

  it("two phones open their cards and play the tournament's G1 room to the end; the chain has the names and scores", async function () {
    const tp = teacher.page;
    const t_ = t();
    const ada = await open(links[0], PHONE, "Ada");
    await expectPhoneFit(ada.page);
    await expectAccessible(ada.page, "a card opened on a phone");
    await screenshot(ada.page, "class", "phone-card", false, "phone-card.png");
    await ada.page.getByRole("button", { name: "Play as Ada" }).click();
    const bruno = await open(links[1], SMALL_PHONE, "Bruno");
    await bruno.page.getByRole("button", { name: "Play as Bruno" }).click();
    for (const p of [ada, bruno]) {
      await p.page.waitForFunction((id) => window.location.hash === `#/snatch/tournament/${id}`, tournamentId);
      await p.page
        .locator(".walletbar .badge-seat")
        .getByText(/^Seat [12]/)
        .waitFor();
      await p.page
        .getByTestId("balance")
        .getByText(/play ETH$/)
        .waitFor();
    }
    await bruno.page.getByText("Registered; no phase has started yet.").waitFor();
    await expectPhoneFit(bruno.page);

    // ---- The teacher starts phase 1; a block later the pairing makes the room.
    await tp.goto(`${gw.hostUrl}#/snatch/tournament/${tournamentId}`);
    await clickAndMine(tp, tp.getByRole("button", { name: "Start phase 1: G1 plain" }), "Start phase 1 (G1 plain)");
    await tp.getByTestId("pairing").waitFor();
    await mineNode(stack, 1);
    await clickAndMine(
      tp,
      tp.getByRole("button", { name: "Draw the pairing and create rooms" }),
      "Create the rooms of phase 1",
    );
    const pair = await t_.roomAt(tournamentId, 1, 0);
    players = await Promise.all([ada, bruno].map(asPlayer));
    const byAddress = (a: string) => players.find((p) => p.address.toLowerCase() === a.toLowerCase())!;
    const p1 = byAddress(pair.p1);
    const p2 = byAddress(pair.p2);

    // Each phone goes to its room from "Your room now" at the top of its page, and plays it: an accepted offer, a
    // pass, a snatch.
    for (const p of [p1, p2]) {
      await p.page
        .getByTestId("room-now")
        .getByRole("link", { name: `Go to room ${pair.roomId}` })
        .click();
      await p.page.locator(`.snatch-room[data-room="${pair.roomId}"]`).waitFor();
    }
    const form = p1.page.getByRole("form", { name: "Make an offer" });
    await form.waitFor();
    // The player's own move is within the first screen, and the room page fits the phone.
    const top = await form.evaluate((el) => el.getBoundingClientRect().top);
    expect(top, "the offer form's top on P1's first screen").to.be.below(p1.page.viewportSize()!.height);
    await expectPhoneFit(p1.page);
    await expectHonestControls(p1.page, stack, p1.address);
    await makeOffer(p1, null, { turkey: 3 }, { corn: 3 });
    await p2.page.getByRole("button", { name: "Accept" }).waitFor();
    await expectPhoneFit(p2.page);
    await expectAccessible(p2.page, "a room on a phone");
    await screenshot(p2.page, "class", "phone-room", false, p2 === players[0] ? "phone-room.png" : undefined);
    await act(p2, "Accept", /^Accept offer #/);
    await waitRound(p1.page, 2);
    if (p1 === players[0]) await screenshot(p1.page, "class", "phone-room", false, "phone-room.png");
    await act(p1, "Pass: no offer this round", "Pass (no offer)");
    await waitRound(p1.page, 3);
    await makeOffer(p1, null, { turkey: 2 }, { corn: 2 });
    await act(p2, "Snatch", /^Snatch offer #/);
    await p1.page.locator(`.snatch-room[data-phase="${Phase.Finished}"]`).waitFor();

    // ---- The chain: names, the room's result, the leaderboard (P1 11 points, P2 17, as in the tournament test).
    const room = await rooms().roomData(pair.roomId);
    expect(Number(room.phase)).to.equal(Phase.Finished);
    const stats = await rooms().roomStats(pair.roomId);
    expect([stats.offers, stats.accepts, stats.snatches].map(Number)).to.deep.equal([2, 1, 1]);
    expect(Number((await t_.tournament(tournamentId)).stage)).to.equal(Stage.Ended);
    const board = await readLeaderboard(t_, tournamentId);
    const row = (p: Player) => board.find((r) => r.player.toLowerCase() === p.address.toLowerCase())!;
    expect(board.map((r) => r.name).sort()).to.deep.equal(["Ada", "Bruno"]);
    expect([Number(row(p1).scoreAsP1), Number(row(p2).scoreAsP2)]).to.deep.equal([11, 17]);
    expect(row(p1).name).to.equal(p1 === players[0] ? "Ada" : "Bruno");

    // The tournament's page on the phone: the leaderboard, fitting the phone, accessible.
    await ada.page.goto(`${gw.phoneUrl}#/snatch/tournament/${tournamentId}`);
    await ada.page.locator(`.snatch-tournament[data-stage="${Stage.Ended}"]`).waitFor();
    await ada.page.locator(".lb-row[data-player]").nth(1).waitFor();
    await expectPhoneFit(ada.page);
    await expectPlainWords(ada.page);
    await expectAccessible(ada.page, "a tournament on a phone");
    await screenshot(ada.page, "class", "phone-tournament", false, "phone-tournament.png");
  });

  it("the same card on a second device warns; a card for another chain or a restarted one says so", async function () {
    // ---- Ada's card opened on a second device: it says two devices now play the seat.
    const twin = await open(links[0], PHONE, "Ada");
    await twin.page.getByRole("button", { name: "Play as Ada" }).click();
    await twin.page
      .getByTestId("second-device")
      .getByText(/Two devices now play Ada/)
      .waitFor();

    // A card for another chain, or printed before the chain was restarted: a sentence naming both, not a broken page.
    const tampered = (link: string, param: string, value: string) => {
      const [base, query] = link.split("#/seat?");
      const q = new URLSearchParams(query);
      q.set(param, value);
      return `${base}#/seat?${q.toString()}`;
    };
    await twin.page.goto(tampered(links[1], "c", "11155111"));
    await twin.page
      .getByText(
        "This card is for chain 11155111; this page is on chain 31337 (localhost): open the card on the class's network",
      )
      .waitFor();
    await twin.page.goto(tampered(links[1], "b", `${sheet.deployBlock}-00000000`));
    await twin.page
      .getByText(/on this chain block \d+ is 0x[0-9a-f]{8}…: the chain was restarted since the sheet/)
      .waitFor();
    await expectPhoneFit(twin.page);
  });

  it("Play from the lobby: a seat funded by the faucet, a room under a typed name, the faucet's cap", async function () {
    // ---- Play from the lobby: a seat made in the browser and funded by the faucet, a room under a typed name.
    cleo = await openPhone(stack, `${gw.phoneUrl}#/snatch`, SMALL_PHONE);
    contexts.push(cleo.context);
    errors.push(cleo.pageErrors);
    const c = cleo.page;
    await c.getByRole("button", { name: "Play", exact: true }).click();
    await c
      .locator(".walletbar .badge-seat")
      .getByText(/Play seat/)
      .waitFor();
    const cleoPlayer = await asPlayer(cleo);
    expect(await provider.getBalance(cleoPlayer.address)).to.equal(10n ** 18n);
    await c.getByLabel("Your name", { exact: true }).fill("Cleo the very long name of thirty+");
    await c.getByText(/The name is refused: a name of 34 bytes is too long/).waitFor();
    await c.getByLabel("Your name", { exact: true }).fill("Cleo");
    await c.getByLabel("Format", { exact: true }).selectOption("2"); // G1
    await expectPhoneFit(c);
    await expectHonestControls(c, stack, cleoPlayer.address);
    await expectAccessible(c, "the lobby on a phone");
    // The lobby's picture shows the name and the create form (the list of rooms is above them).
    await c.evaluate(() => {
      const area = document.querySelector(".app-scroll")!;
      const you = Array.from(document.querySelectorAll(".panel")).find((p) => p.textContent?.startsWith("You"))!;
      area.scrollTo(0, you.getBoundingClientRect().top - area.getBoundingClientRect().top + area.scrollTop - 8);
    });
    await c.screenshot({ path: path.join(REPO, "docs", "phone-lobby.png") });
    await clickAndMine(c, c.getByRole("button", { name: "Create the room" }), /^Create a SnatchGame G1/);
    const cleoRoom = await roomInHash(c);
    const r = rooms();
    const joined = await r.queryFilter(r.filters.PlayerJoined(cleoRoom));
    expect(joined.map((e) => [e.args.player, e.args.name])).to.deep.equal([[cleoPlayer.address, "Cleo"]]);
    await expectPhoneFit(c);
    await expectAccessible(c, "an open room on a phone");
    // The faucet's cap per device (2 addresses here; every phone context shares this machine's address): a second
    // seat is funded, a third is refused with the faucet's sentence.
    for (const expectRefusal of [false, true]) {
      await c.getByText("Seat ▾").click();
      await c.getByRole("button", { name: "Forget this seat" }).click();
      await c.getByRole("button", { name: "Forget", exact: true }).click();
      await c.getByRole("button", { name: "Play", exact: true }).click();
      await c.locator(".walletbar .badge-seat").waitFor();
      if (expectRefusal)
        await c
          .locator(".toast-error")
          .getByText(/this device has funded 2 addresses already \(the faucet's limit per device\)/)
          .waitFor();
    }
  });

  it("sweeps the seats back to the teacher; the app installs; nothing went wrong in any page", async function () {
    const tp = teacher.page;
    // ---- The sweep back: every seat to zero, the teacher up by what they held less the sweep's own gas.
    await tp.goto(`${gw.hostUrl}#/class`);
    await tp
      .getByTestId("sweep")
      .getByText(/^2 seats hold/)
      .waitFor();
    const held = await Promise.all(seats.map((s) => provider.getBalance(s.address)));
    const teacherBefore = await provider.getBalance(teacher.address);
    const fromBlock = await provider.getBlockNumber();
    await tp.getByRole("button", { name: /^Sweep back to/ }).click();
    await tp.getByTestId("sweep").getByText("No seat holds more than its transfer's gas.").waitFor();
    for (const s of seats) expect(await provider.getBalance(s.address)).to.equal(0n);
    const swept: TransactionResponse[] = [];
    for (let b = fromBlock + 1; b <= (await provider.getBlockNumber()); b++) {
      const block = await provider.getBlock(b, true);
      for (const tx of block!.prefetchedTransactions)
        if (seats.some((s) => same(s.address, tx.from)) && same(tx.to ?? "", teacher.address)) swept.push(tx);
    }
    expect(swept).to.have.length(2);
    const fees = (
      await Promise.all(swept.map(async (tx) => (await provider.getTransactionReceipt(tx.hash))!.fee))
    ).reduce((a, b) => a + b, 0n);
    const gained = (await provider.getBalance(teacher.address)) - teacherBefore;
    expect(gained).to.equal(swept.reduce((a, tx) => a + tx.value, 0n));
    expect(gained).to.equal(held.reduce((a, b) => a + b, 0n) - fees);
    // Installable: the manifest and its icons, and on the laptop (a secure origin) the service worker, which keeps the
    // app's shell and never a chain, faucet, indexer or runtime-config answer.
    const manifest = (await (await fetch(`${gw.hostUrl}manifest.webmanifest`)).json()) as {
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.display).to.equal("standalone");
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).to.deep.equal([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of manifest.icons) {
      const r = await fetch(`${gw.hostUrl}${icon.src}`);
      expect([r.status, r.headers.get("content-type")]).to.deep.equal([200, "image/png"]);
    }
    const worker = await tp.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "");
    expect(worker).to.equal(`${gw.hostUrl}sw.js`);
    const cached = await tp.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
      return urls;
    });
    expect(cached.some((u) => /\/assets\/index-[\w-]+\.js/.test(u))).to.equal(true);
    expect(cached.filter((u) => /\/(rpc|faucet|indexer|stack\.json)/.test(u))).to.deep.equal([]);

    // The sheet on a phone-size screen too (a teacher without a laptop).
    await tp.setViewportSize(PHONE);
    await expectPhoneFit(tp);

    // The faucet's refusal is an HTTP 429 (the browser logs it); nothing else went wrong in any page.
    const refusal = /status of 429 .*\(http:\/\/[^)]*\/faucet\)$/;
    expect(cleo.pageErrors.filter((e) => refusal.test(e))).to.have.length(1);
    for (const e of errors) expect(e.filter((x) => !refusal.test(x))).to.deep.equal([]);
  });
});
