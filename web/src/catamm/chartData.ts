// Chart data from a game's history (pure; unit-tested).
import type { PricePoint } from "../../../client/catamm/history";

/** x positions: turn t's events spread over [t, t + 1) in their order (the draft and the opening at turn 0). */
export function xPositions(prices: PricePoint[][]): Map<number, number> {
  const byTurn = new Map<number, Set<number>>();
  for (const p of prices.flat()) {
    const set = byTurn.get(p.turn) ?? new Set<number>();
    set.add(p.seq);
    byTurn.set(p.turn, set);
  }
  const x = new Map<number, number>();
  for (const [turn, set] of byTurn) {
    const seqs = [...set].sort((a, b) => a - b);
    seqs.forEach((s, i) => x.set(s, turn + (i + 1) / (seqs.length + 1)));
  }
  return x;
}
