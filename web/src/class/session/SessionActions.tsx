// The session organiser's calls (SnatchSession), each enabled only when the contract accepts it (a static call
// against the pending block): start a first-come session (seating closes, the shuffle is drawn), create its rooms in
// batches with a progress bar (waiting for the draw's randomness), advance the rooms whose window passed, close every
// room after the session's deadline in gas-bounded batches with a progress bar, record rooms that finished without
// reporting, re-request a stale draw, close a session that never reached three players. A batch run in flight is
// said so, and pressing again then (or when nothing is left) changes nothing and says so. The runs, their progress
// and the advance button are the tournament console's (../tournament/console/runs.tsx).
import { useMemo } from "react";
import { SessionStage } from "../../../../client/snatch/session";
import { plural } from "../../../../client/format";
import type { SnatchSession } from "../../../../typechain-types";
import { useChecks } from "../../data/checks";
import { chainKeys } from "../../data/keys";
import { useRefreshOn } from "../../data/refresh";
import { action, callOf, staticCallOf, type ArgsOf, type SendMethod } from "../../shared/action";
import { Panel } from "../../shared/ui";
import { useWallet } from "../../shared/wallet";
import { HEADROOM } from "../../../../client/snatch/gas";
import type { RoomLine } from "../console/model";
import {
  closeInBatches,
  closeSpec,
  createInBatches,
  CreateRooms,
  ProbedAction,
  OneClickActions,
  PlayingRuns,
  useOrganiser,
} from "../console/runs";
import type { SessionRow } from "../../data/session";

const CTX = { contract: "SnatchSession" as const };
/** SnatchSession.MAX_CLOSE_BATCH. */
const MAX_CLOSE = 50;

export function SessionActions({ id, s, lines }: { id: bigint; s: SessionRow; lines: RoomLine[] }) {
  const { c, block, sendAction, runs } = useOrganiser(CTX);
  const { chainId } = useWallet();
  const { exclusive, inFlight } = runs;
  const session: SnatchSession | null = c?.session ?? null;
  const drawing = s.stage === SessionStage.Drawing || s.stage === SessionStage.Creating;

  // The organiser's actions, each described once; the contract's answers to them asked again as they may change.
  // (The same objects from render to render: each one's calldata is encoded once, shared/action.ts callOf.)
  const acts = useMemo(() => (session ? organiserActions(session, id) : null), [session, id]);
  const scope =
    chainId !== null && session ? [...chainKeys.session(chainId, String(session.target), id), "organiser"] : null;
  const registration = s.stage === SessionStage.Registration;
  const playing = s.stage === SessionStage.Playing;
  const { ok, why } = useChecks<string>(scope, {
    start: registration ? acts?.start : null,
    closeSession: registration ? acts?.closeSession : null,
    reroll: drawing ? acts?.reroll : null,
    close: playing ? acts?.close : null,
    record: playing ? acts?.record : null,
  });
  // While rooms play, close's answer changes when the deadline passes and record's when a room finishes (reported or
  // not): asked then, not at every block. Else at every block (the draw's randomness, and the like).
  const finished = lines.filter((l) => l.status === "finished").length;
  useRefreshOn(
    scope,
    playing
      ? [s.stage, s.created, s.closed, s.finished, finished, block.number > s.deadline]
      : [block.number, s.stage, s.created],
  );

  if (!c || !session || !acts) return <p className="danger">No SnatchSession deployment on this network.</p>;
  const sw = session;

  /** Where the session's rooms stand on chain. */
  const view = async () => {
    const v = await sw.session(id);
    return { stage: Number(v.stage), rooms: Number(v.rooms), created: Number(v.created), closed: Number(v.closed) };
  };

  /** Creates the rooms batch by batch, waiting for the draw's randomness when it is not ready. */
  const roomsLoop = () =>
    createInBatches({
      runs,
      read: async () => {
        const v = await view();
        const open = v.stage === SessionStage.Drawing || v.stage === SessionStage.Creating;
        return { open, done: v.created, total: v.rooms };
      },
      probe: () => staticCallOf(acts.rooms),
      notReady: "DrawNotReady",
      create: () => sendAction(acts.rooms),
      label: (done, total) => (total > 0 ? `${done} of ${plural(total, "room")} created` : "waiting for the draw"),
    });

  const start = () =>
    exclusive(async () => {
      if (await sendAction(acts.start)) await roomsLoop();
    });

  const closeAll = () =>
    closeInBatches(
      { runs, sendAction },
      acts.closeBatch,
      async () => {
        const v = await view();
        return { open: v.stage === SessionStage.Playing, done: v.closed, total: v.rooms };
      },
      { nothing: "Every room is closed already: nothing was sent.", max: MAX_CLOSE },
    );

  return (
    <Panel title="Organiser">
      <div className="console-actions" data-testid="console-actions">
        {s.stage === SessionStage.Registration && (
          <ProbedAction
            call={callOf(acts.start)}
            ok={ok("start")}
            why={why("start")}
            yes={`${plural(s.playerCount, "player")} seated: then the rooms are created as soon as the draw is in`}
            inFlight={inFlight}
            onClick={start}
            busyText="Starting…"
          >
            <span data-testid="start-session">Close seating and draw the rooms</span>
          </ProbedAction>
        )}
        {drawing && (
          <CreateRooms call={callOf(acts.rooms)} inFlight={inFlight} onClick={() => exclusive(roomsLoop)}>
            {/* Before the draw the rooms are the seated players in threes (up to two sit out). */}
            Create the rooms ({s.created} of {s.rooms || Math.floor(s.playerCount / 3)} so far)
          </CreateRooms>
        )}
        <PlayingRuns
          runs={runs}
          lines={lines}
          close={
            s.stage === SessionStage.Playing
              ? closeSpec(
                  acts.close,
                  ok("close"),
                  closeAll,
                  [s.deadline, s.rooms - s.finished],
                  [
                    "the session's deadline",
                    "closes the round (or the judging) whose deadline passed, with its defaults",
                  ],
                )
              : null
          }
        />
        <OneClickActions
          ok={ok}
          items={[
            ["reroll", "secondary", acts.reroll],
            ["record", "secondary", acts.record],
            ["closeSession", "danger", acts.closeSession],
          ]}
        />
      </div>
    </Panel>
  );
}

/** The organiser's actions on session `id`. */
function organiserActions(sw: SnatchSession, id: bigint) {
  const a = <M extends SendMethod<SnatchSession>>(m: M, args: ArgsOf<SnatchSession, M>, label: string) =>
    action(sw, m, args, { label, headroom: HEADROOM, describe: CTX });
  return {
    start: a("start", [id], `Start session ${id}`),
    closeSession: a("closeSession", [id], "Close the session (it never reached three players)"),
    // Pressed before the draw is in: the run waits for it (its refusal for that is no reason to hide the button).
    rooms: action(sw, "createRooms", [id], {
      label: `Create rooms of session ${id}`,
      headroom: HEADROOM,
      accepts: ["DrawNotReady"],
      describe: CTX,
    }),
    reroll: a("rerequestDraw", [id], "Request the draw's randomness again (stale)"),
    closeBatch: (size: number) => a("closeTimedOutRooms", [id, size], `Close timed-out rooms (batch of ${size})`),
    // The close of one room stands for the run (its check, the honest-controls check).
    close: a("closeTimedOutRooms", [id, 1], "Close a timed-out room"),
    record: a("recordRooms", [id, 0, MAX_CLOSE], "Record rooms that finished without reporting"),
  };
}
