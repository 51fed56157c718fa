// The organiser's calls, each enabled only when the contract accepts it (a static call against the pending block):
// start the next phase and create its rooms in batches as soon as its pairing is drawn (one click), advance the rooms
// whose window passed (their absent player's default), close every room after the phase deadline in gas-bounded
// batches with a progress bar, record rooms that finished without reporting, re-request a stale pairing, hand the
// tournament to another organiser, close a tournament that never reached two players. A batch run in flight is said
// so, and pressing again then (or when nothing is left) changes nothing and says so.
import { useMemo, useState } from "react";
import { isAddress } from "ethers";
import type { SnatchTournament } from "../../../../typechain-types";
import { PHASE_NAMES, Stage } from "../../../../client/snatch/tournament";
import { useChecks } from "../../data/checks";
import { chainKeys } from "../../data/keys";
import { useRefreshOn } from "../../data/refresh";
import { action, callOf, staticCallOf, withLabel, type ArgsOf, type SendMethod } from "../../shared/action";
import { ActionButton, Panel } from "../../shared/ui";
import { useWallet } from "../../shared/wallet";
import { plural } from "../../../../client/format";
import { HEADROOM } from "../../../../client/snatch/gas";
import type { RoomLine } from "./model";
import {
  closeInBatches,
  closeSpec,
  createInBatches,
  CreateRooms,
  OneClickActions,
  ProbedAction,
  PlayingRuns,
  useOrganiser,
} from "./runs";
import type { ClassData } from "./useClassData";

const CTX = { contract: "SnatchTournament" as const };

export function ConsoleActions({ id, data, lines }: { id: bigint; data: ClassData; lines: RoomLine[] }) {
  const { c, block, sendAction, runs } = useOrganiser(CTX);
  const { chainId } = useWallet();
  const { exclusive, inFlight } = runs;
  const [newOrganiser, setNewOrganiser] = useState("");
  const t = data.tournament!;
  const phase = data.phase;
  const next = t.stage === Stage.Registration ? 1 : t.stage === Stage.Ended ? t.phase + 1 : 0;
  const tournament = c?.tournament ?? null;

  // The organiser's actions, each described once; the contract's answers to them asked again as they may change.
  // (The same objects from render to render: each one's calldata is encoded once, shared/action.ts callOf.)
  const acts = useMemo(
    () => (tournament ? organiserActions(tournament, id, next, newOrganiser) : null),
    [tournament, id, next, newOrganiser],
  );
  const scope =
    chainId !== null && tournament
      ? [...chainKeys.tournament(chainId, String(tournament.target), id), "organiser"]
      : null;
  const stage = t.stage;
  const { ok, why } = useChecks<string>(scope, {
    start: next > 0 ? acts?.start : null,
    reroll: stage === Stage.Pairing ? acts?.reroll : null,
    close: stage === Stage.Playing ? acts?.close : null,
    record: stage === Stage.Pairing || stage === Stage.Playing ? acts?.record : null,
    closeTournament: stage === Stage.Registration ? acts?.closeTournament : null,
    organiser: acts?.organiser,
  });
  // While rooms play, their answers change only with the tournament's events (its stage, a room finished and
  // reported or not: record) and when the phase deadline passes (close): asked then, not at every block (two calls a
  // block were a good part of a 200-player console's work). Else at every block (a pairing going stale, and the like).
  const finished = lines.filter((l) => l.status === "finished").length;
  useRefreshOn(
    scope,
    stage === Stage.Playing
      ? [stage, t.phase, t.lastBlockSeen, finished, phase !== undefined && block.number > phase.deadline]
      : [block.number, stage, t.phase],
  );

  if (!c || !tournament || !acts) return <p className="danger">No SnatchTournament deployment on this network.</p>;
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
      probe: () => staticCallOf(acts.rooms),
      notReady: "PairingNotReady",
      create: () => sendAction(withLabel(acts.rooms, `Create the rooms of phase ${p}`)),
      label: (done, total) => `phase ${p}: ${done} of ${plural(total, "room")} created`,
    });

  const startPhase = () =>
    exclusive(async () => {
      if (await sendAction(acts.start!)) await createRooms(next);
    });

  const closeAll = () =>
    closeInBatches(
      { runs, sendAction },
      acts.closeBatch,
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
            call={callOf(acts.start!)}
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
            call={callOf(acts.rooms)}
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
                  acts.close,
                  ok("close"),
                  closeAll,
                  [phase.deadline, phase.rooms - phase.finished],
                  ["the phase deadline", "applies the absent player's default (no offer, reject, no decision)"],
                )
              : null
          }
        />
        <OneClickActions
          ok={ok}
          items={[
            ["reroll", "secondary", acts.reroll],
            ["record", "secondary", acts.record],
            ["closeTournament", "danger", acts.closeTournament],
          ]}
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
              action={acts.organiser ?? undefined}
              ui={acts.organiser ? undefined : "waits for an address"}
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

/** The organiser's actions on tournament `id` (`next`: the phase to start, 0 for none; `to`: a new organiser). */
function organiserActions(tw: SnatchTournament, id: bigint, next: number, to: string) {
  const a = <M extends SendMethod<SnatchTournament>>(m: M, args: ArgsOf<SnatchTournament, M>, label: string) =>
    action(tw, m, args, { label, headroom: HEADROOM, describe: CTX });
  return {
    start: next > 0 ? a("startPhase", [id, next], `Start phase ${next} (${PHASE_NAMES[next]})`) : null,
    // Asked before the pairing is drawn: its refusal for that is no reason to hide the button.
    rooms: action(tw, "createPhaseRooms", [id], {
      label: "Create the phase's rooms",
      headroom: HEADROOM,
      accepts: ["PairingNotReady"],
      describe: CTX,
    }),
    reroll: a("rerequestPairing", [id], "Request the pairing randomness again (stale)"),
    closeBatch: (size: number) => a("closeTimedOutRooms", [id, size], `Close timed-out rooms (batch of ${size})`),
    // The close of one room stands for the run (its check, the honest-controls check).
    close: a("closeTimedOutRooms", [id, 1], "Close a timed-out room"),
    record: a("recordRooms", [id, 0, 100], "Record rooms that finished without reporting (up to 100)"),
    closeTournament: a("closeTournament", [id], "Close the tournament (it never reached two players)"),
    organiser: isAddress(to) ? a("setOrganiser", [id, to], `Hand tournament ${id} over`) : null,
  };
}
