// The CATAMM game from TypeScript: its ids and costs, the mirrors of its random draws, and a typed snapshot of a
// game read from chain. Type-only imports of typechain-types: tasks may load this before the first compile.
import { keccak256, toUtf8Bytes } from "ethers";
import type { Catamm } from "../../typechain-types";
import { ONE_CARD, permutation, uniform } from "./market";
import { TOPOLOGY, has, unpackBoard, type Board } from "./board";

/** ICatamm.Phase. */
export const Phase = {
  None: 0,
  Open: 1,
  Starting: 2,
  Setup: 3,
  BeforeRoll: 4,
  RollPending: 5,
  Discard: 6,
  GhostShip: 7,
  StealPending: 8,
  Main: 9,
  Finished: 10,
  Cancelled: 11,
  Abandoned: 12,
} as const;
/** The open window (lobby) of games the scripts create, in blocks (at most 100,000). */
export const OPEN_BLOCKS = 1_000;
export const PHASE_NAMES = Object.keys(Phase);

/** ICatamm.Pending. */
export const Pending = { None: 0, Start: 1, Roll: 2, Draw: 3, HexSteal: 4, PoolSteal: 5 } as const;
export const PENDING_NAMES = ["none", "start", "roll", "card draw", "hex steal", "pool steal"] as const;

/** ICatamm.DevCard. */
export const DevCard = { Knight: 0, RoadBuilding: 1, YearOfPlenty: 2, Monopoly: 3, VictoryPoint: 4 } as const;
export const DEV_CARD_NAMES = ["Knight", "Road Building", "Year of Plenty", "Monopoly", "Victory Point"] as const;

/** Costs in whole cards per resource (Wood, Brick, Sheep, Ore, Wheat). */
export const COSTS = {
  road: [1, 1, 0, 0, 0],
  settlement: [1, 1, 1, 0, 1],
  city: [0, 0, 0, 3, 2],
  devCard: [0, 0, 1, 1, 1],
} as const;
export type Build = keyof typeof COSTS;

/** Piece limits, the winning score and the ghost ship's port places (19 + port). */
export const ROAD_LIMIT = 15;
export const SETTLEMENT_LIMIT = 5;
export const CITY_LIMIT = 4;
export const POINTS_TO_WIN = 10;
export const PORT_PLACE = 19;
/** `playRoadBuilding`'s "no second road". */
export const NO_EDGE = (1n << 256n) - 1n;

/** A random value whose dice (Dice.sol: `v % 6 + 1`, `v / 6 % 6 + 1`) sum to `total` (2–12), e.g. to script a roll. */
export function valueForRoll(total: number, salt = 0n): bigint {
  if (total < 2 || total > 12) throw new RangeError(`no roll sums to ${total}`);
  const d1 = total <= 7 ? 1 : total - 6;
  const d2 = total - d1;
  return BigInt(d1 - 1) + 6n * BigInt(d2 - 1) + 36n * (salt + 1n);
}

// ---------------------------------------------------------------------------------------------------------------
// Mirrors of the game's random draws (the modules' salts and RandomDraw), so tests and bots can predict them.

export const SALT_ORDER = BigInt(keccak256(toUtf8Bytes("CATAMM.game.order")));
export const SALT_DRAW = BigInt(keccak256(toUtf8Bytes("CATAMM.game.draw")));
export const SALT_STEAL = BigInt(keccak256(toUtf8Bytes("CATAMM.game.steal")));

/** RandomDraw.weighted: index i with probability weights[i] / sum. */
export function weighted(seed: bigint, salt: bigint, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = Number(uniform(seed, salt, BigInt(total)));
  for (let i = 0; i < weights.length; i++) {
    if (r < weights[i]) return i;
    r -= weights[i];
  }
  return weights.length - 1;
}

/** The seat order CatammSetup draws from the start's value: RandomDraw.permutation of the join order. */
export function turnOrder(seed: bigint, joined: readonly string[]): string[] {
  return permutation(seed, SALT_ORDER, joined.length).map((i) => joined[i]);
}

/** The development card CatammCards draws with `value` from the cards left (`deck`, per DevCard). */
export function drawCard(value: bigint, deck: readonly number[]): number {
  return weighted(value, SALT_DRAW, deck);
}

/** The resource CatammGhost steals with `value` from a victim holding `whole` whole cards per resource. */
export function stealResource(value: bigint, whole: readonly number[]): number {
  return weighted(value, SALT_STEAL, whole);
}

/**
 * CatammTurns.discardPlan: the automatic discard of `owed` cards from `whole` (per resource) and `gold`, one at a
 * time from the largest holding, ties in the order Wood, Brick, Sheep, Ore, Wheat, gold. Card by card, as the rule
 * reads (the contract computes it in one pass).
 */
export function discardPlan(whole: readonly number[], gold: number, owed: number): number[] {
  const h = [...whole, gold];
  const take = [0, 0, 0, 0, 0, 0];
  for (let k = 0; k < owed; k++) {
    let best = 0;
    for (let i = 1; i < 6; i++) if (h[i] > h[best]) best = i;
    h[best]--;
    take[best]++;
  }
  return take;
}

export interface PlayerSnapshot {
  address: string;
  seat: number;
  settlements: bigint;
  cities: bigint;
  roads: bigint;
  roadLength: number;
  knights: number;
  gold: number;
  discardOwed: number;
  publicPoints: number;
  hand: number;
  balances: bigint[];
  /** Playable-kind counts (VP cards are not shown: 0). */
  cards: number[];
}

export interface GameSnapshot {
  id: bigint;
  creator: string;
  depthCards: number;
  feePreset: number;
  turnBlocks: number;
  phase: number;
  seat: number;
  pending: number;
  requestId: bigint;
  deadline: number;
  turn: number;
  setupPick: number;
  cardPlayed: boolean;
  board: Board;
  ghostShip: number;
  lastRoll: number;
  deck: number[];
  longestRoad: string;
  largestArmy: string;
  winner: string;
  /** Turns in a row that timed out with no player acting (Catamm.endAbandonedGame). */
  absentTurns: number;
  /** Players in seat order. */
  players: PlayerSnapshot[];
}

const ZERO = "0x0000000000000000000000000000000000000000";

/** Reads the whole public state of game `id` (every player's too). */
export async function readGame(game: Catamm, id: bigint): Promise<GameSnapshot> {
  const g = await game.gameInfo(id);
  const addresses = g.players.slice(0, Number(g.playerCount));
  const started = Number(g.phase) > Phase.Starting;
  const players = started
    ? await Promise.all(addresses.map(async (a) => toPlayer(a, await game.playerInfo(id, a))))
    : [];
  return {
    id,
    creator: g.creator,
    depthCards: Number(g.depthCards),
    feePreset: Number(g.feePreset),
    turnBlocks: Number(g.turnBlocks),
    phase: Number(g.phase),
    seat: Number(g.currentSeat),
    pending: Number(g.pending),
    requestId: g.requestId,
    deadline: Number(g.deadline),
    turn: Number(g.turn),
    setupPick: Number(g.setupPick),
    cardPlayed: g.cardPlayed,
    board: unpackBoard(g.board),
    ghostShip: Number(g.ghostShip),
    lastRoll: Number(g.lastRoll),
    deck: g.deck.map(Number),
    longestRoad: g.longestRoad,
    largestArmy: g.largestArmy,
    winner: g.winner === ZERO ? "" : g.winner,
    absentTurns: Number(g.absentTurns),
    players,
  };
}

type PlayerInfoResult = Awaited<ReturnType<Catamm["playerInfo"]>>;

function toPlayer(address: string, p: PlayerInfoResult): PlayerSnapshot {
  return {
    address,
    seat: Number(p.seat),
    settlements: p.settlements,
    cities: p.cities,
    roads: p.roads,
    roadLength: Number(p.roadLength),
    knights: Number(p.knights),
    gold: Number(p.goldCredits),
    discardOwed: Number(p.discardOwed),
    publicPoints: Number(p.publicVictoryPoints),
    hand: Number(p.hand),
    balances: [...p.balances],
    cards: p.cardsHeld.map(Number),
  };
}

/**
 * What `advance` does once the deadline of each waiting phase has passed (Catamm.advance), in words for people who
 * may call it for an absent player.
 */
export const ADVANCE_DEFAULTS: Readonly<Partial<Record<number, string>>> = {
  [Phase.Setup]: "places the pick for them: the legal vertex with the most pips, and its lowest free edge",
  [Phase.BeforeRoll]: "rolls for them; their turn then ends as soon as it reaches its main phase",
  [Phase.Discard]: "discards what is still owed, from the largest holdings",
  [Phase.GhostShip]:
    "moves the ghost ship to its default place (the desert, or the lowest hex without buildings), no steal",
  [Phase.Main]: "ends their turn",
};

/**
 * The first block from which anyone may end started game `g` as abandoned (Catamm.endAbandonedGame): a whole round of
 * turns after its current deadline; 0 when it may be ended now whatever the block (as many turns in a row as it has
 * players timed out with nobody acting), or never (not started, or over).
 */
export function abandonableFrom(
  g: Pick<GameSnapshot, "phase" | "deadline" | "turnBlocks" | "absentTurns" | "players">,
) {
  if (g.phase <= Phase.Open || g.phase >= Phase.Finished) return 0;
  if (g.absentTurns >= g.players.length) return 0;
  return g.deadline + g.players.length * g.turnBlocks + 1;
}

/** Whom a game waits on now and for what (`players` empty: anyone may act, e.g. serve a random value). */
export interface Waiting {
  players: string[];
  /** What they are to do, as a phrase: "roll the dice", "discard", ... */
  action: string;
}

/** Whom game `g` waits on (from its snapshot). */
export function waitingOn(g: GameSnapshot): Waiting {
  const current = g.players[g.seat]?.address ?? "";
  if (g.phase === Phase.Finished) return { players: [], action: "nothing: the game is over" };
  if (g.phase === Phase.Cancelled) return { players: [], action: "nothing: the game was cancelled before it started" };
  if (g.phase === Phase.Abandoned) return { players: [], action: "nothing: the game was ended as abandoned" };
  if (g.phase === Phase.Open) return { players: [g.creator], action: "start the game (or more players to join)" };
  if (g.pending !== Pending.None) {
    return { players: [], action: `serve the random value for the ${PENDING_NAMES[g.pending]}` };
  }
  switch (g.phase) {
    case Phase.Setup:
      return { players: [current], action: "place a settlement and a road (the draft)" };
    case Phase.BeforeRoll:
      return { players: [current], action: "roll the dice (or play a development card first)" };
    case Phase.Discard:
      return { players: g.players.filter((p) => p.discardOwed > 0).map((p) => p.address), action: "discard" };
    case Phase.GhostShip:
      return { players: [current], action: "move the ghost ship" };
    case Phase.Main:
      return { players: [current], action: "trade, build and end the turn" };
    default:
      return { players: [], action: PHASE_NAMES[g.phase] ?? "?" };
  }
}

/** Five values, one per resource (the shape of the contract's per-resource arguments). */
export type Five<T> = [T, T, T, T, T];

/** The first five entries of `xs`, typed as one per resource. */
export function five<T>(xs: readonly T[]): Five<T> {
  if (xs.length < 5) throw new RangeError(`need five values, got ${xs.length}`);
  return [xs[0], xs[1], xs[2], xs[3], xs[4]];
}

/** Whole cards of each resource in `balances`. */
export function wholeCards(balances: readonly bigint[]): number[] {
  return balances.map((b) => Number(b / ONE_CARD));
}

/** The documented default ghost-ship move without a victim: the lowest-id hex without buildings, not where it is. */
export function freeGhostHex(g: Pick<GameSnapshot, "ghostShip" | "players">): number {
  const built = g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
  for (let h = 0; h < TOPOLOGY.hexVertices.length; h++) {
    if (h !== g.ghostShip && TOPOLOGY.hexVertices[h].every((v) => !has(built, v))) return h;
  }
  throw new Error("every hex holds a building: name a hex and a victim");
}

/** What the game waits for, in words: "P2 (0x1234…abcd) to roll", "P1 to place a settlement and a road", ... */
export function waitingFor(g: GameSnapshot, label: (address: string) => string = (a) => a): string {
  const who = g.players[g.seat] ? `P${g.seat + 1} ${label(g.players[g.seat].address)}` : "";
  if (g.pending !== Pending.None) return `a random value (request ${g.requestId}): catamm:advance serves it once ready`;
  switch (g.phase) {
    case Phase.Open:
      return `more players, then the creator's start`;
    case Phase.Setup:
      return `${who} to place a settlement and a road (draft pick ${g.setupPick + 1} of ${2 * g.players.length})`;
    case Phase.BeforeRoll:
      return `${who} to roll (or play a Knight first)`;
    case Phase.Discard:
      return `discards: ${g.players
        .filter((p) => p.discardOwed > 0)
        .map((p) => `P${p.seat + 1} ${label(p.address)} owes ${p.discardOwed}`)
        .join(", ")}`;
    case Phase.GhostShip:
      return `${who} to move the ghost ship`;
    case Phase.Main:
      return `${who} to trade, build, play a card or end the turn`;
    case Phase.Finished:
      return `nothing: ${label(g.winner)} won`;
    case Phase.Abandoned:
      return "nothing: the game was ended as abandoned (its players stopped playing)";
    default:
      return `phase ${PHASE_NAMES[g.phase]}`;
  }
}
