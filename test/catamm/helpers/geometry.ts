/**
 * An independent computation of the board topology from hex geometry, used to check BoardTopology.sol and the
 * mirror in client/catamm/board.ts (which are built from row arithmetic instead).
 *
 * Hexes are pointy-top, in axial coordinates (q, r) with max(|q|, |r|, |q + r|) <= 2; r grows downwards. In integer
 * units (x: half a hex width, y: half a side length) a centre is at (2q + r, 3r) and the six corners, clockwise
 * from the top, at offsets (0,-2) (1,-1) (1,1) (0,2) (-1,1) (-1,-1). Corners shared by several hexes are one
 * vertex. Ids follow the documented numbering:
 * - hexes sorted by (r, q): rows of 3-4-5-4-3, left to right;
 * - vertices sorted by zig-zag row floor((y + 8) / 3), then x;
 * - edges (pairs of consecutive corners of a hex) sorted by midpoint height, then midpoint x.
 * Ports follow the standard frame: harbours on every other hex of the ring of 18 sea hexes around the island,
 * clockwise from the top-left corner sea hex; a corner sea hex faces its only land hex, a side sea hex the land hex
 * that is not a corner of the island; the port's vertices are the two corners it shares with that land hex.
 */
import type { Topology } from "../../../client/catamm/board";

export interface Axial {
  q: number;
  r: number;
}
interface Point {
  x: number;
  y: number;
}

const CORNERS: readonly Point[] = [
  { x: 0, y: -2 },
  { x: 1, y: -1 },
  { x: 1, y: 1 },
  { x: 0, y: 2 },
  { x: -1, y: 1 },
  { x: -1, y: -1 },
];
/** Axial neighbour directions, clockwise from east. */
const DIRECTIONS: readonly Axial[] = [
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 },
  { q: 0, r: -1 },
  { q: 1, r: -1 },
];

const distance = (h: Axial): number => Math.max(Math.abs(h.q), Math.abs(h.r), Math.abs(h.q + h.r));
const key = (p: Point): string => `${p.x},${p.y}`;
const centre = (h: Axial): Point => ({ x: 2 * h.q + h.r, y: 3 * h.r });
const corners = (h: Axial): Point[] => CORNERS.map((c) => ({ x: centre(h).x + c.x, y: centre(h).y + c.y }));

/** The same tables as client/'s {@link Topology} (computed here independently), with each hex's axial position. */
export interface Geometry extends Topology {
  hexes: Axial[];
}

export function computeGeometry(): Geometry {
  const hexes: Axial[] = [];
  for (let r = -2; r <= 2; r++) for (let q = -2; q <= 2; q++) if (distance({ q, r }) <= 2) hexes.push({ q, r });
  hexes.sort((a, b) => a.r - b.r || a.q - b.q);

  // Vertices: every corner, deduplicated, in the documented order.
  const points = new Map<string, Point>();
  for (const h of hexes) for (const p of corners(h)) points.set(key(p), p);
  const zigzagRow = (p: Point): number => Math.floor((p.y + 8) / 3);
  const vertexPoints = [...points.values()].sort((a, b) => zigzagRow(a) - zigzagRow(b) || a.x - b.x);
  const vertexOf = new Map(vertexPoints.map((p, i) => [key(p), i]));
  const hexVertices = hexes.map((h) => corners(h).map((p) => vertexOf.get(key(p))!));

  // Edges: consecutive corners of each hex, deduplicated, by midpoint height then x.
  const edgeMap = new Map<string, [number, number]>();
  for (const vs of hexVertices) {
    for (let i = 0; i < 6; i++) {
      const a = Math.min(vs[i], vs[(i + 1) % 6]);
      const b = Math.max(vs[i], vs[(i + 1) % 6]);
      edgeMap.set(`${a}-${b}`, [a, b]);
    }
  }
  const mid = ([a, b]: [number, number]): Point => ({
    x: vertexPoints[a].x + vertexPoints[b].x,
    y: vertexPoints[a].y + vertexPoints[b].y,
  });
  const edgeVertices = [...edgeMap.values()].sort((e, f) => mid(e).y - mid(f).y || mid(e).x - mid(f).x);

  const n = vertexPoints.length;
  const vertexVertices: number[][] = Array.from({ length: n }, () => []);
  const vertexEdges: number[][] = Array.from({ length: n }, () => []);
  edgeVertices.forEach(([a, b], e) => {
    vertexVertices[a].push(b);
    vertexVertices[b].push(a);
    vertexEdges[a].push(e);
    vertexEdges[b].push(e);
  });
  const vertexHexes: number[][] = Array.from({ length: n }, () => []);
  hexVertices.forEach((vs, h) => vs.forEach((v) => vertexHexes[v].push(h)));
  for (const l of [...vertexVertices, ...vertexEdges, ...vertexHexes]) l.sort((a, b) => a - b);

  // Ports: the ring of sea hexes at distance 3, clockwise from the top-left corner (0, -3).
  const ring: Axial[] = [];
  let at: Axial = { q: 0, r: -3 };
  for (let side = 0; side < 6; side++) {
    for (let step = 0; step < 3; step++) {
      ring.push(at);
      at = { q: at.q + DIRECTIONS[side].q, r: at.r + DIRECTIONS[side].r };
    }
  }
  const isLand = (h: Axial): boolean => distance(h) <= 2;
  const isIslandCorner = (h: Axial): boolean => distance(h) === 2 && [h.q, h.r, -h.q - h.r].some((c) => c === 0);
  const hexIndex = (h: Axial): number => hexes.findIndex((x) => x.q === h.q && x.r === h.r);
  const portVertices = ring
    .filter((_, i) => i % 2 === 0)
    .map((sea) => {
      const land = DIRECTIONS.map((d) => ({ q: sea.q + d.q, r: sea.r + d.r })).filter(isLand);
      const faced = land.length === 1 ? land[0] : land.find((h) => !isIslandCorner(h))!;
      const shared = hexVertices[hexIndex(faced)].filter((v) =>
        corners(sea).some((p) => key(p) === key(vertexPoints[v])),
      );
      return shared.sort((a, b) => a - b) as [number, number];
    });
  const vertexPort = new Array<number>(n).fill(-1);
  portVertices.forEach(([a, b], p) => {
    vertexPort[a] = p;
    vertexPort[b] = p;
  });

  return { hexes, hexVertices, vertexVertices, vertexEdges, vertexHexes, edgeVertices, portVertices, vertexPort };
}
