// A Forking Hex game's history as spreadsheets (docs/class.md, "Exports"): moves.csv (every move of the fork tree:
// its position, parent, mover, cell, colour, deposit, whether it was proven winning, block and transaction) and
// payouts.csv (per player: moves, deposits and what settlement credited). Built from one plain input that the indexer
// fills from its tables and the `hex:export` task from the game's events ({@link hexFromEvents}): the same chain
// gives the same bytes. Status: `final` once settled, `cancelled`, else `running at block N` (the game's latest
// event). Plain TypeScript, no Hardhat.
import { toCsv, type Cell } from "../common/csv";
import { address, big, chainOrder, num, runningAt, type ExportEvent } from "../common/export";
import { cellName, colourName, colourOfDepth } from "./board";
import { SETTLED_PHASE } from "./game";

export interface HexMoveInput {
  position: number;
  /** 0 for position 1. */
  parent: number;
  player: string;
  cell: number;
  depth: number;
  deposit: bigint;
  proven: boolean;
  block: number;
  tx: string;
}

export interface HexPayoutInput {
  player: string;
  moves: number;
  deposited: bigint;
  /** Sum of PayoutCredited (refunds and rewards), once settlement reached the player's moves (a cancelled game's
   *  refund is shown as credited: see hexPayoutsCsv). */
  credited: bigint;
}

export interface HexExportInput {
  id: number;
  size: number;
  token: string;
  cancelled: boolean;
  settlePhase: number;
  /** The block of the game's latest event (creation, move, proof, cancellation, settlement batch). */
  lastBlock: number;
  moves: HexMoveInput[];
  payouts: HexPayoutInput[];
  /** Players' latest display names by lower-case address (see client/common/export-chain.ts latestNames). */
  names: ReadonlyMap<string, string>;
}

export function hexStatus(g: Pick<HexExportInput, "cancelled" | "settlePhase" | "lastBlock">): string {
  if (g.cancelled) return "cancelled";
  if (g.settlePhase === SETTLED_PHASE) return "final";
  return runningAt(g.lastBlock);
}

export const MOVE_COLUMNS = [
  "status",
  "game",
  "position",
  "parent",
  "depth",
  "mover_name",
  "mover_address",
  "cell",
  "cell_name",
  "colour",
  "deposit_wei",
  "proven",
  "block",
  "tx",
] as const;

export function hexMovesCsv(g: HexExportInput): string {
  const status = hexStatus(g);
  const rows: Record<(typeof MOVE_COLUMNS)[number], Cell>[] = [...g.moves]
    .sort((a, b) => a.position - b.position)
    .map((m) => ({
      status,
      game: g.id,
      position: m.position,
      parent: m.parent,
      depth: m.depth,
      mover_name: g.names.get(address(m.player)) ?? "",
      mover_address: address(m.player),
      cell: m.cell,
      cell_name: cellName(m.cell, g.size),
      colour: colourName(colourOfDepth(m.depth)),
      deposit_wei: m.deposit,
      proven: m.proven,
      block: m.block,
      tx: m.tx,
    }));
  return toCsv(MOVE_COLUMNS, rows);
}

export const PAYOUT_COLUMNS = [
  "status",
  "game",
  "name",
  "address",
  "token",
  "moves",
  "deposited_wei",
  "credited_wei",
  "net_wei",
] as const;

export function hexPayoutsCsv(g: HexExportInput): string {
  const status = hexStatus(g);
  // A cancelled game (only its creator's first move, before Blue's reply) gave the stake back: `GameCancelled`'s
  // refund, credited to the ledger rather than by settlement's PayoutCredited.
  const credited = (p: HexPayoutInput) => (g.cancelled ? p.deposited : p.credited);
  const rows: Record<(typeof PAYOUT_COLUMNS)[number], Cell>[] = [...g.payouts]
    .map((p) => ({ ...p, player: address(p.player) }))
    .sort((a, b) => (a.player < b.player ? -1 : a.player > b.player ? 1 : 0))
    .map((p) => ({
      status,
      game: g.id,
      name: g.names.get(p.player) ?? "",
      address: p.player,
      token: address(g.token),
      moves: p.moves,
      deposited_wei: p.deposited,
      credited_wei: credited(p),
      net_wei: credited(p) - p.deposited,
    }));
  return toCsv(PAYOUT_COLUMNS, rows);
}

export const HEX_FILES = { "moves.csv": hexMovesCsv, "payouts.csv": hexPayoutsCsv } as const;
export type HexFile = keyof typeof HEX_FILES;

/** The events that move a game's `lastBlock` (the indexer's hex_game.last_block_seen). */
const GAME_EVENTS = new Set(["GameCreated", "Moved", "WinProven", "GameCancelled", "SettlementProgressed"]);

/** A game's export input from its ForkingHex events (any order; those of other games must be left out). */
export function hexFromEvents(
  id: number,
  events: readonly ExportEvent[],
  names: ReadonlyMap<string, string>,
): HexExportInput {
  const g: HexExportInput = {
    id,
    size: 0,
    token: "",
    cancelled: false,
    settlePhase: 0,
    lastBlock: 0,
    moves: [],
    payouts: [],
    names,
  };
  let stake = 0n;
  const depth = new Map<number, number>();
  const moves = new Map<number, HexMoveInput>();
  const payouts = new Map<string, HexPayoutInput>();
  const payout = (player: string) => {
    const p = payouts.get(player) ?? { player, moves: 0, deposited: 0n, credited: 0n };
    payouts.set(player, p);
    return p;
  };
  for (const e of chainOrder(events)) {
    const a = e.args;
    if (GAME_EVENTS.has(e.name)) g.lastBlock = Math.max(g.lastBlock, e.block);
    switch (e.name) {
      case "GameCreated":
        g.size = num(a.size);
        g.token = address(a.token);
        stake = big(a.stake);
        break;
      case "Moved": {
        const position = num(a.positionId);
        const parent = num(a.parentId);
        const d = parent === 0 ? 1 : (depth.get(parent) ?? 0) + 1;
        depth.set(position, d);
        const player = address(a.player);
        moves.set(position, {
          position,
          parent,
          player,
          cell: num(a.cell),
          depth: d,
          deposit: stake,
          proven: false,
          block: e.block,
          tx: e.tx,
        });
        const p = payout(player);
        p.moves += 1;
        p.deposited += stake;
        break;
      }
      case "WinProven": {
        const m = moves.get(num(a.positionId));
        if (m) m.proven = true;
        break;
      }
      case "GameCancelled":
        g.cancelled = true;
        break;
      case "SettlementProgressed":
        g.settlePhase = num(a.phase);
        break;
      case "PayoutCredited":
        payout(address(a.player)).credited += big(a.amount);
        break;
    }
  }
  g.moves = [...moves.values()];
  g.payouts = [...payouts.values()];
  return g;
}
