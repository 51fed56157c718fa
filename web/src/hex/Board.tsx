// A Forking Hex board as a true Hex rhombus in SVG: Red's edges (top and bottom rows) and Blue's (left and right
// columns) drawn in their colours, column letters and row numbers as the tasks name cells, Red stones round and Blue
// stones diamond-shaped (told apart by shape, not colour alone), the last stone ringed, a proven path highlighted.
// Keyboard: the board is one tab stop; arrow keys move between cells, Enter or Space plays the focused cell.
import { useState, type KeyboardEvent } from "react";
import { HexGrid, type CellGeometry } from "../shared/HexGrid";
import { POINTY_SIDE, pointsAttr, type Point } from "../shared/hexgrid";
import { BLUE, cellName, RED, type Colour } from "../../../client/hex";
import { callAttrs, type TxCall } from "../shared/calls";

interface BoardCell {
  key: number;
  q: number;
  r: number;
}

export interface BoardProps {
  n: number;
  board: ArrayLike<number>;
  /** The last stone placed (the position's own move). */
  last?: number;
  /** Cells of a proven winning path, in order. */
  path?: number[];
  /** The position drawn (sent with every click, so a click acts on the board it was made on). */
  position?: number;
  /** The colour a click would play, when the position takes moves (else clicks do nothing). */
  toMove?: Colour;
  onPlay?: (position: number, cell: number) => void;
  /** The transaction a click on a cell sends (written on the cell: shared/calls.ts). */
  callOf?: (cell: number) => TxCall;
  /** Text for the board's label, e.g. "position 5, Blue to move". */
  label: string;
}

const SIZE = 20;

/** Red and Blue as names and marks. */
export const COLOURS = {
  [RED]: { name: "Red", fill: "#d7263d", stroke: "#8c1020" },
  [BLUE]: { name: "Blue", fill: "#1f5fd6", stroke: "#0f3380" },
} as const;

/** A stone: Red a disc, Blue a diamond. */
export function Stone({ colour, at, size, ghost }: { colour: Colour; at: Point; size: number; ghost?: boolean }) {
  if (colour !== RED && colour !== BLUE) return null;
  const c = COLOURS[colour];
  const common = {
    fill: c.fill,
    stroke: c.stroke,
    strokeWidth: size * 0.08,
    opacity: ghost ? 0.35 : 1,
    pointerEvents: "none" as const,
  };
  if (colour === RED) return <circle cx={at.x} cy={at.y} r={size * 0.55} {...common} />;
  const d = size * 0.66;
  return (
    <polygon
      points={pointsAttr([
        { x: at.x, y: at.y - d },
        { x: at.x + d, y: at.y },
        { x: at.x, y: at.y + d },
        { x: at.x - d, y: at.y },
      ])}
      {...common}
    />
  );
}

/** A small inline mark of a colour, for lists and legends. */
export function ColourMark({ colour }: { colour: Colour }) {
  return (
    <svg width="14" height="14" viewBox="-10 -10 20 20" aria-hidden="true" className="mark">
      <Stone colour={colour} at={{ x: 0, y: 0 }} size={14} />
    </svg>
  );
}

/** The outer side of `geo` facing axial direction (dq, dr), pushed outwards so the strip sits beside the cell. */
function outerSide(geo: CellGeometry, dq: number, dr: number): [Point, Point] {
  const [a, b] = POINTY_SIDE[`${dq},${dr}`];
  const push = (p: Point) => ({
    x: geo.centre.x + (p.x - geo.centre.x) * 1.22,
    y: geo.centre.y + (p.y - geo.centre.y) * 1.22,
  });
  return [push(geo.corners[a]), push(geo.corners[b])];
}

export function Board(props: BoardProps) {
  const { n, board, toMove } = props;
  const [focus, setFocus] = useState(() => Math.floor((n * n) / 2));
  const cells: BoardCell[] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) cells.push({ key: r * n + c, q: c, r });
  const onPath = new Set(props.path ?? []);
  const playable = (cell: number) => toMove !== undefined && board[cell] === 0 && props.onPlay !== undefined;

  const describe = (cell: number) => {
    const v = board[cell];
    const parts = [cellName(cell, n)];
    parts.push(v === RED ? "Red stone" : v === BLUE ? "Blue stone" : "empty");
    if (cell === props.last) parts.push("last move");
    if (onPath.has(cell)) parts.push("on the winning path");
    if (playable(cell)) parts.push(`press Enter to play ${COLOURS[toMove as typeof RED].name} here`);
    return parts.join(", ");
  };

  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const r = Math.floor(focus / n);
    const c = focus % n;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
    };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      const rr = Math.min(n - 1, Math.max(0, r + m[0]));
      const cc = Math.min(n - 1, Math.max(0, c + m[1]));
      const next = rr * n + cc;
      setFocus(next);
      (e.currentTarget.querySelector(`[data-cell="${next}"]`) as SVGElement | null)?.focus();
    } else if ((e.key === "Enter" || e.key === " ") && playable(focus)) {
      e.preventDefault();
      props.onPlay?.(props.position ?? 0, focus);
    }
  };

  const edge = (from: Point, to: Point, colour: Colour, key: string) => (
    <line
      key={key}
      x1={from.x}
      y1={from.y}
      x2={to.x}
      y2={to.y}
      stroke={COLOURS[colour as typeof RED].fill}
      strokeWidth={SIZE * 0.28}
      strokeLinecap="round"
    />
  );

  return (
    <HexGrid
      cells={cells}
      size={SIZE}
      pad={SIZE * 1.3}
      svgProps={{
        className: "board",
        role: "group",
        "aria-label": `Board, ${props.label}. Red joins top and bottom, Blue joins left and right. Arrow keys move, Enter plays.`,
        onKeyDown,
        ...{ "data-position": props.position },
      }}
      under={(geometryOf) => (
        <g aria-hidden="true">
          {cells.flatMap((cell) => {
            const geo = geometryOf(cell);
            const out = [];
            const { q, r } = cell;
            if (r === 0)
              out.push(edge(...outerSide(geo, 0, -1), RED, `t0${q}`), edge(...outerSide(geo, 1, -1), RED, `t1${q}`));
            if (r === n - 1)
              out.push(edge(...outerSide(geo, 0, 1), RED, `b0${q}`), edge(...outerSide(geo, -1, 1), RED, `b1${q}`));
            if (q === 0)
              out.push(edge(...outerSide(geo, -1, 0), BLUE, `l0${r}`), edge(...outerSide(geo, -1, 1), BLUE, `l1${r}`));
            if (q === n - 1)
              out.push(edge(...outerSide(geo, 1, 0), BLUE, `r0${r}`), edge(...outerSide(geo, 1, -1), BLUE, `r1${r}`));
            if (r === 0)
              out.push(
                <text key={`cl${q}`} x={geo.centre.x} y={geo.centre.y - SIZE * 1.75} className="coord">
                  {String.fromCharCode(97 + q)}
                </text>,
              );
            if (q === 0)
              out.push(
                <text key={`rl${r}`} x={geo.centre.x - SIZE * 1.85} y={geo.centre.y + 4} className="coord">
                  {r + 1}
                </text>,
              );
            return out;
          })}
        </g>
      )}
      renderCell={(cell, geo) => {
        const v = board[cell.key] as Colour;
        const can = playable(cell.key);
        return (
          <g
            key={cell.key}
            data-cell={cell.key}
            data-name={cellName(cell.key, n)}
            className={`cell${can ? " cell-playable" : ""}${onPath.has(cell.key) ? " cell-path" : ""}`}
            tabIndex={cell.key === focus ? 0 : -1}
            role="button"
            aria-label={describe(cell.key)}
            aria-disabled={!can}
            onFocus={() => setFocus(cell.key)}
            onClick={() => can && props.onPlay?.(props.position ?? 0, cell.key)}
            {...(can && props.callOf ? callAttrs(props.callOf(cell.key)) : {})}
          >
            <polygon points={pointsAttr(geo.corners)} className="hexcell" />
            {v !== 0 ? (
              <Stone colour={v} at={geo.centre} size={SIZE} />
            ) : (
              can && <g className="ghost">{<Stone colour={toMove!} at={geo.centre} size={SIZE} ghost />}</g>
            )}
            {cell.key === props.last && (
              <circle
                cx={geo.centre.x}
                cy={geo.centre.y}
                r={SIZE * 0.2}
                fill="#fff"
                stroke="#111"
                strokeWidth={1.5}
                pointerEvents="none"
              />
            )}
          </g>
        );
      }}
      over={(geometryOf) =>
        props.path && props.path.length > 1 ? (
          <polyline
            className="winpath"
            aria-hidden="true"
            points={pointsAttr(props.path.map((c) => geometryOf({ key: c, q: c % n, r: Math.floor(c / n) }).centre))}
          />
        ) : null
      }
    />
  );
}
