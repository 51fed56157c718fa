// The projector view (`#/snatch/tournament/<id>/projector`): one full screen for the class, readable from the back
// of a room — the phase and its countdown in time, the rooms finished, the leaderboard by name, and the live
// accept / reject / snatch shares and average points per variant (the tournament page's charts, from the phases'
// totals). Live from the indexer; the app's bars and dock are hidden while it is open.
import { PHASE_NAMES, Stage, STAGE_NAMES, variantFigures } from "../../../../client/snatch/tournament";
import { href } from "../../shared/routes";
import { plural } from "../../../../client/format";
import { useMemo } from "react";
import { AnswerShares, AveragePoints, type VariantRow } from "../../snatch/tournament/Charts";
import { IndexerProvider } from "./indexer";
import { rankEntries } from "./model";
import { ProjectorBoard, ProjectorClock, ProjectorFoot, useProjecting } from "./ProjectorParts";
import { useClassData, type ClassData } from "./useClassData";
import { NotYet } from "./ConsoleParts";
import "./console.css";

export function ProjectorPage({ id }: { id: bigint }) {
  useProjecting();
  return (
    <IndexerProvider>
      <Projector id={id} />
    </IndexerProvider>
  );
}

function Projector({ id }: { id: bigint }) {
  const data = useClassData(id, { board: true });
  // The indexer's rows stay the same objects while unchanged: the board and the charts are drawn again only then.
  const ranked = useMemo(() => rankEntries(data.entries).map((e) => ({ ...e, points: e.aggregate })), [data.entries]);
  const variants = useMemo<VariantRow[]>(
    () =>
      data.phases
        .filter((p) => p.rooms > 0)
        .map((p) => ({ label: PHASE_NAMES[p.phase], figures: variantFigures(p.totals, p.totals.finished) })),
    [data.phases],
  );
  const t = data.tournament;
  if (!t) return <NotYet row={t} what={`tournament ${id}`} data={data} projector />;
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
        <ProjectorBoard rows={ranked} total={data.entries.length} empty="Nobody registered yet." />
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
      <ProjectorFoot data={data} consoleHref={href("snatch", "tournament", id, "console")} />
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
  const p = data.phase;
  const t = data.tournament!;
  if (t.stage !== Stage.Playing || !p || p.deadline === 0) return null;
  return <ProjectorClock deadline={p.deadline} head={data.head} label="left in this phase" />;
}
