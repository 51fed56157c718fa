// CATAMM market tasks: print a game's markets and quote trades, against any contract that hosts markets
// (ICatammMarket: the game, or the test harness), on any network.
//
//   npx hardhat catamm:harness --network localhost              # deploy the harness, open a game, trade a little
//   npx hardhat catamm:markets --network localhost [--game 1]
//   npx hardhat catamm:quote --sell wood --buy ore --amount 2.5 [--player 0x...] [--want 1]
//
// The host's address comes from hardhat-deploy's deployments ("Catamm", else "CatammMarketHarness") unless
// --address is given. Types are imported with `import type` only: tasks load before the first compile.
import { types } from "hardhat/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { CatammMarketHarness, ICatammMarket } from "../../typechain-types";
import { heading, step } from "../lib/log";
import { short } from "../../client/format";
import { gameTask, signerOf } from "../lib/cli";
import "./game-tasks";
import {
  ONE_CARD,
  POOL_PAIRS,
  PRESET_FEES,
  RESOURCE_COUNT,
  RESOURCE_NAMES,
  formatAmount,
  formatBps,
  parseAmount,
  parseResource,
  poolName,
  poolOf,
  portsOfPools,
  routeOf,
  renderMarkets,
  renderQuote,
  toPoolView,
  toQuoteView,
} from "../../client/catamm/market";

/** Deployment names that host markets, in the order they are looked up. */
const HOSTS = ["Catamm", "CatammMarketHarness"];

async function resolveHost(hre: HardhatRuntimeEnvironment, address?: string): Promise<ICatammMarket> {
  if (!address) {
    for (const name of HOSTS) {
      const d = await hre.deployments.getOrNull(name);
      if (d) {
        address = d.address;
        break;
      }
    }
  }
  if (!address) {
    throw new Error(
      `no CATAMM deployment (${HOSTS.join(", ")}) on network "${hre.network.name}": pass --address, or run ` +
        `\`npx hardhat catamm:harness --network ${hre.network.name}\` first`,
    );
  }
  return hre.ethers.getContractAt("ICatammMarket", address);
}

async function printMarkets(host: ICatammMarket, game: bigint, label: string): Promise<void> {
  const [depth, feeBps, portFeeBps] = await host.marketSettings(game);
  heading(`CATAMM markets: game ${game} at ${label}`);
  step(
    `fees: ${formatBps(feeBps)} without the pool's port, ${formatBps(portFeeBps)} with it (withdrawals: ` +
      `${formatBps(feeBps)} unless you own the port); opening depth ${formatAmount(depth, 0)} of each side`,
  );
  const pools = (await host.marketPools(game)).map(toPoolView);
  for (const line of renderMarkets(pools)) console.log(`  ${line}`);
}

gameTask("catamm:markets", "Prints a CATAMM game's nine markets and the missing one: reserves, spot prices, shares")
  .addOptionalParam("address", "the contract hosting the markets (default: the Catamm or harness deployment)")
  .addOptionalParam("game", "game id", 1, types.int)
  .setAction(async (args: { address?: string; game: number }, hre) => {
    const host = await resolveHost(hre, args.address);
    await printMarkets(host, BigInt(args.game), `${short(await host.getAddress())} on ${hre.network.name}`);
  });

gameTask(
  "catamm:quote",
  "Quotes a swap for a player: fee, output, prices, price impact (or the input for a wanted output)",
)
  .addParam("sell", "resource paid: wood, brick, sheep, ore, wheat (or 0-4)")
  .addParam("buy", "resource received")
  .addOptionalParam("amount", "cards paid, decimals allowed (e.g. 2.5)", "1")
  .addOptionalParam("want", "cards wanted instead: prints the least input that buys them")
  .addOptionalParam("player", "whose ports set the fee (default: the --from account)")
  .addOptionalParam("address", "the contract hosting the markets (default: the Catamm or harness deployment)")
  .addOptionalParam("game", "game id", 1, types.int)
  .setAction(
    async (
      args: {
        from: string;
        sell: string;
        buy: string;
        amount: string;
        want?: string;
        player?: string;
        address?: string;
        game: number;
      },
      hre,
    ) => {
      const host = await resolveHost(hre, args.address);
      const game = BigInt(args.game);
      const player = args.player
        ? hre.ethers.getAddress(args.player)
        : await (await signerOf(hre, args.from)).getAddress();
      const resourceIn = parseResource(args.sell);
      const resourceOut = parseResource(args.buy);
      let amountIn = parseAmount(args.amount);
      heading(`CATAMM quote: game ${game}, player ${short(player)}`);
      const pools = (await host.marketPools(game)).map(toPoolView);
      const [, feeBps] = await host.marketSettings(game);
      const route = routeOf(pools, resourceIn, resourceOut, amountIn, feeBps);
      if (!route)
        throw new Error(`no active pools lead from ${RESOURCE_NAMES[resourceIn]} to ${RESOURCE_NAMES[resourceOut]}`);
      if (route.length > 2) {
        step(
          `the ${RESOURCE_NAMES[resourceIn]}-${RESOURCE_NAMES[resourceOut]} pool is missing in this game: ` +
            `through ${RESOURCE_NAMES[route[1]]} (two swaps)`,
        );
      } else if (args.want !== undefined) {
        const want = parseAmount(args.want);
        amountIn = await host.quoteSwapIn(game, player, resourceIn, resourceOut, want);
        step(
          `${formatAmount(want)} ${RESOURCE_NAMES[resourceOut]} costs at least ` +
            `${formatAmount(amountIn, 6)} ${RESOURCE_NAMES[resourceIn]}:`,
        );
      }
      for (let hop = 0; hop + 1 < route.length; hop++) {
        const q = await host.quoteSwap(game, player, route[hop], route[hop + 1], amountIn);
        const quote = toQuoteView(q);
        const port = pools.find((p) => p.pool === quote.pool)!.port;
        for (const line of renderQuote(quote, route[hop], route[hop + 1], amountIn, port)) console.log(`  ${line}`);
        amountIn = q.amountOut;
      }
    },
  );

gameTask("catamm:harness", "Deploys the market test harness, opens a game and trades a little (local exploring only)")
  .addOptionalParam("depth", "opening depth of each pool side, in cards", 1000, types.int)
  .addOptionalParam("preset", "fee preset: classic or defi", "classic")
  .addOptionalParam("seed", "seed of the port assignment", 1, types.int)
  .addOptionalParam("trades", "random trades to make after opening", 12, types.int)
  .setAction(async (args: { from: string; depth: number; preset: string; seed: number; trades: number }, hre) => {
    await hre.run("compile", { quiet: true });
    const preset = PRESET_FEES.findIndex((p) => p.name === args.preset.toLowerCase());
    if (preset < 0) throw new Error(`unknown preset "${args.preset}" (classic or defi)`);
    const deployer = await signerOf(hre, args.from);
    const deployerAddress = await deployer.getAddress();
    const players = (await hre.ethers.getSigners()).filter((p) => p.address !== deployerAddress);
    // A fresh harness each time, recorded so the other tasks find it on this network.
    const factory = await hre.ethers.getContractFactory("CatammMarketHarness", deployer);
    const harness = (await (await factory.deploy()).waitForDeployment()) as unknown as CatammMarketHarness;
    const deployment = { address: await harness.getAddress() };
    await hre.deployments.save("CatammMarketHarness", {
      address: deployment.address,
      abi: JSON.parse(factory.interface.formatJson()) as unknown[],
    });
    await (await harness.createGame(args.depth, preset, args.seed)).wait();
    const game = await harness.gameCount();
    heading(`CATAMM harness at ${short(deployment.address)}: game ${game} (${PRESET_FEES[preset].name})`);
    const traders = players.slice(0, 3);
    for (const p of traders) {
      for (let r = 0; r < RESOURCE_COUNT; r++) await (await harness.issue(game, p.address, r, 20n * ONE_CARD)).wait();
    }
    step(`the bank issued 20 cards of each resource to ${traders.map((p) => short(p.address)).join(", ")}`);
    const missing = portsOfPools(await harness.marketPools(game)).missingPool;
    let rng = BigInt(args.seed) * 6364136223846793005n + 1442695040888963407n;
    const next = (n: number) => {
      rng = (rng * 6364136223846793005n + 1442695040888963407n) % (1n << 64n);
      return Number((rng >> 33n) % BigInt(n));
    };
    for (let i = 0; i < args.trades; i++) {
      const p = traders[next(traders.length)];
      const [a, b] = POOL_PAIRS[next(POOL_PAIRS.length)];
      if (poolOf(a, b).pool === Number(missing)) continue;
      const [from, to] = next(2) === 0 ? [a, b] : [b, a];
      const amount = BigInt(1 + next(5)) * ONE_CARD;
      await (await harness.connect(p).swap(game, from, to, amount, 0)).wait();
      step(`${short(p.address)} swapped ${formatAmount(amount)} in ${poolName(poolOf(a, b).pool)}`);
    }
    await printMarkets(
      harness as unknown as ICatammMarket,
      game,
      `${short(deployment.address)} on ${hre.network.name}`,
    );
  });
