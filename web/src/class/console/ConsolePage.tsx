// The teacher's console (`#/snatch/tournament/<id>/console`): the whole class at a glance, live from the indexer —
// the phase and its state, counts of rooms playing / waiting / finished, every room of the current phase in one grid
// (round, window, whose move it waits on by name, time left), who the rooms wait on and who has not shown up — and,
// for the tournament's organiser, the organiser's calls (./ConsoleActions.tsx). Anyone else sees it read-only and is
// told why. Downloads of the tournament's exports sit at the foot.
import { useMemo } from "react";
import { PHASE_NAMES, Stage, STAGE_NAMES } from "../../../../client/snatch/tournament";
import { useBlockTime } from "../../shared/Countdown";
import { href } from "../../shared/routes";
import { useWallet } from "../../shared/wallet";
import { plural } from "../../../../client/format";
import { ConsoleActions } from "./ConsoleActions";
import { Exports } from "./Exports";
import { IndexerProvider } from "./indexer";
import { AbsentPanel, Counts, HeadNotes, NotYet, RoomsGrid, WaitsPanel } from "./ConsoleParts";
import { notShownUp, roomLine, waitingOn } from "./model";
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
  // Drawn again with a block (the time left) or a new answer of the indexer, not at every other render.
  const lines = useMemo(() => data.rooms.map((r) => roomLine(r, data.head, seconds)), [data.rooms, data.head, seconds]);
  const waits = useMemo(() => waitingOn(lines), [lines]);
  const absent = useMemo(() => notShownUp(data.entries, data.moved), [data.entries, data.moved]);
  const t = data.tournament;
  if (!t) return <NotYet row={t} what={`tournament ${id}`} data={data} />;
  const isOrganiser = !!account && account.toLowerCase() === t.organiser;
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
        <HeadNotes
          lead={`${plural(t.playerCount, "player")} registered (cap ${t.cap})`}
          organiser={t.organiser}
          account={account}
          what="the tournament"
          data={data}
        />
      </header>
      <Counts lines={lines} absent={absent.length} label="Rooms of the current phase" finishedHint="round 3 is over" />
      {isOrganiser && <ConsoleActions id={id} data={data} lines={lines} />}
      <div className="console-grid-wrap">
        <RoomsGrid
          lines={lines}
          title={t.phase > 0 ? `Rooms of phase ${t.phase} (${PHASE_NAMES[t.phase]})` : "Rooms"}
          empty={
            t.stage === Stage.Registration
              ? "Registration: no phase has started."
              : t.stage === Stage.Pairing
                ? "The pairing is being drawn and the rooms created."
                : "No rooms."
          }
          rounds={3}
        />
        <div className="console-side">
          <WaitsPanel lines={waits} />
          <AbsentPanel absent={absent} none="Every registered player has made a move." />
          <Exports id={id} final={t.stage === Stage.Final} />
        </div>
      </div>
    </div>
  );
}
