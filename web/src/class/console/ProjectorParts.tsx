// The projector's drawing, shared by the tournament's projector view (./ProjectorPage.tsx) and the class session's
// (web/src/snatch/session/SessionProjector.tsx): the app's bars hidden while it is open, the countdown in time, the
// leaderboard by name, and the foot (the indexer's lag, the console, full screen). Large type, black on white.
import { memo, useEffect } from "react";
import { plural } from "../../../../client/format";
import { timeLeft } from "../../shared/blocktime";
import { useBlockTime } from "../../shared/Countdown";
import { IndexerLag } from "./IndexerLag";
import { displayName } from "./model";
import type { ClassData } from "./useClassData";

/** Leaderboard rows that fit a projected screen. */
export const TOP = 12;

/** Hides the app's bars and dock while the page is open. */
export function useProjecting(): void {
  useEffect(() => {
    document.body.classList.add("projecting");
    return () => document.body.classList.remove("projecting");
  }, []);
}

/** The countdown to `deadline` in time (the blocks small beneath); `label` says what ends. */
export function ProjectorClock({ deadline, head, label }: { deadline: number; head: number; label: string }) {
  const seconds = useBlockTime();
  const left = timeLeft(deadline, head, seconds);
  return (
    <div className="projector-clock" data-testid="projector-countdown" data-left={left.left}>
      <span className="projector-clock-time">{left.left > 0 ? left.text.replace(/ left$/, "") : "time is up"}</span>
      <span className="projector-clock-blocks">{left.left > 0 ? label : left.blocks}</span>
    </div>
  );
}

export interface BoardRow {
  player: string;
  name: string;
  rank: number;
  points: number;
}

/** The top {@link TOP} of a ranked board, and how many more (drawn again only when its rows changed). */
export const ProjectorBoard = memo(function ProjectorBoard({
  rows,
  total,
  empty,
}: {
  rows: BoardRow[];
  total: number;
  empty: string;
}) {
  return (
    <section className="projector-board" aria-label="Leaderboard">
      <h2>Leaderboard</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ol className="projector-rows" data-testid="projector-leaderboard">
          {rows.slice(0, TOP).map((e) => (
            <li key={e.player} data-player={e.player} data-aggregate={e.points}>
              <span className="projector-rank">{e.rank}</span>
              <bdi className="projector-name">{displayName(e.name, e.player)}</bdi>
              <span className="projector-points">{e.points}</span>
            </li>
          ))}
        </ol>
      )}
      {total > TOP && <p className="projector-more">and {plural(total - TOP, "more player")}</p>}
    </section>
  );
});

/** The foot: how current the picture is, the console's link, full screen. */
export function ProjectorFoot({
  data,
  consoleHref,
}: {
  data: Pick<ClassData, "behind" | "indexed" | "asOf" | "head" | "error">;
  consoleHref: string;
}) {
  return (
    <footer className="projector-foot">
      <IndexerLag data={data} />
      <a href={consoleHref}>console</a>
      <button
        type="button"
        className="btn btn-secondary"
        data-ui="makes the page full screen"
        onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
      >
        Full screen
      </button>
    </footer>
  );
}
