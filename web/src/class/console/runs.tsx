// A console's runs of transactions (rooms created, rooms closed, rooms advanced), one at a time: where the run
// stands (a progress bar), and a note when a press changed nothing (a run in flight, nothing left) or a call failed.
// Shared by the tournament's console and the class session's (../session/SessionActions.tsx), with the
// advance button both offer (the rooms whose window passed, through `SnatchRooms.advanceMany`).
import { useMemo, useRef, useState, type ReactNode } from "react";
import { useSnatchContracts } from "../../snatch/contracts";
import { roomsToAdvance, type RoomLine } from "./model";
import { callOf, type Action } from "../../shared/action";
import { callAttrs, type TxCall } from "../../shared/calls";
import { useBlock } from "../../shared/block";
import { describeError } from "../../shared/errors";
import { useTx } from "../../shared/tx";
import { ActionButton, Progress } from "../../shared/ui";
import { plural } from "../../../../client/format";
import type { DescribeContext } from "../../../../client/errors";
import type { SnatchRooms } from "../../../../typechain-types";
import { advanceHeadroom, ADVANCE_BATCH } from "./batches";

/** A run of transactions and where it stands. */
export interface Run {
  what: "rooms" | "close" | "advance";
  done: number;
  total: number;
  text: string;
}

export function useRuns(ctx: DescribeContext) {
  const [run, setRun] = useState<Run | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const running = useRef(false);

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
      setNote(describeError(err, ctx));
    } finally {
      running.current = false;
      setRun(null);
    }
  };
  return { run, setRun, note, setNote, exclusive, inFlight: run !== null };
}

export type Runs = ReturnType<typeof useRuns>;

/** What an organiser's panel works with: the contracts, the block, `sendAction`, and its runs. */
export function useOrganiser(ctx: DescribeContext) {
  const c = useSnatchContracts();
  const block = useBlock();
  const { sendAction } = useTx();
  const runs = useRuns(ctx);
  return { c, block, sendAction, runs };
}
export { closeInBatches, createInBatches, type BatchState } from "./batchRuns";

/**
 * The close button: `call` is a one-room close (for the honest-controls check), sent only when `ok`; the line beside
 * it says from which block it may (after `deadline`, the `what`'s deadline), or how many rooms are still running.
 */
export function CloseButton({
  call,
  ok,
  runs,
  onClick,
  deadline,
  running,
  what,
}: {
  call: TxCall;
  ok: boolean;
  runs: Runs;
  onClick: () => void;
  deadline: number;
  running: number;
  what: string;
}) {
  const head = useBlock().number;
  const past = deadline > 0 && head > deadline;
  return (
    <div className="console-action">
      <button
        type="button"
        className="btn btn-primary"
        data-testid="close-rooms"
        disabled={!ok && !runs.inFlight}
        {...callAttrs(runs.inFlight || !ok ? undefined : call, "says a batch is in flight")}
        onClick={onClick}
      >
        Close every timed-out room
      </button>
      <span className="muted small">
        {past
          ? `${what} (block ${deadline.toLocaleString("en-US")}) passed: ${plural(running, "room")} still running, each closed with its defaults, in batches`
          : `from block ${(deadline + 1).toLocaleString("en-US")}, after ${what}`}
      </span>
    </div>
  );
}

/** An organiser's call with the contract's answer beside it (`yes` when it accepts, else its refusal). */
export function ProbedAction({
  call,
  ok,
  why,
  yes,
  inFlight,
  onClick,
  busyText,
  children,
}: {
  call: TxCall;
  ok: boolean;
  why: string | undefined;
  yes: string;
  inFlight: boolean;
  onClick: () => Promise<unknown>;
  busyText: string;
  children: ReactNode;
}) {
  return (
    <div className="console-action">
      <ActionButton call={call} disabled={!ok || inFlight} onClick={onClick} busyText={busyText}>
        {children}
      </ActionButton>
      <span className="muted small">{probeLine(ok, why, yes)}</span>
    </div>
  );
}

/** Creating rooms: a run that waits for the randomness of the draw. */
export function CreateRooms({
  call,
  inFlight,
  onClick,
  children,
}: {
  call: TxCall;
  inFlight: boolean;
  onClick: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <div className="console-action">
      <ActionButton call={call} disabled={inFlight} onClick={onClick}>
        <span data-testid="create-rooms">{children}</span>
      </ActionButton>
    </div>
  );
}

/**
 * While rooms play: advance the rooms whose window passed (until the deadline, after which the close takes over),
 * close every timed-out room after it, and the run's progress and note.
 */
export function PlayingRuns({
  runs,
  lines,
  close,
}: {
  runs: Runs;
  lines: readonly RoomLine[];
  /** Null: no rooms play (or not yet known). */
  close: (Omit<Parameters<typeof CloseButton>[0], "runs"> & { advanceHint: string }) | null;
}) {
  const rooms = useSnatchContracts()?.rooms;
  const head = useBlock().number;
  const past = !!close && close.deadline > 0 && head > close.deadline;
  return (
    <>
      {rooms && close && !past && (
        <AdvanceButton rooms={rooms} due={roomsToAdvance(lines)} runs={runs} hint={close.advanceHint} />
      )}
      {close && <CloseButton {...close} runs={runs} />}
      <RunStatus run={runs.run} note={runs.note} />
    </>
  );
}

/**
 * The close button's settings: `close`, the close of one room (its call for the honest-controls check);
 * `[deadline, rooms still running]`, what the deadline is ("the phase deadline") and what advancing a room whose
 * window passed does.
 */
export function closeSpec(
  close: Action,
  ok: boolean,
  onClick: () => void,
  [deadline, running]: [number, number],
  [what, advanceHint]: [string, string],
): NonNullable<Parameters<typeof PlayingRuns>[0]["close"]> {
  return { call: callOf(close), ok, onClick, deadline, running, what, advanceHint };
}

/**
 * One-click organiser actions, each `[check id, kind, action]`, shown only while the contract accepts it (`ok`) and
 * sent as every action is (its description's send, through the transactions panel).
 */
export function OneClickActions({
  items,
  ok,
}: {
  items: [string, "secondary" | "danger", Action | null | undefined][];
  ok: (id: string) => boolean;
}) {
  return (
    <>
      {items.map(([id, kind, a]) =>
        a && ok(id) ? (
          <ActionButton key={id} kind={kind} action={a}>
            {a.label}
          </ActionButton>
        ) : null,
      )}
    </>
  );
}

/** A probe's answer as a line beside its control: `yes` when the contract accepts, else its refusal. */
export function probeLine(ok: boolean, why: string | undefined, yes: string): string {
  return ok ? yes : why ? `Not yet: ${why}.` : "checking…";
}

/** The run's progress bar and the last note. */
export function RunStatus({ run, note }: { run: Run | null; note: string | null }) {
  return (
    <>
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
    </>
  );
}

/**
 * Advances the rooms whose window passed (`due`), in batches of {@link ADVANCE_BATCH}: each applies the absent
 * player's default. Anyone may; the rooms contract decides.
 */
export function AdvanceButton({
  rooms,
  due,
  runs,
  hint,
}: {
  rooms: SnatchRooms;
  due: readonly bigint[];
  runs: ReturnType<typeof useRuns>;
  /** What advancing does to these rooms. */
  hint: string;
}) {
  const { send } = useTx();
  const { exclusive, setRun, setNote, inFlight } = runs;
  // The first batch's call, encoded when that batch changes, not at every render (two or three a block).
  const firstBatch = due.slice(0, ADVANCE_BATCH).join();
  const call = useMemo(
    () =>
      JSON.stringify({
        to: String(rooms.target),
        data: rooms.interface.encodeFunctionData("advanceMany", [firstBatch ? firstBatch.split(",").map(BigInt) : []]),
        value: "0",
      }),
    [rooms, firstBatch],
  );
  const advance = () =>
    exclusive(async () => {
      if (due.length === 0) {
        setNote("No room's window has passed: nothing was sent.");
        return;
      }
      for (let i = 0; i < due.length; i += ADVANCE_BATCH) {
        const ids = due.slice(i, i + ADVANCE_BATCH);
        setRun({ what: "advance", done: i, total: due.length, text: `advancing rooms ${i + 1}–${i + ids.length}` });
        // Each room it finishes calls its tournament or session back: room by room headroom above the estimate.
        const r = await send(`Advance ${plural(ids.length, "room")} whose window passed`, async () =>
          rooms.advanceMany(ids, {
            gasLimit: (await rooms.advanceMany.estimateGas(ids)) + advanceHeadroom(ids.length),
          }),
        );
        if (!r) return;
      }
    });
  return (
    <div className="console-action">
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="advance-rooms"
        disabled={due.length === 0 && !inFlight}
        {...(inFlight ? { "data-ui": "says a batch is in flight" } : { "data-call": call })}
        onClick={() => void advance()}
      >
        Advance {plural(due.length, "room")} whose window passed
      </button>
      <span className="muted small">{hint}; anyone may</span>
    </div>
  );
}
