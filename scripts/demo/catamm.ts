import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { playBotGame } from "../catamm/bots";
import { deployCatamm } from "../catamm/deploy";
import { PORT_PLACE, readGame } from "../../client/catamm/game";
import { renderBoard } from "../../client/catamm/board";
import {
  RESOURCE_NAMES,
  ONE_CARD,
  formatAmount,
  poolName,
  renderMarkets,
  renderQuote,
  toQuoteView,
} from "../../client/catamm/market";
import { heading, step } from "../lib/log";
import { short } from "../../client/format";

/** The demo's game: three bots, a seed that plays out in about thirty turns. */
const SEED = 2n;

/** CATAMM: three bots play a whole game; then the board, the scores, the markets and a quote. */
export async function demoCatamm(hre: HardhatRuntimeEnvironment): Promise<void> {
  heading("CATAMM: Settlers of Catan with AMM pools instead of trading between players");
  const signers = await hre.ethers.getSigners();
  const players = signers.slice(1, 4);
  const source = await hre.ethers.deployContract("SeededRandomness", [SEED]);
  const { game } = await deployCatamm(hre, await source.getAddress());
  step(`game contract ${short(await game.getAddress())} with its six linked modules; a seeded test randomness source`);
  step(
    "three bots join; each turn: roll, produce, trade through the pools for what is missing, build toward 10 points",
  );
  step("pools: 100 cards a side, classic fees (10% burned, none at your own port); one pool of ten is missing");
  console.log();
  const result = await playBotGame(hre, game, players, {
    players: 3,
    seed: SEED,
    depthCards: 100,
    log: (line) => console.log(`  ${line}`),
  });
  const g = await readGame(game, result.gameId);

  heading(`P${result.winnerSeat + 1} wins after ${result.turns} turns`);
  const pools = await game.marketPools(result.gameId);
  const labels = Array.from({ length: 9 }, (_, port) => {
    const p = pools.find((x) => Number(x.port) === port);
    return p ? poolName(Number(p.pool)) : "?";
  });
  console.log(
    renderBoard({
      board: g.board,
      ghostHex: g.ghostShip < PORT_PLACE ? g.ghostShip : undefined,
      settlements: g.players.map((p) => p.settlements),
      cities: g.players.map((p) => p.cities),
      roads: g.players.map((p) => p.roads),
      portLabels: labels,
    }),
  );
  step("a/b/c settlements, A/B/C cities, 1/2/3 roads of P1/P2/P3; * the ghost ship; ports show their pool");
  for (const [i, p] of result.points.entries()) {
    const extras = [
      g.longestRoad === p.address ? "longest road" : "",
      g.largestArmy === p.address ? "largest army" : "",
    ].filter(Boolean);
    step(
      `P${i + 1} ${short(p.address)}: ${p.public + p.hidden} points (${p.public} public + ${p.hidden} hidden VP cards)` +
        `${extras.length ? ", " + extras.join(", ") : ""}; ${result.tradesBySeat[i]} trades`,
    );
  }
  step(`${result.txs} transactions, ${result.gas.toLocaleString("en-US")} gas in all`);

  heading("The markets at the end");
  for (const line of renderMarkets(result.pools)) console.log(`  ${line}`);
  const burned = await game.burnedResources(result.gameId);
  step(`fees burned: ${burned.map((b, r) => `${formatAmount(b, 2)} ${RESOURCE_NAMES[r]}`).join(", ")}`);
  const active = result.pools.find((p) => p.active)!;
  const q = await game.quoteSwap(result.gameId, result.winner, active.resource0, active.resource1, 3n * ONE_CARD);
  for (const line of renderQuote(toQuoteView(q), active.resource0, active.resource1, 3n * ONE_CARD, active.port)) {
    console.log(`  ${line}`);
  }
  step("chain state is public: anyone can read every balance, drawn card and hidden point");
}
