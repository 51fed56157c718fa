// A tournament's leaderboard (every registered player from the indexer, ranked as the contract ranks: web/src/data/
// snatch.ts useLeaderboard; sortable by any column; a virtual list, so thousands of rows stay fast) and its per-variant
// charts and figures from the phases' totals.
import { useMemo, useState } from "react";
import { href } from "../../shared/routes";
import { Panel } from "../../shared/ui";
import { Player } from "../../shared/Player";
import { VirtualList } from "../../shared/VirtualList";
import { useLeaderboard } from "../../data/snatch";
import { plural } from "../../../../client/format";
import { PHASE_NAMES, rank, variantFigures, type Ranked } from "../../../../client/snatch/tournament";
import { AnswerShares, AveragePoints, type VariantRow } from "./Charts";
import type { PhaseViewData } from "./useTournament";

type SortKey = keyof Omit<Ranked, "player">;

const COLUMNS: { key: SortKey | "player"; label: string; title: string }[] = [
  { key: "rank", label: "rank", title: "by aggregate; ties share a rank, earlier registration first" },
  { key: "player", label: "player", title: "" },
  { key: "scoreAsP1", label: "as P1", title: "sum of round-3 points as P1" },
  { key: "scoreAsP2", label: "as P2", title: "sum of round-3 points as P2" },
  { key: "aggregate", label: "total", title: "aggregate: as P1 + as P2" },
  { key: "roomsAsP1", label: "rooms as P1", title: "finished rooms as P1" },
  { key: "roomsAsP2", label: "rooms as P2", title: "finished rooms as P2" },
  { key: "satOut", label: "sat out", title: "phases sat out" },
  { key: "g3Shame", label: "G3 shame", title: "G3 shame received in this tournament" },
  { key: "profileG3Shame", label: "all-time shame", title: "the player's G3 shame across all rooms, live" },
];

// A row is a 44 px tap target on a phone (a name links to the player's history).
const ROW = 44;

/** The leaderboard, from the indexer (web/src/data/snatch.ts useLeaderboard), ranked as the contract ranks. */
export function Leaderboard({ id, you }: { id: bigint; you: string | null }) {
  const [sort, setSort] = useState<{ key: SortKey | "player"; desc: boolean }>({ key: "rank", desc: false });
  const board = useLeaderboard(id);
  const ranked = useMemo(() => (board.data ? rank(board.data.entries) : []), [board.data]);
  const sorted = useMemo(() => {
    const list = [...ranked];
    const k = sort.key;
    list.sort((a, b) => {
      const d =
        k === "player"
          ? a.player.toLowerCase().localeCompare(b.player.toLowerCase())
          : (a[k] as number) - (b[k] as number);
      return (sort.desc ? -d : d) || a.rank - b.rank;
    });
    return list;
  }, [ranked, sort]);
  const height = Math.min(12, Math.max(1, sorted.length)) * ROW;
  return (
    <Panel title={`Leaderboard (${plural(ranked.length, "player")})`} className="leaderboard">
      {board.error && <p className="danger">{board.error}</p>}
      {board.data === undefined ? (
        board.error ? null : (
          <p aria-busy="true">Reading the leaderboard…</p>
        )
      ) : ranked.length === 0 ? (
        <p className="muted">Nobody registered yet.</p>
      ) : (
        <div className="lb" role="table" aria-label="Leaderboard" aria-rowcount={sorted.length + 1}>
          <div className="lb-row lb-head" role="row">
            {COLUMNS.map((col) => (
              <button
                key={col.key}
                type="button"
                role="columnheader"
                className={`lb-cell lb-${col.key}${sort.key === col.key ? " sorted" : ""}`}
                title={col.title}
                aria-sort={sort.key === col.key ? (sort.desc ? "descending" : "ascending") : "none"}
                onClick={() =>
                  setSort((s) => ({
                    key: col.key,
                    desc: s.key === col.key ? !s.desc : col.key !== "rank" && col.key !== "player",
                  }))
                }
              >
                {col.label}
                {sort.key === col.key ? (sort.desc ? " ▼" : " ▲") : ""}
              </button>
            ))}
          </div>
          <VirtualList
            count={sorted.length}
            rowHeight={ROW}
            height={height}
            ariaLabel="Leaderboard rows"
            role="rowgroup"
            renderRow={(i) => {
              const r = sorted[i];
              const mine = !!you && r.player.toLowerCase() === you.toLowerCase();
              return (
                <div
                  className={`lb-row${mine ? " row-you" : ""}`}
                  role="row"
                  data-player={r.player.toLowerCase()}
                  data-aggregate={r.aggregate}
                  data-rank={r.rank}
                >
                  {COLUMNS.map((col) => (
                    <span key={col.key} className={`lb-cell lb-${col.key}`} role="cell">
                      {col.key === "player" ? (
                        <a href={href("snatch", "tournament", id, "player", r.player)}>
                          <Player address={r.player} name={r.name} you={you} />
                        </a>
                      ) : (
                        r[col.key]
                      )}
                    </span>
                  ))}
                </div>
              );
            }}
          />
        </div>
      )}
    </Panel>
  );
}

export function VariantCharts({ phases }: { phases: PhaseViewData[] }) {
  const rows: VariantRow[] = phases
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.started && Number(p.rooms) > 0)
    .map(({ p, i }) => ({ label: PHASE_NAMES[i + 1], figures: variantFigures(p.totals, Number(p.totals.finished)) }));
  if (rows.length === 0)
    return (
      <Panel title="Variants">
        <p className="muted">Charts appear once a phase has rooms.</p>
      </Panel>
    );
  return (
    <Panel title="Variants" className="charts">
      <AnswerShares rows={rows} />
      <AveragePoints rows={rows} />
      <table className="figures" aria-label="Variant figures">
        <thead>
          <tr>
            <th>variant</th>
            <th>rooms done</th>
            <th>offers / round</th>
            <th>shames</th>
            <th>reports</th>
            <th>refusals</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <td>{r.label}</td>
              <td>{r.figures.rooms}</td>
              <td>{r.figures.offerRate.toFixed(2)}</td>
              <td>{r.figures.shames}</td>
              <td>{r.figures.reports}</td>
              <td>{r.figures.refusals}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">
        From the phases' totals (finished rooms' round-3 results); averages per finished room.
      </p>
    </Panel>
  );
}
