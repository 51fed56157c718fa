/// <reference lib="dom" />
// A class session's console and projector view in headless Chromium, on the class stack (the shared node mining a
// block a second, the indexer following it, the gateway with /rpc and /indexer). A script creates a first-come
// session of up to three rooms of three (one room per batch) and seats seven players (two rooms; one sits out); the
// teacher's console, driven through the page only, closes seating and draws the rooms (the rooms follow batch by
// batch, with a progress bar), shows the rooms progress while a script plays round 1 of one room (a trade and a
// snatch, then every seat says done), advances the rooms whose window passed, and after the session's deadline
// closes every room in batches (a second press while the batch is in flight changes nothing and says so); it
// downloads the rooms' export. A visitor without the teacher's account sees the console read-only on a phone and is
// told why. The projector view shows the rounds. Then a script checks the chain: the session finished, every room
// closed and finished, and the projector's figures against the rooms' events and results. Desktop and phone sizes,
// axe, honest controls; docs/session-console.png and docs/session-projector.png are written here.
import fs from "node:fs";
import { expect } from "chai";
import type { JsonRpcSigner } from "ethers";
import { SnatchRooms__factory } from "../../typechain-types/factories/contracts/snatch/SnatchRooms__factory";
import { SnatchSession__factory } from "../../typechain-types/factories/contracts/snatch/SnatchSession__factory";
import { SessionStage } from "../../client/snatch/session";
import { deployedAddress, expectHonestControls, expectPlainWords, screenshot, POLL_MS } from "./harness";
import { mineNode } from "./snatch-helpers";
import {
  classFrontHooks,
  closeTwice,
  expectAccessible,
  expectProjectorReadable,
  openReadOnlyConsole,
  PROJECTOR_SIZES,
} from "./class-helpers";

const NAMES = ["Ada", "Grace", "Émile", "Noor", "Kwame", "Lin", "Sofía"];

describe("web: a class session's console and projector view (e2e)", function () {
  const file = classFrontHooks("session-console", 4);

  it("draws, plays and closes a session from the console; read-only for others; the projector's rounds", async function () {
    const { stack, front, provider, opened } = file;
    const accounts = await provider.listAccounts();
    const teacher = accounts[17];
    const seated: JsonRpcSigner[] = accounts.slice(10, 17);
    const sessions = SnatchSession__factory.connect(deployedAddress(stack, "SnatchSession"), provider);
    const rooms = SnatchRooms__factory.connect(deployedAddress(stack, "SnatchRooms"), provider);
    const mined = async (tx: Promise<{ wait: () => Promise<unknown> }>) => (await tx).wait();

    // The teacher's session (by script: its form is session.e2e's), first come; seven players take a seat.
    const config = { rooms: 3, roomsPerBatch: 1, joinBlocks: 20, trading: 24, closing: 2, judging: 4 };
    await mined(sessions.connect(teacher).createSession(config, [], []));
    const id = await sessions.sessionCount();
    for (const [i, p] of seated.entries()) await mined(sessions.connect(p).join(id, NAMES[i]));

    // A phone without the teacher's account: read-only, and told why.
    const visitor = await openReadOnlyConsole(
      stack,
      `${front.phoneUrl}#/snatch/session/${id}/console`,
      "session",
      opened,
    );
    await visitor.page.locator(`[data-testid="session-state"][data-stage="${SessionStage.Registration}"]`).waitFor();
    await visitor.page.locator('[data-testid="seats-filled"][data-seated="7"]').waitFor();
    await screenshot(visitor.page, "session-console", "phone-read-only");

    // The teacher's console on the laptop, reached from the session list's link.
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    opened.push(page);
    await page.goto(`${front.hostUrl}#/snatch/sessions`);
    const picker = page.getByLabel("Account", { exact: true });
    await picker.locator("option").nth(1).waitFor({ state: "attached" });
    const values = await picker.locator("option").evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    await picker.selectOption(values.find((v) => v.toLowerCase() === teacher.address.toLowerCase())!);
    await page.locator(`tr[data-session="${id}"] [data-testid="session-console"]`).click();
    await page.getByTestId("session-state").waitFor();
    expect(await page.getByTestId("read-only").count()).to.equal(0);
    await page.locator('[data-testid="count-absent"][data-value="7"]').waitFor();
    await expectHonestControls(page, stack, teacher.address);

    // Close seating and draw: the rooms follow, one batch at a time, with a progress bar.
    await page.getByTestId("start-session").click();
    await page.getByTestId("rooms-progress").waitFor();
    await page
      .locator(`[data-testid="session-state"][data-stage="${SessionStage.Playing}"]`)
      .waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="rooms-grid"] tbody tr').nth(1).waitFor();
    const s = await sessions.session(id);
    expect([Number(s.rooms), Number(s.created), Number(s.playerCount)]).to.deep.equal([2, 2, 7]);
    const ids = await sessions.roomIds(id, 0, 2);
    // Every room waits on its three players in round 1, by name.
    const waits = await page.locator('[data-testid="rooms-grid"] [data-testid="waits-on"]').allTextContents();
    expect(waits.every((w) => w.split(", ").length === 3 && w.split(", ").every((n) => NAMES.includes(n)))).to.equal(
      true,
      waits.join(" | "),
    );

    // A script plays round 1 of the first room: seat 0 trades with seat 1, seat 2's offer to seat 0 is snatched.
    const [, players] = await rooms.roomResult(ids[0]);
    const bySeat = players.map((a) => seated.find((p) => p.address === a)!);
    const r0 = (seat: number) => rooms.connect(bySeat[seat]);
    const roleOf = async (seat: number) => {
      const logs = await rooms.queryFilter(rooms.filters.RolesAssigned(ids[0]));
      return Number(logs[0].args.roles[seat]);
    };
    const roles = [await roleOf(0), await roleOf(1), await roleOf(2)];
    const goods = (good: number, n: number) => [0, 1, 2].map((g) => (g === good ? n : 0)) as [number, number, number];
    await mined(r0(0).offer(ids[0], players[1], goods(roles[0], 2), goods(roles[1], 2)));
    await mined(r0(1).accept(ids[0], 1));
    await mined(r0(2).offer(ids[0], players[0], goods(roles[2], 1), goods(roles[0], 1)));
    await mined(r0(0).snatch(ids[0], 2));
    for (const seat of [0, 1, 2]) await mined(r0(seat).done(ids[0]));
    const projector = await (async () => {
      const ctx = await stack.browser.newContext({ viewport: { width: 1920, height: 1080 } });
      ctx.setDefaultTimeout(60_000);
      const p = await ctx.newPage();
      opened.push(p);
      await p.goto(`${front.hostUrl}#/snatch/session/${id}/projector`);
      await p.getByTestId("projector-phase").waitFor();
      return p;
    })();
    await projector.locator('[data-testid="projector-rounds"] tr[data-round="1"][data-snatches="1"]').waitFor();
    expect(await projector.locator('tr[data-round="1"]').getAttribute("data-traded")).to.equal("4");
    // The console shows the room in round 2, and the names the rooms wait on.
    await page.locator(`tr[data-room="${ids[0]}"]`).getByText("2 of 5").waitFor();
    expect(await page.getByTestId("waiting-on").locator("li").count()).to.be.greaterThan(0);
    await page.locator('[data-testid="count-absent"]:not([data-value="7"])').waitFor();
    await expectPlainWords(page);
    await expectAccessible(page, "the teacher's session console");
    await expectHonestControls(page, stack, teacher.address);
    await screenshot(page, "session-console", "playing", true, "session-console.png");
    await expectAccessible(projector, "the session's projector view");
    // Read from the back of a room, at a projector's usual sizes (as the tournament's: console.e2e).
    for (const size of PROJECTOR_SIZES) {
      await projector.setViewportSize(size);
      await expectProjectorReadable(projector, `the session's, ${size.width}×${size.height}`);
      await screenshot(projector, "session-projector", `playing-${size.width}x${size.height}`);
    }
    await projector.setViewportSize({ width: 1280, height: 720 });
    await screenshot(projector, "session-projector", "playing", false, "session-projector.png");

    // The second room's round 1 passes untouched: the console advances it (its window passed).
    await page.waitForFunction(
      () => {
        const b = document.querySelector<HTMLButtonElement>('[data-testid="advance-rooms"]');
        return !!b && !b.disabled && /Advance \d+ room/.test(b.textContent ?? "");
      },
      undefined,
      { timeout: 60_000, polling: POLL_MS },
    );
    await page.getByTestId("advance-rooms").click();
    await page.locator(`tr[data-room="${ids[1]}"]`).getByText("2 of 5").waitFor();

    // The rest of the session passes untouched: its blocks up to the deadline are mined at once (waiting for them at a
    // block a second took about 100 s of the test, with nothing to see).
    const { deadline } = await sessions.session(id);
    const head = await provider.getBlockNumber();
    if (Number(deadline) >= head) await mineNode(stack, Number(deadline) - head + 1);
    // After the session's deadline: close every room in batches; a second press while it runs changes nothing.
    await closeTwice(page, 60_000);
    await page
      .locator(`[data-testid="session-state"][data-stage="${SessionStage.Finished}"]`)
      .waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="count-finished"][data-value="2"]').waitFor();

    // The chain: the session finished, every room closed and finished; a second close is refused.
    const after = await sessions.session(id);
    expect([Number(after.stage), Number(after.closed), Number(after.totals.finished)]).to.deep.equal([
      SessionStage.Finished,
      2,
      2,
    ]);
    expect(Number(after.totals.snatches)).to.equal(1);
    let refused = "";
    await sessions.closeTimedOutRooms.staticCall(id, 1, { from: teacher.address }).catch((e: Error) => {
      refused = e.message;
    });
    expect(refused).to.match(/SessionWrongStage|reverted/);

    // The projector: round 1's figures, and the last round's mean points are the rooms' final points.
    const results = await Promise.all(ids.map((r) => rooms.roomResult(r)));
    const all = results.flatMap(([, , points]) => points.map(Number));
    const mean = Math.round((all.reduce((a, b) => a + b, 0) / all.length) * 10) / 10;
    await projector.locator(`[data-testid="projector-phase"][data-stage="${SessionStage.Finished}"]`).waitFor();
    // (The rounds' figures are a query of their own: they may come a moment after the stage.)
    const r5 = projector.locator('[data-testid="projector-rounds"] tr[data-round="5"][data-rooms="2"]');
    await r5.waitFor();
    expect(Number(await r5.getAttribute("data-points"))).to.equal(mean);
    const board = await projector
      .locator('[data-testid="projector-leaderboard"] li')
      .evaluateAll((els) => els.map((e) => [e.getAttribute("data-player"), Number(e.getAttribute("data-aggregate"))]));
    const chain = new Map(
      results.flatMap(([, ps, points]) => ps.map((p, i) => [p.toLowerCase(), Number(points[i])] as const)),
    );
    expect(board.length).to.equal(6);
    for (const [player, points] of board) expect(points).to.equal(chain.get(player as string));

    // The rooms' export, downloaded from the console: final, one row per seat with the chain's points.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-rooms").click()]);
    const saved = await download.path();
    const csv = fs.readFileSync(saved, "utf8").trim().split("\n");
    expect(download.suggestedFilename()).to.equal(`snatch-session-${id}-rooms.csv`);
    expect(csv[0]).to.match(/^status,session,room,room_id,seat,role,name,address/);
    const rows = csv.slice(1).filter((l) => l.startsWith("final,"));
    expect(rows.length).to.equal(7);
    for (const [player, points] of chain) {
      const row = rows.find((l) => l.includes(player));
      expect(row, player).to.not.equal(undefined);
      expect(row!.split(",")[11]).to.equal(String(points));
    }
    await expectHonestControls(page, stack, teacher.address);
    expect(visitor.pageErrors).to.deep.equal([]);
  });
});
