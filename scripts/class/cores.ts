// Which core runs what during `npm run class:load`: the laptop's processes (node, indexer and its database, gateway,
// the console's and the projector's Chromium) on one core, the simulated class (the Node players, the phones'
// Chromium, the load script itself) on the other, pinned with util-linux `taskset`; their CPU from /proc; and the
// machine's CPU model and a single-core score, so that runs on different machines can be compared. Linux only.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

/** The two cores of a pinned run: the laptop's and the simulated class's. */
export interface Cores {
  laptop: number;
  class: number;
}

/** Cores for a pinned run, or why there are none (fewer than two cores, no `taskset`, not Linux). */
export function pickCores(): Cores | string {
  if (process.platform !== "linux") return "pinning needs Linux (taskset, /proc)";
  if (os.cpus().length < 2) return "pinning needs two cores";
  if (spawnSync("taskset", ["--version"]).status !== 0) return "pinning needs taskset (util-linux)";
  return { laptop: 0, class: 1 };
}

/** Every process of the machine: its parent and its CPU ticks (its own, and its waited-for children's). */
function processTable(): Map<number, { ppid: number; ticks: number }> {
  const table = new Map<number, { ppid: number; ticks: number }>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
      // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
      table.set(Number(name), {
        ppid: Number(f[1]),
        ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return table;
}

/** `pid` and every process under it. */
export function processTree(pid: number): number[] {
  if (!pid || !fs.existsSync("/proc")) return [];
  const table = processTable();
  const out: number[] = [];
  const walk = (p: number) => {
    if (!table.has(p)) return;
    out.push(p);
    for (const [child, s] of table) if (s.ppid === p) walk(child);
  };
  walk(pid);
  return out;
}

/**
 * CPU seconds used so far by `pid` and the processes under it (Linux /proc; 0 elsewhere). A child that ended counts
 * in its parent's waited-for children's time, so a database backend that came and went is not lost. `tree` false:
 * the process's own threads only.
 */
export function cpuSeconds(pid: number, opts: { tree?: boolean } = {}): number {
  if (!pid || !fs.existsSync("/proc")) return 0;
  if (opts.tree === false) {
    // Its own threads only: what it spends itself, not the processes it started.
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  }
  const table = processTable();
  let total = 0;
  const walk = (p: number) => {
    total += table.get(p)?.ticks ?? 0;
    for (const [child, s] of table) if (s.ppid === p) walk(child);
  };
  walk(pid);
  return total / 100; // USER_HZ
}

/**
 * Pins `pid`, every thread of it and every process under it to `core` (`taskset -a -p`); what they start later
 * inherits it. Returns the processes pinned.
 */
export function pinTree(pid: number, core: number): number[] {
  const pids = processTree(pid);
  for (const p of pids) {
    try {
      execFileSync("taskset", ["-a", "-p", "-c", String(core), String(p)], { stdio: "ignore" });
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

/** The cores `pid` may run on, as `taskset` lists them ("0", "1", "0,1"). */
export function affinity(pid: number): string {
  const out = execFileSync("taskset", ["-c", "-p", String(pid)], { encoding: "utf8" });
  return out.slice(out.lastIndexOf(":") + 1).trim();
}

/** The machine's CPU model, as /proc/cpuinfo names it (else Node's). */
export function cpuModel(): string {
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync("/proc/cpuinfo", "utf8"));
    if (m) return m[1].trim();
  } catch {
    // not Linux
  }
  return os.cpus()[0]?.model ?? "unknown";
}

/** The fixed loop of the score: 200 million steps of xorshift32, in a Node process of its own. */
const SCORE_LOOP =
  "let x = 2463534242; const t = process.hrtime.bigint();" +
  "for (let i = 0; i < 200_000_000; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; x >>>= 0; }" +
  "console.log(JSON.stringify({ ms: Number(process.hrtime.bigint() - t) / 1e6, x }));";

/**
 * A single-core score: the milliseconds a fixed CPU-bound loop (200 million xorshift32 steps in Node) takes on
 * `core` (any core when null), the best of three. Lower is faster.
 */
export function cpuScoreMs(core: number | null): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const cmd = core === null ? process.execPath : "taskset";
    const args = core === null ? ["-e", SCORE_LOOP] : ["-c", String(core), process.execPath, "-e", SCORE_LOOP];
    const out = execFileSync(cmd, args, { encoding: "utf8" });
    best = Math.min(best, (JSON.parse(out) as { ms: number }).ms);
  }
  return Math.round(best);
}
