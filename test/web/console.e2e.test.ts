/// <reference lib="dom" />
// The teacher's console and the projector view in headless Chromium, on the class stack (the shared node mining a
// block a second, the indexer following it, the gateway with /rpc and /indexer): a script plays a small tournament
// (six burner seats registered through the phones' proxy; two of them never show up) while the console, driven
// through the page only, starts phase 1 (the pairing and the rooms follow by themselves) and, after the phase
// deadline, closes the timed-out rooms in batches (a second press while a batch is in flight changes nothing and says
// so). Then a script checks the chain (every room closed and finished, the phase ended) and the indexer's picture
// (the leaderboard, who never showed up) against the contracts. A visitor without the organiser's account sees the
// console read-only and is told why. Desktop and phone sizes, axe, honest controls; docs/console.png and
// docs/projector.png are written here.
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect } from "chai";
import { JsonRpcProvider } from "ethers";
import type { Page } from "playwright-core";
import { readLeaderboard, Stage } from "../../client/snatch/tournament";
import { setBlockTime } from "../../scripts/web/stack";
import { ClassRun } from "../../scripts/class/players";
import { openConsole, openProjector } from "../../scripts/class/run";
import { startClassFront, type ClassFront } from "../../scripts/class/stack";
import {
  deployedAddress,
  expectHonestControls,
  expectPlainWords,
  openPhone,
  PHONE,
  screenshot,
  webStack,
  type WebStack,
} from "./harness";

async function expectAccessible(page: Page, what: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const text = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(text, `accessibility of ${what}`).to.deep.equal([]);
}

/** The console's count `name` (playing, waiting, finished, absent). */
async function count(page: Page, name: string): Promise<number> {
  return Number(await page.getByTestId(`count-${name}`).getAttribute("data-value"));
}

describe("web: the teacher's console and the projector view (e2e)", function () {
  let stack: WebStack;
  let front: ClassFront;
  let run: ClassRun;
  let provider: JsonRpcProvider;
  const opened: Page[] = [];

  before(async function () {
    stack = await webStack();
    // The class stack's clock: a block a second (restored to a block per transaction after this file).
    await setBlockTime(stack.node.url, 1);
    front = await startClassFront({
      nodeUrl: stack.node.url,
      deploymentsFolder: path.join(stack.deploymentsDir, "localhost"),
      appDir: stack.appDir,
      blockTime: 1,
      devices: 10,
    });
    provider = new JsonRpcProvider(stack.node.url, 31337, { staticNetwork: true });
  });

  afterEach(async function () {
    if (this.currentTest?.state !== "failed") return;
    for (const [i, p] of opened.entries()) await screenshot(p, "console", `failed-${i}`, true).catch(() => undefined);
  });

  after(async function () {
    for (const p of opened)
      await p
        .context()
        .close()
        .catch(() => undefined);
    run?.destroy();
    provider?.destroy();
    await front?.stop();
    if (stack) await setBlockTime(stack.node.url, null);
  });

  it("runs phase 1 from the console: start, live grid, close timed-out rooms; read-only for others", async function () {
    run = new ClassRun({
      phoneRpc: `${front.phoneUrl}rpc`,
      hostRpc: stack.node.url,
      addresses: {
        rooms: deployedAddress(stack, "SnatchRooms"),
        lens: deployedAddress(stack, "SnatchRoomsLens"),
        tournament: deployedAddress(stack, "SnatchTournament"),
        seatFunder: deployedAddress(stack, "SeatFunder"),
      },
      players: 6,
      extraSeats: 0,
      windows: { talk: 2, offer: 8, response: 8, decision: 3 },
      absent: 0,
      thinkMs: [200, 800],
      seed: 7,
      phases: 1,
    });
    await run.setUp();
    // Two players never show up.
    run.seats[4].absent = true;
    run.seats[5].absent = true;
    const id = run.id;
    const t = run.tournament.connect(provider);
    const organiser = await run.organiser.getAddress();

    // A phone without the organiser's account: the console is read-only, and says why.
    const visitor = await openPhone(stack, `${front.phoneUrl}#/snatch/tournament/${id}/console`, PHONE);
    opened.push(visitor.page);
    await visitor.page.getByTestId("read-only").waitFor();
    expect(await visitor.page.getByTestId("read-only").textContent()).to.match(/only the tournament's organiser/);
    expect(await visitor.page.getByTestId("console-actions").count()).to.equal(0);
    await visitor.page.locator('[data-testid="phase-state"][data-stage="1"]').waitFor();
    await expectAccessible(visitor.page, "the read-only console on a phone");
    await screenshot(visitor.page, "console", "phone-read-only");

    // The organiser's console on the laptop: start phase 1; the rooms follow once the pairing is drawn.
    const page = await openConsole(stack.browser, front.hostUrl, id, organiser, opened);
    expect(await page.getByTestId("read-only").count()).to.equal(0);
    expect(await count(page, "absent")).to.equal(6);
    await page.getByTestId("start-phase").click();
    await page.locator('[data-testid="phase-state"][data-phase="1"][data-stage="3"]').waitFor({ timeout: 90_000 });
    // The present players play (P1s offer after a short think, P2s answer); the rooms of the absent ones wait.
    const playing = run.playPhase(1, false);
    const pv = await t.phaseView(id, 1);
    expect(Number(pv.rooms)).to.equal(3);
    await page.locator('[data-testid="rooms-grid"] tbody tr').nth(2).waitFor();
    // Every room waits on its P1's offer, by name.
    const waits = await page.locator('[data-testid="rooms-grid"] [data-testid="waits-on"]').allTextContents();
    expect(
      waits.every((w) => /^(Bot \d|window passed)/.test(w)),
      waits.join(" | "),
    ).to.equal(true);
    const projector = await openProjector(stack.browser, front.hostUrl, id);
    opened.push(projector);
    await projector.setViewportSize({ width: 1280, height: 720 });

    await playing;
    // Who has not shown up: the seats without a move (the absent two, and anyone paired with an absent P1).
    const silent = run.seats.filter((x) => !run.moved.has(x.wallet.address.toLowerCase())).map((x) => x.name);
    expect(silent).to.include.members(["Bot 5", "Bot 6"]);
    await page.locator(`[data-testid="count-absent"][data-value="${silent.length}"]`).waitFor();
    const absentNames = await page.locator('[data-testid="not-joined"] li').allTextContents();
    expect(absentNames.sort()).to.deep.equal(silent.sort());
    expect(await count(page, "finished")).to.be.greaterThan(0);
    await expectPlainWords(page);
    await expectAccessible(page, "the organiser's console");
    await expectHonestControls(page, stack, organiser);
    await screenshot(page, "console", "playing", true, "console.png");
    await projector.locator('[data-testid="projector-leaderboard"] li').nth(5).waitFor();
    await expectAccessible(projector, "the projector view");
    await screenshot(projector, "projector", "playing", false, "projector.png");

    // After the phase deadline: close the timed-out rooms; a second press while the batch is in flight says so.
    const close = page.getByTestId("close-rooms");
    await page.waitForFunction(
      () => {
        const b = document.querySelector<HTMLButtonElement>('[data-testid="close-rooms"]');
        return !!b && !b.disabled && b.hasAttribute("data-call");
      },
      undefined,
      { timeout: 90_000 },
    );
    await close.click();
    await page.getByTestId("close-progress").waitFor();
    await close.click();
    await page.getByTestId("console-note").waitFor();
    expect(await page.getByTestId("console-note").textContent()).to.match(/in flight.*changed nothing/);
    await page.locator('[data-testid="phase-state"][data-phase="1"][data-stage="4"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="count-finished"][data-value="3"]').waitFor();

    // The chain: every room closed and finished, the phase ended; a second close is refused by the contract.
    const after = await t.phaseView(id, 1);
    expect([Number(after.closed), Number(after.totals.finished), Number(after.rooms)]).to.deep.equal([3, 3, 3]);
    expect(Number((await t.tournament(id)).stage)).to.equal(Stage.Ended);
    let refused = "";
    await t.closeTimedOutRooms.staticCall(id, 1, { from: organiser }).catch((e: Error) => (refused = e.message));
    expect(refused).to.match(/WrongStage|reverted/);
    // The leaderboard the projector shows (by name) is the contract's.
    const board = await readLeaderboard(t, id);
    await projector.locator('[data-testid="projector-phase"][data-stage="4"]').waitFor();
    const shown = await projector
      .locator('[data-testid="projector-leaderboard"] li')
      .evaluateAll((els) => els.map((e) => [e.getAttribute("data-player"), Number(e.getAttribute("data-aggregate"))]));
    const expected = new Map(board.map((r) => [r.player.toLowerCase(), Number(r.aggregate)]));
    expect(shown.length).to.equal(6);
    for (const [player, aggregate] of shown) expect(aggregate).to.equal(expected.get(player as string));
    await expectHonestControls(page, stack, organiser);
    expect(visitor.pageErrors).to.deep.equal([]);
  });
});
