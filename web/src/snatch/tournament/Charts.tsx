// Per-variant pictures of a tournament, drawn as small SVGs: how offers were answered (accept / reject / snatch
// shares) and the average round-3 points of P1 and P2 — the figures the bots' tables print, from the phases' totals.
import { memo } from "react";
import type { VariantFigures } from "../../../../client/snatch/tournament";

export interface VariantRow {
  label: string;
  figures: VariantFigures;
}

const ACCEPT = "#2e8b57";
const REJECT = "#9aa0a6";
const SNATCH = "#c0392b";
const P1 = "#8a5a2b";
const P2 = "#d9a400";

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** A row of colour keys, `step` px apart. */
function Legend({ x, y, step, items }: { x: number; y: number; step: number; items: [string, string][] }) {
  return (
    <g transform={`translate(${x}, ${y})`} className="chart-legend">
      {items.map(([name, colour], i) => (
        <g key={name} transform={`translate(${i * step}, 0)`}>
          <rect width={12} height={12} fill={colour} />
          <text x={17} y={11}>
            {name}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Stacked horizontal bars: each variant's offers split into accepted, rejected and snatched (shares of offers). */
export const AnswerShares = memo(function AnswerShares({ rows }: { rows: VariantRow[] }) {
  const label = 118;
  const width = 460;
  // Room on the right for "15 offers" (at the projector's 14 px type too).
  const bar = width - label - 84;
  const rowH = 28;
  const height = rows.length * rowH + 34;
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label="How offers were answered per variant: accept, reject and snatch shares"
      >
        {rows.map((r, i) => {
          const y = i * rowH + 4;
          const f = r.figures;
          const segs = [
            { v: f.acceptRate, c: ACCEPT, n: "accept" },
            { v: f.rejectRate, c: REJECT, n: "reject" },
            { v: f.snatchRate, c: SNATCH, n: "snatch" },
          ];
          let x = label;
          return (
            <g key={r.label} data-variant={r.label}>
              <text x={label - 6} y={y + 15} textAnchor="end" className="chart-label">
                {r.label}
              </text>
              {f.offers === 0 ? (
                <text x={label + 4} y={y + 15} className="chart-note">
                  no offer yet
                </text>
              ) : (
                segs.map((s) => {
                  const w = s.v * bar;
                  const el = (
                    <g key={s.n}>
                      <rect x={x} y={y} width={Math.max(0, w)} height={20} fill={s.c}>
                        <title>{`${r.label}: ${pct(s.v)} ${s.n}`}</title>
                      </rect>
                      {w >= 30 && (
                        <text x={x + w / 2} y={y + 14} textAnchor="middle" className="chart-in">
                          {pct(s.v)}
                        </text>
                      )}
                    </g>
                  );
                  x += w;
                  return el;
                })
              )}
              <text x={label + bar + 6} y={y + 15} className="chart-note">
                {f.offers} offer{f.offers === 1 ? "" : "s"}
              </text>
            </g>
          );
        })}
        <Legend
          x={label}
          y={rows.length * rowH + 14}
          step={90}
          items={[
            ["accept", ACCEPT],
            ["reject", REJECT],
            ["snatch", SNATCH],
          ]}
        />
      </svg>
      <figcaption>Answers to offers (share of each variant's offers)</figcaption>
    </figure>
  );
});

/** A bar label's line height in the chart's units, at the projector's 14 px (console.css). */
const LABEL_LINE = 19;

/** Grouped bars: average round-3 points of P1 and P2 per variant; the dashed line is where both start (10). */
export const AveragePoints = memo(function AveragePoints({ rows }: { rows: VariantRow[] }) {
  const width = 460;
  const height = 210;
  const top = 40; // room above the tallest bar for both labels, the second one lifted
  const bottom = 40;
  const left = 30;
  const plot = height - top - bottom;
  const max = Math.max(20, ...rows.flatMap((r) => [r.figures.avgP1, r.figures.avgP2]));
  const scale = (v: number) => (v / max) * plot;
  const group = (width - left - 10) / Math.max(1, rows.length);
  const bw = Math.min(26, group / 3);
  const y10 = top + plot - scale(10);
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label="Average round-3 points of P1 and P2 per variant"
      >
        <line x1={left} x2={width - 6} y1={top + plot} y2={top + plot} stroke="#999" />
        <line x1={left} x2={width - 6} y1={y10} y2={y10} stroke="#777" strokeDasharray="4 3" />
        <text x={left - 4} y={y10 + 4} textAnchor="end" className="chart-note">
          10
        </text>
        {rows.map((r, i) => {
          const cx = left + group * i + group / 2;
          const bars = [
            { v: r.figures.avgP1, c: P1, n: "P1" },
            { v: r.figures.avgP2, c: P2, n: "P2" },
          ];
          // Two labels side by side over bars of about one height would overlap ("10.010.0"): the second one rises by
          // a line of the largest size they are drawn at (14 px on the projector: a line is ~17 units high).
          const lift = Math.abs(scale(bars[0].v) - scale(bars[1].v)) < LABEL_LINE ? LABEL_LINE : 0;
          return (
            <g key={r.label} data-variant={r.label}>
              {bars.map((b, k) => {
                const x = cx - bw - 2 + k * (bw + 4);
                const h = scale(b.v);
                return (
                  <g key={b.n}>
                    <rect x={x} y={top + plot - h} width={bw} height={h} fill={b.c}>
                      <title>{`${r.label}: ${b.n} ${b.v}`}</title>
                    </rect>
                    <text
                      x={x + bw / 2}
                      y={top + plot - h - 3 - (k === 1 ? lift : 0)}
                      textAnchor="middle"
                      className="chart-note"
                    >
                      {r.figures.rooms > 0 ? b.v.toFixed(1) : ""}
                    </text>
                  </g>
                );
              })}
              <text x={cx} y={top + plot + 15} textAnchor="middle" className="chart-label">
                {r.label.split(" ")[0]}
              </text>
            </g>
          );
        })}
        <Legend
          x={left}
          y={height - 20}
          step={170}
          items={[
            ["P1 (offers turkeys)", P1],
            ["P2 (answers)", P2],
          ]}
        />
      </svg>
      <figcaption>Average round-3 points per room (both start with 10)</figcaption>
    </figure>
  );
});
