import hre from "hardhat";
import { gasOf, type BenchModule } from "../lib/gas";
import { FeePreset, ONE_CARD, Resource, poolOf, portAssignment } from "../../client/catamm/market";
import { BOT_GAME, gameScenarios } from "./catamm-game";

const { ethers } = hre;

const SEED = 42n;

/** The market harness alone (no game checks), for comparison with the game's own entry points. */
async function harnessScenarios(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const [, alice, bob] = await ethers.getSigners();
  const harness = await ethers.deployContract("CatammMarketHarness");
  await harness.createGame(1000, FeePreset.Classic, SEED + 1n); // the first game pays for the counter
  out["catamm.harness.openMarkets"] = await gasOf(harness.createGame(1000, FeePreset.Classic, SEED));
  const game = 2n;
  for (const who of [alice, bob]) {
    for (let r = 0; r < 5; r++) await harness.issue(game, who.address, r, 20n * ONE_CARD);
  }
  const { poolOfPort } = portAssignment(SEED);
  const active = (a: number, b: number) => poolOfPort.includes(poolOf(a, b).pool);
  const cross = active(Resource.Wood, Resource.Ore) ? [Resource.Wood, Resource.Ore] : [Resource.Brick, Resource.Wheat];
  // Warm-up: earlier trades made the pools' words non-zero, as mid-game.
  await harness.connect(bob).swap(game, cross[0], cross[1], ONE_CARD, 0);
  await harness.connect(bob).swap(game, cross[1], cross[0], ONE_CARD, 0);
  out["catamm.harness.swap"] = await gasOf(harness.connect(alice).swap(game, cross[0], cross[1], 2n * ONE_CARD, 0));
  return out;
}

export const bench: BenchModule = {
  title: "CATAMM",
  goals: {
    "catamm.createGame": {
      text: "report: createGame + startGame + the start's resolution (board, markets, turn order: board generation included)",
    },
    "catamm.startGame.resolve": { text: "report (the start's resolution alone: board, ten pools, order, four seats)" },
    "catamm.rollAndProduce": {
      text: "≤ 150,000 (issue 35): rollDice + its resolution, a scripted roll whose hex holds a city and a settlement of different players, 4 players mid-game",
      max: 150_000,
    },
    "catamm.buildRoad": { text: "≤ 75,000 (issue 35): mid-game, longest road recomputed", max: 75_000 },
    "catamm.buildSettlement": { text: "≤ 75,000 (issue 35): mid-game, cut roads checked", max: 75_000 },
    "catamm.buildCity": { text: "report" },
    "catamm.buyDevCard": { text: "report (payment and the draw's request)" },
    "catamm.buyDevCard.draw": { text: "report (the draw's resolution, by advance)" },
    "catamm.playKnight": { text: "report (army count; the ghost ship awaited)" },
    "catamm.flipPort": {
      text: "report (the ghost ship's port flip, then the steal from the pool that left: two transactions)",
    },
    "catamm.endTurn": { text: "report" },
    "catamm.longestRoadUpdate": {
      text: "report: worst case, the 15th road of the costliest 15-road network found (an opponent's building inside it)",
    },
    "catamm.game.total": { text: "report: the seeded 4-player bot game" },
    "catamm.game.perPlayer": { text: "report (catamm.game.total / 4: what a whole game costs each player)" },
    "catamm.swap": {
      text: "≤ 55,000: the game's swap, the player's turn, no port, classic fees, both balances non-zero, resources in different balance words (the dearer case)",
      max: 55_000,
    },
    "catamm.swap.sameWord": { text: "report (as above, both resources in one balance word)" },
    "catamm.swap.withPort": { text: "report (port owner, classic: no fee, nothing burned)" },
    "catamm.addLiquidity": { text: "report (a player's first deposit in a pool)" },
    "catamm.removeLiquidity": { text: "report (half of a position, no port: fee burned on both sides)" },
    "catamm.removeLiquidity.withPort": { text: "report (half of a position in the port owner's pool: nothing burned)" },
    "catamm.harness.swap": {
      text: "report (the market harness's swap, without the game's turn check, for comparison)",
    },
    "catamm.harness.openMarkets": { text: "report (the market harness's createGame: ten pools, random ports)" },
  },
  async run() {
    const harness = await harnessScenarios();
    const { figures, facts } = await gameScenarios();
    const goals = bench.goals!;
    goals["catamm.game.total"].text =
      `report: the seeded 4-player bot game (seed ${BOT_GAME.seed}, depth ${BOT_GAME.depthCards}, classic fees): ` +
      `${facts.turns} turns, ${facts.txs} transactions`;
    goals["catamm.rollAndProduce"].text += ` (${facts.roll}; request + resolution: ${facts.rollSplit})`;
    goals["catamm.longestRoadUpdate"].text += ` (${facts.longest})`;
    return { ...figures, ...harness };
  },
};
