// Bot players for CATAMM: simple, deterministic heuristics (a seeded generator breaks ties and picks the odd port
// flip) that play a whole game through the contract's public entry points, as a person with a script would.
//
// What a bot does: drafts the legal vertex with the most pips (new resources and ports break near-ties) and a road
// toward the next good spot; plays a Knight when the ghost ship blocks it (or whenever it can after the roll),
// Monopoly on the resource the others hold most of, Year of Plenty for what it misses, Road Building toward a spot;
// turns gold credits into what it misses; then builds toward victory points in the order settlement (when a spot is
// reachable), city, road (toward a spot), development card, buying what it misses through the pools (exact amounts,
// planned with the markets' own math, each swap protected by its quoted output as minAmountOut). It saves for its
// main goal unless its hand risks a 7. On a 7 it discards what its goal needs least; it sends the ghost ship where
// the leading opponents produce most, robbing the leader there, and now and then flips a port instead.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { ContractTransactionReceipt, Signer } from "ethers";
import type { Catamm } from "../../typechain-types";
import { IRandomness__factory } from "../../typechain-types/factories/contracts/common/randomness/IRandomness__factory";
import type { RpcNode } from "../../client/chain";
import { describeError } from "../../client/errors";
import { Driver } from "./driver";
import { Rng } from "../../client/rng";
import { planTrades } from "../../client/catamm/planning";
import {
  TOPOLOGY,
  VERTEX_COUNT,
  countOnHex,
  distanceRuleOk,
  has,
  idsOf,
  pips,
  roadConnects,
  vertexPips,
} from "../../client/catamm/board";
import {
  CITY_LIMIT,
  COSTS,
  DevCard,
  Pending,
  Phase,
  PORT_PLACE,
  ROAD_LIMIT,
  SETTLEMENT_LIMIT,
  NO_EDGE,
  five,
  wholeCards,
  type Build,
  type GameSnapshot,
  type PlayerSnapshot,
  OPEN_BLOCKS,
} from "../../client/catamm/game";
import {
  ONE_CARD,
  PORT_COUNT,
  PRESET_FEES,
  RESOURCE_COUNT,
  RESOURCE_NAMES,
  toPoolView,
  type PoolView,
} from "../../client/catamm/market";

/** What a bot wants to do next. */
type Goal =
  | { kind: "settlement"; vertex: number }
  | { kind: "city"; vertex: number }
  | { kind: "road"; edge: number }
  | { kind: "devCard" };

const buildOf = (goal: Goal): Build => goal.kind;

/** One bot: its signer and its choices. The driver ({@link playBotGame}) calls it when the game waits on it. */
export class Bot {
  /** What it did this turn, for the progress line. */
  readonly notes: string[] = [];
  trades = 0;
  /** Drawn each turn: this turn the bot would rather buy a development card first. */
  private cardFirst = false;

  /**
   * @param chaos Probability, per main phase, of up to three random market moves first (random swaps, deposits
   *        and withdrawals of random sizes): property tests use it to wander over more of the game's states.
   */
  constructor(
    readonly signer: Signer,
    readonly address: string,
    private readonly driver: Driver,
    private readonly rng: Rng,
    private readonly chaos = 0,
  ) {}

  private get game(): Catamm {
    return this.driver.game.connect(this.signer);
  }

  private me(g: GameSnapshot): PlayerSnapshot {
    return g.players.find((p) => p.address === this.address)!;
  }

  // --- draft ---------------------------------------------------------------------------------------------------

  async draftPick(g: GameSnapshot): Promise<void> {
    const me = this.me(g);
    const occupied = allBuildings(g);
    const allRoads = g.players.reduce((m, p) => m | p.roads, 0n);
    const mine = new Set(myResources(g, me));
    let best = -1;
    let bestScore = -1;
    for (let v = 0; v < VERTEX_COUNT; v++) {
      if (!distanceRuleOk(occupied, v)) continue;
      const fresh = TOPOLOGY.vertexHexes[v].filter((h) => {
        const k = g.board.hexes[h].kind;
        return k < RESOURCE_COUNT && !mine.has(k);
      }).length;
      const score =
        vertexPips(g.board, v) + 0.5 * fresh + (TOPOLOGY.vertexPort[v] >= 0 ? 0.3 : 0) + this.rng.next() * 0.01;
      if (score > bestScore) [best, bestScore] = [v, score];
    }
    const after = occupied | (1n << BigInt(best));
    let edge = -1;
    let edgeScore = -1;
    for (const e of TOPOLOGY.vertexEdges[best]) {
      if (has(allRoads, e)) continue;
      const [a, b] = TOPOLOGY.edgeVertices[e];
      const far = a === best ? b : a;
      const score = Math.max(
        0,
        ...TOPOLOGY.vertexVertices[far]
          .filter((x) => x !== best && distanceRuleOk(after, x))
          .map((x) => vertexPips(g.board, x)),
      );
      if (score > edgeScore) [edge, edgeScore] = [e, score];
    }
    await this.driver.send(this.game.placeInitial(g.id, best, edge));
  }

  // --- before the roll -----------------------------------------------------------------------------------------

  async beforeRoll(g: GameSnapshot): Promise<void> {
    const me = this.me(g);
    const blocked = g.ghostShip < PORT_PLACE ? countOnHex(me.settlements | me.cities, g.ghostShip) : 0;
    if (!g.cardPlayed && blocked > 0 && (await this.playable(g, DevCard.Knight))) {
      this.notes.push("knight");
      await this.driver.send(this.game.playKnight(g.id));
      return;
    }
    await this.driver.send(this.game.rollDice(g.id));
  }

  // --- a 7 -----------------------------------------------------------------------------------------------------

  async discard(g: GameSnapshot): Promise<void> {
    const me = this.me(g);
    const goal = this.mainGoal(g, me);
    const need: readonly number[] = goal ? COSTS[buildOf(goal)] : [0, 0, 0, 0, 0];
    const cards = wholeCards(me.balances);
    const take = [0, 0, 0, 0, 0];
    let gold = 0;
    for (let i = 0; i < me.discardOwed; i++) {
      let pick = -1;
      for (let r = 0; r < RESOURCE_COUNT; r++) {
        if (cards[r] - take[r] === 0) continue;
        if (pick < 0 || cards[r] - take[r] - need[r] > cards[pick] - take[pick] - need[pick]) pick = r;
      }
      if (pick < 0) gold++;
      else take[pick]++;
    }
    this.notes.push(`discarded ${me.discardOwed}`);
    await this.driver.send(this.game.discard(g.id, five(take), gold));
  }

  async moveGhostShip(g: GameSnapshot): Promise<void> {
    const me = this.me(g);
    if (this.rng.next() < 0.08) {
      let port = this.rng.int(PORT_COUNT);
      if (PORT_PLACE + port === g.ghostShip) port = (port + 1) % PORT_COUNT;
      this.notes.push(`flipped port ${port}`);
      await this.driver.send(this.game.flipPort(g.id, port));
      return;
    }
    let best = -1;
    let bestScore = -Infinity;
    let victim = "0x0000000000000000000000000000000000000000";
    for (let h = 0; h < TOPOLOGY.hexVertices.length; h++) {
      if (h === g.ghostShip) continue;
      let score = -100 * countOnHex(me.settlements | me.cities, h);
      let target = "0x0000000000000000000000000000000000000000";
      let targetRank = -1;
      for (const p of g.players) {
        if (p.address === this.address) continue;
        const on = countOnHex(p.settlements, h) + 2 * countOnHex(p.cities, h);
        if (on === 0) continue;
        score += on * pips(g.board.hexes[h].number) * (1 + p.publicPoints / 4);
        const whole = wholeCards(p.balances).reduce((a, b) => a + b, 0);
        const rank = p.publicPoints * 100 + whole;
        if (whole > 0 && rank > targetRank) [target, targetRank] = [p.address, rank];
      }
      if (score > bestScore) [best, bestScore, victim] = [h, score, target];
    }
    this.notes.push(`ghost ship to hex ${best}`);
    await this.driver.send(this.game.blockHex(g.id, best, victim));
  }

  // --- after the roll ------------------------------------------------------------------------------------------

  /** The main phase; returns early if a Knight sends the game to the ghost ship (it is called again after). */
  async mainPhase(initial: GameSnapshot): Promise<void> {
    let g = initial;
    let me = this.me(g);
    if (!this.notes.some((n) => n.startsWith("main"))) {
      this.notes.push("main");
      this.cardFirst = this.rng.next() < 0.3;
    }
    if (me.gold > 0) {
      const goal = this.mainGoal(g, me);
      const target = this.mostMissing(me, goal ? COSTS[buildOf(goal)] : [1, 1, 1, 1, 1]);
      this.notes.push(`gold→${RESOURCE_NAMES[target]}`);
      await this.driver.send(this.game.convertGold(g.id, target, me.gold));
      g = await this.driver.read();
      me = this.me(g);
    }
    if (!g.cardPlayed) {
      if (await this.playCard(g, me)) {
        g = await this.driver.read();
        if (g.phase !== Phase.Main) return;
      }
    }
    if (this.chaos > 0 && this.rng.next() < this.chaos) await this.randomMarketMoves(g);
    for (let actions = 0; actions < 12; actions++) {
      g = await this.driver.read();
      if (g.phase !== Phase.Main) return;
      if (!(await this.buildSomething(g))) break;
    }
    g = await this.driver.read();
    if (g.phase !== Phase.Main) return;
    await this.driver.send(this.game.endTurn(g.id));
  }

  private async playCard(g: GameSnapshot, me: PlayerSnapshot): Promise<boolean> {
    const [held, fresh] = await this.driver.game.devCards(g.id, this.address);
    const playable = (card: number) => held[card] > fresh[card];
    if (playable(DevCard.Knight)) {
      this.notes.push("knight");
      await this.driver.send(this.game.playKnight(g.id));
      return true;
    }
    if (playable(DevCard.Monopoly)) {
      const totals = [0n, 0n, 0n, 0n, 0n];
      for (const p of g.players) if (p.address !== this.address) p.balances.forEach((b, r) => (totals[r] += b));
      const r = totals.indexOf(totals.reduce((a, b) => (b > a ? b : a)));
      if (totals[r] >= 2n * ONE_CARD) {
        this.notes.push(`monopoly on ${RESOURCE_NAMES[r]}`);
        await this.driver.send(this.game.playMonopoly(g.id, r));
        return true;
      }
    }
    if (playable(DevCard.YearOfPlenty)) {
      const goal = this.mainGoal(g, me);
      const cost = goal ? COSTS[buildOf(goal)] : [1, 1, 1, 1, 1];
      const a = this.mostMissing(me, cost);
      const after = [...me.balances];
      after[a] += ONE_CARD;
      const b = this.mostMissing({ ...me, balances: after }, cost);
      this.notes.push(`year of plenty ${RESOURCE_NAMES[a]}+${RESOURCE_NAMES[b]}`);
      await this.driver.send(this.game.playYearOfPlenty(g.id, a, b));
      return true;
    }
    if (playable(DevCard.RoadBuilding) && me.roads !== 0n && idsOf(me.roads).length <= ROAD_LIMIT - 2) {
      const first = this.roadTowardSpot(g, me, 0n);
      if (first >= 0) {
        const second = this.roadTowardSpot(g, me, 1n << BigInt(first));
        this.notes.push(`road building ${first}${second >= 0 ? "+" + second : ""}`);
        await this.driver.send(this.game.playRoadBuilding(g.id, first, second >= 0 ? second : NO_EDGE));
        return true;
      }
    }
    return false;
  }

  /** Up to three random swaps, deposits or withdrawals of random sizes (see `chaos`). */
  private async randomMarketMoves(g: GameSnapshot): Promise<void> {
    const game = this.driver.game;
    for (let i = 1 + this.rng.int(3); i > 0; i--) {
      const balances = await game.resourceBalances(g.id, this.address);
      const pools = (await game.marketPools(g.id)).map(toPoolView).filter((p) => p.active);
      const pool = pools[this.rng.int(pools.length)];
      const fraction = (amount: bigint) => (amount * BigInt(1 + this.rng.int(1000))) / 1000n;
      const kind = this.rng.int(3);
      if (kind === 0) {
        const [from, to] = this.rng.int(2) === 0 ? [pool.resource0, pool.resource1] : [pool.resource1, pool.resource0];
        const amount = fraction(balances[from]);
        if (amount === 0n) continue;
        const q = await game.quoteSwap(g.id, this.address, from, to, amount);
        if (q.amountOut === 0n) continue;
        this.notes.push(`swap ${RESOURCE_NAMES[from]}→${RESOURCE_NAMES[to]}`);
        await this.driver.send(this.game.swap(g.id, from, to, amount, q.amountOut));
        this.trades++;
        this.driver.trades++;
      } else if (kind === 1) {
        const a0 = fraction(balances[pool.resource0]);
        const a1 = fraction(balances[pool.resource1]);
        const shares = (a0 * pool.totalShares) / pool.reserve0;
        const other = (a1 * pool.totalShares) / pool.reserve1;
        if ((shares < other ? shares : other) === 0n) continue;
        this.notes.push(`deposit in pool ${pool.pool}`);
        await this.driver.send(this.game.addLiquidity(g.id, pool.pool, a0, a1, 0));
      } else {
        const held = (await game.liquidityShares(g.id, this.address))[pool.pool];
        const shares = fraction(held);
        if (shares === 0n || (shares * pool.reserve0) / pool.totalShares === 0n) continue;
        this.notes.push(`withdrawal from pool ${pool.pool}`);
        await this.driver.send(this.game.removeLiquidity(g.id, pool.pool, shares, 0, 0));
      }
    }
  }

  private async playable(g: GameSnapshot, card: number): Promise<boolean> {
    const [held, fresh] = await this.driver.game.devCards(g.id, this.address);
    return held[card] > fresh[card];
  }

  /** Tries to build the best affordable thing (buying what is missing); returns whether it built. */
  private async buildSomething(g: GameSnapshot): Promise<boolean> {
    const me = this.me(g);
    const goals = this.goals(g, me);
    if (goals.length === 0) return false;
    const hand = me.balances.reduce((a, b) => a + b, 0n);
    const pools = (await this.driver.game.marketPools(g.id)).map(toPoolView);
    const ports = await this.driver.game.portsOwned(g.id, this.address);
    for (const [i, goal] of goals.entries()) {
      // Save for the main goal unless the hand is large (a 7 would halve it).
      if (i > 0 && hand < 8n * ONE_CARD && goals[0].kind !== "devCard") break;
      const plan = planTrades(me.balances, COSTS[buildOf(goal)], pools, ports, this.driver.fees);
      if (!plan) continue;
      for (const s of plan) {
        await this.driver.send(this.game.swap(g.id, s.from, s.to, s.amountIn, s.minOut));
        this.trades++;
        this.driver.trades++;
      }
      if (plan.length) this.notes.push(`${plan.length} trade${plan.length > 1 ? "s" : ""}`);
      await this.build(g, goal);
      return true;
    }
    return false;
  }

  private async build(g: GameSnapshot, goal: Goal): Promise<void> {
    switch (goal.kind) {
      case "settlement":
        this.notes.push(`settlement ${goal.vertex}`);
        await this.driver.send(this.game.buildSettlement(g.id, goal.vertex));
        return;
      case "city":
        this.notes.push(`city ${goal.vertex}`);
        await this.driver.send(this.game.buildCity(g.id, goal.vertex));
        return;
      case "road":
        this.notes.push(`road ${goal.edge}`);
        await this.driver.send(this.game.buildRoad(g.id, goal.edge));
        return;
      case "devCard":
        this.notes.push("dev card");
        await this.driver.send(this.game.buyDevCard(g.id));
        await this.driver.serve(); // the draw
        return;
    }
  }

  /** The goals worth building now, best first. */
  private goals(g: GameSnapshot, me: PlayerSnapshot): Goal[] {
    const out: Goal[] = [];
    const spot = this.bestSpot(g, me);
    const settlements = idsOf(me.settlements);
    const cities = idsOf(me.cities).length;
    if (
      spot >= 0 &&
      settlements.length + cities < SETTLEMENT_LIMIT + CITY_LIMIT &&
      settlements.length < SETTLEMENT_LIMIT
    ) {
      out.push({ kind: "settlement", vertex: spot });
    }
    if (settlements.length > 0 && cities < CITY_LIMIT) {
      const best = settlements.reduce((a, b) => (vertexPips(g.board, b) > vertexPips(g.board, a) ? b : a));
      out.push({ kind: "city", vertex: best });
    }
    if (spot < 0 && settlements.length < SETTLEMENT_LIMIT && idsOf(me.roads).length < ROAD_LIMIT) {
      const edge = this.roadTowardSpot(g, me, 0n);
      if (edge >= 0) out.push({ kind: "road", edge });
    }
    if (g.deck.some((n) => n > 0)) {
      if (this.cardFirst) out.unshift({ kind: "devCard" });
      else out.push({ kind: "devCard" });
    }
    return out;
  }

  private mainGoal(g: GameSnapshot, me: PlayerSnapshot): Goal | undefined {
    return this.goals(g, me)[0];
  }

  /** The resource furthest below `cost` (relative to what is held), lowest id on ties. */
  private mostMissing(me: PlayerSnapshot, cost: readonly number[]): number {
    let best = 0;
    let bestGap = -Infinity;
    for (let r = 0; r < RESOURCE_COUNT; r++) {
      const gap = cost[r] - Number(me.balances[r]) / 1e18;
      if (gap > bestGap) [best, bestGap] = [r, gap];
    }
    return best;
  }

  /** The legal settlement spot on the bot's roads with the most pips, or -1. */
  private bestSpot(g: GameSnapshot, me: PlayerSnapshot): number {
    const occupied = allBuildings(g);
    let best = -1;
    let bestPips = -1;
    for (let v = 0; v < VERTEX_COUNT; v++) {
      if (!distanceRuleOk(occupied, v)) continue;
      if (!TOPOLOGY.vertexEdges[v].some((e) => has(me.roads, e))) continue;
      const p = vertexPips(g.board, v);
      if (p > bestPips) [best, bestPips] = [v, p];
    }
    return best;
  }

  /** The free edge connected to the bot's network that leads closest to a good settlement spot, or -1. */
  private roadTowardSpot(g: GameSnapshot, me: PlayerSnapshot, extraRoads: bigint): number {
    const occupied = allBuildings(g);
    const own = me.settlements | me.cities;
    const opponents = occupied & ~own;
    const myRoads = me.roads | extraRoads;
    const allRoads = g.players.reduce((m, p) => m | p.roads, extraRoads);
    let best = -1;
    let bestScore = 0;
    for (let e = 0; e < TOPOLOGY.edgeVertices.length; e++) {
      if (has(allRoads, e) || !roadConnects(own, opponents, myRoads, e)) continue;
      let score = 0;
      for (const u of TOPOLOGY.edgeVertices[e]) {
        if (distanceRuleOk(occupied, u)) score = Math.max(score, 2 * vertexPips(g.board, u));
        for (const x of TOPOLOGY.vertexVertices[u]) {
          if (distanceRuleOk(occupied, x)) score = Math.max(score, vertexPips(g.board, x));
        }
      }
      if (score > bestScore) [best, bestScore] = [e, score];
    }
    return best;
  }
}

function allBuildings(g: GameSnapshot): bigint {
  return g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
}

function myResources(g: GameSnapshot, me: PlayerSnapshot): number[] {
  return idsOf(me.settlements | me.cities).flatMap((v) =>
    TOPOLOGY.vertexHexes[v].map((h) => g.board.hexes[h].kind).filter((k) => k < RESOURCE_COUNT),
  );
}

export interface BotGameOptions {
  /** 2–4 players (the first `players` signers; the first creates the game). */
  players: number;
  /** Seeds the bots' choices (and, with the seeded test source, the game's randomness). */
  seed: bigint;
  /** Initial pool depth in cards (default 100). */
  depthCards?: number;
  /** 0 classic (default), 1 defi. */
  feePreset?: number;
  /** Blocks per waiting state (default 50). */
  turnBlocks?: number;
  /** Gives up after this many turns (default 500). */
  maxTurns?: number;
  /** Stops (without a winner) when this turn begins, before its roll: for positions mid-game. */
  stopAtTurn?: number;
  /** Receives a progress line per turn. */
  log?: (line: string) => void;
  /** Probability of random market moves in a main phase (see {@link Bot}); 0 by default. */
  chaos?: number;
  /** Called after every transaction of the game. */
  onStep?: (receipt: ContractTransactionReceipt) => Promise<void>;
}

export interface BotGameResult {
  gameId: bigint;
  winner: string;
  winnerSeat: number;
  turns: number;
  /** Per seat: the address, public points and hidden points (VP cards). */
  points: { address: string; public: number; hidden: number }[];
  /** Swaps made, per seat and in total. */
  tradesBySeat: number[];
  trades: number;
  txs: number;
  gas: bigint;
  /** Gas of every transaction, by game function. */
  gasByMethod: Map<string, number[]>;
  /** Every transaction, in order: its hash and kind (the function; `advance` with what it served). */
  transactions: { hash: string; kind: string }[];
  pools: PoolView[];
}

/**
 * Checks a bot game's options against the contract's bounds (and the signers at hand) before anything is deployed or
 * sent; throws an error naming the first bad option.
 */
export function checkBotGameOptions(opts: BotGameOptions, signerCount: number): void {
  const int = (name: string, v: number | undefined, min: number, max: number) => {
    if (v !== undefined && (!Number.isInteger(v) || v < min || v > max)) {
      throw new Error(`--${name} must be an integer from ${min} to ${max} (got ${v})`);
    }
  };
  int("players", opts.players, 2, 4);
  if (signerCount < opts.players)
    throw new Error(`--players ${opts.players} needs as many signers (got ${signerCount})`);
  int("depth", opts.depthCards, 1, 1_000_000); // CatammMarket.MIN_DEPTH_CARDS .. MAX_DEPTH_CARDS
  int("preset", opts.feePreset, 0, 1);
  int("turnBlocks", opts.turnBlocks, 5, 2 ** 24); // CatammState.MIN_TURN_BLOCKS .. MAX_TURN_BLOCKS
  int("maxTurns", opts.maxTurns, 1, 1_000_000);
}

/**
 * Plays a whole game among bots: creates it with the first signer, has the others join, starts it, and answers
 * every waiting state until someone wins (or `maxTurns` pass: then it throws).
 */
export async function playBotGame(
  hre: HardhatRuntimeEnvironment,
  game: Catamm,
  signers: readonly Signer[],
  opts: BotGameOptions,
): Promise<BotGameResult> {
  const n = opts.players;
  checkBotGameOptions(opts, signers.length);
  const preset = opts.feePreset ?? 0;
  const creator = game.connect(signers[0]);
  const gameId = (await game.gameCount()) + 1n;
  const driver = await driverFor(hre.ethers.provider, game, gameId, preset);
  driver.onStep = opts.onStep;
  await driver.send(creator.createGame(opts.depthCards ?? 100, preset, opts.turnBlocks ?? 50, OPEN_BLOCKS));
  for (const s of signers.slice(1, n)) await driver.send(game.connect(s).joinGame(gameId));
  await driver.send(creator.startGame(gameId));
  return playSeats(driver, signers.slice(0, n), opts);
}

/** Options of {@link playBotSeats}. */
export interface BotSeatOptions extends Omit<BotGameOptions, "players" | "depthCards" | "feePreset" | "turnBlocks"> {
  /** Pause between reads while the game waits on someone else (default 250 ms). */
  pollMs?: number;
  /** Call `advance` for an absent player once their deadline has passed (default true). */
  advanceAbsent?: boolean;
  /** Stops the bots (without a winner) when it returns true, checked between steps. */
  stop?: () => boolean;
}

/**
 * Bots for some seats of an existing game whose other seats are played by people (the web app) or other programs:
 * the bots join the game if it is open, then answer whenever it waits on one of them, serve the random values of
 * their own turns (and the start's, if a bot created the game), and otherwise wait; for an absent player they call
 * `advance` once a deadline has passed, and serve a random value that has waited `turnBlocks` blocks. They never
 * mine blocks while waiting on someone else (a person's deadline runs at the chain's pace). Returns when the game is finished (or `stopAtTurn`, `stop()`).
 * `node` is the provider the signers are connected to; an ethers provider must not cache (`cacheTimeout: -1`): it
 * would answer a view or a gas estimate made right after a transaction with the state before it.
 */
export async function playBotSeats(
  node: RpcNode,
  game: Catamm,
  gameId: bigint,
  signers: readonly Signer[],
  opts: BotSeatOptions,
): Promise<BotGameResult> {
  const info = await game.gameInfo(gameId);
  // The driver serves random values and advances as the first bot.
  const driver = await driverFor(node, game.connect(signers[0]), gameId, Number(info.feePreset));
  driver.onStep = opts.onStep;
  if (Number(info.phase) === Phase.Open) {
    const joined = info.players.slice(0, Number(info.playerCount));
    for (const s of signers) {
      if (!joined.includes(await s.getAddress())) await driver.send(game.connect(s).joinGame(gameId));
    }
  }
  return playSeats(driver, signers, opts);
}

async function driverFor(node: RpcNode, game: Catamm, gameId: bigint, preset: number): Promise<Driver> {
  const source = IRandomness__factory.connect(await game.randomness(), game.runner);
  const driver = new Driver(node, game, source, gameId);
  driver.fees = PRESET_FEES[preset];
  return driver;
}

/** The errors another player's move can cause between a bot's read and its transaction (it then reads again). */
const RACES = ["WrongPhase", "NotYourTurn", "RandomnessPending", "DeadlineNotReached", "NothingPending"];

/** The loop: reads the game, lets the bot it waits on act (or serves, waits, advances), until the end. */
async function playSeats(driver: Driver, signers: readonly Signer[], opts: BotSeatOptions): Promise<BotGameResult> {
  const { game, gameId } = driver;
  const rng = new Rng(opts.seed);
  const bots = new Map<string, Bot>();
  for (const s of signers) {
    const address = await s.getAddress();
    bots.set(
      address,
      new Bot(s, address, driver, new Rng(opts.seed * 31n + BigInt(rng.int(1 << 30))), opts.chaos ?? 0),
    );
  }
  const log = opts.log ?? (() => undefined);
  const maxTurns = opts.maxTurns ?? 500;
  const pollMs = opts.pollMs ?? 250;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let lastTurn = 0;
  let races = 0;
  /** When the bots first saw each outstanding request of someone else's (they serve it after a grace). */
  const firstSeen = new Map<bigint, number>();
  let g = await driver.read();
  for (;;) {
    g = await driver.read();
    if (g.turn !== lastTurn && lastTurn > 0) logTurn(log, g, lastTurn, bots);
    lastTurn = g.turn;
    if (g.phase === Phase.Finished) break;
    if (opts.stop?.()) break;
    if (opts.stopAtTurn !== undefined && g.turn >= opts.stopAtTurn && g.phase === Phase.BeforeRoll) break;
    if (g.turn > maxTurns) throw new Error(`no winner after ${maxTurns} turns`);
    const all = g.players.length > 0 && g.players.every((p) => bots.has(p.address));
    const current = g.phase > Phase.Starting ? bots.get(g.players[g.seat]?.address ?? "") : undefined;
    try {
      let serveAny = all || (g.phase === Phase.Starting && bots.has(g.creator));
      if (!serveAny && g.pending !== Pending.None && opts.advanceAbsent !== false) {
        // Someone else's random value: served for them once it has waited a turn's length (they may be away).
        const now = await driver.node.getBlockNumber();
        if (!firstSeen.has(g.requestId)) firstSeen.set(g.requestId, now);
        serveAny = now >= firstSeen.get(g.requestId)! + g.turnBlocks;
      }
      const acted = await step(driver, g, bots, current, serveAny);
      if (!acted) {
        if (opts.advanceAbsent !== false && (await pastDeadline(driver, g))) await driver.send(game.advance(gameId));
        else await sleep(pollMs);
      }
      races = 0;
    } catch (error) {
      // Someone else moved first (a person in the web app, another program): read again, a few times at most.
      const name = describeError(error, { contract: "Catamm" }).revert?.name ?? "";
      if (all || !RACES.includes(name) || ++races > 5) throw error;
    }
  }
  if (g.phase === Phase.Finished) logTurn(log, g, g.turn, bots);

  const points = await Promise.all(
    g.players.map(async (p) => {
      const [held] = await game.devCards(gameId, p.address);
      return { address: p.address, public: p.publicPoints, hidden: Number(held[DevCard.VictoryPoint]) };
    }),
  );
  return {
    gameId,
    winner: g.winner,
    winnerSeat: g.players.findIndex((p) => p.address === g.winner),
    turns: g.turn,
    points,
    tradesBySeat: g.players.map((p) => bots.get(p.address)?.trades ?? 0),
    trades: driver.trades,
    txs: driver.txs,
    gas: driver.gas,
    gasByMethod: driver.gasByMethod,
    transactions: driver.transactions,
    pools: (await game.marketPools(gameId)).map(toPoolView),
  };
}

/** One step for the bots, if the game waits on one of them (or on a random value they serve); returns whether one acted. */
async function step(
  driver: Driver,
  g: GameSnapshot,
  bots: Map<string, Bot>,
  current: Bot | undefined,
  serveAny: boolean,
): Promise<boolean> {
  if (g.pending !== Pending.None) {
    if (!serveAny && !current) return false;
    await driver.serve();
    return true;
  }
  switch (g.phase) {
    case Phase.Open:
    case Phase.Starting:
      return false;
    case Phase.Setup:
      if (!current) return false;
      await current.draftPick(g);
      return true;
    case Phase.BeforeRoll:
      if (!current) return false;
      await current.beforeRoll(g);
      return true;
    case Phase.Discard: {
      const owing = g.players.filter((p) => p.discardOwed > 0 && bots.has(p.address));
      for (const p of owing) await bots.get(p.address)!.discard(g);
      return owing.length > 0;
    }
    case Phase.GhostShip:
      if (!current) return false;
      await current.moveGhostShip(g);
      return true;
    case Phase.Main:
      if (!current) return false;
      if (current.notes.length === 0 || !current.notes[0].startsWith("rolled")) {
        current.notes.unshift(`rolled ${g.lastRoll}`);
      }
      await current.mainPhase(g);
      return true;
    default:
      throw new Error(`unexpected phase ${g.phase}`);
  }
}

/** Whether the game waits on someone whose deadline has passed (anyone may then `advance`). */
async function pastDeadline(driver: Driver, g: GameSnapshot): Promise<boolean> {
  if (g.phase <= Phase.Starting || g.phase === Phase.Finished || g.pending !== Pending.None) return false;
  return (await driver.node.getBlockNumber()) > g.deadline;
}

function logTurn(log: (line: string) => void, g: GameSnapshot, turn: number, bots: Map<string, Bot>): void {
  // The turn that just ended belonged to the seat before the current one (or the winner's, at the end).
  for (const bot of bots.values()) {
    if (bot.notes.length === 0) continue;
    const seat = g.players.findIndex((p) => p.address === bot.address);
    const vp = g.players.map((p) => p.publicPoints).join("/");
    const notes = bot.notes.filter((n) => n !== "main");
    if (notes.length) log(`turn ${String(turn).padStart(3)}  P${seat + 1} ${notes.join(", ")}  · VP ${vp}`);
    bot.notes.length = 0;
  }
}
