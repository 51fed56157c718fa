// CATAMM game tasks: a bot game, and one task per player action, against any network.
//
//   npx hardhat catamm:bots --players 4 --seed 7                  # a whole bot game on the in-process network
//   npx hardhat catamm:create --network localhost --depth 100     # then join, start, place, roll, build, ...
//   npx hardhat catamm:show --network localhost --game 1
//
// The game's address comes from hardhat-deploy's "Catamm" deployment unless --address is given; --account picks the
// signer by index (default 0). Types are imported with `import type` only: tasks load before the first compile.
import { task, types } from "hardhat/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { ContractTransactionResponse } from "ethers";
import type { Catamm } from "../../typechain-types";
import { heading, short, step } from "../lib/log";
import { OPEN_BLOCKS } from "./game";

interface Common {
  address?: string;
  account: number;
  game: number;
}

async function gameAt(hre: HardhatRuntimeEnvironment, args: Common): Promise<Catamm> {
  let address = args.address;
  if (!address) {
    const d = await hre.deployments.getOrNull("Catamm");
    if (!d) {
      throw new Error(
        `no Catamm deployment on network "${hre.network.name}": pass --address, or deploy (npx hardhat deploy --network ${hre.network.name})`,
      );
    }
    address = d.address;
  }
  const signers = await hre.ethers.getSigners();
  const signer = signers[args.account];
  if (!signer) throw new Error(`no account ${args.account} (the network has ${signers.length})`);
  return (await hre.ethers.getContractAt("Catamm", address, signer)) as unknown as Catamm;
}

/** Sends a transaction and prints what it did: the game's events, decoded. */
async function run(game: Catamm, what: string, tx: Promise<ContractTransactionResponse>): Promise<void> {
  const receipt = await (await tx).wait();
  step(`${what}: gas ${receipt!.gasUsed}`);
  for (const log of receipt!.logs) {
    const parsed = game.interface.parseLog(log);
    if (parsed) step(`  ${parsed.name}(${parsed.args.map(String).join(", ")})`);
  }
}

/** Declares a task taking the common options (--address, --account, --game). */
function gameTask(name: string, description: string) {
  return task(name, description)
    .addOptionalParam("address", "the Catamm contract (default: its hardhat-deploy deployment)")
    .addOptionalParam("account", "index of the signer to act as", 0, types.int)
    .addOptionalParam("game", "game id", 1, types.int);
}

task("catamm:bots", "Plays a whole CATAMM game among bots and prints the winner, turns, points, trades and prices")
  .addOptionalParam("players", "number of bots (2-4)", 4, types.int)
  .addOptionalParam(
    "seed",
    "seed of the bots' choices (and of the test randomness on the in-process network)",
    7,
    types.int,
  )
  .addOptionalParam("depth", "initial pool depth, cards per side", 100, types.int)
  .addOptionalParam("preset", "fee preset: classic or defi", "classic")
  .addOptionalParam("turnBlocks", "blocks per waiting state", 50, types.int)
  .addOptionalParam("maxTurns", "give up after this many turns", 500, types.int)
  .addOptionalParam("address", "a deployed Catamm to play on (default: the in-process network deploys its own)")
  .setAction(
    async (
      args: {
        players: number;
        seed: number;
        depth: number;
        preset: string;
        turnBlocks: number;
        maxTurns: number;
        address?: string;
      },
      hre,
    ) => {
      const { checkBotGameOptions, playBotGame } = await import("./bots");
      const { deployCatamm } = await import("./deploy");
      const { PRESET_FEES, RESOURCE_NAMES, formatAmount, renderMarkets } = await import("./market");
      await hre.run("compile", { quiet: true });
      const signers = await hre.ethers.getSigners();
      const preset = PRESET_FEES.findIndex((p) => p.name === args.preset.toLowerCase());
      if (preset < 0) throw new Error(`unknown preset "${args.preset}" (classic or defi)`);
      const options = {
        players: args.players,
        seed: BigInt(args.seed),
        depthCards: args.depth,
        feePreset: preset,
        turnBlocks: args.turnBlocks,
        maxTurns: args.maxTurns,
        log: (line: string) => console.log(`  ${line}`),
      };
      // Every argument is checked before anything is deployed.
      checkBotGameOptions(options, signers.length);
      let game: Catamm;
      let source: string;
      if (args.address || hre.network.name !== "hardhat") {
        game = await gameAt(hre, { address: args.address, account: 0, game: 0 });
        source = "the deployed randomness source";
      } else {
        // The in-process network: a seeded test source, so --seed replays the same game.
        const randomness = await hre.ethers.deployContract("SeededRandomness", [BigInt(args.seed)]);
        ({ game } = await deployCatamm(hre, await randomness.getAddress()));
        source = `the seeded test randomness source (seed ${args.seed})`;
      }
      heading(`CATAMM: ${args.players} bots, seed ${args.seed}, depth ${args.depth}, ${PRESET_FEES[preset].name} fees`);
      step(`game contract ${short(await game.getAddress())} on ${hre.network.name}, randomness from ${source}`);
      const started = Date.now();
      const result = await playBotGame(hre, game, signers.slice(0, args.players), options);
      heading(`P${result.winnerSeat + 1} (${short(result.winner)}) wins after ${result.turns} turns`);
      console.log("  seat  player         points (public + hidden VP cards)  trades");
      result.points.forEach((p, i) =>
        console.log(
          `  P${i + 1}    ${short(p.address)}   ${String(p.public + p.hidden).padStart(2)} (${p.public} + ${p.hidden})` +
            `                       ${result.tradesBySeat[i]}`,
        ),
      );
      step(
        `${result.trades} trades, ${result.txs} transactions, ${result.gas.toLocaleString("en-US")} gas, ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      heading("Final pool prices");
      for (const line of renderMarkets(result.pools)) console.log(`  ${line}`);
      const burned = await game.burnedResources(result.gameId);
      step(`fees burned: ${burned.map((b, r) => `${formatAmount(b, 2)} ${RESOURCE_NAMES[r]}`).join(", ")}`);
    },
  );

gameTask("catamm:create", "Creates a game (the sender is its creator and first player)")
  .addOptionalParam("depth", "initial pool depth, cards per side", 1000, types.int)
  .addOptionalParam("preset", "fee preset: classic or defi", "classic")
  .addOptionalParam("turnBlocks", "blocks per waiting state", 100, types.int)
  .addOptionalParam(
    "open",
    "open window in blocks: after it anyone may cancel the game if it has not started (1..100000)",
    OPEN_BLOCKS,
    types.int,
  )
  .setAction(async (args: Common & { depth: number; preset: string; turnBlocks: number; open: number }, hre) => {
    const game = await gameAt(hre, args);
    const preset = ["classic", "defi"].indexOf(args.preset.toLowerCase());
    if (preset < 0) throw new Error(`unknown preset "${args.preset}"`);
    heading("CATAMM: create a game");
    await run(game, "createGame", game.createGame(args.depth, preset, args.turnBlocks, args.open));
    step(`game id ${await game.gameCount()}`);
  });

gameTask("catamm:join", "Joins an open game").setAction(async (args: Common, hre) => {
  const game = await gameAt(hre, args);
  await run(game, `joinGame(${args.game})`, game.joinGame(args.game));
});

gameTask("catamm:leave", "Leaves an open game (its creator cancels it instead)").setAction(
  async (args: Common, hre) => {
    const game = await gameAt(hre, args);
    await run(game, `leaveGame(${args.game})`, game.leaveGame(args.game));
  },
);

gameTask("catamm:cancel", "Cancels an open game: its creator any time, anyone after the open window").setAction(
  async (args: Common, hre) => {
    const game = await gameAt(hre, args);
    await run(game, `cancelGame(${args.game})`, game.cancelGame(args.game));
  },
);

gameTask("catamm:start", "Starts the game (creator only); the board comes with the next random value").setAction(
  async (args: Common, hre) => {
    const game = await gameAt(hre, args);
    await run(game, `startGame(${args.game})`, game.startGame(args.game));
  },
);

gameTask("catamm:advance", "Serves the game's random value when ready (waiting for it), or advances past a deadline")
  .addFlag("noWait", "do not wait for a pending random value")
  .setAction(async (args: Common & { noWait: boolean }, hre) => {
    const game = await gameAt(hre, args);
    const info = await game.gameInfo(args.game);
    if (!args.noWait && info.pending !== 0n) {
      const { waitForRandomness } = await import("../lib/common");
      const source = await hre.ethers.getContractAt("IRandomness", await game.randomness());
      step(`waiting for randomness request ${info.requestId}`);
      await waitForRandomness(hre, source, info.requestId);
    }
    await run(game, `advance(${args.game})`, game.advance(args.game));
  });

gameTask("catamm:rerequest", "Replaces a stale random request").setAction(async (args: Common, hre) => {
  const game = await gameAt(hre, args);
  await run(game, `rerequestRandomness(${args.game})`, game.rerequestRandomness(args.game));
});

gameTask("catamm:place", "Your draft pick: a settlement and a road ending there")
  .addParam("vertex", "vertex id (0-53)", undefined, types.int)
  .addParam("edge", "edge id (0-71)", undefined, types.int)
  .setAction(async (args: Common & { vertex: number; edge: number }, hre) => {
    const game = await gameAt(hre, args);
    await run(game, `placeInitial(${args.vertex}, ${args.edge})`, game.placeInitial(args.game, args.vertex, args.edge));
  });

gameTask("catamm:roll", "Rolls the dice (then: catamm:advance)").setAction(async (args: Common, hre) => {
  const game = await gameAt(hre, args);
  await run(game, "rollDice", game.rollDice(args.game));
});

gameTask("catamm:end", "Ends your turn").setAction(async (args: Common, hre) => {
  const game = await gameAt(hre, args);
  await run(game, "endTurn", game.endTurn(args.game));
});

gameTask("catamm:build", "Builds a road, settlement or city")
  .addParam("what", "road, settlement or city")
  .addParam("at", "edge id (road) or vertex id", undefined, types.int)
  .setAction(async (args: Common & { what: string; at: number }, hre) => {
    const game = await gameAt(hre, args);
    const what = args.what.toLowerCase();
    if (what === "road") await run(game, `buildRoad(${args.at})`, game.buildRoad(args.game, args.at));
    else if (what === "settlement") {
      await run(game, `buildSettlement(${args.at})`, game.buildSettlement(args.game, args.at));
    } else if (what === "city") await run(game, `buildCity(${args.at})`, game.buildCity(args.game, args.at));
    else throw new Error(`unknown piece "${args.what}" (road, settlement, city)`);
  });

gameTask("catamm:buy-card", "Buys a development card (drawn with the next random value)").setAction(
  async (args: Common, hre) => {
    const game = await gameAt(hre, args);
    await run(game, "buyDevCard", game.buyDevCard(args.game));
  },
);

gameTask("catamm:play", "Plays a development card")
  .addParam("card", "knight, road-building, year-of-plenty or monopoly")
  .addOptionalParam("edges", "road building: one or two edge ids, comma-separated")
  .addOptionalParam("resources", "year of plenty: two resources; monopoly: one (names or 0-4), comma-separated")
  .setAction(async (args: Common & { card: string; edges?: string; resources?: string }, hre) => {
    const { parseResource } = await import("./market");
    const { NO_EDGE } = await import("./game");
    const game = await gameAt(hre, args);
    const resources = (args.resources ?? "").split(",").filter(Boolean).map(parseResource);
    switch (args.card.toLowerCase()) {
      case "knight":
        return run(game, "playKnight", game.playKnight(args.game));
      case "road-building": {
        const edges = (args.edges ?? "").split(",").filter(Boolean).map(Number);
        if (edges.length < 1) throw new Error("--edges needs one or two edge ids");
        return run(game, "playRoadBuilding", game.playRoadBuilding(args.game, edges[0], edges[1] ?? NO_EDGE));
      }
      case "year-of-plenty":
        if (resources.length !== 2) throw new Error("--resources needs two resources");
        return run(game, "playYearOfPlenty", game.playYearOfPlenty(args.game, resources[0], resources[1]));
      case "monopoly":
        if (resources.length !== 1) throw new Error("--resources needs one resource");
        return run(game, "playMonopoly", game.playMonopoly(args.game, resources[0]));
      default:
        throw new Error(`unknown card "${args.card}"`);
    }
  });

gameTask("catamm:ghost", "Moves the ghost ship: to a hex (robbing --victim) or to a port (flipping its market)")
  .addOptionalParam("hex", "hex id (0-18)", undefined, types.int)
  .addOptionalParam("victim", "address of the player to rob on that hex (default: nobody)")
  .addOptionalParam("port", "port id (0-8) to flip instead", undefined, types.int)
  .setAction(async (args: Common & { hex?: number; victim?: string; port?: number }, hre) => {
    const game = await gameAt(hre, args);
    if (args.port !== undefined) return run(game, `flipPort(${args.port})`, game.flipPort(args.game, args.port));
    if (args.hex === undefined) throw new Error("pass --hex (and --victim) or --port");
    const victim = args.victim ?? hre.ethers.ZeroAddress;
    await run(game, `blockHex(${args.hex}, ${victim})`, game.blockHex(args.game, args.hex, victim));
  });

gameTask("catamm:discard", "After a 7: discards whole cards and gold credits adding up to what you owe")
  .addParam("cards", "whole cards of wood,brick,sheep,ore,wheat, e.g. 1,0,2,0,1")
  .addOptionalParam("gold", "gold credits", 0, types.int)
  .setAction(async (args: Common & { cards: string; gold: number }, hre) => {
    const game = await gameAt(hre, args);
    const cards = args.cards.split(",").map((c) => BigInt(c.trim()));
    if (cards.length !== 5) throw new Error("--cards needs five numbers");
    await run(game, "discard", game.discard(args.game, [cards[0], cards[1], cards[2], cards[3], cards[4]], args.gold));
  });

gameTask("catamm:gold", "Turns gold credits into cards of a resource")
  .addParam("resource", "wood, brick, sheep, ore, wheat (or 0-4)")
  .addOptionalParam("credits", "credits to use", 1, types.int)
  .setAction(async (args: Common & { resource: string; credits: number }, hre) => {
    const { parseResource } = await import("./market");
    const game = await gameAt(hre, args);
    await run(game, "convertGold", game.convertGold(args.game, parseResource(args.resource), args.credits));
  });

gameTask("catamm:swap", "Swaps through a pool, with a slippage limit from the current quote")
  .addParam("from", "resource paid")
  .addParam("to", "resource received")
  .addParam("amount", "cards paid, decimals allowed")
  .addOptionalParam("slippage", "accepted slippage in basis points", 50, types.int)
  .setAction(async (args: Common & { from: string; to: string; amount: string; slippage: number }, hre) => {
    const { parseAmount, parseResource } = await import("./market");
    const game = await gameAt(hre, args);
    const from = parseResource(args.from);
    const to = parseResource(args.to);
    const amount = parseAmount(args.amount);
    const me = (await hre.ethers.getSigners())[args.account].address;
    const quote = await game.quoteSwap(args.game, me, from, to, amount);
    const min = (quote.amountOut * (10_000n - BigInt(args.slippage))) / 10_000n;
    await run(game, "swap", game.swap(args.game, from, to, amount, min));
  });

gameTask("catamm:liquidity", "Adds liquidity to a pool (--add a0,a1) or removes shares (--remove shares)")
  .addParam("pool", "pool id (0-9)", undefined, types.int)
  .addOptionalParam("add", "cards of side 0 and side 1 at most, e.g. 2,2.5")
  .addOptionalParam("remove", "shares to redeem (18 decimals, as cards)")
  .setAction(async (args: Common & { pool: number; add?: string; remove?: string }, hre) => {
    const { parseAmount } = await import("./market");
    const game = await gameAt(hre, args);
    if (args.add) {
      const [a0, a1] = args.add.split(",").map(parseAmount);
      return run(game, "addLiquidity", game.addLiquidity(args.game, args.pool, a0, a1, 0));
    }
    if (!args.remove) throw new Error("pass --add or --remove");
    await run(game, "removeLiquidity", game.removeLiquidity(args.game, args.pool, parseAmount(args.remove), 0, 0));
  });

gameTask("catamm:show", "Prints a game: phase, board, players, scores").setAction(async (args: Common, hre) => {
  const { readGame, PHASE_NAMES, DEV_CARD_NAMES, PORT_PLACE } = await import("./game");
  const { renderBoard } = await import("./board");
  const { RESOURCE_NAMES, formatAmount, poolName } = await import("./market");
  const game = await gameAt(hre, args);
  const g = await readGame(game, BigInt(args.game));
  heading(`CATAMM game ${args.game}: ${PHASE_NAMES[g.phase]}, turn ${g.turn}`);
  step(`players: ${g.players.map((p, i) => `P${i + 1} ${short(p.address)}`).join(", ") || "(before the start)"}`);
  if (g.phase <= 2) return;
  step(`current: P${g.seat + 1}, deadline block ${g.deadline}, last roll ${g.lastRoll || "-"}`);
  const pools = await game.marketPools(args.game);
  const labels = Array.from({ length: 9 }, (_, port) => {
    const p = pools.find((x) => Number(x.port) === port);
    return p ? poolName(Number(p.pool)) : "?";
  });
  const ghostHex = g.ghostShip < PORT_PLACE ? g.ghostShip : undefined;
  console.log(
    renderBoard({
      board: g.board,
      ghostHex,
      settlements: g.players.map((p) => p.settlements),
      cities: g.players.map((p) => p.cities),
      roads: g.players.map((p) => p.roads),
      portLabels: labels,
    }),
  );
  if (ghostHex === undefined) step(`the ghost ship is at port ${g.ghostShip - PORT_PLACE}`);
  for (const [i, p] of g.players.entries()) {
    const cards = p.cards
      .map((n, c) => (n ? `${n} ${DEV_CARD_NAMES[c]}` : ""))
      .filter(Boolean)
      .join(", ");
    step(
      `P${i + 1}: ${p.publicPoints} points, road ${p.roadLength}, knights ${p.knights}, gold ${p.gold}; ` +
        p.balances.map((b, r) => `${formatAmount(b, 2)} ${RESOURCE_NAMES[r]}`).join(", ") +
        (cards ? `; cards: ${cards}` : ""),
    );
  }
});
