// CATAMM: games and where they stand (phase, pending random value, deadline, whose turn), players' balances,
// pieces, cards and awards, the ten pools with their reserves after every change (the price series), liquidity
// shares, turns and dice, and every event of a game in order (its history). Deadlines the events do not carry are
// the contract's rule: the block of the event plus the game's turn blocks (CatammState.deadlineFromNow).
import { ponder, type Context } from "ponder:registry";
import {
  catammGame,
  catammLiquidity,
  catammLog,
  catammPlayer,
  catammPool,
  catammPrice,
  catammTurn,
} from "ponder:schema";
import { decodeFunctionData, zeroAddress } from "viem";
import { ABIS } from "../../client/abi";
import { COSTS, DevCard, Pending, Phase, PORT_PLACE } from "../../client/catamm/game";
import { NO_PORT, ONE_CARD, POOL_COUNT, POOL_PAIRS, RESOURCE_COUNT } from "../../client/catamm/market";
import { catammState } from "../../client/states";
import { addr, plain } from "./lib/json";

type Db = Context["db"];
type Game = typeof catammGame.$inferSelect;
type Player = typeof catammPlayer.$inferSelect;
type Address = `0x${string}`;
/** Points a longest road or largest army is worth (CatammState.AWARD_POINTS). */
const AWARD_POINTS = 2;

interface LogEvent {
  id: string;
  args: object;
  log: { logIndex: number };
  block: { number: bigint };
  transaction: { hash: Address };
}

const zeros = (n: number) => Array.from({ length: n }, () => 0n);
const popcount = (mask: bigint) => {
  let n = 0;
  for (let m = mask; m !== 0n; m &= m - 1n) n++;
  return n;
};

async function log(db: Db, gameId: bigint, name: string, actor: string | null, e: LogEvent) {
  const game = await db.find(catammGame, { id: gameId });
  await db.insert(catammLog).values({
    id: e.id,
    gameId,
    turn: game?.turn ?? 0,
    name,
    actor: actor && actor !== zeroAddress ? addr(actor) : null,
    args: plain(e.args),
    block: e.block.number,
    logIndex: e.log.logIndex,
    tx: e.transaction.hash,
  });
}

async function game(db: Db, id: bigint): Promise<Game> {
  return (await db.find(catammGame, { id }))!;
}

async function setGame(db: Db, id: bigint, values: Partial<Game>, block: bigint) {
  const phase = values.phase;
  return db
    .update(catammGame, { id })
    .set({ ...values, ...(phase === undefined ? {} : { state: catammState(phase) }), lastBlockSeen: block });
}

async function updatePlayer(db: Db, gameId: bigint, player: string, change: (p: Player) => Partial<Player>) {
  return db.update(catammPlayer, { gameId, player: addr(player) }).set(change);
}

/** Adds `delta[r]` to each resource balance. */
async function credit(db: Db, gameId: bigint, player: string, delta: readonly bigint[]) {
  await updatePlayer(db, gameId, player, (p) => ({ balances: p.balances.map((b, r) => b + (delta[r] ?? 0n)) }));
}

const one = (resource: number, amount: bigint) => zeros(RESOURCE_COUNT).map((_, r) => (r === resource ? amount : 0n));
const cost = (cards: readonly number[]) => cards.map((c) => -BigInt(c) * ONE_CARD);

/** Recomputes the public score of `players` (settlements, cities, awards: CatammState.publicPoints). */
async function rescore(db: Db, gameId: bigint, players: readonly string[]) {
  const g = await game(db, gameId);
  for (const player of new Set(players.filter((p) => p && p !== zeroAddress).map(addr))) {
    await updatePlayer(db, gameId, player, (p) => ({
      publicVictoryPoints:
        popcount(p.settlements) +
        2 * popcount(p.cities) +
        (g.longestRoad === player ? AWARD_POINTS : 0) +
        (g.largestArmy === player ? AWARD_POINTS : 0),
    }));
  }
}

/** After the ghost ship (or its steal): back to the main phase if the turn rolled, else before the roll. */
async function returnFromGhostShip(db: Db, gameId: bigint, block: bigint) {
  const g = await game(db, gameId);
  await setGame(
    db,
    gameId,
    { phase: g.rolled ? Phase.Main : Phase.BeforeRoll, deadline: block + BigInt(g.turnBlocks) },
    block,
  );
}

async function price(
  db: Db,
  e: LogEvent,
  gameId: bigint,
  pool: number,
  kind: string,
  reserves: { reserve0: bigint; reserve1: bigint },
  extra: Partial<typeof catammPrice.$inferInsert> = {},
) {
  const g = await game(db, gameId);
  await db.update(catammPool, { gameId, pool }).set({ reserve0: reserves.reserve0, reserve1: reserves.reserve1 });
  await db.insert(catammPrice).values({
    id: `${e.id}-${pool}`,
    gameId,
    pool,
    kind,
    reserve0: reserves.reserve0,
    reserve1: reserves.reserve1,
    turn: g.turn,
    block: e.block.number,
    logIndex: e.log.logIndex,
    ...extra,
  });
}

/** The open window of a game created by a direct `createGame` call (GameCreated does not carry it). */
function openDeadline(input: Address, to: string | null, catamm: string, block: bigint): bigint {
  if (!to || to.toLowerCase() !== catamm.toLowerCase()) return 0n;
  try {
    const call = decodeFunctionData({ abi: ABIS.Catamm, data: input });
    return call.functionName === "createGame" ? block + BigInt(call.args[3]) : 0n;
  } catch {
    return 0n;
  }
}

// -------------------------------------------------------------------------------------------------------- lobby

ponder.on("Catamm:GameCreated", async ({ event, context }) => {
  const a = event.args;
  await context.db.insert(catammGame).values({
    id: a.gameId,
    creator: addr(a.creator),
    depthCards: a.depthCards,
    feePreset: a.feePreset,
    turnBlocks: a.turnBlocks,
    players: [],
    playerCount: 0,
    phase: Phase.Open,
    state: catammState(Phase.Open),
    pending: Pending.None,
    requestId: 0n,
    deadline: openDeadline(event.transaction.input, event.transaction.to, event.log.address, event.block.number),
    turn: 0,
    currentSeat: 0,
    setupPick: 0,
    rolled: false,
    cardPlayed: false,
    autoEnd: false,
    burned: zeros(RESOURCE_COUNT),
    longestRoadLength: 0,
    largestArmyKnights: 0,
    createdBlock: event.block.number,
    lastBlockSeen: event.block.number,
  });
  await log(context.db, a.gameId, "GameCreated", a.creator, event);
});

ponder.on("Catamm:PlayerJoined", async ({ event, context }) => {
  const a = event.args;
  const g = await game(context.db, a.gameId);
  await setGame(
    context.db,
    a.gameId,
    { players: [...g.players, addr(a.player)], playerCount: Number(a.players) },
    event.block.number,
  );
  await context.db.insert(catammPlayer).values({
    gameId: a.gameId,
    player: addr(a.player),
    seat: Number(a.players) - 1,
    balances: zeros(RESOURCE_COUNT),
    goldCredits: 0,
    settlements: 0n,
    cities: 0n,
    roads: 0n,
    roadLength: 0,
    knights: 0,
    ports: 0,
    publicVictoryPoints: 0,
    cardsHeld: [0, 0, 0, 0, 0],
    cardsBought: 0,
    discardOwed: 0,
    trades: 0,
  });
  await log(context.db, a.gameId, "PlayerJoined", a.player, event);
});

ponder.on("Catamm:PlayerLeft", async ({ event, context }) => {
  const a = event.args;
  const g = await game(context.db, a.gameId);
  // CatammSetup.leave: the last joined player moves into the freed seat.
  const players = [...g.players];
  const seat = players.indexOf(addr(a.player));
  const last = players.pop()!;
  if (seat < players.length) {
    players[seat] = last;
    await updatePlayer(context.db, a.gameId, last, () => ({ seat }));
  }
  await context.db.delete(catammPlayer, { gameId: a.gameId, player: addr(a.player) });
  await setGame(context.db, a.gameId, { players, playerCount: players.length }, event.block.number);
  await log(context.db, a.gameId, "PlayerLeft", a.player, event);
});

ponder.on("Catamm:GameCancelled", async ({ event, context }) => {
  await setGame(context.db, event.args.gameId, { phase: Phase.Cancelled }, event.block.number);
  await log(context.db, event.args.gameId, "GameCancelled", event.args.by, event);
});

ponder.on("Catamm:GameAbandoned", async ({ event, context }) => {
  await setGame(context.db, event.args.gameId, { phase: Phase.Abandoned, pending: Pending.None }, event.block.number);
  await log(context.db, event.args.gameId, "GameAbandoned", event.args.by, event);
});

// --------------------------------------------------------------------------------------------------- randomness

ponder.on("Catamm:RandomnessRequested", async ({ event, context }) => {
  const a = event.args;
  const waiting: Record<number, number> = {
    [Pending.Start]: Phase.Starting,
    [Pending.Roll]: Phase.RollPending,
    [Pending.HexSteal]: Phase.StealPending,
    [Pending.PoolSteal]: Phase.StealPending,
  };
  const phase = waiting[a.kind];
  await setGame(
    context.db,
    a.gameId,
    { pending: a.kind, requestId: a.requestId, ...(phase === undefined ? {} : { phase }) },
    event.block.number,
  );
  await log(context.db, a.gameId, "RandomnessRequested", null, event);
});

ponder.on("Catamm:RandomnessUsed", async ({ event, context }) => {
  const a = event.args;
  await setGame(context.db, a.gameId, { pending: Pending.None }, event.block.number);
  // A steal's draw ends the ghost ship's move (CatammGhost.resolveSteal); the other draws' events say the rest.
  if (a.kind === Pending.HexSteal || a.kind === Pending.PoolSteal) {
    await returnFromGhostShip(context.db, a.gameId, event.block.number);
  }
  await log(context.db, a.gameId, "RandomnessUsed", null, event);
});

// ---------------------------------------------------------------------------------------------- start and draft

ponder.on("Catamm:MarketsOpened", async ({ event, context }) => {
  const a = event.args;
  const poolOfPort = [...a.poolOfPort];
  await setGame(
    context.db,
    a.gameId,
    { depth: a.depth, feeBps: a.feeBps, portFeeBps: a.portFeeBps, poolOfPort, missingPool: a.missingPool },
    event.block.number,
  );
  for (let pool = 0; pool < POOL_COUNT; pool++) {
    const port = poolOfPort.indexOf(pool);
    await context.db.insert(catammPool).values({
      gameId: a.gameId,
      pool,
      reserve0: a.depth,
      reserve1: a.depth,
      playerShares: 0n,
      port: port < 0 ? NO_PORT : port,
    });
    await price(context.db, event, a.gameId, pool, "open", { reserve0: a.depth, reserve1: a.depth });
  }
  await log(context.db, a.gameId, "MarketsOpened", null, event);
});

ponder.on("Catamm:GameStarted", async ({ event, context }) => {
  const a = event.args;
  const g = await game(context.db, a.gameId);
  const players = a.players.map(addr);
  for (const [seat, player] of players.entries()) await updatePlayer(context.db, a.gameId, player, () => ({ seat }));
  const desert = Number(a.desert);
  await setGame(
    context.db,
    a.gameId,
    {
      phase: Phase.Setup,
      players,
      board: a.board,
      desert,
      ghostShip: desert,
      currentSeat: 0,
      setupPick: 0,
      deadline: event.block.number + BigInt(g.turnBlocks),
    },
    event.block.number,
  );
  await log(context.db, a.gameId, "GameStarted", null, event);
});

ponder.on("Catamm:InitialPlacement", async ({ event, context }) => {
  const a = event.args;
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    settlements: p.settlements | (1n << a.vertex),
    roads: p.roads | (1n << a.edge),
  }));
  await rescore(context.db, a.gameId, [a.player]);
  // CatammSetup._place: the snake draft's next pick (after the last one, the first turn begins: TurnStarted).
  const g = await game(context.db, a.gameId);
  const n = g.playerCount;
  const pick = g.setupPick + 1;
  if (pick < 2 * n) {
    await setGame(
      context.db,
      a.gameId,
      {
        setupPick: pick,
        currentSeat: pick < n ? pick : 2 * n - 1 - pick,
        deadline: event.block.number + BigInt(g.turnBlocks),
      },
      event.block.number,
    );
  }
  await log(context.db, a.gameId, "InitialPlacement", a.player, event);
});

// ------------------------------------------------------------------------------------------ turns, dice, discards

ponder.on("Catamm:TurnStarted", async ({ event, context }) => {
  const a = event.args;
  const g = await game(context.db, a.gameId);
  const turn = Number(a.turn);
  if (turn > 1) {
    await context.db.update(catammTurn, { gameId: a.gameId, turn: turn - 1 }).set({ endedBlock: event.block.number });
  }
  await setGame(
    context.db,
    a.gameId,
    {
      phase: Phase.BeforeRoll,
      turn,
      currentSeat: g.players.indexOf(addr(a.player)),
      deadline: a.deadline,
      rolled: false,
      cardPlayed: false,
      autoEnd: false,
    },
    event.block.number,
  );
  await context.db.insert(catammTurn).values({
    gameId: a.gameId,
    turn,
    player: addr(a.player),
    timedOut: false,
    startedBlock: event.block.number,
  });
  await log(context.db, a.gameId, "TurnStarted", a.player, event);
});

ponder.on("Catamm:TurnEnded", async ({ event, context }) => {
  const a = event.args;
  await context.db
    .update(catammTurn, { gameId: a.gameId, turn: Number(a.turn) })
    .set({ endedBlock: event.block.number });
  await log(context.db, a.gameId, "TurnEnded", a.player, event);
});

ponder.on("Catamm:TurnTimedOut", async ({ event, context }) => {
  const a = event.args;
  await context.db.update(catammTurn, { gameId: a.gameId, turn: Number(a.turn) }).set({ timedOut: true });
  // Rolled for the absent player: the turn ends by itself once it reaches its main phase (Catamm._afterStep).
  if (a.rolled) await setGame(context.db, a.gameId, { autoEnd: true }, event.block.number);
  await log(context.db, a.gameId, "TurnTimedOut", a.player, event);
});

ponder.on("Catamm:DiceRolled", async ({ event, context }) => {
  const a = event.args;
  const g = await game(context.db, a.gameId);
  const [die1, die2] = [Number(a.die1), Number(a.die2)];
  await setGame(
    context.db,
    a.gameId,
    {
      die1,
      die2,
      rolled: true,
      deadline: event.block.number + BigInt(g.turnBlocks),
      // A 7 goes on with discards or the ghost ship (their events follow); any other roll produces and opens the
      // main phase.
      ...(die1 + die2 === 7 ? {} : { phase: Phase.Main }),
    },
    event.block.number,
  );
  await context.db.update(catammTurn, { gameId: a.gameId, turn: g.turn }).set({ die1, die2 });
  await log(context.db, a.gameId, "DiceRolled", a.player, event);
});

ponder.on("Catamm:ResourceProduced", async ({ event, context }) => {
  const a = event.args;
  await credit(context.db, a.gameId, a.player, one(a.resource, a.amount));
  await log(context.db, a.gameId, "ResourceProduced", a.player, event);
});

ponder.on("Catamm:GoldProduced", async ({ event, context }) => {
  const a = event.args;
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({ goldCredits: p.goldCredits + 1 }));
  await log(context.db, a.gameId, "GoldProduced", a.player, event);
});

ponder.on("Catamm:GoldConverted", async ({ event, context }) => {
  const a = event.args;
  const credits = Number(a.credits);
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    goldCredits: p.goldCredits - credits,
    balances: p.balances.map((b, r) => (r === a.resource ? b + BigInt(credits) * ONE_CARD : b)),
  }));
  await log(context.db, a.gameId, "GoldConverted", a.player, event);
});

ponder.on("Catamm:DiscardRequired", async ({ event, context }) => {
  const a = event.args;
  await updatePlayer(context.db, a.gameId, a.player, () => ({ discardOwed: Number(a.count) }));
  await setGame(context.db, a.gameId, { phase: Phase.Discard, deadline: a.deadline }, event.block.number);
  await log(context.db, a.gameId, "DiscardRequired", a.player, event);
});

ponder.on("Catamm:Discarded", async ({ event, context }) => {
  const a = event.args;
  const gold = Number(a.gold);
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    balances: p.balances.map((b, r) => b - a.cards[r]! * ONE_CARD),
    goldCredits: p.goldCredits - gold,
    discardOwed: 0,
  }));
  await log(context.db, a.gameId, "Discarded", a.player, event);
});

// ----------------------------------------------------------------------------------------------- the ghost ship

ponder.on("Catamm:GhostShipAwaited", async ({ event, context }) => {
  const a = event.args;
  await setGame(context.db, a.gameId, { phase: Phase.GhostShip, deadline: a.deadline }, event.block.number);
  await log(context.db, a.gameId, "GhostShipAwaited", a.player, event);
});

ponder.on("Catamm:GhostShipMoved", async ({ event, context }) => {
  const a = event.args;
  const place = Number(a.place);
  await setGame(context.db, a.gameId, { ghostShip: place }, event.block.number);
  // A move to a hex without a victim ends the ghost ship's turn at once; a victim or a port flip waits for a steal.
  if (a.victim === zeroAddress && place < PORT_PLACE)
    await returnFromGhostShip(context.db, a.gameId, event.block.number);
  await log(context.db, a.gameId, "GhostShipMoved", a.player, event);
});

ponder.on("Catamm:Stolen", async ({ event, context }) => {
  const a = event.args;
  await credit(context.db, a.gameId, a.victim, one(a.resource, -a.amount));
  await credit(context.db, a.gameId, a.thief, one(a.resource, a.amount));
  await log(context.db, a.gameId, "Stolen", a.thief, event);
});

ponder.on("Catamm:PortFlipped", async ({ event, context }) => {
  const a = event.args;
  const g = await game(context.db, a.gameId);
  const poolOfPort = [...(g.poolOfPort ?? [])];
  poolOfPort[a.port] = a.activatedPool;
  await setGame(context.db, a.gameId, { poolOfPort, missingPool: a.deactivatedPool }, event.block.number);
  await context.db.update(catammPool, { gameId: a.gameId, pool: a.deactivatedPool }).set({ port: NO_PORT });
  await context.db.update(catammPool, { gameId: a.gameId, pool: a.activatedPool }).set({ port: a.port });
  for (const pool of [a.deactivatedPool, a.activatedPool]) {
    const p = (await context.db.find(catammPool, { gameId: a.gameId, pool }))!;
    await price(context.db, event, a.gameId, pool, "flip", p);
  }
  await log(context.db, a.gameId, "PortFlipped", null, event);
});

ponder.on("Catamm:PoolRobbed", async ({ event, context }) => {
  const a = event.args;
  await credit(context.db, a.gameId, a.thief, one(a.resource, a.amount));
  await price(context.db, event, a.gameId, a.pool, "steal", a, { player: addr(a.thief) });
  await log(context.db, a.gameId, "PoolRobbed", a.thief, event);
});

// ---------------------------------------------------------------------------------------------- building, cards

ponder.on("Catamm:RoadBuilt", async ({ event, context }) => {
  const a = event.args;
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    roads: p.roads | (1n << a.edge),
    balances: a.free ? p.balances : p.balances.map((b, r) => b + cost(COSTS.road)[r]!),
  }));
  await log(context.db, a.gameId, "RoadBuilt", a.player, event);
});

ponder.on("Catamm:SettlementBuilt", async ({ event, context }) => {
  const a = event.args;
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    settlements: p.settlements | (1n << a.vertex),
    balances: p.balances.map((b, r) => b + cost(COSTS.settlement)[r]!),
  }));
  await rescore(context.db, a.gameId, [a.player]);
  await log(context.db, a.gameId, "SettlementBuilt", a.player, event);
});

ponder.on("Catamm:CityBuilt", async ({ event, context }) => {
  const a = event.args;
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    settlements: p.settlements & ~(1n << a.vertex),
    cities: p.cities | (1n << a.vertex),
    balances: p.balances.map((b, r) => b + cost(COSTS.city)[r]!),
  }));
  await rescore(context.db, a.gameId, [a.player]);
  await log(context.db, a.gameId, "CityBuilt", a.player, event);
});

ponder.on("Catamm:RoadLengthChanged", async ({ event, context }) => {
  const a = event.args;
  await updatePlayer(context.db, a.gameId, a.player, () => ({ roadLength: Number(a.length) }));
  await log(context.db, a.gameId, "RoadLengthChanged", a.player, event);
});

ponder.on("Catamm:PortsChanged", async ({ event, context }) => {
  const a = event.args;
  await updatePlayer(context.db, a.gameId, a.player, () => ({ ports: Number(a.mask) }));
  await log(context.db, a.gameId, "PortsChanged", a.player, event);
});

ponder.on("Catamm:LongestRoadChanged", async ({ event, context }) => {
  const a = event.args;
  const before = await game(context.db, a.gameId);
  const holder = a.holder === zeroAddress ? null : addr(a.holder);
  await setGame(context.db, a.gameId, { longestRoad: holder, longestRoadLength: Number(a.length) }, event.block.number);
  await rescore(context.db, a.gameId, [before.longestRoad ?? zeroAddress, a.holder]);
  await log(context.db, a.gameId, "LongestRoadChanged", a.holder, event);
});

ponder.on("Catamm:LargestArmyChanged", async ({ event, context }) => {
  const a = event.args;
  const before = await game(context.db, a.gameId);
  await setGame(
    context.db,
    a.gameId,
    { largestArmy: addr(a.holder), largestArmyKnights: Number(a.knights) },
    event.block.number,
  );
  await rescore(context.db, a.gameId, [before.largestArmy ?? zeroAddress, a.holder]);
  await log(context.db, a.gameId, "LargestArmyChanged", a.holder, event);
});

ponder.on("Catamm:DevCardBought", async ({ event, context }) => {
  const a = event.args;
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    cardsBought: p.cardsBought + 1,
    balances: p.balances.map((b, r) => b + cost(COSTS.devCard)[r]!),
  }));
  await log(context.db, a.gameId, "DevCardBought", a.player, event);
});

ponder.on("Catamm:DevCardDrawn", async ({ event, context }) => {
  const a = event.args;
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    cardsHeld: p.cardsHeld.map((n, c) => (c === a.card ? n + 1 : n)),
  }));
  await log(context.db, a.gameId, "DevCardDrawn", a.player, event);
});

ponder.on("Catamm:DevCardPlayed", async ({ event, context }) => {
  const a = event.args;
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    cardsHeld: p.cardsHeld.map((n, c) => (c === a.card ? n - 1 : n)),
    knights: p.knights + (a.card === DevCard.Knight ? 1 : 0),
  }));
  await setGame(context.db, a.gameId, { cardPlayed: true }, event.block.number);
  await log(context.db, a.gameId, "DevCardPlayed", a.player, event);
});

ponder.on("Catamm:YearOfPlenty", async ({ event, context }) => {
  const a = event.args;
  await credit(context.db, a.gameId, a.player, one(a.resource1, ONE_CARD));
  await credit(context.db, a.gameId, a.player, one(a.resource2, ONE_CARD));
  await log(context.db, a.gameId, "YearOfPlenty", a.player, event);
});

ponder.on("Catamm:GameWon", async ({ event, context }) => {
  const a = event.args;
  await setGame(
    context.db,
    a.gameId,
    {
      phase: Phase.Finished,
      pending: Pending.None,
      autoEnd: false,
      winner: addr(a.winner),
      winnerPoints: Number(a.victoryPoints),
      finishedBlock: event.block.number,
    },
    event.block.number,
  );
  await log(context.db, a.gameId, "GameWon", a.winner, event);
});

// ------------------------------------------------------------------------------------------------------ markets

ponder.on("Catamm:Swapped", async ({ event, context }) => {
  const a = event.args;
  const [res0, res1] = POOL_PAIRS[a.pool]!;
  const out = a.resourceIn === res0 ? res1 : res0;
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    balances: p.balances.map((b, r) => (r === a.resourceIn ? b - a.amountIn : r === out ? b + a.amountOut : b)),
    trades: p.trades + 1,
  }));
  await context.db
    .update(catammGame, { id: a.gameId })
    .set((g) => ({ burned: g.burned.map((b, r) => (r === a.resourceIn ? b + a.fee : b)) }));
  await price(context.db, event, a.gameId, a.pool, "swap", a, {
    player: addr(a.player),
    resourceIn: a.resourceIn,
    amountIn: a.amountIn,
    amountOut: a.amountOut,
    fee: a.fee,
  });
  await log(context.db, a.gameId, "Swapped", a.player, event);
});

ponder.on("Catamm:LiquidityAdded", async ({ event, context }) => {
  const a = event.args;
  const [res0, res1] = POOL_PAIRS[a.pool]!;
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    balances: p.balances.map((b, r) => b - (r === res0 ? a.amount0 : 0n) - (r === res1 ? a.amount1 : 0n)),
  }));
  await context.db
    .insert(catammLiquidity)
    .values({ gameId: a.gameId, player: addr(a.player), pool: a.pool, shares: a.shares })
    .onConflictDoUpdate((l) => ({ shares: l.shares + a.shares }));
  await context.db
    .update(catammPool, { gameId: a.gameId, pool: a.pool })
    .set((p) => ({ playerShares: p.playerShares + a.shares }));
  await price(context.db, event, a.gameId, a.pool, "deposit", a, { player: addr(a.player) });
  await log(context.db, a.gameId, "LiquidityAdded", a.player, event);
});

ponder.on("Catamm:LiquidityRemoved", async ({ event, context }) => {
  const a = event.args;
  const [res0, res1] = POOL_PAIRS[a.pool]!;
  await updatePlayer(context.db, a.gameId, a.player, (p) => ({
    balances: p.balances.map((b, r) => b + (r === res0 ? a.amount0 : 0n) + (r === res1 ? a.amount1 : 0n)),
  }));
  await context.db
    .update(catammGame, { id: a.gameId })
    .set((g) => ({ burned: g.burned.map((b, r) => b + (r === res0 ? a.fee0 : 0n) + (r === res1 ? a.fee1 : 0n)) }));
  await context.db
    .update(catammLiquidity, { gameId: a.gameId, player: addr(a.player), pool: a.pool })
    .set((l) => ({ shares: l.shares - a.shares }));
  await context.db
    .update(catammPool, { gameId: a.gameId, pool: a.pool })
    .set((p) => ({ playerShares: p.playerShares - a.shares }));
  await price(context.db, event, a.gameId, a.pool, "withdrawal", a, { player: addr(a.player) });
  await log(context.db, a.gameId, "LiquidityRemoved", a.player, event);
});
