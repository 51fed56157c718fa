// Batch sizes for the organiser's runs, bounded by gas: a batch must fit well inside a block beside the players' own
// transactions, so the console asks the node for the gas of the largest batch and halves it until it fits.
/** Most rooms one `closeTimedOutRooms` call passes (SnatchTournament.MAX_CLOSE_BATCH; SnatchSession's too). */
export const MAX_CLOSE_BATCH = 100;
/** Gas one batch may take: under half of a 30M block, so players' moves still fit beside it. */
export const BATCH_GAS = 12_000_000n;
/** Rooms per `advanceMany` call. */
export const ADVANCE_BATCH = 50;

/**
 * The largest batch of at most `left` rooms whose close fits {@link BATCH_GAS} (at least 1): `estimate` is the gas
 * of a `closeTimedOutRooms(id, size)` (the tournament's or the session's).
 */
export async function closeBatchSize(
  estimate: (size: number) => Promise<bigint>,
  left: number,
  max = MAX_CLOSE_BATCH,
): Promise<number> {
  let size = Math.max(1, Math.min(left, max));
  while (size > 1) {
    const gas = await estimate(size);
    if (gas <= BATCH_GAS) break;
    size = Math.floor(size / 2);
  }
  return size;
}

// Shared with the class load (scripts/class/players.ts), so it lives with the other gas headroom.
export { advanceHeadroom } from "../../../../client/snatch/gas";
