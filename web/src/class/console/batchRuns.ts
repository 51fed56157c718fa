// The organiser's batched runs: rooms created batch by batch while the randomness comes, and timed-out rooms closed
// in gas-bounded batches, each run one at a time through the console's runs (./runs.tsx).
import { decodeRevert } from "../../../../client/errors";
import { estimateOf, type Action } from "../../shared/action";
import { closeBatchSize, MAX_CLOSE_BATCH } from "./batches";
import type { Runs } from "./runs";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where a batched creation or close stands on chain: whether it still applies, and done of total. */
export interface BatchState {
  open: boolean;
  done: number;
  total: number;
}

/**
 * Creates rooms batch by batch (`create` sends one batch) while `read` says the creation is open, waiting for the
 * randomness when the static call `probe` fails with `notReady` (a minute at most). `label(done, total)` is the
 * progress text.
 */
export async function createInBatches(opts: {
  runs: Runs;
  read: () => Promise<BatchState>;
  probe: () => Promise<unknown>;
  notReady: string;
  create: () => Promise<unknown>;
  label: (done: number, total: number) => string;
}): Promise<void> {
  for (let tries = 0; ;) {
    const st = await opts.read();
    if (!st.open) return;
    opts.runs.setRun({ what: "rooms", done: st.done, total: st.total, text: opts.label(st.done, st.total) });
    try {
      await opts.probe();
    } catch (err) {
      const data = (err as { data?: unknown } | null)?.data;
      const name = typeof data === "string" ? decodeRevert(data)?.name : undefined;
      if (tries++ < 120 && name === opts.notReady) {
        await sleep(500);
        continue;
      }
      throw err;
    }
    if (!(await opts.create())) return;
  }
}

/**
 * Closes every timed-out room in gas-bounded batches as one run, while `read` says rooms are left: `batchOf(size)`
 * is the close of `size` rooms (the tournament's or the session's `closeTimedOutRooms`), sent as every action is.
 * Says `nothing` when no room was left.
 */
export function closeInBatches(
  { runs, sendAction }: { runs: Runs; sendAction: (a: Action) => Promise<unknown> },
  batchOf: (size: number) => Action,
  read: () => Promise<BatchState>,
  { nothing, max = MAX_CLOSE_BATCH }: { nothing: string; max?: number },
): Promise<void> {
  return runs.exclusive(async () => {
    for (let batch = 1; ; batch++) {
      const st = await read();
      const left = st.total - st.done;
      if (!st.open || left <= 0) {
        if (batch === 1) runs.setNote(nothing);
        return;
      }
      const size = await closeBatchSize((n) => estimateOf(batchOf(n)), left, max);
      runs.setRun({
        what: "close",
        done: st.done,
        total: st.total,
        text: `batch ${batch}: closing rooms ${st.done + 1}–${st.done + size} of ${st.total}`,
      });
      if (!(await sendAction(batchOf(size)))) return;
    }
  });
}
