// What Forking Hex's path verifier must say about a claimed path, from the rules in the documented order (written
// independently of the contract): used by the verifier fuzz test and by the property test's invalid proofs.
import { neighbours, RED, type Colour } from "../../client/hex";

/**
 * The expected outcome of proving `path` for `colour` on `board` (n×n), where that colour has `stones` stones:
 * "ok", or the error as `Name(arg,arg)`. Order: too short (< n), too long (> stones), then per cell in path order
 * off the board / repeated / not adjacent to the previous one, then not edge to edge, then the first cell that is
 * not one of the colour's stones.
 */
export function expectedOutcome(
  board: ArrayLike<number>,
  n: number,
  colour: Colour,
  stones: number,
  path: number[],
): string {
  if (path.length < n) return `PathTooShort(${path.length},${n})`;
  if (path.length > stones) return `PathTooLong(${path.length},${stones})`;
  const seen = new Set<number>();
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (c >= n * n) return `CellOffBoard(${c},${n * n})`;
    if (seen.has(c)) return `CellRepeated(${c})`;
    seen.add(c);
    if (i > 0 && !neighbours(path[i - 1], n).includes(c)) return `CellsNotAdjacent(${path[i - 1]},${c})`;
  }
  const first = path[0];
  const last = path[path.length - 1];
  const edges = colour === RED ? first < n && Math.floor(last / n) === n - 1 : first % n === 0 && last % n === n - 1;
  if (!edges) return `PathNotEdgeToEdge(${first},${last})`;
  const wrong = path.find((c) => board[c] !== colour);
  if (wrong !== undefined) return `PathCellWrongColour(${wrong})`;
  return "ok";
}
