// One seeded generator for every script, bot and property test, so a seed replays a run exactly.

/**
 * mulberry32: a small, fast 32-bit PRNG. Not for anything on-chain or adversarial: scripts and tests only.
 * A bigint seed is first folded to 32 bits (multiply-add, so nearby seeds start far apart).
 */
export class Rng {
  private state: number;

  constructor(seed: number | bigint) {
    this.state = typeof seed === "bigint" ? Number(BigInt.asUintN(32, seed * 2654435761n + 1013904223n)) : seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [lo, hi], both included. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One of `items`, uniformly. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}
