// The session organiser's calls (SnatchSession), each enabled only when the contract accepts it (a static call
// against the pending block): start a first-come session (seating closes, the shuffle is drawn), create its rooms in
// batches with a progress bar (waiting for the draw's randomness), advance the rooms whose window passed, close every
// room after the session's deadline in gas-bounded batches with a progress bar, record rooms that finished without
// reporting, re-request a stale draw, close a session that never reached three players. A batch run in flight is
// said so, and pressing again then (or when nothing is left) changes nothing and says so. The runs, their progress
// and the advance button are the tournament console's (../tournament/console/runs.tsx).
import { useMemo } from "react";
import { SessionStage } from "../../../../client/snatch/session";
import { decodeRevert } from "../../../../client/errors";
import { plural } from "../../../../client/format";
import type { SnatchSession } from "../../../../typechain-types";
import { useBlock } from "../../shared/block";
import { txCall } from "../../shared/calls";
import { PENDING, useProbes, type Probe } from "../../shared/probes";
import { useTx } from "../../shared/tx";
import { ActionButton, Panel } from "../../shared/ui";
import { useWallet } from "../../shared/wallet";
import { useSnatchContracts } from "../contracts";
import { sendPadded } from "../gas";
import { closeBatchSize } from "../tournament/console/batches";
import { roomsToAdvance, type RoomLine } from "../tournament/console/model";
import { AdvanceButton, RunStatus, useRuns } from "../tournament/console/runs";
import type { SessionRow } from "./queries";

const CTX = { contract: "SnatchSession" as const };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** SnatchSession.MAX_CLOSE_BATCH. */
const MAX_CLOSE = 50;

/** The name of the contract's refusal in `err`, if it is one. */
function refusalName(err: unknown): string | undefined {
  const data = (err as { data?: unknown } | null)?.data;
  return typeof data === "string" ? decodeRevert(data)?.name : undefined;
}

export function SessionActions({ id, s, lines }: { id: bigint; s: SessionRow; lines: RoomLine[] }) {
  const c = useSnatchContracts();
  const { signer, account } = useWallet();
  const block = useBlock();
  const { send } = useTx();
  const runs = useRuns(CTX);
  const { run, setRun, note, setNote, exclusive, inFlight } = runs;
  const session: SnatchSession | null = c?.session ?? null;
  const due = roomsToAdvance(lines);
  const pastDeadline = s.stage === SessionStage.Playing && s.deadline > 0 && block.number > s.deadline;
  const drawing = s.stage === SessionStage.Drawing || s.stage === SessionStage.Creating;

  const probeList = useMemo<Probe[]>(() => {
    if (!session || !signer) return [];
    const list: Probe[] = [];
    const add = (pid: string, call: () => Promise<unknown>) => list.push({ id: pid, call });
    if (s.stage === SessionStage.Registration) {
      add("start", () => session.start.staticCall(id, PENDING));
      add("closeSession", () => session.closeSession.staticCall(id, PENDING));
    }
    if (drawing) {
      add("rooms", () => session.createRooms.staticCall(id, PENDING));
      add("reroll", () => session.rerequestDraw.staticCall(id, PENDING));
    }
    if (s.stage === SessionStage.Playing) {
      add("close", () => session.closeTimedOutRooms.staticCall(id, 1, PENDING));
      add("record", () => session.recordRooms.staticCall(id, 0, MAX_CLOSE, PENDING));
    }
    return list;
  }, [session, signer, s.stage, drawing, block.number]);
  const probes = useProbes(probeList, `${block.number}:${s.stage}:${s.created}:${account}`, CTX, {
    holdWithin: `${s.stage}:${account}`,
  });
  const ok = (p: string) => probes.get(p)?.ok === true;
  const why = (p: string) => {
    const r = probes.get(p);
    return r && !r.ok ? r.reason : undefined;
  };

  if (!c || !session) return <p className="danger">No SnatchSession deployment on this network.</p>;
  const sw = session;

  /** Creates the rooms batch by batch, waiting for the draw's randomness when it is not ready. */
  const roomsLoop = async () => {
    for (let tries = 0, batch = 1; ;) {
      const view = await sw.session(id);
      const stage = Number(view.stage);
      if (stage !== SessionStage.Drawing && stage !== SessionStage.Creating) {
        if (batch === 1) setNote("Every room exists already: nothing was sent.");
        return;
      }
      const [created, rooms] = [Number(view.created), Number(view.rooms)];
      setRun({
        what: "rooms",
        done: created,
        total: rooms,
        text: rooms > 0 ? `${created} of ${plural(rooms, "room")} created` : "waiting for the draw",
      });
      try {
        await sw.createRooms.staticCall(id, PENDING);
      } catch (err) {
        // The shuffle's random value comes with a later block: wait for it (a minute at most).
        if (tries++ < 120 && refusalName(err) === "DrawNotReady") {
          await sleep(500);
          continue;
        }
        throw err;
      }
      const r = await send(`Create rooms (batch ${batch})`, () => sendPadded(sw.createRooms, id), CTX);
      if (!r) return;
      batch++;
    }
  };
  const createRooms = () => exclusive(roomsLoop);

  const start = () =>
    exclusive(async () => {
      const r = await send(`Start session ${id}`, () => sendPadded(sw.start, id), CTX);
      if (r) await roomsLoop();
    });

  const closeAll = () =>
    exclusive(async () => {
      for (let batch = 1; ; batch++) {
        const view = await sw.session(id);
        const [closed, rooms] = [Number(view.closed), Number(view.rooms)];
        if (Number(view.stage) !== SessionStage.Playing || closed >= rooms) {
          if (batch === 1) setNote("Every room is closed already: nothing was sent.");
          return;
        }
        const size = await closeBatchSize((k) => sw.closeTimedOutRooms.estimateGas(id, k), rooms - closed, MAX_CLOSE);
        setRun({
          what: "close",
          done: closed,
          total: rooms,
          text: `batch ${batch}: closing rooms ${closed + 1}–${closed + size} of ${rooms}`,
        });
        const r = await send(
          `Close timed-out rooms (batch of ${size})`,
          () => sendPadded(sw.closeTimedOutRooms, id, size),
          CTX,
        );
        if (!r) return;
      }
    });

  return (
    <Panel title="Organiser">
      <div className="console-actions" data-testid="console-actions">
        {s.stage === SessionStage.Registration && (
          <div className="console-action">
            <ActionButton
              call={txCall(sw, sw.start, [id])}
              disabled={!ok("start") || inFlight}
              onClick={start}
              busyText="Starting…"
            >
              <span data-testid="start-session">Close seating and draw the rooms</span>
            </ActionButton>
            <span className="muted small">
              {ok("start")
                ? `${plural(s.playerCount, "player")} seated: then the rooms are created as soon as the draw is in`
                : why("start")
                  ? `Not yet: ${why("start")}.`
                  : "checking…"}
            </span>
          </div>
        )}
        {drawing && (
          <div className="console-action">
            <ActionButton
              call={txCall(sw, sw.createRooms, [id], { accepts: ["DrawNotReady"] })}
              disabled={inFlight}
              onClick={createRooms}
            >
              <span data-testid="create-rooms">
                Create the rooms ({s.created} of {s.rooms || "?"} so far)
              </span>
            </ActionButton>
            {ok("reroll") && (
              <ActionButton
                kind="secondary"
                call={txCall(sw, sw.rerequestDraw, [id])}
                onClick={() => send("Re-request the draw", () => sendPadded(sw.rerequestDraw, id), CTX)}
              >
                Request the draw's randomness again (stale)
              </ActionButton>
            )}
          </div>
        )}
        {s.stage === SessionStage.Playing && !pastDeadline && (
          <AdvanceButton
            rooms={c.rooms}
            due={due}
            runs={runs}
            hint="closes the round (or the judging) whose deadline passed, with its defaults"
          />
        )}
        {s.stage === SessionStage.Playing && (
          <div className="console-action">
            <button
              type="button"
              className="btn btn-primary"
              data-testid="close-rooms"
              disabled={!ok("close") && !inFlight}
              {...(inFlight || !ok("close")
                ? { "data-ui": "says a batch is in flight" }
                : {
                    "data-call": JSON.stringify({
                      to: String(sw.target),
                      data: sw.interface.encodeFunctionData("closeTimedOutRooms", [id, 1]),
                      value: "0",
                    }),
                  })}
              onClick={() => void closeAll()}
            >
              Close every timed-out room
            </button>
            <span className="muted small">
              {pastDeadline
                ? `the session's deadline (block ${s.deadline.toLocaleString("en-US")}) passed: ${plural(s.rooms - s.finished, "room")} still running, each closed with its defaults, in batches`
                : `from block ${(s.deadline + 1).toLocaleString("en-US")}, after the session's deadline`}
            </span>
          </div>
        )}
        <RunStatus run={run} note={note} />
        {ok("record") && (
          <ActionButton
            kind="secondary"
            call={txCall(sw, sw.recordRooms, [id, 0, MAX_CLOSE])}
            onClick={() => send("Record finished rooms", () => sendPadded(sw.recordRooms, id, 0, MAX_CLOSE), CTX)}
          >
            Record rooms that finished without reporting (up to {MAX_CLOSE})
          </ActionButton>
        )}
        {ok("closeSession") && (
          <ActionButton
            kind="danger"
            call={txCall(sw, sw.closeSession, [id])}
            onClick={() => send(`Close session ${id}`, () => sendPadded(sw.closeSession, id), CTX)}
          >
            Close the session (it never reached three players)
          </ActionButton>
        )}
      </div>
    </Panel>
  );
}
