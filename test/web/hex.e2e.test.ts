/// <reference lib="dom" />
// Forking Hex played in headless Chromium through the pages only, by three development accounts in browser contexts
// of their own: create, reply, forks (one by keyboard), a refused move on a closed position, a proven win (move and
// claim) and a found-and-proven one, timers run out, settlement in batches, withdrawals; then the on-chain credits
// and balances checked from a script. Screenshots: reports/screenshots/hex-<view>.png.
import { expect } from "chai";
import { parseEther, ZeroAddress } from "ethers";
import type { Page } from "playwright-core";
import { ForkingHex__factory } from "../../typechain-types/factories/contracts/hex/ForkingHex__factory";
import { MockERC20__factory } from "../../typechain-types/factories/contracts/mocks/MockERC20__factory";
import { HexPlayersHarness__factory } from "../../typechain-types/factories/contracts/mocks/HexPlayersHarness__factory";
import { randomTree } from "../../scripts/hex/random-tree";
import { rpcError, type RpcRequest } from "../../scripts/web/rpc-policy";
import {
  ahead,
  deployedAddress,
  expectHonestControls,
  expectNothingCovered,
  expectPlainWords,
  mine,
  newContext,
  expectNoLogReads,
  openPlayer,
  screenshot,
  waitMined,
  webStack,
  type Player,
  type WebStack,
  POLL_MS,
} from "./harness";
import { TestProvider } from "../helpers/provider";

const STAKE = parseEther("0.01");

/** The position id in the page's hash (`#/hex/<game>/<position>`). */
async function positionInHash(page: Page): Promise<number> {
  const hash = await page.evaluate(() => window.location.hash);
  const m = hash.match(/^#\/hex\/\d+\/(\d+)$/);
  if (!m) throw new Error(`unexpected route ${hash}`);
  return Number(m[1]);
}

/** Selects a position by clicking its row in the fork tree, and waits for its board. */
async function select(page: Page, id: number): Promise<void> {
  await page.locator(`.treerow[data-position="${id}"]`).click();
  await page.waitForFunction((want) => window.location.hash.endsWith(`/${want}`), id);
  await page.getByRole("heading", { name: new RegExp(`^Position #${id}\\b`) }).waitFor();
}

/** Plays `cell` on position `parent` by clicking the board; returns the new position's id. */
async function play(player: Player, parent: number, cell: string): Promise<number> {
  const { page } = player;
  await select(page, parent);
  await page.locator(`svg.board [data-name="${cell}"]`).click();
  await waitMined(page, new RegExp(` ${cell} on #${parent}\\b`));
  await page.waitForFunction((old) => !window.location.hash.endsWith(`/${old}`), parent);
  return positionInHash(page);
}

// Built from a script as soon as the node is up (while the other test files run): the bench's seeded random tree
// (same seed and size as hex.payoutView.2000) through the batching player harness.
const bigTree = ahead(async (stack) => {
  const provider = new TestProvider(stack.node.url, 31337, { staticNetwork: true, batchMaxCount: 1 });
  try {
    const deployer = await provider.getSigner(0);
    const players = await new HexPlayersHarness__factory(deployer).deploy(10);
    await (await players.fund({ value: parseEther("30") })).wait();
    const built = Date.now();
    const hex = ForkingHex__factory.connect(deployedAddress(stack, "ForkingHex"), deployer);
    // The bench's tree, 25 of its blocks per transaction (20 transactions), with reply windows on chain long enough
    // for the blocks the other tests mine on this node meanwhile.
    const gameId = await randomTree(hex, players, 2000, 2000, 25, { red: 2000, blue: 4000 });
    return { gameId, buildMs: Date.now() - built };
  } finally {
    provider.destroy();
  }
});

describe("web: Forking Hex in the browser (e2e)", function () {
  let stack: WebStack;
  let alice: Player;
  let bob: Player;
  let carol: Player;
  let gameId: bigint;
  let started = 0;

  before(async function () {
    started = Date.now();
    stack = await webStack();
    [alice, bob, carol] = await Promise.all([1, 2, 3].map((i) => openPlayer(stack, i, "#/hex")));
  });

  afterEach(async function () {
    if (this.currentTest?.state !== "failed") return;
    for (const [name, p] of [
      ["alice", alice],
      ["bob", bob],
      ["carol", carol],
    ] as const) {
      if (!p) continue;
      const shot = await screenshot(p.page, "hex", `failure-${name}`);
      console.log(`      ${name} at ${p.page.url()}: ${shot}; errors: ${p.pageErrors.join(" | ") || "none"}`);
      console.log((await p.page.content()).slice(0, 600));
    }
  });

  after(async function () {
    console.log(
      `      e2e wall time of this file (the stack's start included): ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // Left open, their pages would redraw and read at every block of the test files that follow.
    for (const p of [alice, bob, carol]) await p?.context.close();
  });

  it("plays a whole game through the pages and the chain agrees", async function () {
    const provider = new TestProvider(stack.node.url, 31337, { staticNetwork: true, batchMaxCount: 1 });
    const hex = ForkingHex__factory.connect(deployedAddress(stack, "ForkingHex"), provider);
    const firstBlock = await provider.getBlockNumber();
    const balancesBefore = await Promise.all([alice, bob, carol].map((p) => provider.getBalance(p.address)));

    // Alice creates a 5×5 game from the lobby form: Red opens c3 (position 1).
    const a = alice.page;
    await a.getByLabel("Board side").fill("5");
    await a.getByLabel("Red's blocks per move").fill("10");
    await a.getByLabel("Blue's blocks per move").fill("20");
    await a.getByLabel(/^Stake per move/).fill("0.01");
    await a.getByLabel("Red's first cell").fill("c3");
    await a.getByRole("button", { name: "Create the game" }).click();
    await waitMined(a, "Create a 5×5 game, Red opens c3");
    await a.waitForFunction(() => /^#\/hex\/\d+$/.test(window.location.hash));
    gameId = BigInt((await a.evaluate(() => window.location.hash)).split("/")[2]);
    await a.getByText("waiting for Blue's reply to position 1").waitFor();

    // Bob sees it in his lobby without a reload and replies (Blue b3 → position 2).
    await bob.page.locator(`tr[data-game="${gameId}"] a`).click();
    expect(await play(bob, 1, "b3")).to.equal(2);
    // Alice's page shows Bob's move on its own.
    await a.locator('.treerow[data-position="2"]').waitFor();

    expect(await play(alice, 2, "c2")).to.equal(3);
    // Carol forks position 2 with the keyboard: the board is one tab stop (focus starts on c3), → to d3, Enter.
    await carol.page.goto(`${stack.appUrl}#/hex/${gameId}/2`);
    await carol.page.getByRole("heading", { name: /^Position #2\b/ }).waitFor();
    // The board takes moves once the contract has said it would accept one here.
    await carol.page.locator('svg.board [data-name="d3"]:not([aria-disabled="true"])').waitFor();
    await carol.page.locator('svg.board [tabindex="0"]').focus();
    await carol.page.keyboard.press("ArrowRight");
    expect(await carol.page.evaluate(() => document.activeElement?.getAttribute("data-name"))).to.equal("d3");
    await carol.page.keyboard.press("Enter");
    await waitMined(carol.page, / d3 on #2\b/);
    await carol.page.waitForFunction(() => window.location.hash.endsWith("/4"));

    expect(await play(bob, 3, "b4")).to.equal(5);
    expect(await play(alice, 5, "c1")).to.equal(6);
    expect(await play(bob, 6, "b5")).to.equal(7);
    expect(await play(carol, 7, "c4")).to.equal(8);
    expect(await play(bob, 8, "a5")).to.equal(9);
    await screenshot(a, "hex", "game");

    // A stale board takes no click: Alice shows position 8 (open, Blue to move), then navigates to 9 and clicks the
    // old board's e1 before the page has redrawn; the click must not move on 8 (nor anywhere).
    await select(a, 8);
    await a.locator('svg.board [data-name="e1"]:not([aria-disabled="true"])').waitFor();
    await a.evaluate((game) => {
      const cell = document.querySelector('svg.board [data-name="e1"]')!;
      window.location.hash = `#/hex/${game}/9`;
      cell.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }, gameId.toString());
    await a.getByRole("heading", { name: /^Position #9\b/ }).waitFor();
    expect(await a.locator(".tx-label", { hasText: / on #8$/ }).count(), "a move sent from the stale board").to.equal(
      0,
    );

    // Alice connects c1–c5 and claims the win in the same transaction (#10); Carol plays the same cell as a fork
    // without the claim (#11), then finds and proves its path with the page's button.
    expect(await play(alice, 9, "c5")).to.equal(10);
    await a.getByText("Proven winning: no more moves on it.").waitFor();
    await a.locator('.treerow[data-position="9"]').waitFor(); // (the tree has caught up with every move)
    await screenshot(a, "hex", "proven", false, "web-hex.png");

    // Messages: on position 9 (open), a transaction the node refuses at sending time (its request fails here) shows
    // in the transactions panel and as a message; neither covers any control, and the message goes away by itself.
    await select(a, 9);
    await a.locator('svg.board [data-name="e1"]:not([aria-disabled="true"])').waitFor();
    // (The pages reach the node through the gateway's /rpc.)
    await a.route(`${stack.appUrl}rpc`, async (route) => {
      const body = route.request().postData() ?? "";
      if (!body.includes("eth_sendTransaction")) return route.fallback();
      // The page's provider batches calls made within a few milliseconds: the send may come with others, which the
      // node answers as usual (without the send), each under its own id.
      const parsed = JSON.parse(body) as RpcRequest | RpcRequest[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      const isSend = (c: RpcRequest) => c.method === "eth_sendTransaction";
      const others = calls.filter((c) => !isSend(c));
      const answered = others.length
        ? ((await (await route.fetch({ postData: JSON.stringify(others) })).json()) as { id: RpcRequest["id"] }[])
        : [];
      const byId = new Map(answered.map((r) => [r.id, r]));
      const out = calls.map((c) => (isSend(c) ? rpcError(c.id, -32000, "transaction underpriced") : byId.get(c.id)));
      await route.fulfill({
        contentType: "application/json",
        body: JSON.stringify(Array.isArray(parsed) ? out : out[0]),
      });
    });
    try {
      await a.locator('svg.board [data-name="e1"]').click();
      await a.locator(".toast-error").getByText("the node refused the request: transaction underpriced").waitFor();
      await a.locator('.tx[data-status="failed"]').first().waitFor();
    } finally {
      await a.unroute(`${stack.appUrl}rpc`);
    }
    expect(await expectNothingCovered(a)).to.be.above(10);
    await screenshot(a, "hex", "message");
    const messageShown = Date.now();

    // Carol's fork of #9 on c5 without the claim (#11), then the page's Find and prove.
    const c = carol.page;
    await select(c, 9);
    await c.getByLabel("When my move connects, claim the win in the same transaction").uncheck();
    await c.locator('svg.board [data-name="c5"]').click();
    await waitMined(c, /^Red c5 on #9$/);
    await c.waitForFunction(() => window.location.hash.endsWith("/11"));
    await c.getByRole("button", { name: "Find and prove the winning path" }).click();
    await waitMined(c, "Prove #11 winning for Red");
    await c.getByText("Proven winning: no more moves on it.").waitFor();

    // Nobody answers Carol's fork #4: once its window has passed, the contract refuses moves there, so Bob's board
    // takes no click and says why (the contract's sentence); no enabled control on the page is one it would refuse.
    const b = bob.page;
    await select(b, 4);
    const info = (await b.getByTestId("position-info").textContent()) ?? "";
    // (Still open unless the blocks of the moves above already ran its window out on a slow machine.)
    const open = info.match(/until block ([\d,]+)/);
    if (open) {
      const now = Number(((await b.getByTestId("block-number").textContent()) ?? "").replace(/\D/g, ""));
      await mine(b, Number(open[1].replace(/,/g, "")) - now + 1);
    }
    await b.getByText(/Closed since block/).waitFor();
    const refusal = b.getByTestId("move-refusal");
    await refusal.getByText(/closed/i).waitFor();
    expect(await refusal.textContent()).to.match(/#?4\b/);
    expect(await refusal.textContent()).not.to.match(/0x[0-9a-f]{8}/i); // no raw selector
    expect(await b.locator('svg.board [role="button"]:not([aria-disabled="true"])').count()).to.equal(0);
    await expectHonestControls(b, stack, bob.address);
    await expectPlainWords(b);
    await screenshot(b, "hex", "refused");

    // A dropped connection to the node: the block bar says so, and the page recovers by itself when it is back.
    // (The page hears of blocks from the gateway's clock, /heads: a page whose stream cannot connect says so.)
    await c.context().route(`${stack.appUrl}heads`, (route) => route.abort("connectionrefused"));
    await c.reload();
    await c.getByText(/the app's server is not answering/).waitFor();
    await c.context().unroute(`${stack.appUrl}heads`);
    await c.getByText("Connection to the node is back.").waitFor();
    // The browser logs each failed request of the outage; those are the point of this step.
    const refused = (e: string) => /ERR_(CONNECTION_REFUSED|INTERNET_DISCONNECTED)/.test(e);
    carol.pageErrors.splice(0, carol.pageErrors.length, ...carol.pageErrors.filter((e) => !refused(e)));
    await c.getByTestId("block-number").waitFor();

    // The message dismissed itself (errors stay 9 s; the transactions panel keeps the failure).
    await a.waitForFunction(() => document.querySelectorAll(".toast").length === 0, undefined, {
      timeout: Math.max(1000, 20_000 - (Date.now() - messageShown)),
      polling: POLL_MS,
    });
    await a.locator('.tx[data-status="failed"]').first().waitFor({ state: "attached" });

    // Timers run out (mined through the page), then anyone settles in batches of 3 with the progress bar.
    const end = Number((await hex.game(gameId)).endBlock);
    const at = await provider.getBlockNumber();
    await mine(c, end - at + 1);
    await c.getByTestId("game-status").getByText("ended: waiting for settlement").waitFor();
    await c.getByLabel("Positions per transaction").fill("3");
    await c.getByRole("button", { name: "Settle" }).click();
    await c.getByTestId("game-status").getByText("settled: payouts credited").waitFor({ timeout: 60_000 });
    await c.getByText("settled: every payout is credited").waitFor();

    // Payouts in the page equal the contract's, for every player.
    const players = [alice, bob, carol];
    const payouts = await Promise.all(players.map((p) => hex.payoutOf(gameId, p.address)));
    await c.locator("table.payouts").waitFor();
    for (let i = 0; i < players.length; i++) {
      const row = c.locator(`tr[data-player="${players[i].address.toLowerCase()}"] td.total`);
      const shown = ((await row.textContent()) ?? "").replace(/[≈ ETH,]/g, "");
      expect(parseEther(shown)).to.be.closeTo(payouts[i].total, 10n ** 12n);
    }
    await c.locator("details.losses[open]").waitFor(); // open by default for a small game
    await screenshot(c, "hex", "settled", true);
    await expectHonestControls(c, stack, carol.address);
    await expectPlainWords(c);

    // Everyone with a credit withdraws through the page; Bob lost every move, and has nothing to withdraw.
    expect(payouts[1].total).to.equal(0n);
    for (let i = 0; i < players.length; i++) {
      const button = players[i].page.getByRole("button", { name: "Withdraw" });
      if (payouts[i].total === 0n) {
        expect(await button.isDisabled()).to.equal(true);
        continue;
      }
      await players[i].page
        .getByTestId("credit")
        .getByText(/^≈?0\.0[1-9]/)
        .waitFor();
      await button.click();
      await waitMined(players[i].page, /^Withdraw/);
    }

    // On chain: nothing left credited; deposits = payouts + fund; each balance moved by payout − deposits − gas.
    const lastBlock = await provider.getBlockNumber();
    const gasBy = new Map<string, bigint>();
    for (let n = firstBlock + 1; n <= lastBlock; n++) {
      const block = await provider.getBlock(n, true);
      for (const tx of block!.prefetchedTransactions) {
        const receipt = await provider.getTransactionReceipt(tx.hash);
        const from = tx.from.toLowerCase();
        gasBy.set(from, (gasBy.get(from) ?? 0n) + receipt!.gasUsed * receipt!.gasPrice);
      }
    }
    const fundEvents = await hex.queryFilter(hex.filters.SettlementProgressed(gameId), firstBlock);
    const fund = fundEvents.reduce((s, e) => s + e.args.fundAmount, 0n);
    const g = await hex.game(gameId);
    expect(g.settlePhase).to.equal(3n);
    const deposits = payouts.reduce((s, p) => s + p.deposited, 0n);
    expect(deposits).to.equal(g.positionCount * STAKE);
    expect(payouts.reduce((s, p) => s + p.total, 0n) + fund).to.equal(deposits);
    for (let i = 0; i < players.length; i++) {
      expect(await hex.credits(ZeroAddress, players[i].address)).to.equal(0n);
      const after = await provider.getBalance(players[i].address);
      const gas = gasBy.get(players[i].address.toLowerCase()) ?? 0n;
      expect(after - balancesBefore[i]).to.equal(payouts[i].total - payouts[i].deposited - gas);
    }
    // Bob's a5 (#9) lost to the two proven wins: he forfeited, and Red's players above got the shares.
    expect(payouts[1].forfeited > 0n).to.equal(true);
    expect(payouts[0].rewards > 0n).to.equal(true);

    // The lobby shows the game settled.
    await a.goto(`${stack.appUrl}#/hex`);
    await a.locator(`tr[data-game="${gameId}"] td.st-settled`).waitFor();
    await screenshot(a, "hex", "lobby");

    for (const p of players) expect(p.pageErrors, `page errors of ${p.address}`).to.deep.equal([]);
    expectNoLogReads(players);
    provider.destroy();
  });

  it("stays usable on the bench's 2,000-position tree", async function () {
    const { gameId: bigGame, buildMs } = await bigTree;
    console.log(`      2,000-position tree built on the node in ${(buildMs / 1000).toFixed(1)} s (beside other tests)`);

    // First render: from opening the game's URL to its tree rows and board on screen.
    const viewer = await openPlayer(stack, 4, "#/");
    const page = viewer.page;
    const t0 = Date.now();
    await page.goto(`${stack.appUrl}#/hex/${bigGame}`);
    await page.locator(".treerow").first().waitFor({ timeout: 60_000 });
    await page.locator("svg.board").waitFor();
    const firstRender = Date.now() - t0;
    await page.waitForFunction(() => (window as { __hexFirstRender?: unknown }).__hexFirstRender !== undefined);
    const inPage = await page.evaluate(
      () =>
        (window as unknown as { __hexFirstRender: { positions: number; loadMs: number; renderMs: number } })
          .__hexFirstRender,
    );
    expect(inPage.positions).to.equal(2000);
    // Only a window of the tree is in the page, not 2,000 rows.
    expect(await page.locator(".treerow").count()).to.be.below(80);
    console.log(
      `      first render of the 2,000-position tree: ${firstRender} ms from navigation ` +
        `(events + view ${inPage.loadMs} ms, first paint after data ${inPage.renderMs} ms)`,
    );

    // Navigation works on the big tree: keyboard through it, jump to the end, fold everything and unfold. Each step
    // waits for what it should show; its time is printed, not asserted (speed is bench:web's: reports/web.json).
    const timed = async (what: string, action: () => Promise<void>) => {
      const t = Date.now();
      await action();
      console.log(`      ${what}: ${Date.now() - t} ms`);
    };
    const tree = page.getByRole("tree", { name: "Fork tree" });
    await timed("Home in the tree (to position #1)", async () => {
      await tree.focus();
      await page.keyboard.press("Home");
      await page.getByRole("heading", { name: /^Position #1\b/ }).waitFor();
    });
    await timed("ten ↓ presses", async () => {
      for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowDown");
      await page.waitForFunction(() => !window.location.hash.endsWith("/1"));
    });
    await timed("End (the last row of 2,000)", async () => {
      await page.keyboard.press("End");
      await page.locator(".treerow.selected").waitFor();
    });
    await timed("collapse all, then expand all", async () => {
      await page.getByRole("button", { name: "collapse all" }).click();
      await page.getByRole("button", { name: "expand all" }).click();
      await page.locator(".treerow.selected").waitFor();
    });
    await screenshot(page, "hex", "bigtree");
    expect(viewer.pageErrors).to.deep.equal([]);
    await viewer.context.close();
  });

  it("creates a game with an ERC-20 stake: the approval, then the game, then a reply", async function () {
    // A token minted to two development accounts from a script; everything else through the page.
    const provider = new TestProvider(stack.node.url, 31337, { staticNetwork: true, batchMaxCount: 1 });
    const deployer = await provider.getSigner(0);
    const token = await new MockERC20__factory(deployer).deploy("Test Token", "TST");
    for (const p of [alice, bob]) await (await token.mint(p.address, parseEther("5"))).wait();
    const tokenAddress = await token.getAddress();

    const a = alice.page;
    await a.goto(`${stack.appUrl}#/hex`);
    await a.getByLabel("Board side").fill("4");
    await a.getByLabel("an ERC-20 token").check();
    await a.getByLabel("Token address").fill(tokenAddress);
    await a.getByText("TST, 18 decimals").waitFor();
    await a.getByLabel(/^Stake per move \(TST\)/).fill("0.5");
    await a.getByLabel("Red's first cell").fill("b2");
    await a.getByRole("button", { name: "Approve (if needed) and create" }).click();
    await waitMined(a, "Approve the game to take 0.5 TST");
    await waitMined(a, "Create a 4×4 game, Red opens b2");
    await a.waitForFunction(() => /^#\/hex\/\d+$/.test(window.location.hash));
    const tokenGame = BigInt((await a.evaluate(() => window.location.hash)).split("/")[2]);
    await a.getByText("stake 0.5 TST per move").waitFor();

    await bob.page.goto(`${stack.appUrl}#/hex/${tokenGame}/1`);
    await bob.page.getByRole("heading", { name: /^Position #1\b/ }).waitFor();
    await bob.page.locator('svg.board [data-name="c3"]').click();
    await waitMined(bob.page, "Approve the game to take 0.5 TST");
    await waitMined(bob.page, "Blue c3 on #1");

    const hex = ForkingHex__factory.connect(deployedAddress(stack, "ForkingHex"), provider);
    expect((await hex.game(tokenGame)).positionCount).to.equal(2n);
    expect(await token.balanceOf(deployedAddress(stack, "ForkingHex"))).to.equal(parseEther("1"));
    expect(await token.balanceOf(alice.address)).to.equal(parseEther("4.5"));
    provider.destroy();
  });

  it("connects an EIP-6963 wallet: a refused request, the wrong network, the switch", async function () {
    // A stand-in wallet announced by EIP-6963: it starts on chain 1, refuses the first connection request, switches
    // chains on request (announcing chainChanged), and passes everything else to the node, which signs for account #5.
    const context = await newContext(stack);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const account = (
      (await await fetch(stack.node.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_accounts", params: [] }),
      }).then((r) => r.json())) as { result: string[] }
    ).result[5];
    await page.addInitScript(
      ({ nodeUrl, account }) => {
        let chainId = "0x1";
        let connected = false;
        let refuseNext = true;
        const listeners: Record<string, ((...a: unknown[]) => void)[]> = {};
        const provider = {
          async request({ method, params }: { method: string; params?: unknown[] }) {
            if (method === "eth_requestAccounts") {
              if (refuseNext) {
                refuseNext = false;
                throw Object.assign(new Error("User rejected the request."), { code: 4001 });
              }
              connected = true;
              return [account];
            }
            if (method === "eth_accounts") return connected ? [account] : [];
            if (method === "eth_chainId") return chainId;
            if (method === "wallet_switchEthereumChain") {
              chainId = (params![0] as { chainId: string }).chainId;
              (listeners.chainChanged ?? []).forEach((f) => f(chainId));
              return null;
            }
            const res = await fetch(nodeUrl, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }),
            });
            const body = await res.json();
            if (body.error) throw Object.assign(new Error(body.error.message), body.error);
            return body.result;
          },
          on(event: string, f: (...a: unknown[]) => void) {
            (listeners[event] ??= []).push(f);
          },
          removeListener(event: string, f: (...a: unknown[]) => void) {
            listeners[event] = (listeners[event] ?? []).filter((g) => g !== f);
          },
        };
        const info = { uuid: "test-wallet", name: "Test Wallet", icon: "", rdns: "org.example.test" };
        const announce = () =>
          window.dispatchEvent(
            new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }),
          );
        window.addEventListener("eip6963:requestProvider", announce);
        announce();
      },
      { nodeUrl: stack.node.url, account },
    );
    await page.goto(`${stack.appUrl}#/hex`);
    try {
      await connectStandIn(page);
    } catch (err) {
      console.log(`      wallet page: ${await screenshot(page, "hex", "failure-wallet")}`);
      console.log(((await page.locator("main").textContent()) ?? "").slice(0, 400));
      throw err;
    }
    expect(await page.locator(".walletbar .addr").first().getAttribute("title")).to.equal(account);
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});

/** Through the wallet bar: a refused request, the wrong-network warning, the switch, and the lobby on the new chain. */
async function connectStandIn(page: Page): Promise<void> {
  const walletButton = page.getByRole("button", { name: "Test Wallet" });
  await walletButton.click();
  await page.getByText("you rejected the request in your wallet: nothing was sent").waitFor();
  await walletButton.click();
  await page.getByText(/Wrong network: the wallet is on chain 1;/).waitFor();
  await screenshot(page, "hex", "wrong-network");
  await page.getByRole("button", { name: /^Switch to / }).click();
  await page.getByText(/Wrong network/).waitFor({ state: "detached" });
  await page
    .getByText(/^(No game yet|Game \d+)/)
    .first()
    .waitFor();
  await page.waitForFunction(() => {
    const b = Array.from(document.querySelectorAll("button")).find((x) => x.textContent === "Create the game");
    return b !== undefined && !b.disabled;
  });
}
