// Where the CATAMM board's pieces sit when drawn: hex centres, vertex points, edge ends and the ports' harbours, in
// units of one hex circumradius (pointy-top hexes, y grows downwards as in SVG; the island's centre hex at 0,0).
// Built from the numbering of ./board (TOPOLOGY, PORT_SIDES), so a drawing and the contracts name the same spots.

import { HEX_COUNT, PORT_SIDES, TOPOLOGY, VERTEX_COUNT, hexRowCol } from "./board";

export interface Point {
  x: number;
  y: number;
}

const SQRT3 = Math.sqrt(3);

/** Axial coordinates (q, r) of hex `h`: r is the row − 2, q runs left to right in the row (|q|, |r|, |q + r| ≤ 2). */
export function hexAxial(h: number): { q: number; r: number } {
  const { row, col } = hexRowCol(h);
  const r = row - 2;
  return { q: col + Math.max(-2, -2 - r), r };
}

/** Centre of hex `h` (circumradius 1). */
export function hexCentre(h: number): Point {
  const { q, r } = hexAxial(h);
  return { x: SQRT3 * (q + r / 2), y: 1.5 * r };
}

/** Corner `i` of a hex centred on `c`, clockwise from the top (the order of TOPOLOGY.hexVertices). */
export function hexCorner(c: Point, i: number, size = 1): Point {
  const a = ((-90 + 60 * i) * Math.PI) / 180;
  return { x: c.x + size * Math.cos(a), y: c.y + size * Math.sin(a) };
}

export interface PortPlace {
  /** The harbour's centre, out at sea facing its coast edge. */
  at: Point;
  /** The two ends of the coast edge (the port's vertices, ascending as in TOPOLOGY.portVertices). */
  vertices: [Point, Point];
  /** Outward direction from the coast (unit vector). */
  normal: Point;
}

export interface BoardGeometry {
  hexes: Point[];
  vertices: Point[];
  /** Each edge's two ends (TOPOLOGY.edgeVertices order). */
  edges: [Point, Point][];
  ports: PortPlace[];
  /** The box holding the island and its harbours: minX, minY, width, height. */
  box: [number, number, number, number];
}

function buildGeometry(): BoardGeometry {
  const hexes = Array.from({ length: HEX_COUNT }, (_, h) => hexCentre(h));
  const vertices: Point[] = Array.from({ length: VERTEX_COUNT });
  TOPOLOGY.hexVertices.forEach((vs, h) => vs.forEach((v, i) => (vertices[v] ??= hexCorner(hexes[h], i))));
  const edges = TOPOLOGY.edgeVertices.map(([a, b]) => [vertices[a], vertices[b]] as [Point, Point]);
  const ports = PORT_SIDES.map(({ hex, side }, p) => {
    // Side k runs from corner k to corner k + 1; its outward normal points at -60° + 60° k.
    const angle = ((-60 + 60 * side) * Math.PI) / 180;
    const normal = { x: Math.cos(angle), y: Math.sin(angle) };
    const c = hexes[hex];
    const reach = 0.87 + 0.75; // the side's distance from the centre (√3 / 2), then out to sea
    const [a, b] = TOPOLOGY.portVertices[p];
    return {
      at: { x: c.x + normal.x * reach, y: c.y + normal.y * reach },
      vertices: [vertices[a], vertices[b]] as [Point, Point],
      normal,
    };
  });
  const xs = [...vertices.map((v) => v.x), ...ports.map((p) => p.at.x)];
  const ys = [...vertices.map((v) => v.y), ...ports.map((p) => p.at.y)];
  const pad = 0.45;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  return {
    hexes,
    vertices,
    edges,
    ports,
    box: [minX, minY, Math.max(...xs) + pad - minX, Math.max(...ys) + pad - minY],
  };
}

/** The board's drawing geometry (computed once). */
export const GEOMETRY: BoardGeometry = buildGeometry();

/** The midpoint of edge `e`. */
export function edgeMidpoint(e: number): Point {
  const [a, b] = GEOMETRY.edges[e];
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
