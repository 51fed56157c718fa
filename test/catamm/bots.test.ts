import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { Rng } from "../../client/rng";
import { planTrades } from "../../client/catamm/planning";
import { playBotGame, playBotSeats } from "../../scripts/catamm/bots";
import { deployCatamm } from "../../scripts/catamm/deploy";
import { OPEN_BLOCKS, Phase, readGame } from "../../client/catamm/game";
import { ONE_CARD, POOL_PAIRS, getAmountOut, poolOf, type PoolView } from "../../client/catamm/market";

/** The game on the seeded source, as `npm run catamm -- --seed 7` deploys it. */
async function deployed() {
  const source = await ethers.deployContract("SeededRandomness", [7n]);
  const { game } = await deployCatamm(hre, await source.getAddress());
  return { game, signers: await ethers.getSigners() };
}

/** Ten pools at `depth` cards, pool `missing` inactive. */
function pools(depth: bigint, missing: number): PoolView[] {
  return POOL_PAIRS.map(([a, b], pool) => ({
    pool,
    resource0: a,
    resource1: b,
    port: pool === missing ? 15 : pool > missing ? pool - 1 : pool,
    active: pool !== missing,
    reserve0: depth * ONE_CARD,
    reserve1: depth * ONE_CARD,
    price0: ONE_CARD,
    price1: ONE_CARD,
    totalShares: depth * ONE_CARD,
    bankShares: depth * ONE_CARD,
    lastTradeBlock: 0n,
  }));
}

describe("CATAMM bots", function () {
  // [no-coverage]: a whole game is a test of the bots, and takes minutes on instrumented contracts.
  it("play a whole seeded 4-player game to a winner [no-coverage]", async function () {
    const { game, signers } = await loadFixture(deployed);
    const result = await playBotGame(hre, game, signers.slice(0, 4), { players: 4, seed: 7n });
    const g = await readGame(game, result.gameId);
    expect(g.phase).to.equal(Phase.Finished);
    expect(g.winner).to.equal(result.winner);
    const winner = result.points[result.winnerSeat];
    expect(winner.public + winner.hidden).to.be.gte(10);
    for (const [seat, p] of result.points.entries()) {
      if (seat !== result.winnerSeat) expect(p.public + p.hidden, `seat ${seat}`).to.be.lessThan(10);
    }
    expect(result.trades).to.be.greaterThan(0);
    expect(result.turns).to.be.greaterThan(8);
    console.log(
      `      (seed 7: P${result.winnerSeat + 1} won after ${result.turns} turns, ${result.txs} transactions)`,
    );
  });

  it("replay a seed exactly", async function () {
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const { game, signers } = await loadFixture(deployed);
      runs.push(await playBotGame(hre, game, signers.slice(0, 2), { players: 2, seed: 3n, stopAtTurn: 10 }));
    }
    expect(runs[0].gas).to.equal(runs[1].gas);
    expect(runs[0].points).to.deep.equal(runs[1].points);
    expect(runs[0].pools).to.deep.equal(runs[1].pools);
  });

  it("share a game: join an open game, play their seat, and move an absent player on after its deadlines [no-coverage]", async function () {
    const { game, signers } = await loadFixture(deployed);
    const [absent, bot] = signers;
    await (await game.connect(absent).createGame(100, 1, 5, OPEN_BLOCKS)).wait();
    const id = await game.gameCount();
    const run = playBotSeats(ethers.provider, game, id, [bot], { seed: 5n, pollMs: 5 });
    while ((await game.gameInfo(id)).playerCount < 2n) await new Promise((r) => setTimeout(r, 10));
    await (await game.connect(absent).startGame(id)).wait();
    // The creator then stays away: only time passes (a block every few milliseconds).
    let ticking = true;
    const clock = (async () => {
      while (ticking) {
        await mine(1);
        await new Promise((r) => setTimeout(r, 3));
      }
    })();
    const result = await run.finally(() => (ticking = false));
    await clock;
    expect(result.winner).to.equal(bot.address);
    const g = await readGame(game, id);
    expect(g.phase).to.equal(Phase.Finished);
    // The absent player's picks were placed and its turns rolled and ended by the bot's `advance`.
    const auto = await game.queryFilter(game.filters.InitialPlacement(id, absent.address));
    expect(auto.map((e) => e.args.automatic)).to.deep.equal([true, true]);
    const timedOut = await game.queryFilter(game.filters.TurnTimedOut(id, absent.address));
    expect(timedOut.length).to.be.greaterThan(3);
    expect(result.tradesBySeat[g.players.findIndex((p) => p.address === absent.address)]).to.equal(0);
  });

  it("refuse an impossible table", async function () {
    const { game, signers } = await loadFixture(deployed);
    const failure = await playBotGame(hre, game, signers.slice(0, 5), { players: 5, seed: 1n }).catch((e: Error) => e);
    expect(String(failure)).to.contain("--players must be an integer from 2 to 4 (got 5)");
  });

  describe("planTrades", function () {
    const fees = { feeBps: 1000n, portFeeBps: 0n };

    it("buys exactly what is missing from the surplus, through active pools", function () {
      const p = pools(100n, poolOf(0, 1).pool); // Wood-Brick missing
      // Holds 3 Sheep and 1 Wheat, wants a road (1 Wood, 1 Brick).
      const plan = planTrades([0n, 0n, 3n * ONE_CARD, 0n, ONE_CARD], [1, 1, 0, 0, 0], p, 0n, fees)!;
      expect(plan).to.not.equal(null);
      const bal = [0n, 0n, 3n * ONE_CARD, 0n, ONE_CARD];
      for (const s of plan) {
        expect(p[poolOf(s.from, s.to).pool].active).to.equal(true);
        expect(s.amountIn <= bal[s.from]).to.equal(true);
        bal[s.from] -= s.amountIn;
        bal[s.to] += s.minOut;
      }
      expect(bal[0] >= ONE_CARD && bal[1] >= ONE_CARD).to.equal(true);
    });

    it("returns null when the surplus cannot pay", function () {
      expect(planTrades([0n, 0n, ONE_CARD, 0n, 0n], [1, 1, 0, 0, 0], pools(100n, 9), 0n, fees)).to.equal(null);
    });

    it("needs no trade when the cost is covered, and prices a port owner's trade without fee", function () {
      expect(planTrades([ONE_CARD, ONE_CARD, 0n, 0n, 0n], [1, 1, 0, 0, 0], pools(100n, 9), 0n, fees)).to.deep.equal([]);
      const p = pools(10n, 9);
      const { pool } = poolOf(2, 0);
      const plan = planTrades(
        [0n, ONE_CARD, 5n * ONE_CARD, 0n, 0n],
        [1, 1, 0, 0, 0],
        p,
        1n << BigInt(p[pool].port),
        fees,
      )!;
      const [swap] = plan;
      expect(swap.minOut).to.equal(getAmountOut(swap.amountIn, p[pool].reserve1, p[pool].reserve0, 0n).amountOut);
    });
  });

  it("draw from a seeded generator in [0, 1)", function () {
    const rng = new Rng(5n);
    const xs = Array.from({ length: 1000 }, () => rng.next());
    expect(xs.every((x) => x >= 0 && x < 1)).to.equal(true);
    expect(xs.reduce((a, b) => a + b, 0) / 1000).to.be.within(0.45, 0.55);
    expect(new Rng(5n).next()).to.equal(xs[0]);
  });
});
