// The organiser's calls, each enabled only when the contract accepts it (a static call against the pending block):
// start the next phase and create its rooms in batches as soon as its pairing is drawn (one click), advance the rooms
// whose window passed (their absent player's default), close every room after the phase deadline in gas-bounded
// batches with a progress bar, record rooms that finished without reporting, re-request a stale pairing, hand the
// tournament to another organiser, close a tournament that never reached two players. A batch run in flight is said
// so, and pressing again then (or when nothing is left) changes nothing and says so.
import { useMemo, useState } from "react";
import { isAddress } from "ethers";
import { PHASE_NAMES, Stage } from "../../../../client/snatch/tournament";
import { txCall } from "../../shared/calls";
import { PENDING, useProbes, type Probe } from "../../shared/probes";
import { ActionButton, Panel } from "../../shared/ui";
import { plural } from "../../../../client/format";
import { sendPadded } from "../../../../client/snatch/gas";
import type { RoomLine } from "./model";
import {
  answers,
  closeInBatches,
  closeSpec,
  createInBatches,
  CreateRooms,
  OneShots,
  shots,
  ProbedAction,
  PlayingRuns,
  useOrganiser,
} from "./runs";
import type { ClassData } from "./useClassData";

const CTX = { contract: "SnatchTournament" as const };

export function ConsoleActions({ id, data, lines }: { id: bigint; data: ClassData; lines: RoomLine[] }) {
  const { c, signer, account, block, send, runs } = useOrganiser(CTX);
  const { exclusive, inFlight } = runs;
  const [newOrganiser, setNewOrganiser] = useState("");
  const t = data.tournament!;
  const phase = data.phase;
  const next = t.stage === Stage.Registration ? 1 : t.stage === Stage.Ended ? t.phase + 1 : 0;
  const tournament = c?.tournament ?? null;

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
  }, [tournament, signer, c, id, t.stage, next, newOrganiser]);
  const probes = useProbes(probeList, `${block.number}:${t.stage}:${t.phase}:${account}:${newOrganiser}`, CTX, {
    holdWithin: `${t.stage}:${t.phase}:${account}:${newOrganiser}`,
  });
  const { ok, why } = answers(probes);

  if (!c || !tournament) return <p className="danger">No SnatchTournament deployment on this network.</p>;
  const tw = tournament;

  /** Creates the current phase's rooms batch by batch, waiting for the pairing randomness when it is not ready. */
  const createRooms = (p: number) =>
    createInBatches({
      runs,
      read: async () => {
        const [view, pv] = await Promise.all([tw.tournament(id), tw.phaseView(id, p)]);
        const open = Number(view.stage) === Stage.Pairing && Number(view.phase) === p;
        return { open, done: Number(pv.created), total: Number(pv.rooms) };
      },
      probe: () => tw.createPhaseRooms.staticCall(id, PENDING),
      notReady: "PairingNotReady",
      create: () => send(`Create the rooms of phase ${p}`, () => sendPadded(tw.createPhaseRooms, id), CTX),
      label: (done, total) => `phase ${p}: ${done} of ${plural(total, "room")} created`,
    });

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
    closeInBatches(
      { runs, send, ctx: CTX },
      [tw, id],
      async () => {
        const [view, pv] = await Promise.all([tw.tournament(id), tw.phaseView(id, t.phase)]);
        const open = Number(view.stage) === Stage.Playing && Number(view.phase) === t.phase;
        return { open, done: Number(pv.closed), total: Number(pv.rooms) };
      },
      { nothing: `Every room of phase ${t.phase} is closed already: nothing was sent.` },
    );

  return (
    <Panel title="Organiser">
      <div className="console-actions" data-testid="console-actions">
        {next > 0 && (
          <ProbedAction
            call={txCall(tw, tw.startPhase, [id, next])}
            ok={ok("start")}
            why={why("start")}
            yes="then its rooms are created as soon as the pairing is drawn"
            inFlight={inFlight}
            onClick={startPhase}
            busyText={`Starting phase ${next}…`}
          >
            <span data-testid="start-phase">
              Start phase {next}: {PHASE_NAMES[next]}
            </span>
          </ProbedAction>
        )}
        {t.stage === Stage.Pairing && (
          <CreateRooms
            call={txCall(tw, tw.createPhaseRooms, [id], { accepts: ["PairingNotReady"] })}
            inFlight={inFlight}
            onClick={() => exclusive(() => createRooms(t.phase))}
          >
            Create the rooms of phase {t.phase}
          </CreateRooms>
        )}
        <PlayingRuns
          runs={runs}
          lines={lines}
          close={
            t.stage === Stage.Playing && phase
              ? closeSpec(
                  tw,
                  id,
                  ok("close"),
                  closeAll,
                  [phase.deadline, phase.rooms - phase.finished],
                  ["the phase deadline", "applies the absent player's default (no offer, reject, no decision)"],
                )
              : null
          }
        />
        <OneShots
          ok={ok}
          items={shots(tw, send, CTX, [
            ["reroll", "secondary", "rerequestPairing", [id], "Request the pairing randomness again (stale)"],
            [
              "record",
              "secondary",
              "recordRooms",
              [id, 0, 100],
              "Record rooms that finished without reporting (up to 100)",
            ],
            [
              "closeTournament",
              "danger",
              "closeTournament",
              [id],
              "Close the tournament (it never reached two players)",
            ],
          ])}
        />
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
