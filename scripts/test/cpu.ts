// CPU time of a process and everything it started, from /proc (Linux): user + system seconds of the process, of the
// children it has already waited for (the kernel adds those to it), and of its descendants still running. Unlike wall
// time it barely changes when other work shares the machine, so it is what `npm test` reports per group and per file.
// A descendant whose parent exits first is handed to init and no longer counted (none of the suite's stacks do that).
import { execFileSync } from "node:child_process";
import fs from "node:fs";

let ticks: number | undefined;

/** Clock ticks per second of /proc's times (CLK_TCK, 100 on Linux). */
function clockTicks(): number {
  if (ticks === undefined) {
    try {
      ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

interface Stat {
  ppid: number;
  /** utime + stime + cutime + cstime, in ticks. */
  ticks: number;
  /** utime + stime: the process's own, in ticks. */
  own: number;
}

/** A /proc/<pid>/stat line's parent and times (fields 4 and 14–17; the command name in parentheses may hold spaces). */
export function parseStat(line: string): Stat | undefined {
  const fields = line.slice(line.lastIndexOf(")") + 2).split(" ");
  if (fields.length < 15) return undefined;
  const n = (i: number) => Number(fields[i]) || 0;
  return { ppid: n(1), ticks: n(11) + n(12) + n(13) + n(14), own: n(11) + n(12) };
}

function readStats(): Map<number, Stat> {
  const stats = new Map<number, Stat>();
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return stats; // not Linux: no figures
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = parseStat(fs.readFileSync(`/proc/${name}/stat`, "utf8"));
      if (stat) stats.set(Number(name), stat);
    } catch {
      // gone meanwhile
    }
  }
  return stats;
}

/**
 * CPU seconds (user + system) used so far by process `root` and all its descendants, those ended and waited for
 * included; NaN where /proc cannot be read.
 */
export function treeCpuSeconds(root = process.pid): number {
  const stats = readStats();
  if (!stats.has(root)) return NaN;
  const children = new Map<number, number[]>();
  for (const [pid, s] of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  let total = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop()!;
    total += stats.get(pid)?.ticks ?? 0;
    todo.push(...(children.get(pid) ?? []));
  }
  return total / clockTicks();
}

/** CPU seconds as text: "734 s (12.2 min)" from 10 minutes on, else "83.4 s". */
export function cpuText(seconds: number): string {
  if (!Number.isFinite(seconds)) return "? s";
  return seconds >= 600 ? `${Math.round(seconds)} s (${(seconds / 60).toFixed(1)} min)` : `${seconds.toFixed(1)} s`;
}

/** What a process is, from its command line: the kinds of process the suite starts. */
export function processKind(cmdline: string): string {
  const kinds: [RegExp, string][] = [
    [/chromium|chrome/i, "Chromium"],
    [/ponder/, "Ponder (indexer)"],
    [/postgres|initdb/, "PostgreSQL"],
    [/anvil/, "anvil"],
    [/hardhat\S* node\b/, "Hardhat node"],
    [/hardhat\S* (--network \S+ )?(deploy|run)\b/, "Hardhat deploy"],
    [/hardhat\S* .*randomness:keeper/, "randomness keeper"],
    [/hardhat\S* .*cli:lines|npx hardhat|hardhat\S* --network/, "Hardhat tasks (README lines, CLI)"],
    [/vite|esbuild|rolldown/, "Vite build"],
    [/hardhat\S* test\b/, "the test process (mocha, Hardhat's in-process chain)"],
  ];
  return kinds.find(([re]) => re.test(cmdline))?.[1] ?? "other";
}

/**
 * Samples process `root`'s tree every `everyMs` and keeps each process's latest CPU time under its kind
 * ({@link processKind}); `stop()` returns CPU seconds per kind. A process's own time only (its children are sampled
 * themselves), and one that ends between two samples loses its last moments: a picture of where the time goes, not
 * an account ({@link treeCpuSeconds} is the account).
 */
export function sampleKinds(root = process.pid, everyMs = 1000): { stop(): Record<string, number> } {
  const seen = new Map<number, { kind: string; ticks: number }>();
  const sample = () => {
    const stats = readStats();
    const children = new Map<number, number[]>();
    for (const [pid, s] of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
    const todo = [root];
    while (todo.length) {
      const pid = todo.pop()!;
      const s = stats.get(pid);
      if (s) {
        let kind = seen.get(pid)?.kind;
        if (!kind) {
          try {
            kind = processKind(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " "));
          } catch {
            kind = "other";
          }
        }
        seen.set(pid, { kind, ticks: s.own });
      }
      todo.push(...(children.get(pid) ?? []));
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      const out: Record<string, number> = {};
      for (const { kind, ticks } of seen.values()) out[kind] = (out[kind] ?? 0) + ticks / clockTicks();
      return out;
    },
  };
}
