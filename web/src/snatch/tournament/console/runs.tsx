// A console's runs of transactions (rooms created, rooms closed, rooms advanced), one at a time: where the run
// stands (a progress bar), and a note when a press changed nothing (a run in flight, nothing left) or a call failed.
// Shared by the tournament's console and the class session's (web/src/snatch/session/SessionActions.tsx), with the
// advance button both offer (the rooms whose window passed, through `SnatchRooms.advanceMany`).
import { useRef, useState } from "react";
import { describeError } from "../../../shared/errors";
import { useTx } from "../../../shared/tx";
import { Progress } from "../../../shared/ui";
import { plural } from "../../../../../client/format";
import type { DescribeContext } from "../../../../../client/errors";
import type { SnatchRooms } from "../../../../../typechain-types";
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
        {...(inFlight
          ? { "data-ui": "says a batch is in flight" }
          : {
              "data-call": JSON.stringify({
                to: String(rooms.target),
                data: rooms.interface.encodeFunctionData("advanceMany", [due.slice(0, ADVANCE_BATCH)]),
                value: "0",
              }),
            })}
        onClick={() => void advance()}
      >
        Advance {plural(due.length, "room")} whose window passed
      </button>
      <span className="muted small">{hint}; anyone may</span>
    </div>
  );
}
