// Shared Forking Hex helpers for the CLI tasks, the demo, the bench and the tests: cell notation, board geometry,
// the winning-path search (BFS), terminal rendering, reading a game from chain events, and a display evaluation.
// Tasks load this before compilation: TypeChain types are imported with `import type` only.
import type { ForkingHex } from "../../typechain-types";

/** Stone colours on a board array. */
export const EMPTY = 0;
export const RED = 1;
export const BLUE = 2;
export type Colour = typeof EMPTY | typeof RED | typeof BLUE;

/** The colour that made the position at `depth` (Red made odd depths). */
export function colourOfDepth(depth: number): Colour {
  return depth % 2 === 1 ? RED : BLUE;
}

export function colourName(colour: Colour): string {
  return colour === RED ? "Red" : colour === BLUE ? "Blue" : "empty";
}

// ------------------------------------------------------------------------------------------------ cells

/** Column letters a, b, c, ... (n ≤ 19 → a..s); rows are numbered from 1. */
export function cellName(cell: number, n: number): string {
  const row = Math.floor(cell / n);
  const col = cell % n;
  return `${String.fromCharCode(97 + col)}${row + 1}`;
}

/**
 * Parses a cell: `c5` (column letter, row number from 1), `4,2` (row,col from 0) or a plain index `58`.
 * Throws on anything off the board.
 */
export function parseCell(text: string, n: number): number {
  const t = text.trim().toLowerCase();
  let cell: number;
  let m: RegExpMatchArray | null;
  if ((m = t.match(/^([a-z])(\d+)$/))) {
    const col = m[1].charCodeAt(0) - 97;
    const row = Number(m[2]) - 1;
    if (col >= n || row < 0 || row >= n) throw new Error(`cell ${text} is off a ${n}×${n} board`);
    cell = row * n + col;
  } else if ((m = t.match(/^(\d+)\s*,\s*(\d+)$/))) {
    const row = Number(m[1]);
    const col = Number(m[2]);
    if (row >= n || col >= n) throw new Error(`cell ${text} is off a ${n}×${n} board`);
    cell = row * n + col;
  } else if (/^\d+$/.test(t)) {
    cell = Number(t);
    if (cell >= n * n) throw new Error(`cell ${text} is off a ${n}×${n} board`);
  } else {
    throw new Error(`cannot read cell "${text}": use c5, row,col or an index`);
  }
  return cell;
}

/** Neighbours of `cell`: (r-1,c) (r-1,c+1) (r,c-1) (r,c+1) (r+1,c-1) (r+1,c), on the board. */
export function neighbours(cell: number, n: number): number[] {
  const r = Math.floor(cell / n);
  const c = cell % n;
  const out: number[] = [];
  const deltas: [number, number][] = [
    [-1, 0],
    [-1, 1],
    [0, -1],
    [0, 1],
    [1, -1],
    [1, 0],
  ];
  for (const [dr, dc] of deltas) {
    const rr = r + dr;
    const cc = c + dc;
    if (rr >= 0 && rr < n && cc >= 0 && cc < n) out.push(rr * n + cc);
  }
  return out;
}

/** Whether `cell` is on the first (start) edge of `colour`: Red row 0, Blue column 0. */
export function onStartEdge(cell: number, n: number, colour: Colour): boolean {
  return colour === RED ? cell < n : cell % n === 0;
}

/** Whether `cell` is on the opposite (end) edge of `colour`: Red row n-1, Blue column n-1. */
export function onEndEdge(cell: number, n: number, colour: Colour): boolean {
  return colour === RED ? Math.floor(cell / n) === n - 1 : cell % n === n - 1;
}

/**
 * A shortest winning path of `colour` on `board` (BFS from its start edge to its end edge through its own stones),
 * ordered from the start edge, or null if the colour does not connect.
 */
export function findWinningPath(board: ArrayLike<number>, n: number, colour: Colour): number[] | null {
  const prev = new Int32Array(n * n).fill(-2);
  const queue: number[] = [];
  for (let cell = 0; cell < n * n; cell++) {
    if (board[cell] === colour && onStartEdge(cell, n, colour)) {
      prev[cell] = -1;
      queue.push(cell);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head];
    if (onEndEdge(cell, n, colour)) {
      const path: number[] = [];
      for (let c = cell; c !== -1; c = prev[c]) path.push(c);
      return path.reverse();
    }
    for (const next of neighbours(cell, n)) {
      if (board[next] === colour && prev[next] === -2) {
        prev[next] = cell;
        queue.push(next);
      }
    }
  }
  return null;
}

// ------------------------------------------------------------------------------------------------ game data

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

/** Reads a game: settings from the `game` view, the tree from `Moved`/`WinProven` events. */
export async function loadGame(hex: ForkingHex, gameId: bigint, fromBlock = 0): Promise<HexGameData> {
  const g = await hex.game(gameId);
  const moved = await hex.queryFilter(hex.filters.Moved(gameId), fromBlock);
  const proven = await hex.queryFilter(hex.filters.WinProven(gameId), fromBlock);
  const positions: HexPosition[] = [];
  for (const e of moved) {
    const id = Number(e.args.positionId);
    const parent = Number(e.args.parentId);
    positions[id] = {
      id,
      parent,
      player: e.args.player,
      cell: Number(e.args.cell),
      depth: parent === 0 ? 1 : positions[parent].depth + 1,
      deadline: Number(e.args.deadline),
      proven: false,
      block: e.blockNumber,
      children: [],
    };
    if (parent !== 0) positions[parent].children.push(id);
  }
  for (const e of proven) positions[Number(e.args.positionId)].proven = true;
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

// ------------------------------------------------------------------------------------------------ rendering

/**
 * Renders a board as a Hex rhombus. `R`/`B` are Red/Blue stones, `*` the cells of a winning path, lower case the
 * last move; Red joins the `-` edges (top and bottom rows), Blue the `|` edges (left and right columns).
 */
export function renderBoard(
  board: ArrayLike<number>,
  n: number,
  opts: { path?: number[]; last?: number; indent?: string } = {},
): string {
  const onPath = new Set(opts.path ?? []);
  const indent = opts.indent ?? "  ";
  const letters = Array.from({ length: n }, (_, c) => String.fromCharCode(97 + c)).join(" ");
  const edge = "- ".repeat(n).trimEnd();
  const lines = [`${indent}     ${letters}`, `${indent}     ${edge}   Red`];
  for (let r = 0; r < n; r++) {
    const cells: string[] = [];
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      const v = board[cell];
      let ch = v === RED ? "R" : v === BLUE ? "B" : ".";
      if (cell === opts.last) ch = ch.toLowerCase();
      if (onPath.has(cell)) ch = "*";
      cells.push(ch);
    }
    lines.push(
      `${indent}${" ".repeat(r)}${String(r + 1).padStart(2)} | ${cells.join(" ")} |${r === 0 ? "  Blue" : ""}`,
    );
  }
  lines.push(`${indent}${" ".repeat(n - 1)}     ${edge}   Red`);
  return lines.join("\n");
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

/**
 * The fork tree around position `focus`: its ancestors (one line), then the subtree below it to `below` levels,
 * each line with id, cell, colour, player label, deadline or status.
 */
export function renderTree(
  game: HexGameData,
  focus: number,
  opts: { below?: number; block?: number; label?: (address: string) => string } = {},
): string {
  const label = opts.label ?? ((a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`);
  const status = game.ended && !game.cancelled ? outcomes(game) : undefined;
  const describe = (p: HexPosition): string => {
    const parts = [`#${p.id}`, `${colourName(colourOfDepth(p.depth))} ${cellName(p.cell, game.size)}`, label(p.player)];
    if (p.proven) parts.push("PROVEN");
    if (status) parts.push(status[p.id]);
    else if (opts.block !== undefined) {
      parts.push(isOpen(game, p, opts.block) ? `open to block ${openUntil(game, p) ?? "∞"}` : "closed");
    }
    return parts.join("  ");
  };
  const chain: number[] = [];
  for (let a = game.positions[focus].parent; a !== 0; a = game.positions[a].parent) chain.unshift(a);
  const lines = [`  path from the start: ${[...chain, focus].map((id) => `#${id}`).join(" → ")}`];
  const below = opts.below ?? 3;
  const walk = (id: number, prefix: string, level: number, last: boolean, root: boolean) => {
    const p = game.positions[id];
    lines.push(`  ${prefix}${root ? "" : last ? "└─ " : "├─ "}${describe(p)}`);
    if (level >= below) {
      if (p.children.length > 0)
        lines.push(`  ${prefix}${root ? "" : last ? "   " : "│  "}└─ … ${countBelow(game, id)} more`);
      return;
    }
    const childPrefix = root ? "" : prefix + (last ? "   " : "│  ");
    p.children.forEach((c, i) => walk(c, childPrefix, level + 1, i === p.children.length - 1, false));
  };
  walk(focus, "", 0, true, true);
  return lines.join("\n");
}

function countBelow(game: HexGameData, id: number): number {
  let count = 0;
  const stack = [...game.positions[id].children];
  while (stack.length > 0) {
    const c = stack.pop()!;
    count++;
    stack.push(...game.positions[c].children);
  }
  return count;
}
