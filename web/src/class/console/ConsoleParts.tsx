// The console's drawing, shared by the tournament's console (./ConsolePage.tsx, rooms of two) and the class
// session's (web/src/class/session/SessionConsole.tsx, rooms of three): the counts, the rooms' grid (round, window,
// whose move it waits on by name, time left, points), who the rooms wait on, and who has not shown up.
import { Fragment, memo, type ReactNode } from "react";
import { href } from "../../shared/routes";
import { Panel } from "../../shared/ui";
import { countRooms, displayName, type RoomLine } from "./model";
import { IndexerLag } from "./IndexerLag";
import { Good } from "../../../../client/snatch/names";
import type { RoomRow, SeatRow } from "../../data/class";
import type { ClassData } from "./useClassData";

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

/** Rooms playing, waiting and finished, and the players not shown up (drawn again when its lines or count change). */
export const Counts = memo(function Counts({
  lines,
  absent,
  label,
  finishedHint,
}: {
  lines: readonly RoomLine[];
  absent: number;
  label: string;
  finishedHint: string;
}) {
  const counts = countRooms(lines);
  return (
    <div className="console-counts" aria-label={label}>
      <Count label="playing" value={counts.playing} testid="count-playing" hint="a window is open" />
      <Count
        label="waiting"
        value={counts.waiting}
        testid="count-waiting"
        hint="the window passed: advance or close it"
      />
      <Count label="finished" value={counts.finished} testid="count-finished" hint={finishedHint} />
      <Count label="not shown up" value={absent} testid="count-absent" hint="seated, no move in any room yet" />
    </div>
  );
});

const name = (s: SeatRow | undefined) => (s ? <bdi>{displayName(s.name, s.player)}</bdi> : "—");

/** Names separated by commas, each isolated (a right-to-left override in one cannot reverse the next). */
const names = (seats: readonly (SeatRow | undefined)[]) =>
  seats.map((s, i) => (
    <Fragment key={s?.player ?? i}>
      {i > 0 && ", "}
      {name(s)}
    </Fragment>
  ));

interface GridRowProps {
  line: RoomLine;
  three: boolean;
  rounds: number;
}

/** A room's seats by seat number. */
const bySeat = (seats: readonly SeatRow[]) => [...seats].sort((a, b) => a.seat - b.seat);

/**
 * A room's cells up to "waits on": they follow from the room's row of the indexer (kept as the same object while it is
 * unchanged) and its status alone, so a new block, which changes only the time left, leaves them as they are.
 */
const RoomCells = memo(
  function RoomCells({ line: l, three, rounds }: GridRowProps) {
    return (
      <>
        <td>
          <a href={href("snatch", "room", l.room.id)}>{l.room.id.toString()}</a>
        </td>
        {three ? (
          <td className="console-players">{names(bySeat(l.room.seats))}</td>
        ) : (
          <>
            <td>{name(l.p1)}</td>
            <td>{name(l.p2)}</td>
          </>
        )}
        <td>{l.room.round > 0 ? `${l.room.round} of ${rounds}` : "—"}</td>
        <td>{l.window}</td>
        <td data-testid="waits-on">
          {l.waits.length > 0 ? (
            <strong>{names(l.waits)}</strong>
          ) : l.status === "waiting" ? (
            <span className="warn">window passed</span>
          ) : (
            "—"
          )}
        </td>
      </>
    );
  },
  (a, b) =>
    a.line.room === b.line.room && a.line.status === b.line.status && a.three === b.three && a.rounds === b.rounds,
);

/** A room's points, by role (two players) or by seat (three); drawn again only when its room's row changed. */
const PointsCell = memo(function PointsCell({ room, three }: { room: RoomRow; three: boolean }) {
  const seats = three ? bySeat(room.seats) : [Good.Turkey, Good.Corn].map((g) => room.seats.find((s) => s.role === g));
  return <td>{seats.map((s) => s?.points ?? 0).join(" / ")}</td>;
});

/**
 * A room's row. A line is rebuilt at every block, but what its row shows follows from the room's row of the indexer,
 * its status and its time left in steps (model.ts `roomLine`): the row is drawn again only when one of those changed,
 * so most blocks draw none of a waiting room's cells.
 */
const GridRow = memo(
  function GridRow({ line: l, three, rounds }: GridRowProps) {
    return (
      <tr
        data-room={l.room.id.toString()}
        data-status={l.status}
        data-round={l.room.round}
        data-phase={l.room.phase}
        data-waits={l.waits.map((s) => s.player).join(",")}
      >
        <RoomCells line={l} three={three} rounds={rounds} />
        <td title={l.left.blocks}>{l.status === "finished" ? "—" : l.left.text}</td>
        <PointsCell room={l.room} three={three} />
      </tr>
    );
  },
  (a, b) =>
    a.line.room === b.line.room &&
    a.line.status === b.line.status &&
    a.line.left.text === b.line.left.text &&
    a.three === b.three &&
    a.rounds === b.rounds,
);

/**
 * The rooms' grid: two players (P1, P2) or three (by seat), the round of `rounds`. Drawn again only when its lines
 * (a block, an answer of the indexer) or its words change, not at the console's other renders (the organiser's probes).
 */
export const RoomsGrid = memo(function RoomsGrid({
  lines,
  title,
  empty,
  rounds,
}: {
  lines: RoomLine[];
  title: string;
  /** What the panel says while there are no rooms. */
  empty: string;
  rounds: number;
}) {
  const three = lines.some((l) => l.room.seats.length === 3);
  return (
    <Panel title={`${title}: ${lines.length}`} className="console-rooms">
      {lines.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className="console-table-scroll">
          <table className="console-table" data-testid="rooms-grid" aria-label={title}>
            {/* Fixed widths (console.css): a cell's new text lays out its own row, not every column of the grid. */}
            <colgroup>
              <col className="col-room" />
              {three ? (
                <col />
              ) : (
                <>
                  <col />
                  <col />
                </>
              )}
              <col className="col-round" />
              <col className="col-window" />
              <col />
              <col className="col-left" />
              <col className="col-points" />
            </colgroup>
            <thead>
              <tr>
                <th>room</th>
                {three ? (
                  <th>players</th>
                ) : (
                  <>
                    <th>P1</th>
                    <th>P2</th>
                  </>
                )}
                <th>round</th>
                <th>window</th>
                <th>waits on</th>
                <th>time left</th>
                <th>points</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <GridRow key={l.room.id.toString()} line={l} three={three} rounds={rounds} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
});

/** The players the rooms wait on, soonest deadline first (`lines` from `waitingOn`). */
export const WaitsPanel = memo(function WaitsPanel({ lines }: { lines: RoomLine[] }) {
  return (
    <Panel title={`Rooms wait on (${lines.length})`}>
      {lines.length === 0 ? (
        <p className="muted">No room waits on a player right now.</p>
      ) : (
        <ul className="name-list" data-testid="waiting-on">
          {lines.map((l) => (
            <WaitItem key={l.room.id.toString()} line={l} />
          ))}
        </ul>
      )}
    </Panel>
  );
});

/** A room that waits on a player; drawn again only when its room's row, its status or its time left's words changed. */
const WaitItem = memo(
  function WaitItem({ line: l }: { line: RoomLine }) {
    return (
      <li data-player={l.waitsOn!.player}>
        <strong>{names(l.waits)}</strong>{" "}
        <span className="muted">
          · {l.window} in room {l.room.id.toString()} · {l.left.text}
        </span>
      </li>
    );
  },
  (a, b) => a.line.room === b.line.room && a.line.status === b.line.status && a.line.left.text === b.line.left.text,
);

/** Whether two lists hold the same items (the indexer's rows are kept as the same objects while unchanged). */
const sameItems = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Seated players without a move yet; drawn again only when the list or its block changed. */
export const AbsentPanel = memo(
  function AbsentPanel({ absent, none }: { absent: { player: string; name: string }[]; none: string }) {
    return (
      <Panel title={`Not shown up yet (${absent.length})`}>
        {absent.length === 0 ? (
          <p className="muted">{none}</p>
        ) : (
          <ul className="name-list" data-testid="not-joined">
            {absent.map((e) => (
              <li key={e.player} data-player={e.player}>
                <bdi>{displayName(e.name, e.player)}</bdi>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    );
  },
  (a, b) => sameItems(a.absent, b.absent) && a.none === b.none,
);

/** Why the console is read-only for this account, and how to act (`what`: "the tournament", "the session"). */
export function ReadOnly({ what, account }: { what: string; account: string | null | undefined }) {
  return (
    <p className="notice" data-testid="read-only">
      Read-only: only {what}'s organiser acts from this console, and{" "}
      {account ? "the account this page uses is not the organiser" : "this page has no account connected"}. Everything
      here stays live; pick the organiser's account in the top bar to act.
    </p>
  );
}

/**
 * What a console (or, `projector`, a projector view) shows before it has its tournament or session (`what`:
 * "tournament 3"): reading, or that the indexer has none (yet, when it is behind the chain). Null once `row` is there.
 */
export function NotYet({
  row,
  what,
  data,
  projector = false,
}: {
  row: unknown;
  what: string;
  data: Pick<ClassData, "behind" | "indexed" | "asOf" | "head" | "error">;
  projector?: boolean;
}) {
  if (row === undefined)
    return (
      <p className={projector ? "projector-wait" : undefined} aria-busy="true">
        Reading {what} from the indexer…
      </p>
    );
  if (row !== null) return null;
  return (
    <div className={projector ? "projector" : "class-console"}>
      <IndexerLag data={data} />
      <p className={projector ? "projector-wait" : "danger"} data-testid="not-found">
        The indexer has no {what}
        {data.behind > 0 ? " yet: it is behind the chain (above)" : `: there is no such ${what.split(" ")[0]}`}.
      </p>
    </div>
  );
}

/**
 * The console's head notes: `lead` (who plays), the organiser (you, if so), how current the picture is, and for
 * anyone else why the console is read-only. `attrs` go on the first line (test ids for scripts).
 */
export function HeadNotes({
  lead,
  organiser,
  account,
  what,
  data,
  attrs = {},
}: {
  lead: ReactNode;
  organiser: string;
  account: string | null | undefined;
  what: string;
  data: Pick<ClassData, "behind" | "indexed" | "asOf" | "head" | "error">;
  attrs?: Record<string, string | number>;
}) {
  const isOrganiser = !!account && account.toLowerCase() === organiser;
  return (
    <>
      <p className="muted" {...attrs}>
        {lead}; organiser{" "}
        <span className="mono" title={organiser}>
          {organiser.slice(0, 6)}…{organiser.slice(-4)}
        </span>
        {isOrganiser && " (you)"}.
      </p>
      <IndexerLag data={data} />
      {!isOrganiser && <ReadOnly what={what} account={account} />}
    </>
  );
}
