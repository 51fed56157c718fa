// A CATAMM game's history as spreadsheets (docs/class.md, "Exports"): trades.csv (every swap, deposit and withdrawal
// with the pool's reserves after it) and builds.csv (initial placements, roads, settlements, cities, development
// cards bought). Both are a fold of the game's events, which the indexer keeps in catamm_log and the `catamm:export`
// task reads from the node: the same chain gives the same bytes. Amounts of resources are in cards, exact (1 card =
// 10^18 units on chain); liquidity shares in the contract's units. Status: `final` once won, `cancelled`, else
// `running at block N` (the game's latest event). Plain TypeScript, no Hardhat.
import { toCsv, type Cell } from "../common/csv";
import { address, big, chainOrder, num, runningAt, type ExportEvent } from "../common/export";
import { formatFixed } from "../format";
import { poolName, RESOURCE_NAMES } from "./market";

/** Events that carry no game state (the request-credit bookkeeping): the indexer keeps no log of them. */
const NOT_LOGGED = new Set(["RequestCreditHeld", "RequestCreditCharged", "RequestCreditReturned"]);

/** An amount of resource units as cards, exactly (no rounding). */
export const cards = (units: unknown): string => formatFixed(big(units), 18, 18);

export interface CatammExportInput {
  id: number;
  /** The game's events (Catamm), any order. */
  events: ExportEvent[];
  /** Players' latest display names by lower-case address. */
  names: ReadonlyMap<string, string>;
}

export function catammStatus(events: readonly ExportEvent[]): string {
  if (events.some((e) => e.name === "GameWon")) return "final";
  if (events.some((e) => e.name === "GameCancelled")) return "cancelled";
  if (events.some((e) => e.name === "GameAbandoned")) return "abandoned";
  return runningAt(events.filter((e) => !NOT_LOGGED.has(e.name)).reduce((m, e) => Math.max(m, e.block), 0));
}

/** Calls `visit` with each event in chain order and the turn it happened in (0: before the first turn). */
function withTurns(events: readonly ExportEvent[], visit: (e: ExportEvent, turn: number) => void) {
  let turn = 0;
  for (const e of chainOrder(events)) {
    if (e.name === "TurnStarted") turn = num(e.args.turn);
    visit(e, turn);
  }
}

export const TRADE_COLUMNS = [
  "status",
  "game",
  "turn",
  "kind",
  "name",
  "address",
  "pool",
  "pool_name",
  "resource_in",
  "amount_in",
  "fee",
  "amount_out",
  "amount0",
  "amount1",
  "shares",
  "fee0",
  "fee1",
  "reserve0_after",
  "reserve1_after",
  "block",
  "tx",
] as const;
type TradeRow = Record<(typeof TRADE_COLUMNS)[number], Cell>;

export function catammTradesCsv(g: CatammExportInput): string {
  const status = catammStatus(g.events);
  const rows: TradeRow[] = [];
  withTurns(g.events, (e, turn) => {
    const kind = { Swapped: "swap", LiquidityAdded: "deposit", LiquidityRemoved: "withdrawal" }[e.name];
    if (!kind) return;
    const a = e.args;
    const player = address(a.player);
    const pool = num(a.pool);
    const row: TradeRow = Object.fromEntries(TRADE_COLUMNS.map((c) => [c, null])) as TradeRow;
    Object.assign(row, {
      status,
      game: g.id,
      turn,
      kind,
      name: g.names.get(player) ?? "",
      address: player,
      pool,
      pool_name: poolName(pool),
      reserve0_after: cards(a.reserve0),
      reserve1_after: cards(a.reserve1),
      block: e.block,
      tx: e.tx,
    });
    if (kind === "swap") {
      Object.assign(row, {
        resource_in: RESOURCE_NAMES[num(a.resourceIn)],
        amount_in: cards(a.amountIn),
        fee: cards(a.fee),
        amount_out: cards(a.amountOut),
      });
    } else {
      Object.assign(row, { amount0: cards(a.amount0), amount1: cards(a.amount1), shares: big(a.shares) });
      if (kind === "withdrawal") Object.assign(row, { fee0: cards(a.fee0), fee1: cards(a.fee1) });
    }
    rows.push(row);
  });
  return toCsv(TRADE_COLUMNS, rows);
}

export const BUILD_COLUMNS = [
  "status",
  "game",
  "turn",
  "kind",
  "name",
  "address",
  "vertex",
  "edge",
  "free",
  "automatic",
  "block",
  "tx",
] as const;
type BuildRow = Record<(typeof BUILD_COLUMNS)[number], Cell>;

const BUILD_KINDS: Record<string, string> = {
  InitialPlacement: "initial placement",
  RoadBuilt: "road",
  SettlementBuilt: "settlement",
  CityBuilt: "city",
  DevCardBought: "development card",
};

export function catammBuildsCsv(g: CatammExportInput): string {
  const status = catammStatus(g.events);
  const rows: BuildRow[] = [];
  withTurns(g.events, (e, turn) => {
    const kind = BUILD_KINDS[e.name];
    if (!kind) return;
    const a = e.args;
    const player = address(a.player);
    rows.push({
      status,
      game: g.id,
      turn,
      kind,
      name: g.names.get(player) ?? "",
      address: player,
      vertex: a.vertex === undefined ? null : num(a.vertex),
      edge: a.edge === undefined ? null : num(a.edge),
      free: e.name === "RoadBuilt" ? Boolean(a.free) : null,
      automatic: e.name === "InitialPlacement" ? Boolean(a.automatic) : null,
      block: e.block,
      tx: e.tx,
    });
  });
  return toCsv(BUILD_COLUMNS, rows);
}

export const CATAMM_FILES = { "trades.csv": catammTradesCsv, "builds.csv": catammBuildsCsv } as const;
export type CatammFile = keyof typeof CATAMM_FILES;
