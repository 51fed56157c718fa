// Geometry of hexagon grids in SVG, for any board made of hexes (Forking Hex's rhombus, CATAMM's island).
// Axial coordinates (q, r): with pointy-top hexes, q grows to the right and r grows down-right, so a Hex board's
// (row, col) is (r = row, q = col) and its neighbours are exactly the six axial neighbours.

export type Orientation = "pointy" | "flat";

export interface Point {
  x: number;
  y: number;
}

const SQRT3 = Math.sqrt(3);

/** Centre of hex (q, r) for hexes of circumradius `size`. */
export function axialToPixel(q: number, r: number, size: number, orientation: Orientation = "pointy"): Point {
  return orientation === "pointy"
    ? { x: size * SQRT3 * (q + r / 2), y: size * 1.5 * r }
    : { x: size * 1.5 * q, y: size * SQRT3 * (r + q / 2) };
}

/** The six corners of the hex centred on `c`, clockwise from the top (pointy) or the right (flat). */
export function hexCorners(c: Point, size: number, orientation: Orientation = "pointy"): Point[] {
  const start = orientation === "pointy" ? -90 : 0;
  return Array.from({ length: 6 }, (_, i) => {
    const a = ((start + 60 * i) * Math.PI) / 180;
    return { x: c.x + size * Math.cos(a), y: c.y + size * Math.sin(a) };
  });
}

/** Corners as an SVG `points` attribute (2 decimals). */
export function pointsAttr(points: Point[]): string {
  return points.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(" ");
}

/** The smallest box holding every hex of `centres` (circumradius `size`) plus `pad`, as an SVG viewBox. */
export function viewBoxOf(centres: Point[], size: number, pad = 0): string {
  if (centres.length === 0) return "0 0 1 1";
  const xs = centres.map((c) => c.x);
  const ys = centres.map((c) => c.y);
  const minX = Math.min(...xs) - size - pad;
  const minY = Math.min(...ys) - size - pad;
  const width = Math.max(...xs) - Math.min(...xs) + 2 * (size + pad);
  const height = Math.max(...ys) - Math.min(...ys) + 2 * (size + pad);
  return [minX, minY, width, height].map((v) => v.toFixed(2)).join(" ");
}

/**
 * The corner indices (of {hexCorners}, pointy orientation) along each side of a hex, by the side's axial direction:
 * the side facing neighbour (q + dq, r + dr). Used to draw a board's outer edges.
 */
export const POINTY_SIDE: Record<string, [number, number]> = {
  "1,-1": [0, 1], // up-right
  "1,0": [1, 2], // right
  "0,1": [2, 3], // down-right
  "-1,1": [3, 4], // down-left
  "-1,0": [4, 5], // left
  "0,-1": [5, 0], // up-left
};
