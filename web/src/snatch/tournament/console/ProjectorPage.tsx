// The projector view (`#/snatch/tournament/<id>/projector`): one full screen for the class, readable from the back
// of a room — the phase and its countdown in time, the rooms finished, the leaderboard by name, and the live
// accept / reject / snatch shares and average points per variant (the tournament page's charts, from the phases'
// totals). Live from the indexer; the app's bars and dock are hidden while it is open.
import { useEffect } from "react";
import { PHASE_NAMES, Stage, STAGE_NAMES, variantFigures } from "../../../../../client/snatch/tournament";
import { useBlockTime } from "../../../shared/Countdown";
import { timeLeft } from "../../../shared/blocktime";
import { href } from "../../../shared/routes";
import { plural } from "../../../../../client/format";
import { AnswerShares, AveragePoints, type VariantRow } from "../Charts";
import { IndexerProvider } from "./indexer";
import { IndexerLag } from "./IndexerLag";
import { displayName, rankEntries } from "./model";
import { useClassData, type ClassData } from "./useClassData";
import "./console.css";

/** Leaderboard rows that fit a projected screen. */
const TOP = 12;

export function ProjectorPage({ id }: { id: bigint }) {
  useEffect(() => {
    document.body.classList.add("projecting");
    return () => document.body.classList.remove("projecting");
  }, []);
  return (
    <IndexerProvider>
      <Projector id={id} />
    </IndexerProvider>
  );
}

function Projector({ id }: { id: bigint }) {
  const data = useClassData(id, { moved: false });
  const t = data.tournament;
  if (t === undefined) return <p className="projector-wait">Reading tournament {id.toString()}…</p>;
  if (t === null)
    return (
      <div className="projector">
        <p className="projector-wait">No tournament {id.toString()} (yet).</p>
        <IndexerLag data={data} />
      </div>
    );
  const ranked = rankEntries(data.entries).slice(0, TOP);
  const variants: VariantRow[] = data.phases
    .filter((p) => p.rooms > 0)
    .map((p) => ({ label: PHASE_NAMES[p.phase], figures: variantFigures(p.totals, p.totals.finished) }));
  return (
    <div className="projector" data-tournament={id.toString()}>
      <header className="projector-head">
        <div>
          <p className="projector-kicker">Snatch or Share · tournament {id.toString()}</p>
          <h1 data-testid="projector-phase" data-stage={t.stage} data-phase={t.phase}>
            {t.phase > 0 ? `Phase ${t.phase} of 5: ${PHASE_NAMES[t.phase]}` : "Registration"}
          </h1>
          <p className="projector-stage">{stageLine(data)}</p>
        </div>
        <Clock data={data} />
      </header>
      <div className="projector-body">
        <section className="projector-board" aria-label="Leaderboard">
          <h2>Leaderboard</h2>
          {ranked.length === 0 ? (
            <p>Nobody registered yet.</p>
          ) : (
            <ol className="projector-rows" data-testid="projector-leaderboard">
              {ranked.map((e) => (
                <li key={e.player} data-player={e.player} data-aggregate={e.aggregate}>
                  <span className="projector-rank">{e.rank}</span>
                  <span className="projector-name">{displayName(e.name, e.player)}</span>
                  <span className="projector-points">{e.aggregate}</span>
                </li>
              ))}
            </ol>
          )}
          {data.entries.length > TOP && (
            <p className="projector-more">and {plural(data.entries.length - TOP, "more player")}</p>
          )}
        </section>
        <section className="projector-charts" aria-label="Variants">
          <h2>How offers were answered</h2>
          {variants.length === 0 ? <p>Charts appear once a phase has rooms.</p> : <AnswerShares rows={variants} />}
          {variants.length > 0 && (
            <>
              <h2>Average points</h2>
              <AveragePoints rows={variants} />
            </>
          )}
        </section>
      </div>
      <footer className="projector-foot">
        <IndexerLag data={data} />
        <a href={href("snatch", "tournament", id, "console")}>console</a>
        <button
          type="button"
          className="btn btn-secondary"
          data-ui="makes the page full screen"
          onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
        >
          Full screen
        </button>
      </footer>
    </div>
  );
}

function stageLine(data: ClassData): string {
  const t = data.tournament!;
  const p = data.phase;
  if (t.stage === Stage.Playing && p) return `${p.finished} of ${plural(p.rooms, "room")} finished`;
  if (t.stage === Stage.Pairing) return "Drawing the pairs…";
  if (t.stage === Stage.Ended) return `Phase ${t.phase} is over: the next one starts soon`;
  if (t.stage === Stage.Final) return "Final results";
  if (t.stage === Stage.Registration) return `${plural(t.playerCount, "player")} registered`;
  return STAGE_NAMES[t.stage] ?? "";
}

/** The phase's countdown in time (the blocks small beneath). */
function Clock({ data }: { data: ClassData }) {
  const seconds = useBlockTime();
  const p = data.phase;
  const t = data.tournament!;
  if (t.stage !== Stage.Playing || !p || p.deadline === 0) return null;
  const left = timeLeft(p.deadline, data.head, seconds);
  return (
    <div className="projector-clock" data-testid="projector-countdown" data-left={left.left}>
      <span className="projector-clock-time">{left.left > 0 ? left.text.replace(/ left$/, "") : "time is up"}</span>
      <span className="projector-clock-blocks">{left.left > 0 ? "left in this phase" : left.blocks}</span>
    </div>
  );
}
