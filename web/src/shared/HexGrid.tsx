// A generic SVG grid of hexagons: computes every cell's centre and corners and lets the caller draw it.
// Forking Hex draws its rhombus with it; CATAMM can draw its island (flat or pointy tiles) the same way.
import type { ReactNode, SVGProps } from "react";
import { axialToPixel, hexCorners, viewBoxOf, type Orientation, type Point } from "./hexgrid";

export interface GridCell {
  key: string | number;
  q: number;
  r: number;
}

export interface CellGeometry {
  centre: Point;
  corners: Point[];
  size: number;
}

export function HexGrid<C extends GridCell>(props: {
  cells: C[];
  /** Circumradius of a hex in SVG units. */
  size?: number;
  orientation?: Orientation;
  /** Extra room around the cells (for edge strips, labels). */
  pad?: number;
  renderCell: (cell: C, geometry: CellGeometry) => ReactNode;
  /** Drawn under the cells (edges, backgrounds) and over them (paths, markers). */
  under?: (geometryOf: (cell: GridCell) => CellGeometry) => ReactNode;
  over?: (geometryOf: (cell: GridCell) => CellGeometry) => ReactNode;
  svgProps?: SVGProps<SVGSVGElement>;
}) {
  const size = props.size ?? 20;
  const orientation = props.orientation ?? "pointy";
  const geometryOf = (cell: GridCell): CellGeometry => {
    const centre = axialToPixel(cell.q, cell.r, size, orientation);
    return { centre, corners: hexCorners(centre, size, orientation), size };
  };
  const centres = props.cells.map((c) => axialToPixel(c.q, c.r, size, orientation));
  return (
    <svg viewBox={viewBoxOf(centres, size, props.pad ?? 0)} {...props.svgProps}>
      {props.under?.(geometryOf)}
      {props.cells.map((c) => props.renderCell(c, geometryOf(c)))}
      {props.over?.(geometryOf)}
    </svg>
  );
}
