// Block deadlines as people read them: blocks left and an approximate time.

/** "45 s", "3 min 20 s", "2 h 5 min", "3 d 4 h". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const m = Math.floor(s / 60);
    return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
  }
  if (s < 86400) {
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return m === 0 ? `${h} h` : `${h} h ${m} min`;
  }
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  return h === 0 ? `${d} d` : `${d} d ${h} h`;
}

/**
 * A deadline `deadline` (the last block in which something is accepted) seen at block `block`:
 * "12 blocks left (~2 min 24 s)", "last block" when only the next block is left, "passed 3 blocks ago" after it.
 * The next block to be mined is `block + 1`, so `deadline - block` blocks can still include a transaction.
 */
export function blocksLeft(deadline: number, block: number, secondsPerBlock: number): string {
  const left = deadline - block;
  if (left < 0) return left === -1 ? "passed 1 block ago" : `passed ${-left} blocks ago`;
  if (left === 0) return "passed (this was the last block)";
  if (left === 1) return `last block (~${formatDuration(secondsPerBlock)})`;
  return `${left.toLocaleString("en-US")} blocks left (~${formatDuration(left * secondsPerBlock)})`;
}

/**
 * Average seconds per block from (block number, timestamp) samples, ignoring non-increasing pairs; `fallback` when
 * fewer than two usable samples. Clamped to [1, 3600] so a stalled local node does not show years.
 */
export function secondsPerBlock(samples: { block: number; timestamp: number }[], fallback = 12): number {
  const sorted = [...samples].sort((a, b) => a.block - b.block);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last || last.block <= first.block || last.timestamp <= first.timestamp) return fallback;
  const avg = (last.timestamp - first.timestamp) / (last.block - first.block);
  return Math.min(3600, Math.max(1, avg));
}
