/// <reference lib="dom" />
// The pages' lists read from the indexer, in headless Chromium on the shared stack (node, indexer, gateway): the Hex
// lobby pages through 60 games and finds one by id, by its creator's address and by state; an unknown id says
// "there is no game N" instead of an empty list; a new game shows on an open page without reloading it; with the
// indexer stopped the page says it is unreachable while moves (a new game through the form) still work; started
// again, the banner goes once it has caught up. Screenshots: reports/screenshots/indexer-<view>.png.
import { expect } from "chai";
import { Interface, ZeroAddress } from "ethers";
import { deployedAddress, openPlayer, rpc, screenshot, waitMined, webStack, type WebStack, POLL_MS } from "./harness";
import { waitUntil } from "../helpers/wait";

const HEX = new Interface([
  "function createGame(uint256,uint256,uint256,uint256,address,uint256,uint256,uint256) payable returns (uint256)",
  "function gameCount() view returns (uint256)",
]);
const STAKE = 10n ** 15n;

/** Creates `n` games from development account `from` (one transaction each); returns the last id once all are mined. */
async function createGames(stack: WebStack, from: string, n: number): Promise<number> {
  const to = deployedAddress(stack, "ForkingHex");
  let hash = "";
  for (let i = 0; i < n; i++) {
    const data = HEX.encodeFunctionData("createGame", [5, 20, 40, STAKE, ZeroAddress, 0, 12, 10_000]);
    hash = await rpc(stack.node.url, "eth_sendTransaction", [{ from, to, data, value: "0x" + STAKE.toString(16) }]);
  }
  // anvil answers a transaction before it mines it (Hardhat's node after): the last one's receipt, then the count.
  await waitUntil(
    `the receipt of ${hash}`,
    () => rpc(stack.node.url, "eth_getTransactionReceipt", [hash]),
    (r) => r !== null,
  );
  const count = await rpc<string>(stack.node.url, "eth_call", [{ to, data: HEX.encodeFunctionData("gameCount") }]);
  return Number(BigInt(count));
}

describe("web: lists from the indexer, search, paging, not found, the indexer's banner (e2e)", function () {
  this.timeout(600_000);
  let stack: WebStack;

  before(async function () {
    stack = await webStack();
  });

  it("pages and searches the Hex lobby, says 'there is no game N', and shows a new game live", async function () {
    // Accounts no other browser test uses, so that the counts below are this test's.
    const accounts = await rpc<string[]>(stack.node.url, "eth_accounts");
    const [creator, other] = [accounts[18], accounts[19]];
    await createGames(stack, other, 5);
    const last = await createGames(stack, creator, 55);
    const viewer = await openPlayer(stack, 3, "#/hex");
    const page = viewer.page;
    const rows = page.locator("table.games tbody tr[data-game]");
    await page.locator(`tr[data-game="${last}"]`).waitFor();
    expect(await rows.count()).to.equal(50);
    await page
      .getByTestId("list-page")
      .filter({ hasText: `of ${Math.ceil(last / 50)}` })
      .waitFor();
    expect(await page.getByTestId("list-page").textContent()).to.contain(`${last} games`);

    // Older: the next page starts where the first ended.
    await page.getByRole("button", { name: "Older" }).click();
    await page.locator(`tr[data-game="${last - 50}"]`).waitFor();
    await page.getByRole("button", { name: "Newer" }).click();
    await page.locator(`tr[data-game="${last}"]`).waitFor();

    // By id, by the creator's address (the other account's five games), by state.
    const search = page.getByLabel("Search games");
    await search.fill(String(last - 3));
    await page.waitForFunction(
      (id) => {
        const r = document.querySelectorAll("table.games tbody tr[data-game]");
        return r.length === 1 && r[0].getAttribute("data-game") === String(id);
      },
      last - 3,
      { polling: POLL_MS },
    );
    await search.fill(other);
    await page.getByTestId("list-page").filter({ hasText: "5 games" }).waitFor();
    expect(await rows.count()).to.equal(5);
    await page.getByLabel("State").selectOption("cancelled");
    await page.getByText("No game matches.").waitFor();
    await page.getByLabel("State").selectOption("waiting");
    await page.getByTestId("list-page").filter({ hasText: "5 games" }).waitFor();
    await page.getByLabel("State").selectOption("all");

    // An unknown id: "not found" in words, not an empty page.
    await search.fill(String(last + 1000));
    await page.getByText(`There is no game ${last + 1000}.`).waitFor();
    await screenshot(page, "indexer", "not-found");

    // Live: a game created elsewhere appears on the open page.
    await search.fill("");
    await page.locator(`tr[data-game="${last}"]`).waitFor();
    const created = Date.now();
    const next = await createGames(stack, other, 1);
    await page.locator(`tr[data-game="${next}"]`).waitFor();
    console.log(`      a new game showed on the open lobby ${Date.now() - created} ms after its transaction`);
    expect(viewer.pageErrors).to.deep.equal([]);
    await viewer.context.close();
  });

  it("says the indexer is unreachable while moves still work, and goes quiet once it is back", async function () {
    const alice = await openPlayer(stack, 1, "#/hex");
    const page = alice.page;
    await page.locator("tr[data-game]").first().waitFor();
    expect(await page.getByTestId("indexer-banner").count()).to.equal(0);
    await stack.stopIndexer();
    try {
      await page.getByTestId("indexer-banner").filter({ hasText: "Indexer unreachable — moves still work" }).waitFor();
      await screenshot(page, "indexer", "unreachable");
      // A move: create a game through the form; the node takes it, the page goes to the new game's board.
      await page.getByRole("button", { name: "Create the game" }).click();
      await waitMined(page, /^Create a 11×11 game/);
      await page.waitForFunction(() => /^#\/hex\/\d+/.test(window.location.hash));
      await page.locator("svg.board").waitFor();
    } finally {
      await stack.startIndexerAgain();
    }
    // Back (a fresh indexer catches up from the deployment block): the banner goes, the lobby lists the new game.
    await page.goto(`${stack.appUrl}#/hex`);
    await page.getByTestId("indexer-banner").waitFor({ state: "detached", timeout: 120_000 });
    const count = await rpc<string>(stack.node.url, "eth_call", [
      { to: deployedAddress(stack, "ForkingHex"), data: HEX.encodeFunctionData("gameCount") },
    ]);
    await page.locator(`tr[data-game="${Number(BigInt(count))}"]`).waitFor();
    // (Errors logged while the indexer was away are the expected failed reads.)
    await alice.context.close();
  });
});
