// A CATAMM game's history rebuilt from its events alone (DECISIONS: every state change emits an event an indexer can
// rebuild the game from): each pool's price after every market event, with its swaps, steals and flips; the public
// points of every player at the start of every turn; what each roll produced; and a readable feed. Logs are added in
// chain order, from a paged first read and then block by block (the web app), or from a test's receipts.
import type { Log, Result } from "ethers";
import { ZeroAddress } from "ethers";
import { interfaceOf } from "../abi";
import { short } from "../format";
import { DEV_CARD_NAMES, PORT_PLACE } from "./game";
import { POOL_COUNT, POOL_PAIRS, RESOURCE_NAMES, WAD, formatAmount, poolName } from "./market";
import { plural } from "../format";

/** A decoded event of the game contract, with where it happened. */
export interface CatammEvent {
  name: string;
  args: Result;
  block: number;
  /** Position in the chain: block, then log index (for ordering and deduplication). */
  order: number;
}

/** An event's place in the chain as one number: its block, then its index in the block. */
export const catammOrder = (block: number, logIndex: number): number => block * 1e5 + logIndex;

/** Decodes logs of the Catamm contract (others, and unknown topics, are skipped). */
export function decodeCatammLogs(logs: readonly Log[]): CatammEvent[] {
  const iface = interfaceOf("Catamm");
  const out: CatammEvent[] = [];
  for (const log of logs) {
    let parsed;
    try {
      parsed = iface.parseLog({ topics: [...log.topics], data: log.data });
    } catch {
      continue;
    }
    if (!parsed) continue;
    out.push({
      name: parsed.name,
      args: parsed.args,
      block: log.blockNumber,
      order: catammOrder(log.blockNumber, log.index),
    });
  }
  return out;
}

export type PriceMark = "open" | "swap" | "liquidity" | "steal" | "flip";

/** A pool's price after an event: `price` = one unit of side 0 in side 1 (reserve1 / reserve0). */
export interface PricePoint {
  turn: number;
  block: number;
  /** Global order of the event in the game (x positions within a turn follow it). */
  seq: number;
  price: number;
  reserve0: bigint;
  reserve1: bigint;
  mark: PriceMark;
  /** What happened, in words (tooltips). */
  text: string;
}

/** The public points of each player (seat order) when a turn began. */
export interface PointsSample {
  turn: number;
  points: number[];
}

/** What one roll (or the draft's second settlement, roll 0) gave each player. */
export interface Production {
  turn: number;
  roll: number;
  roller: string;
  /** Per player address: cards per resource (whole numbers of cards) and gold credits. */
  byPlayer: Map<string, { cards: number[]; gold: number }>;
}

export interface FeedLine {
  turn: number;
  block: number;
  text: string;
}

const ratio = (r0: bigint, r1: bigint): number => (r0 === 0n ? 0 : Number((r1 * WAD) / r0) / 1e18);

/** The history, grown event by event (events must come in chain order; repeats are ignored). */
export class GameHistory {
  /** Players in seat order (from GameStarted). */
  players: string[] = [];
  turn = 0;
  /** Per pool, its price points in order. */
  readonly prices: PricePoint[][] = Array.from({ length: POOL_COUNT }, () => []);
  /** Public points per seat at the start of each turn, then the end (the winner's total includes hidden VP). */
  readonly points: PointsSample[] = [];
  readonly production: Production[] = [];
  readonly feed: FeedLine[] = [];
  winner = "";
  winnerPoints = 0;
  private readonly current = new Map<string, number>();
  private longestRoad = ZeroAddress;
  private largestArmy = ZeroAddress;
  private seq = 0;
  private last = -1;
  private portOfPool: number[] = [];

  /** Adds events (in chain order); returns whether any was new. */
  add(events: readonly CatammEvent[]): boolean {
    let changed = false;
    for (const e of events) {
      if (e.order <= this.last) continue;
      this.last = e.order;
      this.apply(e);
      changed = true;
    }
    return changed;
  }

  /** The current public points in seat order. */
  pointsNow(): number[] {
    return this.players.map((p) => this.current.get(p) ?? 0);
  }

  private who(address: string): string {
    const seat = this.players.indexOf(address);
    return seat < 0 ? short(address) : `P${seat + 1} ${short(address)}`;
  }

  private say(block: number, text: string): void {
    this.feed.push({ turn: this.turn, block, text });
  }

  private score(address: string, delta: number): void {
    if (address === ZeroAddress) return;
    this.current.set(address, (this.current.get(address) ?? 0) + delta);
  }

  private price(pool: number, e: CatammEvent, r0: bigint, r1: bigint, mark: PriceMark, text: string): void {
    this.prices[pool].push({
      turn: this.turn,
      block: e.block,
      seq: this.seq++,
      price: ratio(r0, r1),
      reserve0: r0,
      reserve1: r1,
      mark,
      text,
    });
  }

  private roll(): Production | undefined {
    return this.production[this.production.length - 1];
  }

  private apply(e: CatammEvent): void {
    const a = e.args;
    switch (e.name) {
      case "PlayerJoined":
        this.say(e.block, `${short(a.player)} joined (${a.players} player${a.players === 1n ? "" : "s"})`);
        break;
      case "PlayerLeft":
        this.say(e.block, `${short(a.player)} left (${a.players} player${a.players === 1n ? "" : "s"})`);
        break;
      case "GameCancelled":
        this.say(
          e.block,
          `${short(a.by)} cancelled the game${a.expired ? " after its open window" : " before its start"}`,
        );
        break;
      case "GameAbandoned":
        this.say(
          e.block,
          `${short(a.by)} ended the game as abandoned after turn ${a.turn}: its players stopped playing`,
        );
        break;
      case "GameStarted":
        this.players = [...(a.players as string[])];
        for (const p of this.players) this.current.set(p, 0);
        this.say(e.block, `The board is laid out; seat order ${this.players.map((p) => short(p)).join(", ")}`);
        break;
      case "MarketsOpened": {
        this.portOfPool = Array(POOL_COUNT).fill(-1);
        (a.poolOfPort as bigint[]).forEach((pool, port) => (this.portOfPool[Number(pool)] = port));
        for (let pool = 0; pool < POOL_COUNT; pool++) {
          this.price(pool, e, a.depth as bigint, a.depth as bigint, "open", "opened");
        }
        break;
      }
      case "InitialPlacement":
        this.score(a.player, 1);
        this.say(
          e.block,
          `${this.who(a.player)} drafted vertex ${a.vertex} and edge ${a.edge}${a.automatic ? " (automatic)" : ""}`,
        );
        if (this.production.length === 0 || this.roll()!.roll !== 0) {
          this.production.push({ turn: 0, roll: 0, roller: "", byPlayer: new Map() });
        }
        break;
      case "TurnStarted":
        this.turn = Number(a.turn);
        this.points.push({ turn: this.turn, points: this.pointsNow() });
        this.say(e.block, `Turn ${this.turn}: ${this.who(a.player)}`);
        break;
      case "TurnTimedOut":
        this.say(
          e.block,
          `${this.who(a.player)} let the deadline pass: ${a.rolled ? "rolled for them" : "their turn ended"}`,
        );
        break;
      case "DiceRolled": {
        const total = Number(a.die1) + Number(a.die2);
        this.production.push({ turn: this.turn, roll: total, roller: a.player, byPlayer: new Map() });
        this.say(e.block, `${this.who(a.player)} rolled ${total} (${a.die1} + ${a.die2})`);
        break;
      }
      case "ResourceProduced":
      case "GoldProduced": {
        const p = this.roll();
        if (!p) break;
        const entry = p.byPlayer.get(a.player) ?? { cards: [0, 0, 0, 0, 0], gold: 0 };
        if (e.name === "GoldProduced") entry.gold += 1;
        else entry.cards[Number(a.resource)] += Number((a.amount as bigint) / 10n ** 18n);
        p.byPlayer.set(a.player, entry);
        break;
      }
      case "DiscardRequired":
        this.say(e.block, `${this.who(a.player)} must discard ${a.count} cards`);
        break;
      case "Discarded": {
        const cards = (a.cards as bigint[]).map((n, r) => (n > 0n ? `${n} ${RESOURCE_NAMES[r]}` : "")).filter(Boolean);
        if (a.gold > 0n) cards.push(`${a.gold} gold`);
        this.say(
          e.block,
          `${this.who(a.player)} discarded ${cards.join(", ") || "nothing"}${a.automatic ? " (automatic)" : ""}`,
        );
        break;
      }
      case "GhostShipMoved": {
        const place = Number(a.place);
        const where = place >= PORT_PLACE ? `port ${place - PORT_PLACE}` : `hex ${place}`;
        const victim = a.victim === ZeroAddress ? "" : `, robbing ${this.who(a.victim)}`;
        this.say(
          e.block,
          `${this.who(a.player)} moved the ghost ship to ${where}${victim}${a.automatic ? " (default move)" : ""}`,
        );
        break;
      }
      case "Stolen":
        this.say(
          e.block,
          `${this.who(a.thief)} took ${formatAmount(a.amount)} ${RESOURCE_NAMES[Number(a.resource)]} from ${this.who(a.victim)}`,
        );
        break;
      case "PortFlipped": {
        const [off, on] = [Number(a.deactivatedPool), Number(a.activatedPool)];
        this.portOfPool[off] = -1;
        this.portOfPool[on] = Number(a.port);
        for (const pool of [off, on]) {
          const last = this.prices[pool][this.prices[pool].length - 1];
          const text = `port ${a.port} flipped: ${poolName(off)} leaves, ${poolName(on)} trades there`;
          if (last) this.price(pool, e, last.reserve0, last.reserve1, "flip", text);
        }
        this.say(e.block, `Port ${a.port} flipped: ${poolName(off)} is now missing, ${poolName(on)} is back`);
        break;
      }
      case "PoolRobbed": {
        const pool = Number(a.pool);
        const text = `${this.who(a.thief)} stole ${formatAmount(a.amount)} ${RESOURCE_NAMES[Number(a.resource)]}`;
        this.price(pool, e, a.reserve0, a.reserve1, "steal", text);
        this.say(e.block, `${text} from pool ${poolName(pool)}`);
        break;
      }
      case "Swapped": {
        const pool = Number(a.pool);
        const [r0, r1] = POOL_PAIRS[pool];
        const inName = RESOURCE_NAMES[Number(a.resourceIn)];
        const outName = RESOURCE_NAMES[Number(a.resourceIn) === r0 ? r1 : r0];
        const text =
          `${this.who(a.player)} swapped ${formatAmount(a.amountIn)} ${inName} for ` +
          `${formatAmount(a.amountOut)} ${outName} (fee ${formatAmount(a.fee)} burned)`;
        this.price(pool, e, a.reserve0, a.reserve1, "swap", text);
        this.say(e.block, text);
        break;
      }
      case "LiquidityAdded":
      case "LiquidityRemoved": {
        const pool = Number(a.pool);
        const added = e.name === "LiquidityAdded";
        const text = `${this.who(a.player)} ${added ? "added" : "removed"} ${formatAmount(a.shares)} shares of ${poolName(pool)}`;
        this.price(pool, e, a.reserve0, a.reserve1, "liquidity", text);
        this.say(e.block, text);
        break;
      }
      case "SettlementBuilt":
        this.score(a.player, 1);
        this.say(e.block, `${this.who(a.player)} built a settlement on vertex ${a.vertex}`);
        break;
      case "CityBuilt":
        this.score(a.player, 1);
        this.say(e.block, `${this.who(a.player)} built a city on vertex ${a.vertex}`);
        break;
      case "RoadBuilt":
        this.say(e.block, `${this.who(a.player)} built a road on edge ${a.edge}${a.free ? " (Road Building)" : ""}`);
        break;
      case "LongestRoadChanged":
        this.score(this.longestRoad, -2);
        this.longestRoad = a.holder;
        this.score(this.longestRoad, 2);
        this.say(
          e.block,
          a.holder === ZeroAddress
            ? "Nobody holds the longest road now"
            : `${this.who(a.holder)} holds the longest road (${a.length})`,
        );
        break;
      case "LargestArmyChanged":
        this.score(this.largestArmy, -2);
        this.largestArmy = a.holder;
        this.score(this.largestArmy, 2);
        this.say(e.block, `${this.who(a.holder)} holds the largest army (${a.knights} knights)`);
        break;
      case "DevCardBought":
        this.say(e.block, `${this.who(a.player)} bought a development card`);
        break;
      case "DevCardPlayed":
        this.say(e.block, `${this.who(a.player)} played ${DEV_CARD_NAMES[Number(a.card)]}`);
        break;
      case "YearOfPlenty":
        this.say(
          e.block,
          `${this.who(a.player)} took ${RESOURCE_NAMES[Number(a.resource1)]} and ${RESOURCE_NAMES[Number(a.resource2)]} from the bank`,
        );
        break;
      case "GoldConverted":
        this.say(e.block, `${this.who(a.player)} turned ${a.credits} gold into ${RESOURCE_NAMES[Number(a.resource)]}`);
        break;
      case "GameWon":
        this.winner = a.winner;
        this.winnerPoints = Number(a.victoryPoints);
        this.points.push({ turn: this.turn, points: this.pointsNow() });
        this.say(e.block, `${this.who(a.winner)} won with ${plural(a.victoryPoints as bigint, "point")}`);
        break;
      default:
        break;
    }
  }

  /** The port trading `pool` now (-1 for the missing pool), as the events left it. */
  portOf(pool: number): number {
    return this.portOfPool[pool] ?? -1;
  }
}
