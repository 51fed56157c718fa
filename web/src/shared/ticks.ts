// Axis ticks for the charts: round values (1, 2, 2.5 or 5 times a power of ten) and the decimals that tell them apart.

/** About `count` round tick values covering [min, max] (one value when the range is empty; none for NaN). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max <= min) return [min];
  const raw = (max - min) / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const first = Math.ceil(min / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let v = first; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/** The decimals needed so that neighbouring `ticks` read differently (0 to 8). */
export function tickDecimals(ticks: readonly number[]): number {
  if (ticks.length < 2) return 0;
  const step = Math.min(...ticks.slice(1).map((v, i) => v - ticks[i]));
  const exact = (d: number) => ticks.every((t) => Math.abs(Number(t.toFixed(d)) - t) < step * 1e-6);
  for (let d = 0; d <= 8; d++) if (exact(d)) return d;
  return 8;
}
