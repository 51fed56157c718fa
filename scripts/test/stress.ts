// `npm run test:stress`: `npm test` three times in a row while another process keeps one core busy (a loop that never
// sleeps), as on a CI machine shared with other work; prints each run's time and result, and fails if any run failed.
//   STRESS_RUNS=n   another number of runs (default 3)
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";

const REPO = path.resolve(__dirname, "../..");
const mmss = (s: number) => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO, stdio: "inherit" });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const runs = Number(process.env.STRESS_RUNS ?? 3);
  // One core kept busy for the whole time, by a process of its own.
  const busy = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  const stop = () => busy.kill("SIGKILL");
  // Stopped however the run ends: an interrupt or a kill of this script must not leave a core spinning behind it.
  process.on("exit", stop);
  process.on("SIGINT", () => process.exit(130));
  process.on("SIGTERM", () => process.exit(143));
  process.on("SIGHUP", () => process.exit(129));
  console.log(`test:stress: ${runs} runs of npm test on ${os.cpus().length} cores, one kept busy (pid ${busy.pid})`);
  const results: { code: number; seconds: number }[] = [];
  for (let i = 1; i <= runs; i++) {
    console.log(`\n########## test:stress run ${i} of ${runs} (load average ${os.loadavg()[0].toFixed(2)}) ##########`);
    const t0 = Date.now();
    const code = await run("npm", ["test"]);
    results.push({ code, seconds: (Date.now() - t0) / 1000 });
  }
  stop();
  console.log("\n########## test:stress ##########");
  results.forEach((r, i) => console.log(`  run ${i + 1}: ${r.code === 0 ? "passed" : "FAILED"} in ${mmss(r.seconds)}`));
  return results.every((r) => r.code === 0) ? 0 : 1;
}

main().then((code) => process.exit(code));
