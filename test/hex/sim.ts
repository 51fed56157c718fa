// A test-side simulation of a Forking Hex game's timers and boards, used to generate only valid random actions
// (the contract is then expected to accept every one of them) and to feed the reference model.
import { colourOfDepth, findWinningPath, type Colour } from "../../client/hex";

export { Rng } from "../../client/rng";

export interface SimConfig {
  n: number;
  red: number;
  blue: number;
  /** 0 = none. */
  lastBlock: number;
}

export interface SimPosition {
  id: number;
  parent: number;
  player: number;
  cell: number;
  depth: number;
  /** Last block a reply is accepted (0 for position 1). */
  deadline: number;
  proven: boolean;
  board: Uint8Array;
}

export class HexSim {
  readonly positions: SimPosition[] = [];
  maxDeadline = 0;

  constructor(
    readonly cfg: SimConfig,
    creator: number,
    cell: number,
  ) {
    const board = new Uint8Array(cfg.n * cfg.n);
    board[cell] = colourOfDepth(1);
    this.positions[1] = { id: 1, parent: 0, player: creator, cell, depth: 1, deadline: 0, proven: false, board };
  }

  get count(): number {
    return this.positions.length - 1;
  }

  /**
   * The game ends once block > endBlock; 0 = no end scheduled (before Blue's reply, without a last block). After
   * Blue's reply it is maxDeadline, which never passes the last block.
   */
  endBlock(): number {
    return this.count < 2 ? this.cfg.lastBlock : this.maxDeadline;
  }

  ended(block: number): boolean {
    const end = this.endBlock();
    return end !== 0 && block > end;
  }

  /** Blocks the colour to move at `depth` has to reply (Red is to move at even depth). */
  window(depth: number): number {
    return depth % 2 === 0 ? this.cfg.red : this.cfg.blue;
  }

  /**
   * Whether a move on `id` is accepted in `block` (ignoring the cell): with a last block, the new position's whole
   * reply window must end by it.
   */
  open(id: number, block: number): boolean {
    const p = this.positions[id];
    if (this.cfg.lastBlock !== 0 && block + this.window(p.depth + 1) > this.cfg.lastBlock) return false;
    if (id === 1) return this.count === 1;
    return !p.proven && block <= p.deadline;
  }

  openPositions(block: number): number[] {
    const out: number[] = [];
    for (let id = 1; id <= this.count; id++) if (this.open(id, block)) out.push(id);
    return out;
  }

  emptyCells(id: number): number[] {
    const out: number[] = [];
    const board = this.positions[id].board;
    for (let c = 0; c < board.length; c++) if (board[c] === 0) out.push(c);
    return out;
  }

  /** Records a move (which the caller knows is valid); returns the new id. */
  move(parent: number, cell: number, player: number, block: number): number {
    const p = this.positions[parent];
    if (!this.open(parent, block) || p.board[cell] !== 0) throw new Error(`sim: invalid move ${parent}/${cell}`);
    const depth = p.depth + 1;
    const board = p.board.slice();
    board[cell] = colourOfDepth(depth);
    const deadline = block + this.window(depth);
    const id = this.count + 1;
    this.positions[id] = { id, parent, player, cell, depth, deadline, proven: false, board };
    if (deadline > this.maxDeadline) this.maxDeadline = deadline;
    return id;
  }

  /** A winning path of the colour that moved into `id`, or null. */
  winningPath(id: number): number[] | null {
    const p = this.positions[id];
    return findWinningPath(p.board, this.cfg.n, colourOfDepth(p.depth) as Colour);
  }

  /** Empty cells of `id` that would give the colour to move a connection at once. */
  winningCells(id: number): number[] {
    const p = this.positions[id];
    const colour = colourOfDepth(p.depth + 1) as Colour;
    const out: number[] = [];
    for (const c of this.emptyCells(id)) {
      const board = p.board.slice();
      board[c] = colour;
      if (findWinningPath(board, this.cfg.n, colour)) out.push(c);
    }
    return out;
  }
}
