// What `npm run web` is doing while it starts: each step numbered ("[3/6] Deploying every game…"), timed when it
// ends, and, while a long one runs, a line every `tickMs` saying how long it has taken so far. A first start on a busy
// laptop takes minutes (compiling, deploying, indexing, building); a terminal that says nothing for that long looks
// stuck (issue 34).

/** Seconds, rounded: "42 s", "3 min 5 s". */
export function elapsed(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

export class Steps {
  private started = 0;
  private readonly t0 = Date.now();

  constructor(
    /** How many steps this start has (known from its options before the first). */
    private readonly total: number,
    private readonly log: (line: string) => void = (line) => console.log(line),
    private readonly tickMs = 20_000,
  ) {}

  /**
   * Runs one step: announces it (with `note`, e.g. how long it may take), reports while it runs, and says how long it
   * took (or that it failed).
   */
  async run<T>(label: string, work: () => Promise<T>, note?: string): Promise<T> {
    const n = ++this.started;
    const tag = `[${n}/${this.total}]`;
    const t = Date.now();
    this.log(`${tag} ${label}…${note ? ` (${note})` : ""}`);
    const tick = setInterval(() => this.log(`${tag} ${label}: ${elapsed(Date.now() - t)} so far`), this.tickMs);
    try {
      const value = await work();
      this.log(`${tag} ${label}: done in ${elapsed(Date.now() - t)}`);
      return value;
    } catch (err) {
      this.log(`${tag} ${label}: failed after ${elapsed(Date.now() - t)}`);
      throw err;
    } finally {
      clearInterval(tick);
    }
  }

  /** Time since the first step was created. */
  sinceStart(): string {
    return elapsed(Date.now() - this.t0);
  }
}
