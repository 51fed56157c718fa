// CATAMM game tasks: a bot game, and one task per player action, against any network.
//
//   npx hardhat catamm:bots --players 4 --seed 7                  # a whole bot game on the in-process network
//   npx hardhat catamm:create --network localhost --depth 100     # then join, start, place, roll, build, ...
//   npx hardhat catamm:show --network localhost --game 1
//
// The game's address comes from hardhat-deploy's "Catamm" deployment unless --address is given; --from picks the
// sender by account index (default 0), or `--from turn`: the account whose turn or draft pick it is. Types are imported with `import type` only: tasks load before the first compile.
import { types } from "hardhat/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { ZeroAddress, type ContractTransactionResponse } from "ethers";
import type { Catamm } from "../../typechain-types";
import { short } from "../../client/format";
import { heading, step } from "../lib/log";
import { eventOf, gameTask as cliTask, send, signerOf, type FromArg } from "../lib/cli";
import { OPEN_BLOCKS } from "../../client/catamm/game";

interface Common extends FromArg {
  address?: string;
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
  const game = (await hre.ethers.getContractAt("Catamm", address)) as unknown as Catamm;
  const from = args.from === "turn" ? await turnAccount(game, args.game) : args.from;
  return game.connect(await signerOf(hre, from)) as Catamm;
}

/** `--from turn`: the address whose turn (or draft pick) it is. */
async function turnAccount(game: Catamm, id: number): Promise<string> {
  const info = await game.gameInfo(id);
  return info.players[Number(info.currentSeat)];
}

/** Sends a transaction and prints what it did: the game's events, decoded. */
async function run(
  hre: HardhatRuntimeEnvironment,
  what: string,
  tx: () => Promise<ContractTransactionResponse>,
): Promise<void> {
  await send(hre, tx, { prefer: ["Catamm"], label: what });
}

/** Declares a task taking the common options (--address, --from, --game). */
function gameTask(name: string, description: string) {
  return cliTask(name, description)
    .addOptionalParam("address", "the Catamm contract (default: its hardhat-deploy deployment)")
    .addOptionalParam("game", "game id", 1, types.int);
}

cliTask("catamm:bots", "Plays a whole CATAMM game among bots and prints the winner, turns, points, trades and prices")
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
  .addOptionalParam(
    "join",
    "an existing game for the bots to join (if open) and play to its end beside other players (the web app)",
    undefined,
    types.int,
  )
  .addOptionalParam("accounts", "with --join: the account indices the bots play, e.g. 1,2", "1")
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
        join?: number;
        accounts: string;
      },
      hre,
    ) => {
      const { checkBotGameOptions, playBotGame, playBotSeats } = await import("./bots");
      const { deployCatamm } = await import("./deploy");
      const { PRESET_FEES, RESOURCE_NAMES, formatAmount, renderMarkets } = await import("../../client/catamm/market");
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
      if (args.address || args.join !== undefined || hre.network.name !== "hardhat") {
        game = await gameAt(hre, { address: args.address, from: "0", game: 0 });
        source = "the deployed randomness source";
      } else {
        // The in-process network: a seeded test source, so --seed replays the same game.
        const randomness = await hre.ethers.deployContract("SeededRandomness", [BigInt(args.seed)]);
        ({ game } = await deployCatamm(hre, await randomness.getAddress()));
        source = `the seeded test randomness source (seed ${args.seed})`;
      }
      const started = Date.now();
      let result;
      if (args.join !== undefined) {
        const seats = args.accounts.split(",").map((i) => signers[Number(i.trim())]);
        if (seats.some((x) => x === undefined)) throw new Error(`--accounts ${args.accounts}: no such account`);
        heading(`CATAMM: bots for ${seats.map((x) => short(x.address)).join(", ")} in game ${args.join}`);
        step(`game contract ${short(await game.getAddress())} on ${hre.network.name}; waiting on the other players`);
        result = await playBotSeats(hre.ethers.provider, game, BigInt(args.join), seats, {
          seed: BigInt(args.seed),
          maxTurns: args.maxTurns,
          log: options.log,
        });
      } else {
        heading(
          `CATAMM: ${args.players} bots, seed ${args.seed}, depth ${args.depth}, ${PRESET_FEES[preset].name} fees`,
        );
        step(`game contract ${short(await game.getAddress())} on ${hre.network.name}, randomness from ${source}`);
        result = await playBotGame(hre, game, signers.slice(0, args.players), options);
      }
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
    await run(hre, "createGame", () => game.createGame(args.depth, preset, args.turnBlocks, args.open));
    step(`game id ${await game.gameCount()}`);
  });

gameTask("catamm:join", "Joins an open game").setAction(async (args: Common, hre) => {
  const game = await gameAt(hre, args);
  await run(hre, `joinGame(${args.game})`, () => game.joinGame(args.game));
});

gameTask("catamm:leave", "Leaves an open game (its creator cancels it instead)").setAction(
  async (args: Common, hre) => {
    const game = await gameAt(hre, args);
    await run(hre, `leaveGame(${args.game})`, () => game.leaveGame(args.game));
  },
);

gameTask("catamm:cancel", "Cancels an open game: its creator any time, anyone after the open window").setAction(
  async (args: Common, hre) => {
    const game = await gameAt(hre, args);
    await run(hre, `cancelGame(${args.game})`, () => game.cancelGame(args.game));
  },
);

gameTask("catamm:start", "Starts the game (creator only); the board comes with the next random value").setAction(
  async (args: Common, hre) => {
    const game = await gameAt(hre, args);
    await run(hre, `startGame(${args.game})`, () => game.startGame(args.game));
  },
);

gameTask("catamm:advance", "Serves the game's random value when ready (waiting for it), or advances past a deadline")
  .addFlag("noWait", "do not wait for a pending random value")
  .setAction(async (args: Common & { noWait: boolean }, hre) => {
    const game = await gameAt(hre, args);
    const info = await game.gameInfo(args.game);
    if (!args.noWait && info.pending !== 0n)
      return serve(hre, game, args.game).then(() => printWaiting(hre, game, args.game));
    await run(hre, `advance(${args.game})`, () => game.advance(args.game));
    await printWaiting(hre, game, args.game);
  });

/** Waits for the game's outstanding random value (mining on a local node, else polling) and serves it. */
async function serve(hre: HardhatRuntimeEnvironment, game: Catamm, id: number): Promise<void> {
  const { waitForRandomness } = await import("../../client/chain");
  const { randomnessOf } = await import("../../client/catamm/randomness");
  const info = await game.gameInfo(id);
  if (info.pending === 0n) return;
  step(`waiting for randomness request ${info.requestId}`);
  await waitForRandomness(await randomnessOf(game), info.requestId, hre.ethers.provider, { log: (line) => step(line) });
  await run(hre, `advance(${id})`, () => game.advance(id));
}

/** Prints what the game waits for now, naming players with their account index. */
async function printWaiting(hre: HardhatRuntimeEnvironment, game: Catamm, id: number): Promise<void> {
  const { readGame, waitingFor } = await import("../../client/catamm/game");
  const label = await accountLabels(hre);
  step(`now waiting for ${waitingFor(await readGame(game, BigInt(id)), label)}`);
}

/** "0x1234…abcd (account 2)" for the network's accounts, the short address for others. */
async function accountLabels(hre: HardhatRuntimeEnvironment): Promise<(address: string) => string> {
  const accounts = (await hre.ethers.getSigners()).map((s) => s.address.toLowerCase());
  return (address) => {
    const i = accounts.indexOf(address.toLowerCase());
    return i >= 0 ? `${short(address)} (account ${i})` : short(address);
  };
}

gameTask(
  "catamm:end-abandoned",
  "Ends a started game its players stopped playing (a round of timed-out turns): their held request credit goes back",
).setAction(async (args: Common, hre) => {
  const game = await gameAt(hre, args);
  await run(hre, `endAbandonedGame(${args.game})`, () => game.endAbandonedGame(args.game));
});

gameTask("catamm:rerequest", "Replaces a stale random request").setAction(async (args: Common, hre) => {
  const game = await gameAt(hre, args);
  await run(hre, `rerequestRandomness(${args.game})`, () => game.rerequestRandomness(args.game));
});

gameTask("catamm:place", "Your draft pick: a settlement and a road ending there (default: the automatic pick)")
  .addOptionalParam(
    "vertex",
    "vertex id (0-53; catamm:show prints them); default: the free vertex with most pips",
    undefined,
    types.int,
  )
  .addOptionalParam("edge", "edge id (0-71) ending at the vertex; default: its lowest free edge", undefined, types.int)
  .setAction(async (args: Common & { vertex?: number; edge?: number }, hre) => {
    const { readGame } = await import("../../client/catamm/game");
    const { autoRoadEdge, autoSettlementVertex, vertexPips } = await import("../../client/catamm/board");
    const game = await gameAt(hre, args);
    const g = await readGame(game, BigInt(args.game));
    const occupied = g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
    const vertex = args.vertex ?? autoSettlementVertex(g.board, occupied);
    const edge =
      args.edge ??
      autoRoadEdge(
        g.players.reduce((m, p) => m | p.roads, 0n),
        vertex,
      );
    if (args.vertex === undefined)
      step(`the automatic pick: vertex ${vertex} (${vertexPips(g.board, vertex)} pips), edge ${edge}`);
    await run(hre, `placeInitial(${vertex}, ${edge})`, () => game.placeInitial(args.game, vertex, edge));
  });

gameTask("catamm:roll", "Rolls the dice and serves them once the random value is ready (production, or a 7)")
  .addFlag("noServe", "only roll: catamm:advance serves the dice later")
  .setAction(async (args: Common & { noServe: boolean }, hre) => {
    const game = await gameAt(hre, args);
    await run(hre, "rollDice", () => game.rollDice(args.game));
    if (args.noServe) return;
    await serve(hre, game, args.game);
    await printWaiting(hre, game, args.game);
  });

gameTask("catamm:end", "Ends your turn").setAction(async (args: Common, hre) => {
  const game = await gameAt(hre, args);
  await run(hre, "endTurn", () => game.endTurn(args.game));
});

gameTask("catamm:build", "Builds a road, settlement or city")
  .addParam("what", "road, settlement or city")
  .addParam("at", "edge id (road) or vertex id", undefined, types.int)
  .setAction(async (args: Common & { what: string; at: number }, hre) => {
    const game = await gameAt(hre, args);
    const what = args.what.toLowerCase();
    if (what === "road") await run(hre, `buildRoad(${args.at})`, () => game.buildRoad(args.game, args.at));
    else if (what === "settlement") {
      await run(hre, `buildSettlement(${args.at})`, () => game.buildSettlement(args.game, args.at));
    } else if (what === "city") await run(hre, `buildCity(${args.at})`, () => game.buildCity(args.game, args.at));
    else throw new Error(`unknown piece "${args.what}" (road, settlement, city)`);
  });

gameTask("catamm:buy-card", "Buys a development card (drawn with the next random value)").setAction(
  async (args: Common, hre) => {
    const game = await gameAt(hre, args);
    await run(hre, "buyDevCard", () => game.buyDevCard(args.game));
  },
);

gameTask("catamm:play", "Plays a development card")
  .addParam("card", "knight, road-building, year-of-plenty or monopoly")
  .addOptionalParam("edges", "road building: one or two edge ids, comma-separated")
  .addOptionalParam("resources", "year of plenty: two resources; monopoly: one (names or 0-4), comma-separated")
  .setAction(async (args: Common & { card: string; edges?: string; resources?: string }, hre) => {
    const { parseResource } = await import("../../client/catamm/market");
    const { NO_EDGE } = await import("../../client/catamm/game");
    const game = await gameAt(hre, args);
    const resources = (args.resources ?? "").split(",").filter(Boolean).map(parseResource);
    switch (args.card.toLowerCase()) {
      case "knight":
        return run(hre, "playKnight", () => game.playKnight(args.game));
      case "road-building": {
        const edges = (args.edges ?? "").split(",").filter(Boolean).map(Number);
        if (edges.length < 1) throw new Error("--edges needs one or two edge ids");
        return run(hre, "playRoadBuilding", () => game.playRoadBuilding(args.game, edges[0], edges[1] ?? NO_EDGE));
      }
      case "year-of-plenty":
        if (resources.length !== 2) throw new Error("--resources needs two resources");
        return run(hre, "playYearOfPlenty", () => game.playYearOfPlenty(args.game, resources[0], resources[1]));
      case "monopoly":
        if (resources.length !== 1) throw new Error("--resources needs one resource");
        return run(hre, "playMonopoly", () => game.playMonopoly(args.game, resources[0]));
      default:
        throw new Error(`unknown card "${args.card}"`);
    }
  });

gameTask(
  "catamm:ghost",
  "Moves the ghost ship: to a hex (robbing --victim) or to a port (flipping its market); default: a free hex",
)
  .addOptionalParam("hex", "hex id (0-18)", undefined, types.int)
  .addOptionalParam("victim", "address of the player to rob on that hex (default: nobody)")
  .addOptionalParam("port", "port id (0-8) to flip instead", undefined, types.int)
  .setAction(async (args: Common & { hex?: number; victim?: string; port?: number }, hre) => {
    const { Phase, PHASE_NAMES, freeGhostHex, readGame, waitingFor } = await import("../../client/catamm/game");
    const game = await gameAt(hre, args);
    const { port } = args;
    if (port !== undefined) return run(hre, `flipPort(${port})`, () => game.flipPort(args.game, port));
    let hex = args.hex;
    if (hex === undefined) {
      // No place given: the documented default without a steal, if the ship is to move at all.
      const g = await readGame(game, BigInt(args.game));
      if (g.phase !== Phase.GhostShip) {
        step(`nothing to do: the ghost ship moves after a 7 or a Knight; the game is in phase ${PHASE_NAMES[g.phase]}`);
        step(`now waiting for ${waitingFor(g, await accountLabels(hre))}`);
        return;
      }
      hex = freeGhostHex(g);
      step(`the default place: hex ${hex}, the lowest-id hex without buildings (no steal)`);
    }
    const at = hex;
    const victim = args.victim ?? hre.ethers.ZeroAddress;
    await run(hre, `blockHex(${at}, ${victim})`, () => game.blockHex(args.game, at, victim));
  });

gameTask("catamm:discard", "After a 7: discards whole cards and gold credits adding up to what you owe")
  .addParam("cards", "whole cards of wood,brick,sheep,ore,wheat, e.g. 1,0,2,0,1")
  .addOptionalParam("gold", "gold credits", 0, types.int)
  .setAction(async (args: Common & { cards: string; gold: number }, hre) => {
    const game = await gameAt(hre, args);
    const cards = args.cards.split(",").map((c) => BigInt(c.trim()));
    if (cards.length !== 5) throw new Error("--cards needs five numbers");
    await run(hre, "discard", () =>
      game.discard(args.game, [cards[0], cards[1], cards[2], cards[3], cards[4]], args.gold),
    );
  });

gameTask("catamm:gold", "Turns gold credits into cards of a resource")
  .addParam("resource", "wood, brick, sheep, ore, wheat (or 0-4)")
  .addOptionalParam("credits", "credits to use", 1, types.int)
  .setAction(async (args: Common & { resource: string; credits: number }, hre) => {
    const { parseResource } = await import("../../client/catamm/market");
    const game = await gameAt(hre, args);
    await run(hre, "convertGold", () => game.convertGold(args.game, parseResource(args.resource), args.credits));
  });

gameTask("catamm:swap", "Swaps through a pool, with a slippage limit from the current quote")
  .addParam("sell", "resource paid: wood, brick, sheep, ore, wheat (or 0-4)")
  .addParam("buy", "resource received")
  .addParam("amount", "cards paid, decimals allowed")
  .addOptionalParam("slippage", "accepted slippage in basis points", 50, types.int)
  .setAction(async (args: Common & { sell: string; buy: string; amount: string; slippage: number }, hre) => {
    const { RESOURCE_NAMES, parseAmount, parseResource, quoteFigures, routeOf, toPoolView } =
      await import("../../client/catamm/market");
    const game = await gameAt(hre, args);
    const sell = parseResource(args.sell);
    const buy = parseResource(args.buy);
    let amount = parseAmount(args.amount);
    const player = await (
      await signerOf(hre, args.from === "turn" ? await turnAccount(game, args.game) : args.from)
    ).getAddress();
    const [, feeBps] = await game.marketSettings(args.game);
    const pools = (await game.marketPools(args.game)).map(toPoolView);
    const route = routeOf(pools, sell, buy, amount, feeBps);
    if (!route) throw new Error(`no active pools lead from ${RESOURCE_NAMES[sell]} to ${RESOURCE_NAMES[buy]}`);
    if (route.length > 2)
      step(
        `the ${RESOURCE_NAMES[sell]}-${RESOURCE_NAMES[buy]} pool is missing: trading through ${RESOURCE_NAMES[route[1]]}`,
      );
    for (let hop = 0; hop + 1 < route.length; hop++) {
      const [a, b] = [route[hop], route[hop + 1]];
      const quote = await game.quoteSwap(args.game, player, a, b, amount);
      const min = quoteFigures(quote.amountOut, amount, BigInt(args.slippage)).minAmountOut;
      const { events } = await send(hre, () => game.swap(args.game, a, b, amount, min), {
        prefer: ["Catamm"],
        label: `swap ${RESOURCE_NAMES[a]} -> ${RESOURCE_NAMES[b]}`,
      });
      amount = eventOf(events, "Swapped").args.amountOut as bigint;
    }
  });

gameTask("catamm:liquidity", "Adds liquidity to a pool (--add a0,a1) or removes shares (--remove shares)")
  .addParam("pool", "pool id (0-9)", undefined, types.int)
  .addOptionalParam("add", "cards of side 0 and side 1 at most, e.g. 2,2.5")
  .addOptionalParam("remove", "shares to redeem (18 decimals, as cards)")
  .setAction(async (args: Common & { pool: number; add?: string; remove?: string }, hre) => {
    const { parseAmount } = await import("../../client/catamm/market");
    const game = await gameAt(hre, args);
    if (args.add) {
      const [a0, a1] = args.add.split(",").map(parseAmount);
      return run(hre, "addLiquidity", () => game.addLiquidity(args.game, args.pool, a0, a1, 0));
    }
    const remove = args.remove;
    if (!remove) throw new Error("pass --add or --remove");
    await run(hre, "removeLiquidity", () => game.removeLiquidity(args.game, args.pool, parseAmount(remove), 0, 0));
  });

gameTask("catamm:show", "Prints a game: whose turn, the board with vertex and edge ids, players, scores")
  .addFlag("noIds", "leave out the vertex and edge id maps")
  .setAction(async (args: Common & { noIds: boolean }, hre) => {
    const { readGame, waitingFor, PHASE_NAMES, DEV_CARD_NAMES, PORT_PLACE } = await import("../../client/catamm/game");
    const { renderBoard } = await import("../../client/catamm/board");
    const { RESOURCE_NAMES, formatAmount, poolName } = await import("../../client/catamm/market");
    const game = await gameAt(hre, args);
    const g = await readGame(game, BigInt(args.game));
    const label = await accountLabels(hre);
    heading(`CATAMM game ${args.game}: ${PHASE_NAMES[g.phase]}, turn ${g.turn}`);
    step(
      `players: ${g.players.map((p, i) => `P${i + 1} ${label(p.address)}`).join(", ") || "(seats are drawn at the start)"}`,
    );
    step(`waiting for ${waitingFor(g, label)}${g.deadline ? ` (deadline block ${g.deadline})` : ""}`);
    if (g.phase <= 2) return;
    step(`last roll ${g.lastRoll || "-"}`);
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
    step("a/b/c/d settlements, A/B/C/D cities, 1-4 roads of P1-P4; * the ghost ship; ports show their pool");
    if (ghostHex === undefined) step(`the ghost ship is at port ${g.ghostShip - PORT_PLACE}`);
    if (!args.noIds) {
      step("vertex ids (settlements, cities) and edge ids (roads), for catamm:place and catamm:build:");
      console.log(sideBySide(renderBoard({ ids: "vertices" }), renderBoard({ ids: "edges" })));
    }
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

/** Two blocks of text side by side. */
function sideBySide(left: string, right: string): string {
  const a = left.split("\n");
  const b = right.split("\n");
  const width = Math.max(...a.map((l) => l.length)) + 4;
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) =>
    `${(a[i] ?? "").padEnd(width)}${b[i] ?? ""}`.trimEnd(),
  ).join("\n");
}

gameTask("catamm:games", "Lists CATAMM games: phase, players, turn (newest first)")
  .addOptionalParam("last", "how many of the newest games", 20, types.int)
  .setAction(async (args: Common & { last: number }, hre) => {
    const { PHASE_NAMES } = await import("../../client/catamm/game");
    const game = await gameAt(hre, { ...args, from: args.from === "turn" ? "0" : args.from });
    const count = Number(await game.gameCount());
    if (count === 0) console.log("no CATAMM games yet (catamm:create)");
    const label = await accountLabels(hre);
    const lines: string[] = [];
    for (let id = count; id >= 1 && id > count - args.last; id--) {
      const g = await game.gameInfo(id);
      const players = g.players.slice(0, Number(g.playerCount)).map(label).join(", ");
      const line =
        `game ${id}: ${PHASE_NAMES[Number(g.phase)]}, turn ${g.turn}; ${g.playerCount} player(s): ${players}` +
        (g.winner !== ZeroAddress ? `; won by ${label(g.winner)}` : "");
      console.log(line);
      lines.push(line);
    }
    return lines;
  });
