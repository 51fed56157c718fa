/// <reference lib="dom" />
// A 4-player SnatchGame tournament through one phase in headless Chromium, through the pages only: the organiser
// creates it (one room per batch), four players register, phase 1 starts, the pairing is drawn and the rooms created
// in two batches; one pair plays its G1 room on the room page, the other stays silent and is closed after the phase
// deadline in batches of one. Then a script checks the leaderboard the page shows (order, scores, sorting) against the
// contract's views, and the charts against the phase's totals. Screenshots: reports/screenshots/tournament-<view>.png.
import path from "node:path";
import { expect } from "chai";
import { JsonRpcProvider } from "ethers";
import { SnatchTournament__factory } from "../../typechain-types/factories/contracts/snatch/SnatchTournament__factory";
import { rank, readLeaderboard, Stage } from "../../client/snatch/tournament";
import {
  deployedAddress,
  openPlayer,
  screenshot,
  expectHonestControls,
  expectNothingCovered,
  expectPlainWords,
  SCREENSHOTS,
  waitMined,
  webStack,
  type Player,
  type WebStack,
  POLL_MS,
} from "./harness";
import { act, clearTransactions, makeOffer, mineNode, openRoom, waitRound } from "./snatch-helpers";
import { TestProvider } from "../helpers/provider";

/** The page's leaderboard rows, in display order. */
async function boardRows(p: Player) {
  return p.page.locator(".lb-row[data-player]").evaluateAll((els) =>
    els.map((el) => ({
      player: el.getAttribute("data-player")!,
      aggregate: Number(el.getAttribute("data-aggregate")),
      rank: Number(el.getAttribute("data-rank")),
      cells: Array.from(el.querySelectorAll('[role="cell"]')).map((c) => (c.textContent ?? "").trim()),
    })),
  );
}

describe("web: a SnatchGame tournament in the browser (e2e)", function () {
  let stack: WebStack;
  let players: Player[];
  let provider: JsonRpcProvider;
  let started = 0;

  before(async function () {
    stack = await webStack();
    started = Date.now();
    players = await Promise.all([8, 9, 10, 11].map((i) => openPlayer(stack, i, "#/snatch/tournaments")));
    provider = new TestProvider(stack.node.url, 31337, { staticNetwork: true, batchMaxCount: 1 });
  });

  afterEach(async function () {
    // A failed step leaves each player's page as it was, for the report.
    if (this.currentTest?.state !== "failed") return;
    for (const [i, p] of (players ?? []).entries()) await screenshot(p.page, "tournament", `failed-${i}`, true);
  });

  after(async function () {
    console.log(
      `      tournament e2e: ${((Date.now() - started) / 1000).toFixed(1)} s (from the stack up to the last test)`,
    );
    for (const p of players ?? []) await p.context.close();
    provider?.destroy();
  });

  it("runs phase 1 of a 4-player tournament and shows the contract's leaderboard", async function () {
    const t = SnatchTournament__factory.connect(deployedAddress(stack, "SnatchTournament"), provider);
    const [org] = players;
    const o = org.page;

    // The organiser creates the tournament: cap 4, one room per batch, 5-block windows.
    const fields: Record<string, string> = {
      "Player cap": "4",
      "Rooms per batch": "1",
      "Registration blocks": "1000",
      "Grace blocks": "0",
      "Talk window": "5",
      "Offer window": "5",
      "Response window": "5",
      "Decision window": "5",
    };
    for (const [label, value] of Object.entries(fields)) await o.getByLabel(label, { exact: true }).fill(value);
    await o.getByRole("button", { name: "Create the tournament" }).click();
    await waitMined(o, "Create a tournament (cap 4)");
    await o.waitForFunction(() => /^#\/snatch\/tournament\/\d+$/.test(window.location.hash));
    const id = BigInt((await o.evaluate(() => window.location.hash)).split("/")[3]);

    // Everyone registers from the tournament's page.
    for (const p of players.slice(1)) await p.page.goto(`${stack.appUrl}#/snatch/tournament/${id}`);
    await players[1].page.getByRole("button", { name: "Register" }).waitFor();
    await expectHonestControls(players[1].page, stack, players[1].address);
    await Promise.all(players.map((p) => act(p, "Register", `Register in tournament ${id}`)));
    await o.getByText("4 of 4 players registered").waitFor();

    // Phase 1: the organiser starts it; a block later the pairing is drawn; rooms come in two batches of one.
    await act(org, "Start phase 1: G1 plain", "Start phase 1 (G1 plain)");
    await o.getByTestId("pairing").waitFor();
    await mineNode(stack, 1);
    await act(org, "Draw the pairing and create rooms", "Create the rooms of phase 1");
    await act(org, "Create the next batch of rooms", "Create the rooms of phase 1");
    await o.locator(`.snatch-tournament[data-stage="${Stage.Playing}"]`).waitFor();
    const pairs = await Promise.all([0, 1].map((k) => t.roomAt(id, 1, k)));
    const byAddress = (a: string) => players.find((p) => p.address.toLowerCase() === a.toLowerCase())!;
    await o.locator("table.pairs tbody tr").nth(1).waitFor();
    // The phase's rooms by pair (the indexer's statement has no order: the page sorts).
    const listed = await o.locator("table.pairs tbody tr").evaluateAll((rows) => rows.map((r) => r.dataset.room));
    expect(listed).to.deep.equal(pairs.map((p) => p.roomId.toString()));

    // Pair 1 plays its G1 room: an accepted offer, a pass, and a snatch that ends the room.
    const p1 = byAddress(pairs[0].p1);
    const p2 = byAddress(pairs[0].p2);
    await p1.page.locator(`table.pairs a[href="#/snatch/room/${pairs[0].roomId}"]`).click();
    await openRoom(p2, stack, pairs[0].roomId);
    await makeOffer(p1, null, { turkey: 3 }, { corn: 3 });
    await act(p2, "Accept", /^Accept offer #/);
    await waitRound(p1.page, 2);
    await act(p1, "Pass: no offer this round", "Pass (no offer)");
    await waitRound(p1.page, 3);
    await makeOffer(p1, null, { turkey: 2 }, { corn: 2 });
    await act(p2, "Snatch", /^Snatch offer #/);
    await p1.page.locator('.snatch-room[data-phase="9"]').waitFor();

    // Pair 2 stays silent: after the phase deadline anyone closes the rooms, one per transaction.
    const deadline = Number((await t.phaseView(id, 1)).deadline);
    await mineNode(stack, Math.max(1, deadline - (await provider.getBlockNumber()) + 1));
    const closer = players[3];
    await closer.page.goto(`${stack.appUrl}#/snatch/tournament/${id}`);
    await closer.page.getByLabel("Rooms per batch").fill("1");
    await act(closer, "Close timed-out rooms", "Close timed-out rooms (batch of 1)");
    await act(closer, "Close timed-out rooms", "Close timed-out rooms (batch of 1)");
    await o.goto(`${stack.appUrl}#/snatch/tournament/${id}`); // (the organiser may have played in pair 1)
    await o.locator(`.snatch-tournament[data-stage="${Stage.Ended}"]`).waitFor();
    await expectHonestControls(closer.page, stack, closer.address);

    // The leaderboard the page shows is the contract's, ranked off-chain by aggregate (ties by registration order).
    const expected = rank(await readLeaderboard(t, id));
    // (The leaderboard is the indexer's, the stage the node's: the rows take the closes in once the indexer has
    // indexed their blocks, a moment after the stage changed.)
    await o.waitForFunction(
      (want) =>
        Array.from(document.querySelectorAll(".lb-row[data-player]"))
          .map((el) => `${el.getAttribute("data-player")}:${el.getAttribute("data-aggregate")}`)
          .join(",") === want,
      expected.map((r) => `${r.player.toLowerCase()}:${r.aggregate}`).join(","),
      { polling: POLL_MS },
    );
    const shown = await boardRows(org);
    expect(shown.map((r) => r.player)).to.deep.equal(expected.map((r) => r.player.toLowerCase()));
    expect(shown.map((r) => r.aggregate)).to.deep.equal(expected.map((r) => r.aggregate));
    expect(shown.map((r) => r.rank)).to.deep.equal(expected.map((r) => r.rank));
    expect(shown.map((r) => r.cells.slice(2, 5).map(Number))).to.deep.equal(
      expected.map((r) => [r.scoreAsP1, r.scoreAsP2, r.aggregate]),
    );
    // Pair 1's points: P1 gave 3 turkeys for 3 corn, then lost 2 turkeys to the snatch: 5 turkey + 3 corn = 11;
    // P2: 7 corn + 5 turkey = 17. Pair 2 kept its starting goods: 10 each.
    const row = (p: Player) => expected.find((r) => r.player.toLowerCase() === p.address.toLowerCase())!;
    expect(row(p1).scoreAsP1).to.equal(11);
    expect(row(p2).scoreAsP2).to.equal(17);
    expect(row(byAddress(pairs[1].p1)).aggregate).to.equal(10);

    // Sorting by "as P1" (descending) reorders the rows as the same data sorted.
    await o.getByRole("columnheader", { name: /^as P1/ }).click();
    const byP1 = await boardRows(org);
    const sorted = [...expected].sort((a, b) => b.scoreAsP1 - a.scoreAsP1 || a.rank - b.rank);
    expect(byP1.map((r) => r.player)).to.deep.equal(sorted.map((r) => r.player.toLowerCase()));
    await o.getByRole("columnheader", { name: /^rank/ }).click();

    // The charts show the phase's totals: 2 offers, half accepted, half snatched.
    const totals = (await t.phaseView(id, 1)).totals;
    expect([totals.offers, totals.accepts, totals.snatches].map(Number)).to.deep.equal([2, 1, 1]);
    const shares = o.locator('figure.chart g[data-variant="G1 plain"]').first();
    await shares.getByText("2 offers").waitFor();
    expect(await shares.locator("text.chart-in").allTextContents()).to.deep.equal(["50%", "50%"]);
    await clearTransactions(o);
    await screenshot(o, "tournament", "leaderboard", true);
    // The transactions bar covers nothing: the leaderboard's heading in view, then the page's very end.
    await o.getByRole("heading", { name: /^Leaderboard/ }).scrollIntoViewIfNeeded();
    await expectNothingCovered(o);
    await o.evaluate(() => document.querySelector(".app-scroll")?.scrollTo(0, 1e9));
    await expectNothingCovered(o);
    await expectPlainWords(o);
    await expectHonestControls(o, stack, org.address);
    await o.locator(".charts").screenshot({ path: path.join(SCREENSHOTS, "tournament-charts.png") });

    // A player's history across phases, from the leaderboard's link.
    await o.locator(`.lb-row[data-player="${p2.address.toLowerCase()}"] a`).click();
    const history = o.locator(`.player-history[data-player="${p2.address.toLowerCase()}"] tr[data-phase='1']`);
    await history.waitFor();
    expect(await history.textContent()).to.match(/P2.*Room.*17/);
    await clearTransactions(o);
    await screenshot(o, "tournament", "player");
    for (const p of players) expect(p.pageErrors, `page errors of ${p.address}`).to.deep.equal([]);
  });
});
