// Forking Hex as text: the board as a rhombus and the fork tree around a position (tasks and demo).
import { BLUE, RED, cellName, colourName, colourOfDepth } from "./board";
import { isOpen, openUntil, outcomes, type HexGameData, type HexPosition } from "./game";

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
