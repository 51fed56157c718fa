// What anyone (or the organiser) may do with a tournament now: register, start the next phase (or why not yet), the
// pairing randomness and the rooms' creation in batches, closing timed-out rooms in batches of a chosen size after
// the phase deadline, recording rooms that finished without reporting, closing a tournament that never reached two
// players. Each control is there only when the contract accepts its call (data/checks.ts).
// The batch controls send the same call again and again: each claims the batch it acts on (shared/claims.ts), so
// the next batch's tap is free once the page reads the one before as done.
import { JsonRpcProvider } from "ethers";
import type { Checks } from "../../data/checks";
import { useTimeLeft } from "../../shared/Countdown";
import { describeError } from "../../shared/errors";
import { NameField, usePlayerName } from "../../shared/NameField";
import { useToasts } from "../../shared/toasts";
import { ActionButton, Panel, RequestId } from "../../shared/ui";
import { useWallet } from "../../shared/wallet";
import { checkName } from "../../../../client/common/names";
import { mine, RANDOMNESS_STATUS_NAMES } from "../../../../client/chain";
import { plural } from "../../../../client/format";
import { PHASE_NAMES, Stage } from "../../../../client/snatch/tournament";
import type { SnatchTournament } from "../../../../typechain-types";
import { nextPhase, tournamentActions } from "./tournamentActions";
import type { LiveTournament } from "./useTournament";

export function TournamentActions({
  t,
  id,
  live,
  checks,
  closeBatch,
  setCloseBatch,
}: {
  t: SnatchTournament;
  id: bigint;
  live: LiveTournament;
  checks: Checks;
  closeBatch: string;
  setCloseBatch: (v: string) => void;
}) {
  const { provider, mode } = useWallet();
  const toasts = useToasts();
  const view = live.view!;
  const stage = Number(view.stage);
  const current = Number(view.phase);
  const next = nextPhase(stage, current);
  const phase = live.phases[current - 1];
  const deadlineText = useTimeLeft(phase ? Number(phase.deadline) : 0).text;
  const [name, setName] = usePlayerName();
  const nameProblem = checkName(name);
  const { ok, why } = checks;
  const act = tournamentActions(t, id);
  const after = () => live.refresh();
  const status = live.pairingStatus;

  const items = [];
  if (ok("register"))
    items.push(
      <NameField key="name" value={name} onChange={setName} hint="shown on the leaderboard instead of your address" />,
      <ActionButton key="reg" action={act.register(name)} disabled={nameProblem !== null} onDone={after}>
        Register
      </ActionButton>,
    );
  if (next > 0) {
    if (ok("start"))
      items.push(
        <ActionButton key="start" action={act.startPhase(next)} onDone={after}>
          Start phase {next}: {PHASE_NAMES[next]}
        </ActionButton>,
      );
    else if (why("start"))
      items.push(
        <p key="nostart" className="refusal" data-testid="start-refusal">
          Phase {next} cannot start yet: {why("start")}.
        </p>,
      );
  }
  if (stage === Stage.Pairing && phase) {
    items.push(
      <p key="pairing" data-testid="pairing">
        {phase.seed === 0n ? (
          <>
            Pairing randomness for phase {current} (request <RequestId id={phase.request} />
            ): <strong>{status === null ? "reading…" : RANDOMNESS_STATUS_NAMES[status]}</strong>.
          </>
        ) : (
          <>
            Pairing drawn; {Number(phase.created)} of {plural(Number(phase.rooms), "room")} created.
          </>
        )}
      </p>,
    );
    if (ok("rooms"))
      items.push(
        <ActionButton
          key="rooms"
          action={act.createPhaseRooms(current)}
          state={`rooms:${id}:${current}:${phase.seed}:${phase.created}`}
          onDone={after}
        >
          {phase.seed === 0n ? "Draw the pairing and create rooms" : "Create the next batch of rooms"}
        </ActionButton>,
      );
    if (ok("reroll"))
      items.push(
        <ActionButton
          key="reroll"
          action={act.rerequestPairing()}
          state={`reroll:${id}:${current}:${phase.request}`}
          kind="secondary"
          onDone={after}
        >
          Request the pairing randomness again
        </ActionButton>,
      );
    if (!ok("rooms") && mode === "local" && provider instanceof JsonRpcProvider)
      items.push(
        <ActionButton
          key="mine"
          kind="secondary"
          ui="mines a block on the local node"
          onClick={() => mine(provider, 1).catch((err) => toasts.push("error", describeError(err)))}
        >
          Mine a block (local node)
        </ActionButton>,
      );
  }
  if (stage === Stage.Playing && phase) {
    const batch = Number(closeBatch) || 1;
    items.push(
      <p key="playing">
        {Number(phase.totals.finished)} of {plural(Number(phase.rooms), "room")} finished. Phase deadline: block{" "}
        {Number(phase.deadline).toLocaleString("en-US")} ({deadlineText}); after it anyone closes the rooms still
        running with their defaults, in batches.
      </p>,
    );
    items.push(
      <div key="close" className="row">
        <label className="inline">
          <span>Rooms per batch</span>
          <input
            className="num"
            aria-label="Rooms per batch"
            value={closeBatch}
            onChange={(e) => setCloseBatch(e.target.value)}
          />
        </label>
        {ok("close") ? (
          <ActionButton
            action={act.closeTimedOutRooms(batch)}
            state={`close:${id}:${current}:${phase.closed}:${batch}`}
            onDone={after}
          >
            Close timed-out rooms
          </ActionButton>
        ) : (
          <span className="muted small">{why("close")}</span>
        )}
      </div>,
    );
  }
  if (ok("record"))
    items.push(
      <ActionButton key="record" action={act.recordRooms()} kind="secondary" onDone={after}>
        Record rooms that finished without reporting (up to 100)
      </ActionButton>,
    );
  if (ok("closeTournament"))
    items.push(
      <ActionButton key="closeTournament" action={act.closeTournament()} kind="danger" onDone={after}>
        Close the tournament (it never reached two players)
      </ActionButton>,
    );
  if (stage === Stage.Final) items.push(<p key="final">The tournament is final: its leaderboard no longer changes.</p>);
  if (stage === Stage.Closed) items.push(<p key="closed">The tournament was closed: it never reached two players.</p>);
  if (items.length === 0) return null;
  return (
    <Panel title="Actions">
      <div className="phase-panel">{items}</div>
    </Panel>
  );
}
