// A small SVG line chart with no library: numeric x and y, lines (straight or stepped), point markers with
// tooltips, vertical event lines, axes with round ticks, an optional log scale for y. For game histories (prices,
// scores); sized by its viewBox, so it scales with its container.

import { niceTicks, tickDecimals } from "./ticks";

export interface Series {
  label: string;
  color: string;
  points: { x: number; y: number }[];
  /** Draw as a step line (a value holds until the next point): scores. */
  step?: boolean;
  /** Thicker, drawn last (the series in focus). */
  strong?: boolean;
}

export interface Marker {
  x: number;
  y: number;
  shape: "dot" | "triangle" | "square" | "diamond";
  color: string;
  /** Tooltip. */
  label: string;
}

export interface EventLine {
  x: number;
  color: string;
  label: string;
}

export function LineChart(props: {
  series: Series[];
  markers?: Marker[];
  events?: EventLine[];
  width?: number;
  height?: number;
  /** Fixed y range (else from the data, padded). */
  yDomain?: [number, number];
  /** Fixed x range (else from the data). */
  xDomain?: [number, number];
  logY?: boolean;
  /** About how many y ticks (default 4). */
  yTicks?: number;
  xLabel?: string;
  formatY?: (y: number) => string;
  formatX?: (x: number) => string;
  /** Integer x ticks only (turns). */
  integerX?: boolean;
  title?: string;
  ariaLabel?: string;
}) {
  const width = props.width ?? 480;
  const height = props.height ?? 220;
  const pad = { left: 48, right: 12, top: props.title ? 24 : 10, bottom: props.xLabel ? 34 : 22 };

  const fx = props.formatX ?? ((x: number) => String(x));
  const all = props.series.flatMap((s) => s.points);
  const xs = all.map((p) => p.x).concat((props.events ?? []).map((e) => e.x));
  const tr = (y: number) => (props.logY ? Math.log(Math.max(y, 1e-12)) : y);
  const ys = all.map((p) => tr(p.y));
  let [x0, x1] = props.xDomain ?? [Math.min(...xs), Math.max(...xs)];
  if (!Number.isFinite(x0) || !Number.isFinite(x1)) [x0, x1] = [0, 1];
  if (x1 === x0) x1 = x0 + 1;
  let [y0, y1] = props.yDomain ? props.yDomain.map(tr) : [Math.min(...ys), Math.max(...ys)];
  if (!Number.isFinite(y0) || !Number.isFinite(y1)) [y0, y1] = [0, 1];
  if (!props.yDomain) {
    const span = y1 - y0 || Math.abs(y1) * 0.1 || 1;
    y0 -= span * 0.08;
    y1 += span * 0.08;
  }
  const px = (x: number) => pad.left + ((x - x0) / (x1 - x0)) * (width - pad.left - pad.right);
  const py = (y: number) => pad.top + (1 - (tr(y) - y0) / (y1 - y0)) * (height - pad.top - pad.bottom);
  const untr = (v: number) => (props.logY ? Math.exp(v) : v);
  const count = props.yTicks ?? 4;
  const yTicks = props.logY ? niceTicks(untr(y0), untr(y1), count).filter((v) => v > 0) : niceTicks(y0, y1, count);
  const xTicks = niceTicks(x0, x1, 6).filter((v) => !props.integerX || Number.isInteger(v));
  // Default labels: as many decimals as the tick step needs, so neighbouring ticks never read the same.
  const decimals = tickDecimals(yTicks);
  const fy = props.formatY ?? ((y: number) => y.toFixed(decimals));
  const path = (s: Series) =>
    s.points
      .map((p, i) => {
        const x = px(p.x).toFixed(1);
        const y = py(p.y).toFixed(1);
        if (i === 0) return `M${x},${y}`;
        return s.step ? `H${x}V${y}` : `L${x},${y}`;
      })
      .join("");
  return (
    <svg
      className="linechart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={props.ariaLabel ?? props.title ?? "chart"}
    >
      {props.title && (
        <text x={pad.left} y={15} className="lc-title">
          {props.title}
        </text>
      )}
      {yTicks.map((v) => (
        <g key={`y${v}`}>
          <line x1={pad.left} x2={width - pad.right} y1={py(v)} y2={py(v)} className="lc-grid" />
          <text x={pad.left - 5} y={py(v) + 4} className="lc-tick lc-tick-y">
            {fy(v)}
          </text>
        </g>
      ))}
      {xTicks.map((v) => (
        <text key={`x${v}`} x={px(v)} y={height - pad.bottom + 14} className="lc-tick lc-tick-x">
          {fx(v)}
        </text>
      ))}
      <line
        x1={pad.left}
        x2={width - pad.right}
        y1={height - pad.bottom}
        y2={height - pad.bottom}
        className="lc-axis"
      />
      {props.xLabel && (
        <text x={(pad.left + width - pad.right) / 2} y={height - 4} className="lc-label">
          {props.xLabel}
        </text>
      )}
      {(props.events ?? []).map((e, i) => (
        <line
          key={`e${i}`}
          x1={px(e.x)}
          x2={px(e.x)}
          y1={pad.top}
          y2={height - pad.bottom}
          stroke={e.color}
          className="lc-event"
        >
          <title>{e.label}</title>
        </line>
      ))}
      {[...props.series]
        .sort((a, b) => Number(a.strong ?? false) - Number(b.strong ?? false))
        .map((s) => (
          <path
            key={s.label}
            d={path(s)}
            stroke={s.color}
            fill="none"
            strokeWidth={s.strong ? 2.6 : 1.6}
            className="lc-line"
          >
            <title>{s.label}</title>
          </path>
        ))}
      {(props.markers ?? []).map((m, i) => (
        <MarkerShape key={`m${i}`} m={m} x={px(m.x)} y={py(m.y)} />
      ))}
    </svg>
  );
}

function MarkerShape({ m, x, y }: { m: Marker; x: number; y: number }) {
  const title = <title>{m.label}</title>;
  switch (m.shape) {
    case "triangle":
      return (
        <polygon points={`${x},${y - 6} ${x + 5.5},${y + 4} ${x - 5.5},${y + 4}`} fill={m.color} className="lc-mark">
          {title}
        </polygon>
      );
    case "square":
      return (
        <rect x={x - 3.5} y={y - 3.5} width={7} height={7} fill={m.color} className="lc-mark">
          {title}
        </rect>
      );
    case "diamond":
      return (
        <polygon points={`${x},${y - 6} ${x + 6},${y} ${x},${y + 6} ${x - 6},${y}`} fill={m.color} className="lc-mark">
          {title}
        </polygon>
      );
    default:
      return (
        <circle cx={x} cy={y} r={2.8} fill={m.color} className="lc-mark">
          {title}
        </circle>
      );
  }
}
