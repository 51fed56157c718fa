/// <reference lib="dom" />
// CATAMM played in headless Chromium through the pages only. Two development accounts in browser contexts of their
// own: create, join, start, the draft on highlighted spots, turns with rolls served from the page, a swap quoted and
// sent, a road on a highlighted edge, a 7 with a discard and the ghost ship, a development card bought and played.
// Then a whole game to a winner with one seat in the browser and the other played by the bots (scripts/catamm/bots).
// The test scripts the seeded randomness source (the node deploys SeededRandomness as `Randomness`) so the 7 and the
// card come when it needs them; every game action goes through the pages; the chain is only read to check.
// Screenshots: reports/screenshots/catamm-<view>.png.
import { expect } from "chai";
import { JsonRpcProvider } from "ethers";
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { REPO } from "../../scripts/web/stack";
import type { Catamm, SeededRandomness } from "../../typechain-types";
import { Catamm__factory } from "../../typechain-types/factories/contracts/catamm/Catamm__factory";
import { CatammLens__factory } from "../../typechain-types/factories/contracts/catamm/CatammLens__factory";
import { SeededRandomness__factory } from "../../typechain-types/factories/contracts/mocks/SeededRandomness__factory";
import { countOnHex, idsOf, vertexPips } from "../../client/catamm/board";
import {
  COSTS,
  DevCard,
  Phase,
  discardPlan,
  drawCard,
  readGame,
  valueForRoll,
  wholeCards,
  type GameSnapshot,
} from "../../client/catamm/game";
import {
  ONE_CARD,
  RESOURCE_NAMES,
  formatAmount,
  getAmountIn,
  parseAmount,
  quoteFigures,
} from "../../client/catamm/market";
import { swapOutcome, swapOutcomeText } from "../../client/catamm/cards";
import { playBotSeats } from "../../scripts/catamm/bots";
import {
  clickAndMine,
  deployedAddress,
  expectHonestControls,
  expectPlainWords,
  mine,
  expectNoLogReads,
  openPlayer,
  screenshot,
  SCREENSHOTS,
  webStack,
  type Player,
  type WebStack,
} from "./harness";
import { TestProvider } from "../helpers/provider";

/** The player's page of the seat on the move. */
function pageOf(players: Player[], g: GameSnapshot, seat = g.seat): Page {
  return players.find((p) => p.address.toLowerCase() === g.players[seat].address.toLowerCase())!.page;
}

/** Waits until the chain's game satisfies `done` (the pages act; the test only watches). */
async function until(
  game: Catamm,
  id: bigint,
  done: (g: GameSnapshot) => boolean,
  timeout = 60_000,
): Promise<GameSnapshot> {
  const started = Date.now();
  for (;;) {
    const g = await readGame(game, id);
    if (done(g)) return g;
    if (Date.now() - started > timeout) throw new Error(`game ${id} stuck in phase ${g.phase} (turn ${g.turn})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** {@link until}, failing at once with the bots' error if they stop. */
async function untilOrBotsFail(
  failed: Promise<Error | null>,
  ...args: Parameters<typeof until>
): Promise<GameSnapshot> {
  // The bots return when the game ends: then the game is read as usual.
  const stopped = failed.then((err) => (err ? Promise.reject(err) : until(...args)));
  return Promise.race([until(...args), stopped]);
}

/** Serves the outstanding random value from `page` (the page mines the blocks it needs on the local node). */
async function serve(page: Page): Promise<void> {
  await clickAndMine(page, page.getByRole("button", { name: /serve the random value/i }), /^Serve the random value/);
}

/** Production of `seat` on a roll of `n` (settlements 1, cities 2), to choose a roll that feeds a player. */
function yieldOf(g: GameSnapshot, seat: number, n: number): number {
  const p = g.players[seat];
  return g.board.hexes.reduce(
    (sum, h, i) => (h.number === n ? sum + countOnHex(p.settlements, i) + 2 * countOnHex(p.cities, i) : sum),
    0,
  );
}

describe("web: CATAMM in the browser (e2e)", function () {
  let stack: WebStack;
  let provider: JsonRpcProvider;
  let game: Catamm;
  let source: SeededRandomness;
  let started = 0;

  before(async function () {
    started = Date.now();
    stack = await webStack();
    // No cache: a view read right after a transaction must see it (ethers caches identical requests for 250 ms).
    provider = new TestProvider(stack.node.url, 31337, { staticNetwork: true, batchMaxCount: 1, cacheTimeout: -1 });
    game = Catamm__factory.connect(deployedAddress(stack, "Catamm"), provider);
    // The test's own account scripts the test randomness source (never a game call).
    source = SeededRandomness__factory.connect(deployedAddress(stack, "Randomness"), await provider.getSigner(9));
  });

  after(function () {
    provider?.destroy();
    console.log(
      `      CATAMM e2e wall time (from this file's first test, the stack's start if still under way included): ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });

  it("two players: lobby, draft on highlighted spots, turns, a swap, a road, a 7 with a discard and the ghost ship, a card", async function () {
    const [alice, bob] = await Promise.all([1, 2].map((i) => openPlayer(stack, i, "#/catamm")));
    const players = [alice, bob];
    const a = alice.page;

    // Alice creates a game from the lobby (classic fees, pools of 50 cards a side); Bob joins from his lobby.
    await a.getByLabel("Pool depth (cards a side)").fill("50");
    await a.getByLabel("Blocks per waiting state").fill("60");
    await clickAndMine(a, a.getByRole("button", { name: "Create the game" }), /^Create a CATAMM game/);
    await a.waitForFunction(() => /^#\/catamm\/\d+$/.test(window.location.hash));
    const id = BigInt((await a.evaluate(() => window.location.hash)).split("/")[2]);
    // Alone in the game, Alice cannot start it (the contract's refusal is shown, the button disabled); Bob's lobby
    // offers him the join the contract accepts. Every enabled control on both pages is one the contract accepts.
    await a.getByRole("button", { name: "Start the game" }).waitFor();
    await a.locator(".checked .why").first().waitFor();
    expect(await a.getByRole("button", { name: "Start the game" }).isDisabled()).to.equal(true);
    await expectHonestControls(a, stack, alice.address);
    const row = bob.page.locator(`tr[data-game="${id}"]`);
    await row.getByRole("button", { name: "Join" }).waitFor();
    await expectHonestControls(bob.page, stack, bob.address);
    await clickAndMine(bob.page, row.getByRole("button", { name: "Join" }), `Join game ${id}`);

    // Alice starts it; the start's value is scripted so the board and the order are the same every run.
    await source.script([0xca7a77n]).then((tx) => tx.wait());
    await a.getByText("Players joined").waitFor();
    await clickAndMine(a, a.getByRole("button", { name: "Start the game" }), `Start game ${id}`);
    // The start's random value is pending: its serve button (on the local node: mine, then serve) is honest too.
    await a.getByRole("button", { name: /serve the random value/i }).waitFor();
    await expectHonestControls(a, stack, alice.address);
    await serve(a);
    let g = await until(game, id, (s) => s.phase === Phase.Setup);
    await a.locator("svg.catamm-board").waitFor();

    // The draft: each pick clicks a highlighted vertex (CatammLens) and then one of the edges the page offers.
    for (let pick = 0; pick < 4; pick++) {
      const page = pageOf(players, g);
      await page.locator(`.catamm-game[data-phase="${Phase.Setup}"][data-pick="${pick}"]`).waitFor();
      const spots = page.getByRole("button", { name: /^Draft a settlement on vertex \d+$/ });
      await spots
        .first()
        .waitFor()
        .catch(async (e) => {
          await page.screenshot({ path: "/tmp/i14-debug.png" });
          throw e;
        });
      // The highlighted spots are exactly the lens's (the page decides nothing itself).
      const shown = (
        await spots.evaluateAll((els) => els.map((e) => Number(e.getAttribute("aria-label")!.split(" ").pop())))
      ).sort((x, y) => x - y);
      const lens = await CatammLens__factory.connect(deployedAddress(stack, "CatammLens"), provider).legalSpots(
        id,
        g.players[g.seat].address,
      );
      expect(shown).to.deep.equal(idsOf(lens[0]));
      // The best pips among them (any would do).
      const best = shown.reduce((x, y) => (pipsOf(g, y) > pipsOf(g, x) ? y : x));
      await page.getByRole("button", { name: `Draft a settlement on vertex ${best}` }).click();
      const road = page.getByRole("button", { name: new RegExp(`\\(settlement on vertex ${best}\\)$`) }).first();
      await road.waitFor();
      if (pick === 0) await expectHonestControls(page, stack, g.players[g.seat].address);
      await clickAndMine(page, road, `Draft: settlement on vertex ${best}, road`);
      g = await until(game, id, (s) => s.setupPick > pick || s.phase !== Phase.Setup);
    }
    g = await until(game, id, (s) => s.phase === Phase.BeforeRoll);
    expect(g.players.every((p) => idsOf(p.settlements).length === 2 && idsOf(p.roads).length === 2)).to.equal(true);

    // Rolls are scripted: a number that feeds one player ("rich") most, until a 7 is wanted.
    const numbers = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];
    const seats = [0, 1];
    const [richSeat, n] = seats
      .flatMap((seat) => numbers.map((x) => [seat, x] as const))
      .reduce((best, c) => (yieldOf(g, c[0], c[1]) > yieldOf(g, best[0], best[1]) ? c : best));
    const rich = g.players[richSeat].address;
    const richPage = pageOf(players, g, richSeat);
    const otherPage = pageOf(players, g, 1 - richSeat);
    expect(yieldOf(g, richSeat, n), "a roll that feeds the rich player").to.be.at.least(1);
    let salt = 1n;
    const whole = (s: GameSnapshot, seat = richSeat) => wholeCards(s.players[seat].balances).reduce((x, y) => x + y, 0);

    /** The player on the move rolls `total` (scripted) from their page and serves the value. */
    const roll = async (total: number): Promise<GameSnapshot> => {
      const now = await readGame(game, id);
      const page = pageOf(players, now);
      await page.locator(`.catamm-game[data-phase="${Phase.BeforeRoll}"][data-turn="${now.turn}"]`).waitFor();
      await (await source.script([valueForRoll(total, salt++)])).wait();
      await clickAndMine(page, page.getByRole("button", { name: "Roll the dice" }), "Roll the dice");
      await serve(page);
      const after = await until(game, id, (x) => x.phase > Phase.StealPending || x.phase === Phase.Discard);
      expect(after.lastRoll).to.equal(total);
      return after;
    };
    const endTurn = async (): Promise<GameSnapshot> => {
      const now = await readGame(game, id);
      const page = pageOf(players, now);
      await page.locator(`.catamm-game[data-phase="${Phase.Main}"][data-pending="0"]`).waitFor();
      await clickAndMine(page, page.getByRole("button", { name: "End the turn" }), "End the turn");
      return until(game, id, (x) => x.turn === now.turn + 1);
    };
    /** A swap through the markets form: the quote shown equals the contract's, then it is sent. */
    const swap = async (page: Page, from: number, to: number, amount: string): Promise<void> => {
      await tab(page, "Markets");
      await page.getByLabel("Pay an amount").check();
      await page.getByLabel("Swap from").selectOption(String(from));
      await page.getByLabel("Swap to").selectOption(String(to));
      await page.getByLabel("Swap amount").fill(amount);
      const q = await game.quoteSwap(id, rich, from, to, parseAmount(amount));
      await page
        .getByTestId("quote-out")
        .getByText(`${formatAmount(q.amountOut, 6)} ${RESOURCE_NAMES[to]}`)
        .waitFor();
      const min = quoteFigures(q.amountOut, parseAmount(amount), 50n).minAmountOut;
      await page
        .getByTestId("quote-min")
        .getByText(`${formatAmount(min, 6)} ${RESOURCE_NAMES[to]}`)
        .waitFor();
      const before = await game.resourceBalances(id, rich);
      const button = page.getByRole("button", {
        name: `Swap ${amount} ${RESOURCE_NAMES[from]} for ${RESOURCE_NAMES[to]}`,
      });
      await clickAndMine(page, button, `Swap ${amount} ${RESOURCE_NAMES[from]} for ${RESOURCE_NAMES[to]}`);
      const after = await game.resourceBalances(id, rich);
      expect(after[to] - before[to], "received exactly the quote").to.equal(q.amountOut);
      expect(before[from] - after[from]).to.equal(parseAmount(amount));
    };
    /** Buys what a cost lacks with swaps from the largest holdings (1.3 cards each). */
    const buy = async (page: Page, cost: readonly number[]): Promise<void> => {
      for (let r = 0; r < 5; r++) {
        const s = await readGame(game, id);
        const cards = wholeCards(s.players[richSeat].balances);
        if (cards[r] >= cost[r]) continue;
        const spare = cards.map((c, i) => c - cost[i]);
        const from = spare.indexOf(Math.max(...spare));
        await swap(page, from, r, "1.3");
      }
      await tab(page, "Board");
    };

    /**
     * Honest buttons and fractional cards, on the rich player's turn: with no Brick the road is refused, so its button
     * is disabled with the contract's reason and no edge is lit; then 1 card of another resource buys a fraction of a
     * Brick, the quote says what that fraction is (not) good for and what would buy a whole card, and "buy exactly"
     * gets exactly that, checked on chain.
     */
    const fractions = async (now: GameSnapshot): Promise<void> => {
      const BRICK = 1;
      const pools = await game.marketPools(id);
      const activeWith = (r: number) =>
        [0, 2, 3, 4].filter((x) =>
          pools.some((p) => p.active && [x, r].every((y) => [Number(p.resource0), Number(p.resource1)].includes(y))),
        );
      if (now.players[richSeat].balances[BRICK] > 0n) {
        await tab(richPage, "Markets");
        await richPage.getByLabel("Swap from").selectOption(String(BRICK));
        await richPage.getByLabel("Swap to").selectOption(String(activeWith(BRICK)[0]));
        await richPage
          .getByRole("button", { name: /^you hold / })
          .first()
          .click();
        await clickAndMine(
          richPage,
          richPage.getByRole("button", { name: /^Swap [\d.]+ Brick for / }),
          /^Swap [\d.]+ Brick for /,
        );
        expect((await game.resourceBalances(id, rich))[BRICK]).to.equal(0n);
      }
      await tab(richPage, "Board");
      const road = richPage.getByRole("button", { name: /^Build a road/ });
      await richPage.locator(".build-buttons .why").filter({ hasText: /Brick/ }).first().waitFor();
      expect(await road.isDisabled()).to.equal(true);
      expect(await richPage.getByRole("button", { name: /^Build a road on edge/ }).count()).to.equal(0);
      await expectHonestControls(richPage, stack, rich);
      await expectPlainWords(richPage);

      // 1 card of a resource held buys a fraction of a Brick: the quote says what it buys, in the client's words.
      const balances = await game.resourceBalances(id, rich);
      const from = activeWith(BRICK).find((r) => balances[r] >= ONE_CARD)!;
      expect(from, "a resource to pay with").to.not.equal(undefined);
      await tab(richPage, "Markets");
      await richPage.getByLabel("Swap from").selectOption(String(from));
      await richPage.getByLabel("Swap to").selectOption(String(BRICK));
      await richPage.getByLabel("Swap amount").fill("1");
      const q = await game.quoteSwap(id, rich, from, BRICK, ONE_CARD);
      const pool = (await game.marketPools(id))[Number(q.pool)];
      const side =
        Number(pool.resource0) === from
          ? { reserveIn: pool.reserve0, reserveOut: pool.reserve1, feeBps: q.feeBps }
          : { reserveIn: pool.reserve1, reserveOut: pool.reserve0, feeBps: q.feeBps };
      const outcome = swapOutcome([...balances], from, BRICK, ONE_CARD, q.amountOut, side);
      const words = swapOutcomeText(outcome, from, BRICK, q.amountOut);
      await richPage.getByTestId("quote-buys").getByText(words).waitFor();
      if (q.amountOut < ONE_CARD) expect(words).to.match(/not enough for a road/);
      await panelShot(richPage.locator(".panel.swap"), "catamm-fraction", "web-catamm-swap.png");
      // Buy exactly the next whole card instead: the least input by the contract's arithmetic, minAmountOut = it.
      await richPage.getByRole("button", { name: "buy exactly that" }).click();
      const want = parseAmount(await richPage.getByLabel("Cards to buy").inputValue());
      expect(want).to.equal(outcome.nextWhole!.cards * ONE_CARD - balances[BRICK]);
      const exactIn = getAmountIn(want, side.reserveIn, side.reserveOut, side.feeBps);
      await richPage
        .getByTestId("quote-in")
        .getByText(`${formatAmount(exactIn, 6)} ${RESOURCE_NAMES[from]}`)
        .waitFor();
      await richPage
        .getByTestId("quote-min")
        .getByText(`${formatAmount(want, 6)} Brick`)
        .waitFor();
      await expectHonestControls(richPage, stack, rich);
      const before = await game.resourceBalances(id, rich);
      await clickAndMine(richPage, richPage.getByRole("button", { name: /^Buy exactly / }), /^Buy exactly /);
      const after = await game.resourceBalances(id, rich);
      expect(before[from] - after[from], "paid exactly the least input").to.equal(exactIn);
      expect(after[BRICK] - before[BRICK] >= want, "received at least the cards asked for").to.equal(true);
      expect(after[BRICK] / ONE_CARD).to.equal(outcome.nextWhole!.cards);
      // The hand shows the whole cards and the fraction apart.
      await tab(richPage, "Board");
      const chip = richPage.locator(`tr[data-seat="${richSeat}"]`).getByTestId("cards-Brick");
      await chip
        .locator("strong")
        .getByText(String(after[BRICK] / ONE_CARD), { exact: true })
        .waitFor();
    };

    let built = false;
    let bought = false;
    for (let turn = 0; turn < 12; turn++) {
      g = await readGame(game, id);
      const sevenNow = whole(g) >= 8 && built;
      g = await roll(sevenNow ? 7 : n);
      if (sevenNow) break;
      if (g.seat === richSeat && !built && whole(g) >= 4) {
        await fractions(g);
        // A swap quoted and sent, then a road on a highlighted edge.
        await buy(richPage, COSTS.road);
        await richPage.getByRole("button", { name: /^Build a road/ }).click();
        const edge = richPage.getByRole("button", { name: /^Build a road on edge \d+$/ }).first();
        const label = (await edge.getAttribute("aria-label"))!;
        const roadsBefore = idsOf(g.players[richSeat].roads).length;
        await clickAndMine(richPage, edge, label);
        const after = await readGame(game, id);
        expect(idsOf(after.players[richSeat].roads)).to.have.length(roadsBefore + 1);
        expect(idsOf(after.players[richSeat].roads)).to.include(Number(label.split(" ").pop()));
        built = true;
      }
      await endTurn();
    }
    // The 7: the rich player's hand of 8+ owes half; they choose what to give up in the page.
    g = await until(game, id, (x) => x.phase === Phase.Discard || x.phase === Phase.GhostShip);
    expect(g.phase, "a 7 with a hand of 8 or more asks for a discard").to.equal(Phase.Discard);
    for (const seat of seats) {
      const owed = g.players[seat].discardOwed;
      if (owed === 0) continue;
      const page = pageOf(players, g, seat);
      await page.getByRole("heading", { name: new RegExp(`discard ${owed} cards`) }).waitFor();
      const plan = discardPlan(wholeCards(g.players[seat].balances), g.players[seat].gold, owed);
      const names = [...RESOURCE_NAMES, "Gold credits"];
      for (let r = 0; r < 6; r++) if (plan[r]) await page.getByLabel(`Discard ${names[r]}`).fill(String(plan[r]));
      if (seat === richSeat) await screenshot(page, "catamm", "discard");
      await clickAndMine(page, page.getByRole("button", { name: `Discard ${owed} cards` }), `Discard ${owed} cards`);
    }
    g = await until(game, id, (x) => x.phase === Phase.GhostShip);
    await expectHonestControls(otherPage, stack, g.players[1 - richSeat].address);
    // The ghost ship: the roller blocks a hex of the other player's and robs them, the odds shown.
    const roller = pageOf(players, g);
    const victimSeat = 1 - g.seat;
    const victim = g.players[victimSeat];
    const target = [...Array(19).keys()].find(
      (h) => h !== g.ghostShip && countOnHex(victim.settlements | victim.cities, h) > 0,
    )!;
    await roller.getByRole("button", { name: `Ghost ship to hex ${target}` }).click();
    await roller.getByText(/steals (one of \d+ cards|its one card)/).waitFor();
    await expectHonestControls(roller, stack, g.players[g.seat].address);
    await screenshot(roller, "catamm", "ghost");
    const victimBefore = wholeCards(victim.balances).reduce((x, y) => x + y, 0);
    await clickAndMine(
      roller,
      roller.getByRole("button", { name: `Rob P${victimSeat + 1}` }),
      `Ghost ship to hex ${target}, robbing P${victimSeat + 1}`,
    );
    await serve(roller);
    g = await until(game, id, (x) => x.phase === Phase.Main);
    expect(g.ghostShip).to.equal(target);
    expect(wholeCards(g.players[victimSeat].balances).reduce((x, y) => x + y, 0)).to.equal(victimBefore - 1);
    await roller.locator(`.catamm-game[data-phase="${Phase.Main}"] [data-ghost-hex="${target}"]`).waitFor();
    await clear(roller);
    // (Once the turn's controls have the contract's answers: the picture shows them as a player acts on them.)
    await roller.locator("button.btn:not([disabled])", { hasText: "End the turn" }).waitFor();
    await screenshot(roller, "catamm", "board", true, "web-catamm.png");
    await expectPlainWords(roller);
    await endTurn();

    // A development card: the rich player buys one (the draw scripted to a Year of Plenty) and plays it next turn.
    for (let turn = 0; turn < 6 && !bought; turn++) {
      g = await roll(n);
      if (g.seat === richSeat) {
        await buy(richPage, COSTS.devCard);
        const deck = (await readGame(game, id)).deck;
        let v = 1n;
        while (drawCard(v, deck) !== DevCard.YearOfPlenty) v++;
        await (await source.script([v])).wait();
        await clickAndMine(
          richPage,
          richPage.getByRole("button", { name: /^Buy a development card/ }),
          "Buy a development card",
        );
        await serve(richPage);
        await richPage.getByText(/1 Year of Plenty \(1 drawn this turn\)/).waitFor();
        bought = true;
      }
      await endTurn();
    }
    expect(bought).to.equal(true);
    g = await readGame(game, id);
    if (g.seat !== richSeat) {
      await roll(n);
      await endTurn();
    }
    await richPage.locator(`.catamm-game[data-phase="${Phase.BeforeRoll}"]`).waitFor();
    const before = await game.resourceBalances(id, rich);
    await richPage.getByLabel("Year of Plenty: first resource").selectOption("3");
    await richPage.getByLabel("Year of Plenty: second resource").selectOption("4");
    await clickAndMine(
      richPage,
      richPage.getByRole("button", { name: "Play Year of Plenty" }),
      "Play Year of Plenty: Ore and Wheat",
    );
    const after = await game.resourceBalances(id, rich);
    expect(after[3] - before[3]).to.equal(ONE_CARD);
    expect(after[4] - before[4]).to.equal(ONE_CARD);
    await roll(n);

    // The markets and the charts as the players see them.
    await tab(richPage, "Markets");
    const pools = await game.marketPools(id);
    const active = pools.find((p) => p.active)!;
    await richPage.getByLabel("Swap from").selectOption(String(active.resource1));
    await richPage.getByLabel("Swap to").selectOption(String(active.resource0));
    await richPage.getByLabel("Swap amount").fill("2");
    await richPage.getByTestId("quote-out").waitFor();
    await clear(richPage);
    await screenshot(richPage, "catamm", "markets", true);
    // Liquidity through the form: a deposit previewed (shares) and sent, then every share withdrawn.
    const balances = await game.resourceBalances(id, rich);
    const lp = pools.find(
      (p) =>
        p.active && balances[Number(p.resource0)] >= ONE_CARD / 2n && balances[Number(p.resource1)] >= ONE_CARD / 2n,
    )!;
    expect(lp, "a pool the rich player can deposit into").to.not.equal(undefined);
    const r0 = Number(lp.resource0);
    await richPage.getByLabel("Liquidity pool").selectOption(String(lp.pool));
    await richPage.getByLabel(`Deposit ${RESOURCE_NAMES[r0]}`).fill("0.4");
    const previewed = (await richPage.getByTestId("add-shares").textContent())!;
    await clickAndMine(richPage, richPage.getByRole("button", { name: "Add liquidity" }), /^Add liquidity to /);
    const shares = (await game.liquidityShares(id, rich))[Number(lp.pool)];
    expect(previewed).to.equal(`${formatAmount(shares, 6)} shares`);
    await richPage
      .getByRole("button", { name: /^you hold / })
      .last()
      .click();
    await richPage.getByTestId("remove-preview").waitFor();
    await clickAndMine(richPage, richPage.getByRole("button", { name: "Remove liquidity" }), /^Remove liquidity from /);
    expect((await game.liquidityShares(id, rich))[Number(lp.pool)]).to.equal(0n);

    await tab(richPage, "Charts");
    await richPage.locator(".pool-chart").first().waitFor();

    // The other player waits on the rich one's turn, then (its deadline passed) moves the game on from the page.
    g = await readGame(game, id);
    await mine(otherPage, g.deadline - (await provider.getBlockNumber()) + 1);
    const advance = otherPage.getByRole("button", { name: /^Advance: ends their turn/ });
    await advance.waitFor();
    await expectHonestControls(otherPage, stack, g.players[1 - g.seat].address);
    await clickAndMine(otherPage, advance, /^Advance the game/);
    const timedOut = await game.queryFilter(game.filters.TurnTimedOut(id, rich));
    expect(timedOut.map((e) => e.args.rolled)).to.deep.equal([false]);
    expect((await readGame(game, id)).turn).to.equal(g.turn + 1);
    for (const p of players) expect(p.pageErrors, `page errors of ${p.address}`).to.deep.equal([]);
    expectNoLogReads(players);
    await Promise.all(players.map((p) => p.context.close()));
  });

  it("a whole game to a winner: one seat in the browser, the other played by the bots", async function () {
    const carol = await openPlayer(stack, 3, "#/catamm");
    const page = carol.page;
    const botSigner = await provider.getSigner(4);
    await page.getByRole("radio", { name: /defi/ }).check();
    await page.getByLabel("Pool depth (cards a side)").fill("1000");
    await page.getByLabel("Blocks per waiting state").fill("300");
    await clickAndMine(page, page.getByRole("button", { name: "Create the game" }), /^Create a CATAMM game/);
    await page.waitForFunction(() => /^#\/catamm\/\d+$/.test(window.location.hash));
    const id = BigInt((await page.evaluate(() => window.location.hash)).split("/")[2]);

    // The bots (scripts/catamm/bots.ts) take the other seat: they join the open game and play it to its end.
    const bots = playBotSeats(provider, game.connect(botSigner), id, [botSigner], { seed: 11n, pollMs: 100 });
    const failed = bots.then(
      () => null,
      (err: Error) => err,
    );
    await page.getByRole("button", { name: "Start the game" }).waitFor();
    // The start's value, and a 6 for the first roll: the bots may roll as soon as the draft ends, before the test
    // scripts their best number below, and a roll's gas estimate must see the same queue its transaction meets (a
    // scripted value costs a storage write more: an estimate made on an empty queue ran out of gas).
    await (await source.script([0x5eed5n, valueForRoll(6, 99n)])).wait();
    await clickAndMine(page, page.getByRole("button", { name: "Start the game" }), `Start game ${id}`);
    await serve(page);

    // Carol's draft picks, on highlighted spots.
    let g = await until(game, id, (x) => x.phase === Phase.Setup);
    while (g.phase === Phase.Setup) {
      if (g.players[g.seat].address.toLowerCase() === carol.address.toLowerCase()) {
        await page.locator(`.catamm-game[data-phase="${Phase.Setup}"][data-pick="${g.setupPick}"]`).waitFor();
        const spot = page.getByRole("button", { name: /^Draft a settlement on vertex \d+$/ }).first();
        const vertex = (await spot.getAttribute("aria-label"))!.split(" ").pop();
        await spot.click();
        const road = page.getByRole("button", { name: new RegExp(`\\(settlement on vertex ${vertex}\\)$`) }).first();
        await clickAndMine(page, road, `Draft: settlement on vertex ${vertex}, road`);
      }
      const pick = g.setupPick;
      g = await until(game, id, (x) => x.setupPick !== pick || x.phase !== Phase.Setup, 60_000);
    }
    // Every roll after the first is the bots' best number (no 7): a short game.
    const botSeat = g.players.findIndex((p) => p.address.toLowerCase() === botSigner.address.toLowerCase());
    const best = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12].reduce((x, y) =>
      yieldOf(g, botSeat, y) > yieldOf(g, botSeat, x) ? y : x,
    );
    await (await source.script(Array.from({ length: 120 }, (_, i) => valueForRoll(best, BigInt(i) + 100n)))).wait();

    // Carol plays her turns in the page (roll, serve, end) until someone wins.
    let turns = 0;
    for (;;) {
      g = await untilOrBotsFail(
        failed,
        game,
        id,
        (x) =>
          x.phase === Phase.Finished ||
          (x.players[x.seat].address.toLowerCase() === carol.address.toLowerCase() &&
            x.phase === Phase.BeforeRoll &&
            x.pending === 0),
        60_000,
      );
      if (g.phase === Phase.Finished) break;
      await page.locator(`.catamm-game[data-phase="${Phase.BeforeRoll}"][data-turn="${g.turn}"]`).waitFor();
      await clickAndMine(page, page.getByRole("button", { name: "Roll the dice" }), "Roll the dice");
      await serve(page);
      await page.locator(`.catamm-game[data-phase="${Phase.Main}"][data-pending="0"]`).waitFor();
      await clickAndMine(page, page.getByRole("button", { name: "End the turn" }), "End the turn");
      turns++;
    }
    expect(await failed).to.equal(null);
    const result = await bots;
    expect(g.winner).to.equal(result.winner);
    expect(result.winner.toLowerCase()).to.equal(botSigner.address.toLowerCase());
    await page.getByText(/won with \d+ points after \d+ turns/).waitFor();
    console.log(`      bots' seat won after ${g.turn} turns; Carol played ${turns} turns in the browser`);
    await clear(page);
    await screenshot(page, "catamm", "winner", true);
    await tab(page, "Charts");
    await page.locator(".chart-points").waitFor();
    await screenshot(page, "catamm", "charts", true);
    expect(carol.pageErrors).to.deep.equal([]);
    await carol.context.close();
  });
});

/** A picture of one panel (the swap form and its quote): reports/screenshots/<name>.png and docs/<docs>. */
async function panelShot(panel: Locator, name: string, docs: string): Promise<void> {
  await panel.scrollIntoViewIfNeeded();
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await panel.screenshot({ path: file });
  fs.copyFileSync(file, path.join(REPO, "docs", docs));
}

/** Opens one of the game's views by its tab. */
async function tab(page: Page, name: "Board" | "Markets" | "Charts"): Promise<void> {
  await page.getByRole("navigation", { name: "Game views" }).getByRole("link", { name }).click();
}

/** Clears the finished transactions from the panel (screenshots). */
async function clear(page: Page): Promise<void> {
  const button = page.getByRole("button", { name: "clear finished" });
  if (await button.isVisible()) await button.click();
}

function pipsOf(g: GameSnapshot, v: number): number {
  return vertexPips(g.board, v);
}
