import hre from "hardhat";
import { gasOf, type BenchModule } from "../lib/gas";
import { FeePreset, ONE_CARD, Resource, poolOf, portAssignment } from "../catamm/market";

const { ethers } = hre;

const SEED = 42n;

export const bench: BenchModule = {
  title: "CATAMM markets",
  goals: {
    "catamm.swap": {
      text: "≤ 55,000: harness entry point, no port, classic fees, both balances non-zero (resources in different balance words: the dearer case)",
      max: 55_000,
    },
    "catamm.swap.sameWord": { text: "report (as above, both resources in one balance word)" },
    "catamm.swap.withPort": { text: "report (port owner, classic: no fee, nothing burned)" },
    "catamm.addLiquidity": { text: "report (a player's first deposit in a pool)" },
    "catamm.removeLiquidity": { text: "report (half of a position, no port: fee burned on both sides)" },
    "catamm.removeLiquidity.withPort": { text: "report (the other half, port owner: nothing burned)" },
    "catamm.flipPort": { text: "report (flip and the one-card steal in one call)" },
    "catamm.openMarkets": { text: "report (the harness's createGame: ten pools, random ports; no pool slot written)" },
  },
  async run() {
    const out: Record<string, number> = {};
    const [, alice, bob] = await ethers.getSigners();
    const harness = await ethers.deployContract("CatammMarketHarness");
    await harness.createGame(1000, FeePreset.Classic, SEED + 1n); // the first game pays for the counter
    out["catamm.openMarkets"] = await gasOf(harness.createGame(1000, FeePreset.Classic, SEED));
    const game = 2n;
    for (const who of [alice, bob]) {
      for (let r = 0; r < 5; r++) await harness.issue(game, who.address, r, 20n * ONE_CARD);
    }
    // Pools that are active under this seed, for each scenario.
    const { poolOfPort } = portAssignment(SEED);
    const active = (a: number, b: number) => poolOfPort.includes(poolOf(a, b).pool);
    const cross = active(Resource.Wood, Resource.Ore)
      ? [Resource.Wood, Resource.Ore]
      : [Resource.Brick, Resource.Wheat];
    const same = active(Resource.Wood, Resource.Brick)
      ? [Resource.Wood, Resource.Brick]
      : [Resource.Wood, Resource.Sheep];
    // Warm-up: earlier trades made the burned counters and the pools' words non-zero, as mid-game.
    await harness.connect(bob).swap(game, cross[0], cross[1], ONE_CARD, 0);
    await harness.connect(bob).swap(game, cross[1], cross[0], ONE_CARD, 0);
    await harness.connect(bob).swap(game, same[0], same[1], ONE_CARD, 0);
    out["catamm.swap"] = await gasOf(harness.connect(alice).swap(game, cross[0], cross[1], 2n * ONE_CARD, 0));
    out["catamm.swap.sameWord"] = await gasOf(harness.connect(alice).swap(game, same[0], same[1], 2n * ONE_CARD, 0));
    const { pool: crossPool } = poolOf(cross[0], cross[1]);
    await harness.setPorts(game, alice.address, 1n << BigInt(poolOfPort.indexOf(crossPool)));
    out["catamm.swap.withPort"] = await gasOf(harness.connect(alice).swap(game, cross[1], cross[0], ONE_CARD, 0));
    await harness.setPorts(game, alice.address, 0);

    await harness.connect(bob).addLiquidity(game, crossPool, 2n * ONE_CARD, 2n * ONE_CARD, 0);
    out["catamm.addLiquidity"] = await gasOf(
      harness.connect(alice).addLiquidity(game, crossPool, 4n * ONE_CARD, 4n * ONE_CARD, 0),
    );
    const shares = (await harness.liquidityShares(game, alice.address))[crossPool];
    out["catamm.removeLiquidity"] = await gasOf(
      harness.connect(alice).removeLiquidity(game, crossPool, shares / 2n, 0, 0),
    );
    await harness.setPorts(game, alice.address, 1n << BigInt(poolOfPort.indexOf(crossPool)));
    out["catamm.removeLiquidity.withPort"] = await gasOf(
      harness.connect(alice).removeLiquidity(game, crossPool, shares - shares / 2n, 0, 0),
    );
    out["catamm.flipPort"] = await gasOf(harness.connect(alice).flipPort(game, 0, SEED));
    return out;
  },
};
