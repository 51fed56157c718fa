// A fixed share of one core for some processes, whatever else runs and however the kernel schedules: a cgroup of
// the cpu controller (cgroup v1's cpu.cfs_quota_us, as on these machines) with the processes moved into it, then
// moved back. Niceness and a busy loop beside them gave a share that depended on the kernel's scheduler (a whole
// 300 s without an answer on one kernel, tens of ms on another); a quota is the same on every one. Root only.
import fs from "node:fs";
import path from "node:path";

const ROOT = "/sys/fs/cgroup/cpu";
const PERIOD_US = 100_000;

/** The cpu controller's cgroup a process is in (its line of /proc/<pid>/cgroup), as a folder under {@link ROOT}. */
function cgroupOf(pid: number): string {
  const line = fs
    .readFileSync(`/proc/${pid}/cgroup`, "utf8")
    .split("\n")
    .find((l) => l.split(":")[1]?.split(",").includes("cpu"));
  return path.join(ROOT, line?.split(":")[2] ?? "/");
}

/** A cap on some processes' CPU: how often it held them back so far, and its end. */
export interface CpuCap {
  /** Periods (100 ms each) in which the processes used their whole quota and were held until the next. */
  throttled(): number;
  /** Puts each process back where it was (a process gone meanwhile is skipped); once. */
  release(): void;
}

/** Caps `pids` (every thread of each, and the threads they start later) at `share` of one core until released. */
export function capCpu(pids: number[], share: number): CpuCap {
  if (!fs.existsSync(path.join(ROOT, "cpu.cfs_quota_us")))
    throw new Error(`capping a process's CPU needs cgroup v1's cpu controller at ${ROOT}, which this machine lacks`);
  const group = path.join(ROOT, `capped-${process.pid}-${Date.now()}`);
  fs.mkdirSync(group);
  fs.writeFileSync(path.join(group, "cpu.cfs_period_us"), String(PERIOD_US));
  fs.writeFileSync(path.join(group, "cpu.cfs_quota_us"), String(Math.max(1_000, Math.round(share * PERIOD_US))));
  const from = new Map<number, string>();
  for (const pid of pids) {
    from.set(pid, cgroupOf(pid));
    fs.writeFileSync(path.join(group, "cgroup.procs"), String(pid));
  }
  let released = false;
  let throttled = 0;
  const stat = () => {
    const line = fs
      .readFileSync(path.join(group, "cpu.stat"), "utf8")
      .split("\n")
      .find((l) => l.startsWith("nr_throttled "));
    return Number(line?.split(" ")[1] ?? 0);
  };
  return {
    throttled: () => (released ? throttled : stat()),
    release() {
      if (released) return;
      throttled = stat();
      released = true;
      for (const [pid, home] of from)
        try {
          fs.writeFileSync(path.join(home, "cgroup.procs"), String(pid));
        } catch {
          // gone
        }
      fs.rmdirSync(group);
    },
  };
}
