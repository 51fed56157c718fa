/**
 * CATAMM board: the TypeScript mirror of `contracts/catamm/libraries/Board*.sol`, `Dice.sol`, `Placement.sol` and
 * `LongestRoad.sol`, used by the tests, the bots, the tasks and the web app.
 *
 * Numbering (the one used everywhere; see docs/catamm-board.md for the ASCII maps):
 * - Hexes 0–18 row by row (rows of 3-4-5-4-3, pointy-top hexes), left to right.
 * - Vertices 0–53 along six zig-zag rows of 7-9-11-11-9-7 (vertex row k is the top outline of hex row k; row 5
 *   is the bottom outline of hex row 4), left to right.
 * - Edges 0–71 by the height of their midpoint, top to bottom, then left to right: the 6 zig-zag edges of vertex
 *   row 0, the 4 vertical edges of hex row 0, the 8 zig-zag edges of vertex row 1, the 5 vertical edges of hex
 *   row 1, and so on (6-4-8-5-10-6-10-5-8-4-6).
 * - Ports 0–8 clockwise from the top-left: the standard frame (a harbour on every other sea hex of the ring around
 *   the island, starting at a corner), each on one coast edge.
 *
 * The tables here are built from that row structure (offsets and index arithmetic), not from geometry; the tests
 * check them, and the on-chain tables generated from them, against an independent computation from hex geometry.
 */

import { AbiCoder, keccak256 } from "ethers";

export const HEX_COUNT = 19;
export const VERTEX_COUNT = 54;
export const EDGE_COUNT = 72;
export const PORT_COUNT = 9;

/** Hexes per row. */
export const HEX_ROWS = [3, 4, 5, 4, 3] as const;
/** Vertices per zig-zag row. */
export const VERTEX_ROWS = [7, 9, 11, 11, 9, 7] as const;

/** Hex kinds, as `BoardTypes.HexKind`: the five resources in the shared order, then Gold and Desert. */
export enum HexKind {
  Wood = 0,
  Brick = 1,
  Sheep = 2,
  Ore = 3,
  Wheat = 4,
  Gold = 5,
  Desert = 6,
}
export const HEX_KIND_NAMES = ["Wood", "Brick", "Sheep", "Ore", "Wheat", "Gold", "Desert"] as const;
/** Two-letter labels used by the renderer. */
export const HEX_KIND_LABELS = ["Wo", "Br", "Sh", "Or", "Wh", "Go", "De"] as const;

function prefixSums(sizes: readonly number[]): number[] {
  const out = [0];
  for (const s of sizes) out.push(out[out.length - 1] + s);
  return out;
}
const HEX_ROW_START = prefixSums(HEX_ROWS);
const VERTEX_ROW_START = prefixSums(VERTEX_ROWS);

/** Row and column of a hex id. */
export function hexRowCol(hex: number): { row: number; col: number } {
  for (let row = 0; row < HEX_ROWS.length; row++) {
    if (hex < HEX_ROW_START[row + 1]) return { row, col: hex - HEX_ROW_START[row] };
  }
  throw new RangeError(`hex ${hex} out of range`);
}

function vertexId(row: number, index: number): number {
  if (index < 0 || index >= VERTEX_ROWS[row]) throw new RangeError(`vertex row ${row} index ${index}`);
  return VERTEX_ROW_START[row] + index;
}

/**
 * Where a hex's corners sit in the zig-zag rows above and below it. In the upper half each hex row is narrower
 * than the vertex row below it (that row starts half a hex further left), in the lower half wider than it.
 */
function cornerOffsets(row: number): { top: number; bottom: number } {
  // top: index of the upper-left corner in vertex row `row`; bottom: index of the lower-left corner in row+1.
  if (row < 2) return { top: 0, bottom: 1 };
  if (row === 2) return { top: 0, bottom: 0 };
  return { top: 1, bottom: 0 };
}

export interface Topology {
  /** hex → its 6 vertices clockwise from the top: top, upper-right, lower-right, bottom, lower-left, upper-left. */
  hexVertices: number[][];
  /** vertex → adjacent vertices (2–3), ascending. */
  vertexVertices: number[][];
  /** vertex → adjacent edges (2–3), ascending. */
  vertexEdges: number[][];
  /** vertex → adjacent hexes (1–3), ascending. */
  vertexHexes: number[][];
  /** edge → its 2 vertices, ascending. */
  edgeVertices: [number, number][];
  /** port → its 2 vertices, ascending. */
  portVertices: [number, number][];
  /** vertex → port id, or -1. */
  vertexPort: number[];
}

/**
 * The standard frame's harbours, clockwise from the top-left: the hex each one faces and which side of that hex
 * (0 = north-east, 1 = east, 2 = south-east, 3 = south-west, 4 = west, 5 = north-west).
 */
export const PORT_SIDES: readonly { hex: number; side: number }[] = [
  { hex: 0, side: 5 },
  { hex: 1, side: 0 },
  { hex: 6, side: 0 },
  { hex: 11, side: 1 },
  { hex: 15, side: 2 },
  { hex: 17, side: 2 },
  { hex: 16, side: 3 },
  { hex: 12, side: 4 },
  { hex: 3, side: 4 },
];

function buildTopology(): Topology {
  const hexVertices: number[][] = [];
  for (let hex = 0; hex < HEX_COUNT; hex++) {
    const { row, col } = hexRowCol(hex);
    const { top, bottom } = cornerOffsets(row);
    const t = top + 2 * col;
    const b = bottom + 2 * col;
    hexVertices.push([
      vertexId(row, t + 1), // top
      vertexId(row, t + 2), // upper-right
      vertexId(row + 1, b + 2), // lower-right
      vertexId(row + 1, b + 1), // bottom
      vertexId(row + 1, b), // lower-left
      vertexId(row, t), // upper-left
    ]);
  }

  const edgeVertices: [number, number][] = [];
  for (let row = 0; row < VERTEX_ROWS.length; row++) {
    // Zig-zag edges of vertex row `row`.
    for (let i = 0; i + 1 < VERTEX_ROWS[row]; i++) edgeVertices.push([vertexId(row, i), vertexId(row, i + 1)]);
    // Vertical edges of hex row `row` (left side of each hex, then the right side of the last one).
    if (row < HEX_ROWS.length) {
      const { top, bottom } = cornerOffsets(row);
      for (let j = 0; j <= HEX_ROWS[row]; j++) {
        edgeVertices.push([vertexId(row, top + 2 * j), vertexId(row + 1, bottom + 2 * j)]);
      }
    }
  }

  const vertexVertices: number[][] = Array.from({ length: VERTEX_COUNT }, () => []);
  const vertexEdges: number[][] = Array.from({ length: VERTEX_COUNT }, () => []);
  edgeVertices.forEach(([a, b], e) => {
    vertexVertices[a].push(b);
    vertexVertices[b].push(a);
    vertexEdges[a].push(e);
    vertexEdges[b].push(e);
  });
  const vertexHexes: number[][] = Array.from({ length: VERTEX_COUNT }, () => []);
  hexVertices.forEach((vs, h) => vs.forEach((v) => vertexHexes[v].push(h)));
  for (const list of [...vertexVertices, ...vertexEdges, ...vertexHexes]) list.sort((x, y) => x - y);

  // Side s of a hex joins corners s and s+1 of hexVertices' clockwise order (side 0, north-east: top to upper-right).
  const portVertices = PORT_SIDES.map(({ hex, side }) => {
    const a = hexVertices[hex][side];
    const b = hexVertices[hex][(side + 1) % 6];
    return (a < b ? [a, b] : [b, a]) as [number, number];
  });
  const vertexPort = new Array<number>(VERTEX_COUNT).fill(-1);
  portVertices.forEach(([a, b], p) => {
    vertexPort[a] = p;
    vertexPort[b] = p;
  });
  return { hexVertices, vertexVertices, vertexEdges, vertexHexes, edgeVertices, portVertices, vertexPort };
}

/** The board's topology tables (the mirror of `BoardTopology.sol`). */
export const TOPOLOGY: Topology = buildTopology();

/** The edge joining two vertices, or -1. */
export function edgeBetween(a: number, b: number): number {
  for (const e of TOPOLOGY.vertexEdges[a]) {
    const [x, y] = TOPOLOGY.edgeVertices[e];
    if ((x === a && y === b) || (x === b && y === a)) return e;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------------------------
// Board setup (mirror of BoardSetup.sol)
// ---------------------------------------------------------------------------------------------------------------

/** The 19 hex kinds before shuffling. */
export const KIND_POOL: readonly HexKind[] = [
  ...Array<HexKind>(3).fill(HexKind.Wood),
  ...Array<HexKind>(3).fill(HexKind.Brick),
  ...Array<HexKind>(4).fill(HexKind.Sheep),
  ...Array<HexKind>(3).fill(HexKind.Ore),
  ...Array<HexKind>(4).fill(HexKind.Wheat),
  HexKind.Gold,
  HexKind.Desert,
];
/** The 18 number tokens before shuffling. */
export const NUMBER_POOL: readonly number[] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];

/** Domain salts (must equal BoardSetup.sol's). */
export const KIND_SALT = 0x6b696e6473n; // "kinds"
export const NUMBER_SALT = 0x6e756d62657273n; // "numbers"

export interface Hex {
  kind: HexKind;
  /** 2–12, or 0 for the desert. */
  number: number;
}

export interface Board {
  /** The packed word as stored on chain: hex i at bits [7i, 7i+7): kind in the low 3 bits, number in the high 4. */
  packed: bigint;
  hexes: Hex[];
  desert: number;
}

/** keccak256(abi.encode(seed, salt)) as a number. */
function keccakWord(seed: bigint, salt: bigint): bigint {
  return BigInt(keccak256(AbiCoder.defaultAbiCoder().encode(["uint256", "uint256"], [seed, salt])));
}

/**
 * Fisher–Yates from one 256-bit word read as a mixed-radix number: step i (from the last position down) takes
 * `r % (i + 1)` and divides `r` by `i + 1`. Mirrors `BoardSetup._shuffle`.
 */
function shuffle<T>(items: readonly T[], word: bigint): T[] {
  const a = [...items];
  let r = word;
  for (let i = a.length - 1; i > 0; i--) {
    const n = BigInt(i + 1);
    const j = Number(r % n);
    r /= n;
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Decodes a packed board word. */
export function unpackBoard(packed: bigint): Board {
  const hexes: Hex[] = [];
  let desert = -1;
  for (let h = 0; h < HEX_COUNT; h++) {
    const field = Number((packed >> BigInt(7 * h)) & 0x7fn);
    const hex = { kind: (field & 7) as HexKind, number: field >> 3 };
    if (hex.kind === HexKind.Desert) desert = h;
    hexes.push(hex);
  }
  return { packed, hexes, desert };
}

/** Packs hexes into the on-chain word. */
export function packBoard(hexes: readonly Hex[]): bigint {
  let packed = 0n;
  hexes.forEach((h, i) => (packed |= BigInt(h.kind | (h.number << 3)) << BigInt(7 * i)));
  return packed;
}

/** The random board for a seed: the mirror of `BoardSetup.generate(seed)`. */
export function generateBoard(seed: bigint): Board {
  const kinds = shuffle(KIND_POOL, keccakWord(seed, KIND_SALT));
  const numbers = shuffle(NUMBER_POOL, keccakWord(seed, NUMBER_SALT));
  let next = 0;
  const hexes = kinds.map((kind) => ({ kind, number: kind === HexKind.Desert ? 0 : numbers[next++] }));
  return unpackBoard(packBoard(hexes));
}

/** The hexes carrying number `n` (two for 3–6 and 8–11, one for 2 and 12, none otherwise). */
export function hexesWithNumber(board: Board, n: number): number[] {
  return n === 0 ? [] : board.hexes.flatMap((h, i) => (h.number === n ? [i] : []));
}

// ---------------------------------------------------------------------------------------------------------------
// Dice (mirror of Dice.sol)
// ---------------------------------------------------------------------------------------------------------------

/** Two independent d6 from one random value: the value's two lowest base-6 digits, plus one. */
export function rollDice(value: bigint): [number, number] {
  return [Number(value % 6n) + 1, Number((value / 6n) % 6n) + 1];
}

// ---------------------------------------------------------------------------------------------------------------
// Placement (mirror of Placement.sol)
// ---------------------------------------------------------------------------------------------------------------

/** Pips of a number token: the ways to roll it with 2d6 (0 for no token). */
export function pips(n: number): number {
  return n >= 2 && n <= 12 && n !== 7 ? 6 - Math.abs(7 - n) : 0;
}

/** Sum of the pips of the hexes around a vertex. */
export function vertexPips(board: Board, v: number): number {
  return TOPOLOGY.vertexHexes[v].reduce((s, h) => s + pips(board.hexes[h].number), 0);
}

const bit = (i: number): bigint => 1n << BigInt(i);
export const has = (mask: bigint, i: number): boolean => ((mask >> BigInt(i)) & 1n) === 1n;

/** The distance rule: the vertex and all its neighbours are free of buildings (`occupied`: all players' buildings). */
export function distanceRuleOk(occupied: bigint, v: number): boolean {
  return !has(occupied, v) && TOPOLOGY.vertexVertices[v].every((w) => !has(occupied, w));
}

/**
 * A road on edge `e` connects to a player's network if one of its ends holds the player's building, or holds no
 * opponent building and touches another of the player's roads.
 */
export function roadConnects(own: bigint, opponents: bigint, ownRoads: bigint, e: number): boolean {
  return TOPOLOGY.edgeVertices[e].some(
    (v) => has(own, v) || (!has(opponents, v) && TOPOLOGY.vertexEdges[v].some((f) => f !== e && has(ownRoads, f))),
  );
}

/** The automatic pick for a timed-out initial settlement: legal vertex with the most pips, lowest id on ties. */
export function autoSettlementVertex(board: Board, occupied: bigint): number {
  let best = -1;
  let bestPips = -1;
  for (let v = 0; v < VERTEX_COUNT; v++) {
    if (!distanceRuleOk(occupied, v)) continue;
    const p = vertexPips(board, v);
    if (p > bestPips) [best, bestPips] = [v, p];
  }
  return best;
}

/** The pip totals of all vertices packed 4 bits each (vertex v at bit 4v), as `Placement.pipTable`. */
export function pipTable(board: Board): bigint {
  let table = 0n;
  for (let v = 0; v < VERTEX_COUNT; v++) table |= BigInt(vertexPips(board, v)) << BigInt(4 * v);
  return table;
}

/** Whether a player with buildings `own` owns port `p`. */
export function ownsPort(own: bigint, p: number): boolean {
  return TOPOLOGY.portVertices[p].some((v) => has(own, v));
}

/** How many of `buildings` stand on hex `h`'s corners. */
export function countOnHex(buildings: bigint, h: number): number {
  return TOPOLOGY.hexVertices[h].filter((v) => has(buildings, v)).length;
}

/** The automatic road for a timed-out initial pick: the lowest free edge at the vertex. */
export function autoRoadEdge(allRoads: bigint, v: number): number {
  return TOPOLOGY.vertexEdges[v].find((e) => !has(allRoads, e)) ?? -1;
}

/** A mask with the given bits set. */
export function maskOf(ids: Iterable<number>): bigint {
  let m = 0n;
  for (const i of ids) m |= bit(i);
  return m;
}

/** The set bits of a mask. */
export function idsOf(mask: bigint): number[] {
  const out: number[] = [];
  for (let i = 0; mask >> BigInt(i) !== 0n; i++) if (has(mask, i)) out.push(i);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Longest road (mirror of LongestRoad.sol: same DFS, so bots can predict it)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Longest trail (no edge twice) in `roads` that never passes through a vertex in `blockers` (an opponent's
 * building): such a vertex may only start or end the trail. Same search as LongestRoad.sol (searches from odd-degree
 * and blocked vertices but the last unblocked one, then the simple cycles no search reaches); `visits` counts the
 * recursive steps, which is what the on-chain gas grows with.
 */
export function longestRoadSearch(roads: bigint, blockers: bigint): { length: number; visits: number } {
  const edges = idsOf(roads);
  const total = edges.length;
  let best = 0;
  let visits = 0;
  const walk = (u: number, used: bigint, length: number): void => {
    visits++;
    if (length > best) best = length;
    if (best === total) return;
    for (const e of TOPOLOGY.vertexEdges[u]) {
      if (!has(roads, e) || has(used, e)) continue;
      const [a, b] = TOPOLOGY.edgeVertices[e];
      const w = a === u ? b : a;
      if (has(blockers, w)) {
        if (length + 1 > best) best = length + 1;
      } else walk(w, used | bit(e), length + 1);
    }
  };
  let net = 0n;
  let odd = 0n;
  for (const e of edges) {
    const ends = maskOf(TOPOLOGY.edgeVertices[e]);
    net |= ends;
    odd ^= ends;
  }
  const starts = idsOf(odd | (net & blockers));
  for (const [i, s] of starts.entries()) {
    // The last start is skipped unless blocked: its trails end at other starts, searched already.
    if (i === starts.length - 1 && !has(blockers, s)) break;
    walk(s, 0n, 0);
    if (best === total) return { length: best, visits };
  }
  // Untouched edges form simple cycles: walk around each.
  let rest = roads & ~reach(roads, blockers, starts);
  while (rest !== 0n) {
    const e0 = idsOf(rest)[0];
    rest &= ~bit(e0);
    const [origin, first] = TOPOLOGY.edgeVertices[e0];
    let at = first;
    let n = 1;
    while (at !== origin) {
      const e = TOPOLOGY.vertexEdges[at].find((f) => has(rest, f));
      if (e === undefined) break;
      rest &= ~bit(e);
      n++;
      const [a, b] = TOPOLOGY.edgeVertices[e];
      at = a === at ? b : a;
    }
    if (n > best) best = n;
  }
  return { length: best, visits };
}

/** The roads reachable from `starts` without passing through a blocked vertex (flood fill). */
function reach(roads: bigint, blockers: bigint, starts: number[]): bigint {
  let reached = 0n;
  const seen = new Set(starts);
  const frontier = [...starts];
  while (frontier.length) {
    const v = frontier.pop()!;
    for (const e of TOPOLOGY.vertexEdges[v]) {
      if (!has(roads, e)) continue;
      reached |= bit(e);
      const [a, b] = TOPOLOGY.edgeVertices[e];
      const w = a === v ? b : a;
      if (!seen.has(w) && !has(blockers, w)) {
        seen.add(w);
        frontier.push(w);
      }
    }
  }
  return reached;
}

/** The longest road length (see {@link longestRoadSearch}). */
export function longestRoad(roads: bigint, blockers: bigint): number {
  return longestRoadSearch(roads, blockers).length;
}

/**
 * The costliest 15-road networks found for the search, as inputs for gas measurements (the most visits that hill
 * climbing over connected road sets, with and without opponents' buildings, found with
 * scripts/catamm/longest-road-worst.ts): 547 visits with one opponent's building inside the network, 532 without.
 */
export const LONGEST_ROAD_WORST_CASES: readonly {
  name: string;
  roads: readonly number[];
  blockers: readonly number[];
}[] = [
  {
    name: "15 roads around hexes 12 and 13, an opponent at vertex 47",
    roads: [39, 40, 41, 42, 43, 44, 49, 50, 51, 54, 55, 56, 57, 58, 62],
    blockers: [47],
  },
  {
    name: "dense network over hexes 3, 4, 7, 8",
    roads: [10, 11, 12, 18, 19, 23, 24, 25, 26, 34, 35, 40, 41, 42, 43],
    blockers: [],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// ASCII rendering
// ---------------------------------------------------------------------------------------------------------------

/** What the renderer draws on top of the bare board. All fields optional. */
export interface RenderState {
  board?: Board;
  /** Settlements per player (vertex masks), drawn as a, b, c, d. */
  settlements?: readonly bigint[];
  /** Cities per player (vertex masks), drawn as A, B, C, D. */
  cities?: readonly bigint[];
  /** Roads per player (edge masks), drawn as the player's number 1–4 over the edge. */
  roads?: readonly bigint[];
  /** Hex the ghost ship blocks (drawn as `*`), if any. */
  ghostHex?: number;
  /** A label per port (e.g. the pool it trades), drawn outside its coast edge; defaults to P0–P8. */
  portLabels?: readonly string[];
  /** For docs: draw hex ids and vertex ids ("vertices") or hex ids and edge ids ("edges") instead of the game. */
  ids?: "vertices" | "edges";
}

/* Layout: a point at x half hex widths right of the centre and y half side lengths below it (vertices: x in −5..5,
   y in −8..8; sea hexes reach ±6 and ±9) is drawn at text column MARGIN_X + COL_STEP × (x + 5) and line
   MARGIN_Y + 2 × (y + 8). Hex centres sit at x = 2 × col − (hexes in the row − 1), y = 3 × (row − 2). */
const COL_STEP = 4;
const MARGIN_X = 8;
const MARGIN_Y = 2;

interface Point {
  x: number;
  y: number;
}

/** Geometry of the mirror's numbering, for drawing only (the tests use their own geometry). */
function hexCentre(hex: number): Point {
  const { row, col } = hexRowCol(hex);
  return { x: 2 * col - (HEX_ROWS[row] - 1), y: 3 * (row - 2) };
}
const CORNER_OFFSETS: readonly Point[] = [
  { x: 0, y: -2 },
  { x: 1, y: -1 },
  { x: 1, y: 1 },
  { x: 0, y: 2 },
  { x: -1, y: 1 },
  { x: -1, y: -1 },
];
function vertexPoint(v: number): Point {
  const h = TOPOLOGY.vertexHexes[v][0];
  const i = TOPOLOGY.hexVertices[h].indexOf(v);
  const c = hexCentre(h);
  return { x: c.x + CORNER_OFFSETS[i].x, y: c.y + CORNER_OFFSETS[i].y };
}

/** Renders the board as text: hexes with kind and number, buildings, roads, ports. */
export function renderBoard(state: RenderState = {}): string {
  const width = MARGIN_X * 2 + COL_STEP * 10 + 2;
  const height = MARGIN_Y * 2 + 2 * 16 + 1;
  const grid: string[][] = Array.from({ length: height }, () => new Array<string>(width).fill(" "));
  const col = (x: number): number => MARGIN_X + COL_STEP * (x + 5);
  const line = (y: number): number => MARGIN_Y + 2 * (y + 8);
  const put = (c: number, l: number, text: string): void => {
    for (let i = 0; i < text.length; i++) if (c + i >= 0 && c + i < width) grid[l][c + i] = text[i];
  };
  const playerOf = (masks: readonly bigint[] | undefined, id: number): number =>
    masks ? masks.findIndex((m) => has(m, id)) : -1;

  // Edges.
  TOPOLOGY.edgeVertices.forEach(([a, b], e) => {
    const p = vertexPoint(a);
    const q = vertexPoint(b);
    const owner = playerOf(state.roads, e);
    if (p.x === q.x) {
      // Vertical edge: three lines between the two corners.
      const top = Math.min(line(p.y), line(q.y));
      for (let l = top + 1; l < top + 4; l++) put(col(p.x), l, owner >= 0 ? String(owner + 1) : "|");
      if (state.ids === "edges") put(col(p.x) - (e < 10 ? 0 : 1), top + 2, String(e));
    } else {
      const l = (line(p.y) + line(q.y)) / 2;
      const c = (col(p.x) + col(q.x)) / 2;
      const rising = (q.x - p.x) * (q.y - p.y) < 0; // drawn as "/" when the right end is higher
      if (state.ids === "edges") put(c - (e < 10 ? 0 : 1), l, String(e));
      else put(c, l, owner >= 0 ? String(owner + 1) : rising ? "/" : "\\");
    }
  });

  // Vertices.
  for (let v = 0; v < VERTEX_COUNT; v++) {
    const p = vertexPoint(v);
    let mark = ".";
    const s = playerOf(state.settlements, v);
    const c = playerOf(state.cities, v);
    if (s >= 0) mark = "abcd"[s];
    if (c >= 0) mark = "ABCD"[c];
    if (state.ids === "vertices") put(col(p.x) - (v < 10 ? 0 : 1), line(p.y), String(v));
    else put(col(p.x), line(p.y), mark);
  }

  // Hexes.
  for (let h = 0; h < HEX_COUNT; h++) {
    const c = hexCentre(h);
    if (state.ids) {
      put(col(c.x) - 1, line(c.y), `H${h}`);
      continue;
    }
    const hex = state.board?.hexes[h];
    const label = hex ? `${HEX_KIND_LABELS[hex.kind]}${hex.number ? hex.number : ""}` : "";
    put(col(c.x) - 2, line(c.y), label);
    if (state.ghostHex === h) put(col(c.x), line(c.y) + 1, "*");
  }

  // Ports: a label at the centre of the sea hex the harbour sits on (the land hex mirrored across the coast edge).
  TOPOLOGY.portVertices.forEach(([a, b], p) => {
    const u = vertexPoint(a);
    const w = vertexPoint(b);
    const land = hexCentre(PORT_SIDES[p].hex);
    const label = state.portLabels?.[p] ?? `P${p}`;
    const c = col(u.x) + col(w.x) - col(land.x) - Math.floor(label.length / 2);
    const l = line(u.y) + line(w.y) - line(land.y);
    put(Math.max(0, c), l, label);
  });

  return grid
    .map((row) => row.join("").replace(/\s+$/, ""))
    .join("\n")
    .replace(/^\n+|\n+$/g, "");
}
