// The teacher's console (`#/snatch/tournament/<id>/console`): the whole class at a glance, live from the indexer —
// the phase and its state, counts of rooms playing / waiting / finished, every room of the current phase in one grid
// (round, window, whose move it waits on by name, time left), who the rooms wait on and who has not shown up — and,
// for the tournament's organiser, the organiser's calls (./ConsoleActions.tsx). Anyone else sees it read-only and is
// told why. Downloads of the tournament's exports sit at the foot.
import { PHASE_NAMES, Stage, STAGE_NAMES } from "../../../../../client/snatch/tournament";
import { useBlockTime } from "../../../shared/Countdown";
import { timeLeft } from "../../../shared/blocktime";
import { href } from "../../../shared/routes";
import { Panel } from "../../../shared/ui";
import { useWallet } from "../../../shared/wallet";
import { plural } from "../../../../../client/format";
import { ConsoleActions } from "./ConsoleActions";
import { Exports } from "./Exports";
import { IndexerProvider } from "./indexer";
import { IndexerLag } from "./IndexerLag";
import { countRooms, displayName, notShownUp, roomLine, waitingOn, type RoomLine } from "./model";
import { useClassData, type ClassData } from "./useClassData";
import "./console.css";

export function ConsolePage({ id }: { id: bigint }) {
  return (
    <IndexerProvider>
      <Console id={id} />
    </IndexerProvider>
  );
}

/** "Phase 2 (G2 forced offer): playing", and the same as data attributes for scripts. */
export function phaseState(data: ClassData): string {
  const t = data.tournament;
  if (!t) return "";
  const stage = STAGE_NAMES[t.stage] ?? `stage ${t.stage}`;
  return t.phase > 0 ? `Phase ${t.phase} (${PHASE_NAMES[t.phase]}): ${stage}` : stage[0].toUpperCase() + stage.slice(1);
}

function Console({ id }: { id: bigint }) {
  const data = useClassData(id);
  const { account } = useWallet();
  const seconds = useBlockTime();
  const t = data.tournament;
  if (t === undefined) return <p aria-busy="true">Reading tournament {id.toString()} from the indexer…</p>;
  if (t === null)
    return (
      <div className="class-console">
        <IndexerLag data={data} />
        <p className="danger" data-testid="not-found">
          The indexer has no tournament {id.toString()}
          {data.behind > 0 ? " yet: it is behind the chain (above)" : ": there is no such tournament"}.
        </p>
      </div>
    );
  const isOrganiser = !!account && account.toLowerCase() === t.organiser;
  const lines = data.rooms.map((r) => roomLine(r, data.head));
  const counts = countRooms(lines);
  const waits = waitingOn(lines);
  const absent = notShownUp(data.entries, data.moved);
  return (
    <div className="class-console" data-tournament={id.toString()}>
      <nav className="crumbs">
        <a href={href("snatch", "tournaments")}>Tournaments</a> ›{" "}
        <a href={href("snatch", "tournament", id)}>Tournament {id.toString()}</a> › Console ·{" "}
        <a href={href("snatch", "tournament", id, "projector")}>Projector view</a>
      </nav>
      <header className="console-head">
        <h1>Console · tournament {id.toString()}</h1>
        <p className="console-state" data-testid="phase-state" data-stage={t.stage} data-phase={t.phase}>
          {phaseState(data)}
        </p>
        <p className="muted">
          {plural(t.playerCount, "player")} registered (cap {t.cap}); organiser{" "}
          <span className="mono" title={t.organiser}>
            {t.organiser.slice(0, 6)}…{t.organiser.slice(-4)}
          </span>
          {isOrganiser && " (you)"}.
        </p>
        <IndexerLag data={data} />
        {!isOrganiser && (
          <p className="notice" data-testid="read-only">
            Read-only: only the tournament's organiser acts from this console, and{" "}
            {account ? "the account this page uses is not the organiser" : "this page has no account connected"}.
            Everything here stays live; pick the organiser's account in the top bar to act.
          </p>
        )}
      </header>
      <div className="console-counts" aria-label="Rooms of the current phase">
        <Count label="playing" value={counts.playing} testid="count-playing" hint="a window is open" />
        <Count
          label="waiting"
          value={counts.waiting}
          testid="count-waiting"
          hint="the window passed: advance or close it"
        />
        <Count label="finished" value={counts.finished} testid="count-finished" hint="round 3 is over" />
        <Count
          label="not shown up"
          value={absent.length}
          testid="count-absent"
          hint="registered, no move in any room yet"
        />
      </div>
      {isOrganiser && <ConsoleActions id={id} data={data} lines={lines} />}
      <div className="console-grid-wrap">
        <RoomsGrid lines={lines} phase={t.phase} seconds={seconds} stage={t.stage} />
        <div className="console-side">
          <Panel title={`Rooms wait on (${waits.length})`}>
            {waits.length === 0 ? (
              <p className="muted">No room waits on a player right now.</p>
            ) : (
              <ul className="name-list" data-testid="waiting-on">
                {waits.map((l) => (
                  <li key={l.room.id.toString()} data-player={l.waitsOn!.player}>
                    <strong>{displayName(l.waitsOn!.name, l.waitsOn!.player)}</strong>{" "}
                    <span className="muted">
                      · {l.window} in room {l.room.id.toString()} · {timeLeft(l.room.deadline, data.head, seconds).text}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title={`Not shown up yet (${absent.length})`}>
            {absent.length === 0 ? (
              <p className="muted">Every registered player has made a move.</p>
            ) : (
              <ul className="name-list" data-testid="not-joined">
                {absent.map((e) => (
                  <li key={e.player} data-player={e.player}>
                    {displayName(e.name, e.player)}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Exports id={id} stage={t.stage} />
        </div>
      </div>
    </div>
  );
}

function Count({ label, value, testid, hint }: { label: string; value: number; testid: string; hint: string }) {
  return (
    <div className={`console-count count-${label.replace(/\s/g, "-")}`} title={hint}>
      <span className="console-count-value" data-testid={testid} data-value={value}>
        {value}
      </span>
      <span className="console-count-label">{label}</span>
    </div>
  );
}

function RoomsGrid({
  lines,
  phase,
  seconds,
  stage,
}: {
  lines: RoomLine[];
  phase: number;
  seconds: number | null;
  stage: number;
}) {
  const title = phase > 0 ? `Rooms of phase ${phase} (${PHASE_NAMES[phase]})` : "Rooms";
  return (
    <Panel title={`${title}: ${lines.length}`} className="console-rooms">
      {lines.length === 0 ? (
        <p className="muted">
          {stage === Stage.Registration
            ? "Registration: no phase has started."
            : stage === Stage.Pairing
              ? "The pairing is being drawn and the rooms created."
              : "No rooms."}
        </p>
      ) : (
        <div className="console-table-scroll">
          <table className="console-table" data-testid="rooms-grid" aria-label="Rooms of the current phase">
            <thead>
              <tr>
                <th>room</th>
                <th>P1</th>
                <th>P2</th>
                <th>round</th>
                <th>window</th>
                <th>waits on</th>
                <th>time left</th>
                <th>points</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => {
                const left = timeLeft(l.room.deadline, l.room.deadline - l.blocksLeft, seconds);
                return (
                  <tr key={l.room.id.toString()} data-room={l.room.id.toString()} data-status={l.status}>
                    <td>
                      <a href={href("snatch", "room", l.room.id)}>{l.room.id.toString()}</a>
                    </td>
                    <td>{l.p1 ? displayName(l.p1.name, l.p1.player) : "—"}</td>
                    <td>{l.p2 ? displayName(l.p2.name, l.p2.player) : "—"}</td>
                    <td>{l.room.round > 0 ? `${l.room.round} of 3` : "—"}</td>
                    <td>{l.window}</td>
                    <td data-testid="waits-on">
                      {l.waitsOn ? (
                        <strong>{displayName(l.waitsOn.name, l.waitsOn.player)}</strong>
                      ) : l.status === "waiting" ? (
                        <span className="warn">window passed</span>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td title={left.blocks}>{l.status === "finished" ? "—" : left.text}</td>
                    <td>
                      {l.p1?.points ?? 0} / {l.p2?.points ?? 0}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
