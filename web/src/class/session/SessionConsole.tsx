// The teacher's console for a three-player class session (`#/snatch/session/<id>/console`): the whole session at a
// glance, live from the indexer — its stage, seats filled and who has not shown up by name, every room with its
// round, whose move it waits on and time left, counts of rooms playing / waiting / finished, the indexer's lag — and,
// for the session's organiser, its calls (./SessionActions.tsx). Anyone else sees it read-only and is told why.
// Downloads of the session's exports sit at the foot. The drawing is the tournament console's
// (../tournament/console/ConsoleParts.tsx).
import { plural } from "../../../../client/format";
import { SESSION_STAGE_NAMES, SessionStage } from "../../../../client/snatch/session";
import { useBlockTime } from "../../shared/Countdown";
import { href } from "../../shared/routes";
import { Panel } from "../../shared/ui";
import { useWallet } from "../../shared/wallet";
import { AbsentPanel, Counts, HeadNotes, NotYet, RoomsGrid, WaitsPanel } from "../console/ConsoleParts";
import { Exports } from "../console/Exports";
import { IndexerProvider } from "../console/indexer";
import { isolate } from "../../shared/bidi";
import { displayName, notShownUp, roomLine, waitingOn } from "../console/model";
import "../console/console.css";
import { SessionActions } from "./SessionActions";
import { SESSION_ROUNDS } from "./rounds";
import type { SessionRow } from "../../data/session";
import { useSessionData } from "./useSessionData";

export function SessionConsolePage({ id }: { id: bigint }) {
  return (
    <IndexerProvider>
      <SessionConsole id={id} />
    </IndexerProvider>
  );
}

/** "Playing: 3 of 4 rooms finished", and the like, for the session's stage. */
export function sessionLine(s: SessionRow): string {
  switch (s.stage) {
    case SessionStage.Registration:
      return `Seating: ${s.playerCount} of ${plural(s.capacity, "seat")} taken (first come, first seated)`;
    case SessionStage.Drawing:
      return `Drawing the rooms: ${plural(s.playerCount, "player")} seated`;
    case SessionStage.Creating:
      return `Creating the rooms: ${s.created} of ${s.rooms} created`;
    case SessionStage.Playing:
      return `Playing: ${s.finished} of ${plural(s.rooms, "room")} finished`;
    case SessionStage.Finished:
      return `Finished: all ${plural(s.rooms, "room")} are over`;
    default:
      return SESSION_STAGE_NAMES[s.stage] ?? `stage ${s.stage}`;
  }
}

function SessionConsole({ id }: { id: bigint }) {
  const data = useSessionData(id);
  const { account } = useWallet();
  const seconds = useBlockTime();
  const s = data.session;
  if (!s) return <NotYet row={s} what={`session ${id}`} data={data} />;
  const isOrganiser = !!account && account.toLowerCase() === s.organiser;
  const lines = data.rooms.map((r) => roomLine(r, data.head, seconds));
  const waits = waitingOn(lines);
  const absent = notShownUp(
    data.seats.filter((x) => !x.satOut),
    data.moved,
  );
  const satOut = data.seats.filter((x) => x.satOut);
  return (
    <div className="class-console" data-session={id.toString()}>
      <nav className="crumbs">
        <a href={href("snatch", "sessions")}>Class sessions</a> › Session {id.toString()} › Console ·{" "}
        <a href={href("snatch", "session", id, "projector")}>Projector view</a>
      </nav>
      <header className="console-head">
        <h1>Console · session {id.toString()}</h1>
        <p className="console-state" data-testid="session-state" data-stage={s.stage}>
          {sessionLine(s)}
        </p>
        <HeadNotes
          lead={`${s.playerCount} of ${plural(s.capacity, "seat")} filled (${s.firstCome ? "first come" : "listed"})${
            satOut.length > 0
              ? `; sitting out: ${satOut.map((x) => isolate(displayName(x.name, x.player))).join(", ")}`
              : ""
          }`}
          organiser={s.organiser}
          account={account}
          what="the session"
          data={data}
          attrs={{ "data-testid": "seats-filled", "data-seated": s.playerCount }}
        />
      </header>
      <Counts lines={lines} absent={absent.length} label="Rooms of the session" finishedHint="round 5 is over" />
      {isOrganiser && <SessionActions id={id} s={s} lines={lines} />}
      <div className="console-grid-wrap">
        <RoomsGrid
          lines={lines}
          title="Rooms of three"
          empty={
            s.stage === SessionStage.Registration
              ? "Seating: the rooms are drawn once the session starts."
              : s.stage === SessionStage.Closed
                ? "Closed: the session never reached three players."
                : "The rooms are being drawn and created."
          }
          rounds={SESSION_ROUNDS}
        />
        <div className="console-side">
          <WaitsPanel lines={waits} />
          <AbsentPanel absent={absent} none="Every seated player has made a move." />
          <Panel title={`Seated (${data.seats.length})`}>
            <details>
              <summary>Every seat, in order</summary>
              <ol className="name-list" data-testid="seated">
                {data.seats.map((x) => (
                  <li key={x.player} data-player={x.player}>
                    <bdi>{displayName(x.name, x.player)}</bdi>
                    {x.room !== null && <span className="muted"> · room {x.room + 1}</span>}
                    {x.satOut && <span className="muted"> · sits out</span>}
                  </li>
                ))}
              </ol>
            </details>
          </Panel>
          <Exports id={id} game="session" final={s.stage === SessionStage.Finished} />
        </div>
      </div>
    </div>
  );
}
