// The organiser's calls, each enabled only when the contract accepts it (a static call against the pending block):
// start the next phase and create its rooms in batches as soon as its pairing is drawn (one click), advance the rooms
// whose window passed (their absent player's default), close every room after the phase deadline in gas-bounded
// batches with a progress bar, record rooms that finished without reporting, re-request a stale pairing, hand the
// tournament to another organiser, close a tournament that never reached two players. A batch run in flight is said
// so, and pressing again then (or when nothing is left) changes nothing and says so.
import { useMemo, useRef, useState } from "react";
import { isAddress } from "ethers";
import { PHASE_NAMES, Stage } from "../../../../../client/snatch/tournament";
import { txCall } from "../../../shared/calls";
import { describeError } from "../../../shared/errors";
import { PENDING, useProbes, type Probe } from "../../../shared/probes";
import { useTx } from "../../../shared/tx";
import { ActionButton, Panel, Progress } from "../../../shared/ui";
import { useWallet } from "../../../shared/wallet";
import { useBlock } from "../../../shared/block";
import { plural } from "../../../../../client/format";
import { decodeRevert } from "../../../../../client/errors";
import { useSnatchContracts } from "../../contracts";
import { sendPadded } from "../../gas";
import { advanceHeadroom, closeBatchSize, ADVANCE_BATCH } from "./batches";
import { roomsToAdvance, type RoomLine } from "./model";
import type { ClassData } from "./useClassData";

const CTX = { contract: "SnatchTournament" as const };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A run of transactions (rooms created, rooms closed, rooms advanced) and where it stands. */
interface Run {
  what: "rooms" | "close" | "advance";
  done: number;
  total: number;
  text: string;
}

export function ConsoleActions({ id, data, lines }: { id: bigint; data: ClassData; lines: RoomLine[] }) {
  const c = useSnatchContracts();
  const { signer, account } = useWallet();
  const block = useBlock();
  const { send } = useTx();
  const [run, setRun] = useState<Run | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const running = useRef(false);
  const [newOrganiser, setNewOrganiser] = useState("");
  const t = data.tournament!;
  const phase = data.phase;
  const next = t.stage === Stage.Registration ? 1 : t.stage === Stage.Ended ? t.phase + 1 : 0;
  const due = roomsToAdvance(lines);
  const tournament = c?.tournament ?? null;
  const pastDeadline = t.stage === Stage.Playing && !!phase && phase.deadline > 0 && block.number > phase.deadline;

  const probeList = useMemo<Probe[]>(() => {
    if (!tournament || !signer || !c) return [];
    const list: Probe[] = [];
    const add = (pid: string, call: () => Promise<unknown>) => list.push({ id: pid, call });
    if (next > 0) add("start", () => tournament.startPhase.staticCall(id, next, PENDING));
    if (t.stage === Stage.Pairing) {
      add("rooms", () => tournament.createPhaseRooms.staticCall(id, PENDING));
      add("reroll", () => tournament.rerequestPairing.staticCall(id, PENDING));
    }
    if (t.stage === Stage.Playing) add("close", () => tournament.closeTimedOutRooms.staticCall(id, 1, PENDING));
    if (t.stage === Stage.Pairing || t.stage === Stage.Playing)
      add("record", () => tournament.recordRooms.staticCall(id, 0, 100, PENDING));
    if (t.stage === Stage.Registration)
      add("closeTournament", () => tournament.closeTournament.staticCall(id, PENDING));
    if (isAddress(newOrganiser)) add("organiser", () => tournament.setOrganiser.staticCall(id, newOrganiser, PENDING));
    return list;
  }, [tournament, signer, t.stage, t.phase, next, newOrganiser, block.number]);
  const probes = useProbes(probeList, `${block.number}:${t.stage}:${t.phase}:${account}:${newOrganiser}`, CTX, {
    holdWithin: `${t.stage}:${t.phase}:${account}:${newOrganiser}`,
  });
  const ok = (p: string) => probes.get(p)?.ok === true;
  const why = (p: string) => {
    const r = probes.get(p);
    return r && !r.ok ? r.reason : undefined;
  };

  if (!c || !tournament) return <p className="danger">No SnatchTournament deployment on this network.</p>;
  const tw = tournament;

  /** Runs `work` unless another run is in flight (then says so and does nothing). */
  const exclusive = async (work: () => Promise<void>) => {
    if (running.current) {
      setNote(`A batch is in flight (${run?.text ?? "working"}): this press changed nothing.`);
      return;
    }
    running.current = true;
    setNote(null);
    try {
      await work();
    } catch (err) {
      setNote(describeError(err, CTX));
    } finally {
      running.current = false;
      setRun(null);
    }
  };

  /** Creates the current phase's rooms batch by batch, waiting for the pairing randomness when it is not ready. */
  const createRooms = async (p: number) => {
    for (let tries = 0; ; tries++) {
      const view = await tw.tournament(id);
      if (Number(view.stage) !== Stage.Pairing || Number(view.phase) !== p) return;
      const pv = await tw.phaseView(id, p);
      setRun({
        what: "rooms",
        done: Number(pv.created),
        total: Number(pv.rooms),
        text: `phase ${p}: ${Number(pv.created)} of ${plural(Number(pv.rooms), "room")} created`,
      });
      try {
        await tw.createPhaseRooms.staticCall(id, PENDING);
      } catch (err) {
        // The pairing's random value comes with a later block: wait for it (a minute at most).
        const data = (err as { data?: unknown } | null)?.data;
        const name = typeof data === "string" ? decodeRevert(data)?.name : undefined;
        if (tries < 120 && name === "PairingNotReady") {
          await sleep(500);
          continue;
        }
        throw err;
      }
      const r = await send(`Create the rooms of phase ${p}`, () => sendPadded(tw.createPhaseRooms, id), CTX);
      if (!r) return;
    }
  };

  const startPhase = () =>
    exclusive(async () => {
      const r = await send(
        `Start phase ${next} (${PHASE_NAMES[next]})`,
        () => sendPadded(tw.startPhase, id, next),
        CTX,
      );
      if (r) await createRooms(next);
    });

  const closeAll = () =>
    exclusive(async () => {
      const p = t.phase;
      for (let batch = 1; ; batch++) {
        const view = await tw.tournament(id);
        const pv = await tw.phaseView(id, p);
        const left = Number(pv.rooms) - Number(pv.closed);
        if (Number(view.stage) !== Stage.Playing || Number(view.phase) !== p || left <= 0) {
          if (batch === 1) setNote(`Every room of phase ${p} is closed already: nothing was sent.`);
          return;
        }
        const size = await closeBatchSize(tw, id, left);
        setRun({
          what: "close",
          done: Number(pv.closed),
          total: Number(pv.rooms),
          text: `batch ${batch}: closing rooms ${Number(pv.closed) + 1}–${Number(pv.closed) + size} of ${Number(pv.rooms)}`,
        });
        const r = await send(
          `Close timed-out rooms (batch of ${size})`,
          () => sendPadded(tw.closeTimedOutRooms, id, size),
          CTX,
        );
        if (!r) return;
      }
    });

  const advance = () =>
    exclusive(async () => {
      if (due.length === 0) {
        setNote("No room's window has passed: nothing was sent.");
        return;
      }
      const rooms = c.rooms;
      for (let i = 0; i < due.length; i += ADVANCE_BATCH) {
        const ids = due.slice(i, i + ADVANCE_BATCH);
        setRun({ what: "advance", done: i, total: due.length, text: `advancing rooms ${i + 1}–${i + ids.length}` });
        // Each room it finishes calls the tournament back: room by room headroom above the estimate.
        const r = await send(`Advance ${plural(ids.length, "room")} whose window passed`, async () =>
          rooms.advanceMany(ids, {
            gasLimit: (await rooms.advanceMany.estimateGas(ids)) + advanceHeadroom(ids.length),
          }),
        );
        if (!r) return;
      }
    });

  const inFlight = run !== null;
  return (
    <Panel title="Organiser">
      <div className="console-actions" data-testid="console-actions">
        {next > 0 && (
          <div className="console-action">
            <ActionButton
              call={txCall(tw, tw.startPhase, [id, next])}
              disabled={!ok("start") || inFlight}
              onClick={startPhase}
              busyText={`Starting phase ${next}…`}
            >
              <span data-testid="start-phase">
                Start phase {next}: {PHASE_NAMES[next]}
              </span>
            </ActionButton>
            <span className="muted small">
              {ok("start")
                ? "then its rooms are created as soon as the pairing is drawn"
                : why("start")
                  ? `Not yet: ${why("start")}.`
                  : "checking…"}
            </span>
          </div>
        )}
        {t.stage === Stage.Pairing && (
          <div className="console-action">
            <ActionButton
              call={txCall(tw, tw.createPhaseRooms, [id], { accepts: ["PairingNotReady"] })}
              disabled={inFlight}
              onClick={() => exclusive(() => createRooms(t.phase))}
            >
              <span data-testid="create-rooms">Create the rooms of phase {t.phase}</span>
            </ActionButton>
            {ok("reroll") && (
              <ActionButton
                kind="secondary"
                call={txCall(tw, tw.rerequestPairing, [id])}
                onClick={() => send("Re-request the pairing", () => sendPadded(tw.rerequestPairing, id), CTX)}
              >
                Request the pairing randomness again (stale)
              </ActionButton>
            )}
          </div>
        )}
        {t.stage === Stage.Playing && !pastDeadline && (
          <div className="console-action">
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="advance-rooms"
              disabled={due.length === 0 && !inFlight}
              {...(inFlight
                ? { "data-ui": "says a batch is in flight" }
                : {
                    "data-call": JSON.stringify({
                      to: String(c.rooms.target),
                      data: c.rooms.interface.encodeFunctionData("advanceMany", [due.slice(0, ADVANCE_BATCH)]),
                      value: "0",
                    }),
                  })}
              onClick={() => void advance()}
            >
              Advance {plural(due.length, "room")} whose window passed
            </button>
            <span className="muted small">
              applies the absent player's default (no offer, reject, no decision); anyone may
            </span>
          </div>
        )}
        {t.stage === Stage.Playing && phase && (
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
                      to: String(tw.target),
                      data: tw.interface.encodeFunctionData("closeTimedOutRooms", [id, 1]),
                      value: "0",
                    }),
                  })}
              onClick={() => void closeAll()}
            >
              Close every timed-out room
            </button>
            <span className="muted small">
              {pastDeadline
                ? `the phase deadline (block ${phase.deadline.toLocaleString("en-US")}) passed: the ${plural(phase.rooms - phase.finished, "room")} still running close with their defaults, in batches`
                : `from block ${(phase.deadline + 1).toLocaleString("en-US")}, after the phase deadline`}
            </span>
          </div>
        )}
        {run && (
          <div data-testid={`${run.what}-progress`} data-done={run.done} data-total={run.total}>
            <Progress value={run.done} max={run.total} label={run.text} />
          </div>
        )}
        {note && (
          <p className="notice" data-testid="console-note" role="status">
            {note}
          </p>
        )}
        {ok("record") && (
          <ActionButton
            kind="secondary"
            call={txCall(tw, tw.recordRooms, [id, 0, 100])}
            onClick={() => send("Record finished rooms", () => sendPadded(tw.recordRooms, id, 0, 100), CTX)}
          >
            Record rooms that finished without reporting (up to 100)
          </ActionButton>
        )}
        {ok("closeTournament") && (
          <ActionButton
            kind="danger"
            call={txCall(tw, tw.closeTournament, [id])}
            onClick={() => send(`Close tournament ${id}`, () => sendPadded(tw.closeTournament, id), CTX)}
          >
            Close the tournament (it never reached two players)
          </ActionButton>
        )}
        {t.stage !== Stage.Final && t.stage !== Stage.Closed && (
          <details className="console-handover">
            <summary>Hand the tournament to another organiser</summary>
            <label className="inline">
              <span>New organiser's address</span>
              <input value={newOrganiser} onChange={(e) => setNewOrganiser(e.target.value.trim())} placeholder="0x…" />
            </label>
            <ActionButton
              kind="secondary"
              disabled={!ok("organiser")}
              call={isAddress(newOrganiser) ? txCall(tw, tw.setOrganiser, [id, newOrganiser]) : undefined}
              ui={isAddress(newOrganiser) ? undefined : "waits for an address"}
              onClick={() =>
                send(`Hand tournament ${id} over`, () => sendPadded(tw.setOrganiser, id, newOrganiser), CTX)
              }
            >
              Hand over
            </ActionButton>
            {newOrganiser !== "" && !isAddress(newOrganiser) && (
              <span className="refusal small">That is not an address (0x and 40 hexadecimal digits).</span>
            )}
            {why("organiser") && <span className="refusal small">{why("organiser")}</span>}
          </details>
        )}
      </div>
    </Panel>
  );
}
