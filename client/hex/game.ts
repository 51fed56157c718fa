// A Forking Hex game read from chain: settings from the `game` view, the fork tree from `Moved`/`WinProven` events
// (read in pages of blocks, see ../logs), and what the tree means: open positions, minimax outcomes, who loses what.
import type { ForkingHex } from "../../typechain-types";
import { pagedQuery, type PagingOptions } from "../logs";
import { colourOfDepth } from "./board";

export interface HexPosition {
  id: number;
  parent: number;
  player: string;
  cell: number;
  depth: number;
  /** Last block a reply is accepted (0 for position 1). */
  deadline: number;
  proven: boolean;
  /** Block the move was mined in. */
  block: number;
  children: number[];
}

export interface HexGameData {
  gameId: bigint;
  size: number;
  redBlocks: number;
  blueBlocks: number;
  stake: bigint;
  token: string;
  lastBlock: number;
  feeBps: number;
  creator: string;
  cancelled: boolean;
  ended: boolean;
  endBlock: number;
  settlePhase: number;
  /** Index = position id; index 0 unused. */
  positions: HexPosition[];
}

/** What a `Moved` event says about the position it created. */
export interface MovedArgs {
  positionId: bigint | number;
  parentId: bigint | number;
  player: string;
  cell: bigint | number;
  deadline: bigint | number;
}

/**
 * Adds the position a `Moved` event (mined in `block`) announces to a tree (index = id), under its parent; a
 * position already there is left alone. Returns whether it was new. {loadGame} builds trees with it, and live
 * readers (the web app) extend them block by block.
 */
export function addMoved(positions: HexPosition[], args: MovedArgs, block: number): boolean {
  const id = Number(args.positionId);
  if (positions[id]) return false;
  const parent = Number(args.parentId);
  positions[id] = {
    id,
    parent,
    player: args.player,
    cell: Number(args.cell),
    depth: parent === 0 ? 1 : positions[parent].depth + 1,
    deadline: Number(args.deadline),
    proven: false,
    block,
    children: [],
  };
  if (parent !== 0) positions[parent].children.push(id);
  return true;
}

/**
 * Reads a game: settings from the `game` view, the tree from `Moved`/`WinProven` events, read in pages of blocks
 * (`paging.fromBlock`: the deployment's block is a good start; public RPCs refuse one query over the whole chain).
 */
export async function loadGame(hex: ForkingHex, gameId: bigint, paging: PagingOptions = {}): Promise<HexGameData> {
  const g = await hex.game(gameId);
  const provider = hex.runner?.provider;
  if (!provider) throw new Error("loadGame: the contract is not connected to a provider");
  const latest = () => provider.getBlockNumber();
  const toBlock = paging.toBlock ?? (await latest());
  const range = { ...paging, toBlock };
  const moved = await pagedQuery((a, b) => hex.queryFilter(hex.filters.Moved(gameId), a, b), latest, range);
  const proven = await pagedQuery((a, b) => hex.queryFilter(hex.filters.WinProven(gameId), a, b), latest, range);
  const positions: HexPosition[] = [];
  for (const e of moved) addMoved(positions, e.args, e.blockNumber);
  for (const e of proven) positions[Number(e.args.positionId)].proven = true;
  return gameData(gameId, g, positions);
}

/** A game's data from its `game` view and its tree (from the node's events, or an indexer's rows). */
export function gameData(
  gameId: bigint,
  g: Awaited<ReturnType<ForkingHex["game"]>>,
  positions: HexPosition[],
): HexGameData {
  return {
    gameId,
    size: Number(g.size),
    redBlocks: Number(g.redBlocks),
    blueBlocks: Number(g.blueBlocks),
    stake: g.stake,
    token: g.token,
    lastBlock: Number(g.lastBlock),
    feeBps: Number(g.feeBps),
    creator: g.creator,
    cancelled: g.cancelled,
    ended: g.ended,
    endBlock: Number(g.endBlock),
    settlePhase: Number(g.settlePhase),
    positions,
  };
}

/** The board of position `id`: colours by cell, rebuilt from the ancestor chain. */
export function boardAt(game: Pick<HexGameData, "size" | "positions">, id: number): Uint8Array {
  const board = new Uint8Array(game.size * game.size);
  for (let p = game.positions[id]; p; p = game.positions[p.parent]) {
    board[p.cell] = colourOfDepth(p.depth);
    if (p.parent === 0) break;
  }
  return board;
}

/**
 * Whether a move on position `p` is accepted at block `block` (ignoring the cell). With a last block, the position
 * the move creates must get its whole reply window by then (Red replies at even depth).
 */
export function isOpen(game: HexGameData, p: HexPosition, block: number): boolean {
  if (game.cancelled) return false;
  if (p.id === 1 ? game.positions.length !== 2 : p.proven) return false;
  const until = openUntil(game, p);
  return until === undefined || block <= until;
}

/**
 * The last block a move on position `p` can be accepted (undefined: no limit, position 1 without a last block):
 * its deadline, and with a last block, the last block minus the window of the colour that would reply to the move.
 */
export function openUntil(game: HexGameData, p: HexPosition): number | undefined {
  let until = p.id === 1 ? undefined : p.deadline;
  if (game.lastBlock !== 0) {
    const window = (p.depth + 1) % 2 === 0 ? game.redBlocks : game.blueBlocks;
    const cut = game.lastBlock - window;
    if (until === undefined || cut < until) until = cut;
  }
  return until;
}

export type Outcome = "winning" | "losing" | "void";

/** Outcome of every position under the rules (minimax over non-void positions). Index = id. */
export function outcomes(game: Pick<HexGameData, "positions">): Outcome[] {
  const ps = game.positions;
  const out: Outcome[] = [];
  for (let id = 1; id < ps.length; id++) {
    const parent = ps[id].parent;
    out[id] = parent !== 0 && (out[parent] === "void" || ps[parent].proven) ? "void" : "winning";
  }
  for (let id = ps.length - 1; id >= 1; id--) {
    if (out[id] === "void") continue;
    const winningChild = ps[id].children.some((c) => out[c] === "winning");
    out[id] = ps[id].proven || !winningChild ? "winning" : "losing";
  }
  return out;
}

/** One losing move: who forfeited what, the fee, and who received which share. */
export interface Loss {
  id: number;
  player: string;
  stake: bigint;
  fee: bigint;
  /** Fee plus rounding remainder (or the whole stake when nobody is owed). */
  toFund: bigint;
  share: bigint;
  /** player → amount received from this loss. */
  rewards: Map<string, bigint>;
}

/** Breaks down every losing move of an ended game (display helper; the contract is the source of truth). */
export function lossBreakdown(game: HexGameData): Loss[] {
  const out = outcomes(game);
  const losses: Loss[] = [];
  for (let id = 1; id < game.positions.length; id++) {
    if (out[id] !== "losing") continue;
    const p = game.positions[id];
    const owed: string[] = [];
    for (let a = game.positions[p.parent]; a; a = game.positions[a.parent]) {
      if (colourOfDepth(a.depth) !== colourOfDepth(p.depth)) owed.push(a.player);
      if (a.parent === 0) break;
    }
    const fee = (game.stake * BigInt(game.feeBps)) / 10_000n;
    const net = game.stake - fee;
    const k = BigInt(owed.length);
    const share = k === 0n ? 0n : net / k;
    const rewards = new Map<string, bigint>();
    for (const who of owed) rewards.set(who, (rewards.get(who) ?? 0n) + share);
    losses.push({ id, player: p.player, stake: game.stake, fee, toFund: game.stake - share * k, share, rewards });
  }
  return losses;
}

/** A game's state: open (moves accepted), ended (not settled yet), settled, or cancelled. */
export type GameState = "open" | "ended" | "settled" | "cancelled";

/** ForkingHex.settlePhase once every payout is credited. */
export const SETTLED_PHASE = 3;

/** The state of a game from the `game` view's fields (or a {@link HexGameData}). */
export function gameState(g: { cancelled: boolean; ended: boolean; settlePhase: bigint | number }): GameState {
  if (g.cancelled) return "cancelled";
  if (Number(g.settlePhase) === SETTLED_PHASE) return "settled";
  return g.ended ? "ended" : "open";
}

/** The state in words: "ended after block 63, not settled yet", "open (block 40, ends after block 63 unless extended)". */
export function describeState(
  g: { cancelled: boolean; ended: boolean; settlePhase: bigint | number; endBlock: bigint | number },
  block: number,
): string {
  const end = Number(g.endBlock);
  switch (gameState(g)) {
    case "cancelled":
      return "cancelled";
    case "settled":
      return `ended after block ${end}, settled`;
    case "ended":
      return `ended after block ${end}, not settled yet`;
    default:
      return `open (block ${block}${end ? `, ends after block ${end} unless extended` : ""})`;
  }
}
