// The game's history as charts, from its events (client/catamm/history): every pool's price over the turns (one
// line per pool, relative to its opening, log scale), each pool on its own with its swaps, steals and flips marked,
// and every player's public points at the start of each turn.
import { useMemo } from "react";
import { short } from "../../../client/format";
import { POOL_COUNT, POOL_PAIRS, RESOURCE_NAMES, poolName } from "../../../client/catamm/market";
import type { PricePoint } from "../../../client/catamm/history";
import { xPositions } from "./chartData";
import { LineChart, type EventLine, type Marker, type Series } from "../shared/LineChart";
import { usePlayerNames } from "../data/names";
import { Panel } from "../shared/ui";
import { Player } from "../shared/Player";
import { PLAYER_COLORS, POOL_COLORS } from "./look";
import type { LiveGame } from "./useLiveGame";
import { plural } from "../../../client/format";

const MARKS: Record<PricePoint["mark"], { shape: Marker["shape"]; color: string } | null> = {
  open: null,
  swap: { shape: "dot", color: "#1d1d1f" },
  liquidity: { shape: "square", color: "#1b7f3b" },
  steal: { shape: "triangle", color: "#d7263d" },
  flip: { shape: "diamond", color: "#7b2cbf" },
};

export function Charts({ live }: { live: LiveGame }) {
  const h = live.history;
  const market = live.market;
  const { x, last } = useMemo(() => {
    const xs = xPositions(h.prices);
    const latest = Math.max(1, h.turn + 1, ...[...xs.values()].map(Math.ceil));
    return { x: xs, last: latest };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the history grows in place: its version says it changed
  }, [h, live.version]);
  if (h.prices[0].length === 0) return <p className="muted">The markets open when the game starts.</p>;
  const xOf = (p: PricePoint) => x.get(p.seq) ?? p.turn;
  // Each line runs to now: the last price holds until the next event.
  const upToNow = (pts: { x: number; y: number }[]) =>
    pts.length && pts[pts.length - 1].x < last ? [...pts, { x: last, y: pts[pts.length - 1].y }] : pts;
  const overview: Series[] = h.prices.map((points, pool) => {
    const base = points[0]?.price || 1;
    return {
      label: `${poolName(pool)}${market && !market.pools[pool].active ? " (missing)" : ""}`,
      color: POOL_COLORS[pool],
      points: upToNow(points.map((p) => ({ x: xOf(p), y: p.price / base }))),
    };
  });
  const flips: EventLine[] = h.prices
    .flat()
    .filter((p) => p.mark === "flip")
    .map((p) => ({ x: xOf(p), color: "#7b2cbf", label: p.text }));
  return (
    <div className="charts">
      <Panel title="Pool prices over the game" className="chart-overview">
        <p className="muted small">
          Each line is one pool: the price of its first resource in its second, relative to the opening (log scale; 1 =
          the opening price). Purple lines: port flips.
        </p>
        <LineChart
          series={overview}
          events={dedupe(flips)}
          width={900}
          height={300}
          logY
          yTicks={6}
          xDomain={[0, last]}
          integerX
          xLabel="turn"
          formatY={(y) => `×${Number(y.toPrecision(4))}`}
          ariaLabel="All pool prices relative to their opening, by turn"
        />
        <ul className="legend">
          {overview.map((s, pool) => (
            <li key={pool}>
              <span className="swatch" style={{ background: s.color }} /> {s.label}
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Each pool" className="chart-pools">
        <p className="muted small">
          Price of the first resource in the second after every event: ● swap, ■ liquidity, ▲ steal (ghost ship), ◆ port
          flip (hover for details).
        </p>
        <div className="pool-charts">
          {Array.from({ length: POOL_COUNT }, (_, pool) => {
            const points = h.prices[pool];
            const [a, b] = POOL_PAIRS[pool];
            const now = points[points.length - 1];
            const active = market ? market.pools[pool].active : true;
            const markers: Marker[] = points.flatMap((p) => {
              const m = MARKS[p.mark];
              return m
                ? [{ x: xOf(p), y: p.price, shape: m.shape, color: m.color, label: `turn ${p.turn}: ${p.text}` }]
                : [];
            });
            const port = market?.pools[pool].port;
            return (
              <div key={pool} className="pool-chart" data-pool={pool}>
                <LineChart
                  series={[
                    {
                      label: poolName(pool),
                      color: POOL_COLORS[pool],
                      points: upToNow(points.map((p) => ({ x: xOf(p), y: p.price }))),
                      strong: true,
                    },
                  ]}
                  markers={markers}
                  width={440}
                  height={170}
                  xDomain={[0, last]}
                  integerX
                  title={`${RESOURCE_NAMES[a]}–${RESOURCE_NAMES[b]} ${active ? `(port ${port})` : "(missing)"}: 1 ${RESOURCE_NAMES[a]} = ${now ? now.price.toFixed(3) : "?"} ${RESOURCE_NAMES[b]}`}
                />
              </div>
            );
          })}
        </div>
      </Panel>
      <PointsChart live={live} last={last} />
    </div>
  );
}

function dedupe(lines: EventLine[]): EventLine[] {
  const seen = new Set<number>();
  return lines.filter((l) => (seen.has(l.x) ? false : (seen.add(l.x), true)));
}

function PointsChart({ live, last }: { live: LiveGame; last: number }) {
  const h = live.history;
  const names = usePlayerNames(h.players);
  if (h.points.length === 0) {
    return (
      <Panel title="Points per player">
        <p className="muted">Points are charted from the first turn on.</p>
      </Panel>
    );
  }
  const series: Series[] = h.players.map((address, seat) => ({
    label: `P${seat + 1} ${names[seat] ?? short(address)}`,
    color: PLAYER_COLORS[seat],
    points: h.points.map((s) => ({ x: s.turn, y: s.points[seat] })),
    step: true,
    strong: address === h.winner,
  }));
  const winnerSeat = h.players.indexOf(h.winner);
  const markers: Marker[] =
    winnerSeat >= 0
      ? [
          {
            x: h.points[h.points.length - 1].turn,
            y: h.winnerPoints,
            shape: "diamond",
            color: PLAYER_COLORS[winnerSeat],
            label: `P${winnerSeat + 1} won with ${plural(h.winnerPoints, "point")} (VP cards included)`,
          },
        ]
      : [];
  return (
    <Panel title="Points per player over the turns" className="chart-points">
      <p className="muted small">
        Public points at the start of each turn (settlements 1, cities 2, longest road and largest army 2 each; VP cards
        stay hidden until the win).
      </p>
      <LineChart
        series={series}
        markers={markers}
        width={900}
        height={260}
        yDomain={[0, Math.max(10, ...h.points.flatMap((p) => p.points))]}
        yTicks={5}
        xDomain={[1, Math.max(2, last)]}
        integerX
        xLabel="turn"
        formatY={(y) => String(y)}
        ariaLabel="Points per player by turn"
      />
      <ul className="legend">
        {series.map((s, seat) => (
          <li key={seat}>
            <span className="swatch" style={{ background: s.color }} /> P{seat + 1} <Player address={h.players[seat]} />
            {h.players[seat] === h.winner && ` — winner, ${plural(h.winnerPoints, "point")}`}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
