// The class session's projector view (`#/snatch/session/<id>/projector`): one full screen for the class, readable
// from the back of a room — the session's stage and the time left, the leaderboard by name (each player's points in
// its room), and per round across the session's rooms: the rule, goods traded, mean points, snatches and shame (the
// figures folded from the rooms' events, ./rounds.ts). Live from the indexer; the drawing is the tournament
// projector's (../tournament/console/ProjectorParts.tsx).
import { RULE_NAMES, RuleSet } from "../../../../client/snatch/names";
import { SessionStage } from "../../../../client/snatch/session";
import { href } from "../../shared/routes";
import { IndexerProvider } from "../console/indexer";
import { rankEntries } from "../console/model";
import { ProjectorBoard, ProjectorClock, ProjectorFoot, useProjecting } from "../console/ProjectorParts";
import { NotYet } from "../console/ConsoleParts";
import "../console/console.css";
import { roundFigures, SESSION_RULES, type RoundFigures } from "./rounds";
import { sessionLine } from "./SessionConsole";
import { useSessionData, type SessionData } from "./useSessionData";

export function SessionProjectorPage({ id }: { id: bigint }) {
  useProjecting();
  return (
    <IndexerProvider>
      <SessionProjector id={id} />
    </IndexerProvider>
  );
}

/** Every seated player in a room, with its points there (final once recorded, else the room's live points). */
function board(data: SessionData) {
  const live = new Map<string, number>();
  for (const r of data.rooms) for (const s of r.seats) live.set(s.player, s.points);
  const rows = data.seats
    .filter((x) => !x.satOut && live.has(x.player))
    .map((x) => ({ ...x, aggregate: x.points ?? live.get(x.player) ?? 0 }));
  return rankEntries(rows).map((e) => ({ ...e, points: e.aggregate }));
}

function SessionProjector({ id }: { id: bigint }) {
  const data = useSessionData(id, { moved: false, log: true });
  const s = data.session;
  if (!s) return <NotYet row={s} what={`session ${id}`} data={data} projector />;
  const ranked = board(data);
  const rounds = roundFigures(data.log);
  const current = Math.max(0, ...data.rooms.map((r) => r.round));
  const open = data.rooms.filter((r) => r.deadline > data.head && r.round === current);
  const deadline = Math.max(0, ...open.map((r) => r.deadline));
  return (
    <div className="projector" data-session={id.toString()}>
      <header className="projector-head">
        <div>
          <p className="projector-kicker">Snatch or Share · class session {id.toString()}</p>
          <h1 data-testid="projector-phase" data-stage={s.stage} data-round={current}>
            {current > 0 && s.stage === SessionStage.Playing
              ? `Round ${current} of 5: ${RULE_NAMES[SESSION_RULES[current - 1]]}`
              : s.stage === SessionStage.Finished
                ? "Final results"
                : "Getting seated"}
          </h1>
          <p className="projector-stage">{sessionLine(s)}</p>
        </div>
        {s.stage === SessionStage.Playing && deadline > 0 && (
          <ProjectorClock deadline={deadline} head={data.head} label={`left in round ${current}`} />
        )}
      </header>
      <div className="projector-body">
        <ProjectorBoard rows={ranked} total={ranked.length} empty="No room has started yet." />
        <section className="projector-charts" aria-label="Rounds">
          <h2>Round by round, all rooms</h2>
          <RoundsTable rounds={rounds} current={current} />
        </section>
      </div>
      <ProjectorFoot data={data} consoleHref={href("snatch", "session", id, "console")} />
    </div>
  );
}

/** The rounds' rules in a word or two (the table's first column). */
const RULE_SHORT: Record<number, string> = {
  [RuleSet.Anarchy]: "anarchy",
  [RuleSet.NoReject]: "no reject",
  [RuleSet.ShameTokens]: "shame",
  [RuleSet.Judge]: "judge",
};

function RoundsTable({ rounds, current }: { rounds: RoundFigures[]; current: number }) {
  return (
    <table className="projector-rounds" data-testid="projector-rounds">
      <thead>
        <tr>
          <th scope="col">round</th>
          <th scope="col">goods traded</th>
          <th scope="col">mean points</th>
          <th scope="col">snatches</th>
          <th scope="col">shame tokens</th>
        </tr>
      </thead>
      <tbody>
        {rounds.map((r) => (
          <tr
            key={r.round}
            data-round={r.round}
            data-rooms={r.rooms}
            data-traded={r.traded}
            data-points={r.meanPoints}
            data-snatches={r.snatches}
            data-shame={r.shame}
            className={r.round === current ? "now" : r.rooms === 0 ? "later" : undefined}
          >
            <th scope="row">
              {r.round}
              <span className="projector-rule">{RULE_SHORT[SESSION_RULES[r.round - 1]]}</span>
            </th>
            <td>{r.rooms > 0 ? r.traded : "—"}</td>
            <td>{r.rooms > 0 ? r.meanPoints : "—"}</td>
            <td title={`${r.snatched} goods taken`}>{r.rooms > 0 ? r.snatches : "—"}</td>
            <td title={`${r.burned} goods burned by shame penalties`}>{r.rooms > 0 ? r.shame : "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
