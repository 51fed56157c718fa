// Waiting in tests on something that runs beside them (a node, an indexer, a page, a server): ask again until the
// answer is the one needed, for as long as a busy machine may take, and when it never comes say what was expected and
// what was seen last (the last answer, or the last error), not just that time ran out.
//   await waitUntil("the node's head past block 12", () => head(url), (b) => b > 12);
// A probe that throws is asked again (a server still starting refuses connections); its error is what was seen.

/** Options of {@link waitUntil}. */
export interface WaitOptions<T> {
  /** Give up after this long (default 60 s: a busy 2-core machine, not the expected time). */
  timeoutMs?: number;
  /** Between two probes (default 100 ms). */
  intervalMs?: number;
  /** The seen value as text for the message (default JSON). */
  show?: (value: T) => string;
  /** Asked before each probe: a sentence ends the wait at once (the process that was to answer has exited, say). */
  hopeless?: () => string | undefined;
}

/** Thrown by {@link waitUntil}: `expected` never held; `seen` is the last answer (or error) when it gave up. */
export class WaitTimeout extends Error {
  constructor(
    readonly expected: string,
    readonly seen: string,
    readonly ms: number,
  ) {
    super(`waited ${(ms / 1000).toFixed(1)} s for ${expected}; saw ${seen}`);
    this.name = "WaitTimeout";
  }
}

const text = (value: unknown): string => {
  if (typeof value === "string") return JSON.stringify(value);
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)) ?? String(value);
  } catch {
    return String(value);
  }
};

/**
 * Asks `probe` until `done` holds for its answer, and returns that answer; throws a {@link WaitTimeout} naming
 * `expected` and the last answer or error after `timeoutMs`.
 */
export async function waitUntil<T>(
  expected: string,
  probe: () => Promise<T> | T,
  done: (value: T) => boolean,
  opts: WaitOptions<T> = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const started = Date.now();
  let seen = "nothing yet";
  for (;;) {
    const lost = opts.hopeless?.();
    if (lost) throw new Error(`gave up waiting for ${expected}: ${lost}; saw ${seen}`);
    try {
      const value = await probe();
      if (done(value)) return value;
      seen = opts.show ? opts.show(value) : text(value);
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      seen = `an error: ${error instanceof Error ? error.message : String(error)}${cause ? ` (${cause.code ?? cause.message})` : ""}`;
    }
    if (Date.now() - started >= timeoutMs) throw new WaitTimeout(expected, seen, Date.now() - started);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
}
