// Forking Hex board knowledge: colours, cell names (c5, row,col or an index), the hexagonal neighbourhood, edges,
// and the winning-path search (BFS), shared by the tasks, the demo, the bench, the tests and the web app.

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
