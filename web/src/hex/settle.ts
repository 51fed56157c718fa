// Settlement progress as a fraction of the work, from the `game` view's phase and cursor (see ForkingHex.settle):
// phase 1 marks void positions ascending from lowestProven + 1 (games with a proof only), phase 2 evaluates
// descending from positionCount to 1, phase 3 is settled.

export interface SettleProgress {
  done: number;
  total: number;
  text: string;
}

export function settleProgress(phase: number, cursor: number, count: number, lowestProven: number): SettleProgress {
  const marking = lowestProven > 0 ? count - lowestProven : 0;
  const total = marking + count;
  if (phase === 0) return { done: 0, total, text: "not started" };
  if (phase === 1) {
    const done = cursor - (lowestProven + 1);
    return { done, total, text: `marking void positions: next #${cursor} of ${count}` };
  }
  if (phase === 2) {
    return { done: marking + (count - cursor), total, text: `evaluating: next #${cursor}, down to #1` };
  }
  return { done: total, total, text: "settled: every payout is credited" };
}
