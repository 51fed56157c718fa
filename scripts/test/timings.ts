// A mocha reporter: the usual spec output, then where the time went. Set `TEST_TIMES=<file.json>` (hardhat.config.ts
// picks this reporter then) and every test's duration and every file's wall time and CPU time (hooks, fixtures and the
// processes it started included: nodes, indexers, browsers) are written there, and the costliest ones printed at the
// end (TEST_TIMES_PRINT=0: written only; `npm test` prints its own summary):
//   TEST_TIMES=reports/test-times.json npx hardhat test test/hex/ForkingHex.property.test.ts
import fs from "node:fs";
import path from "node:path";
import Mocha from "mocha";
import { cpuText, sampleKinds, treeCpuSeconds } from "./cpu";

const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_FAIL, EVENT_TEST_PASS } = Mocha.Runner.constants;

export interface Timings {
  /** Wall time of the whole run, ms. */
  totalMs: number;
  /**
   * CPU seconds (user + system) of this process and every process it started, from its start to its exit: loading
   * Hardhat and the test files, every file, and the root hooks that stop shared stacks ({@link treeCpuSeconds}).
   */
  cpuSeconds: number;
  /** Of that, before the first test file ran: Hardhat, TypeScript, loading the files (and work they start at once). */
  loadCpuSeconds: number;
  /**
   * Per test file: wall time from its first suite's start to its last suite's end, ms (hooks included), and CPU
   * seconds of the whole process tree meanwhile (a stack another file started, still running, counts here too).
   */
  files: { file: string; ms: number; cpuSeconds: number; tests: number }[];
  /** CPU seconds by kind of process (Chromium, Ponder, the nodes, ...), sampled each second: see sampleKinds. */
  kinds: Record<string, number>;
  /** Per test: mocha's duration, ms (its hooks not included). */
  tests: { title: string; file: string; ms: number; state: string }[];
}

const rel = (file: string | undefined) => (file ? path.relative(process.cwd(), file) : "(no file)");

interface FileSpan {
  start: number;
  end: number;
  cpuStart: number;
  cpuEnd: number;
  tests: number;
}

export class TimingsReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    // Mocha builds its reporter once the test files are loaded.
    const loadCpu = treeCpuSeconds();
    const kinds = sampleKinds();
    const started = Date.now();
    const files = new Map<string, FileSpan>();
    const tests: Timings["tests"] = [];
    runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
      if (!suite.file || files.has(suite.file)) return;
      const cpu = treeCpuSeconds();
      files.set(suite.file, { start: Date.now(), end: Date.now(), cpuStart: cpu, cpuEnd: cpu, tests: 0 });
    });
    runner.on(EVENT_SUITE_END, (suite: Mocha.Suite) => {
      const f = suite.file ? files.get(suite.file) : undefined;
      // A file's top-level suites only: reading /proc at every nested suite's end would cost more than it tells.
      if (!f || !suite.parent?.root) return;
      f.end = Date.now();
      f.cpuEnd = treeCpuSeconds();
    });
    const record = (test: Mocha.Test) => {
      tests.push({ title: test.fullTitle(), file: rel(test.file), ms: test.duration ?? 0, state: test.state ?? "?" });
      const f = test.file ? files.get(test.file) : undefined;
      if (f) f.tests++;
    };
    runner.on(EVENT_TEST_PASS, record);
    runner.on(EVENT_TEST_FAIL, record);
    const target = process.env.TEST_TIMES;
    let out: Timings | undefined;
    const write = () => {
      if (!out || !target) return;
      fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
      fs.writeFileSync(target, JSON.stringify(out, null, 1));
    };
    runner.once(EVENT_RUN_END, () => {
      out = {
        totalMs: Date.now() - started,
        cpuSeconds: treeCpuSeconds(),
        loadCpuSeconds: loadCpu,
        kinds: kinds.stop(),
        files: [...files.entries()]
          .map(([file, f]) => ({
            file: rel(file),
            ms: f.end - f.start,
            cpuSeconds: f.cpuEnd - f.cpuStart,
            tests: f.tests,
          }))
          .sort((a, b) => b.cpuSeconds - a.cpuSeconds),
        tests: tests.sort((a, b) => b.ms - a.ms),
      };
      write();
      if (process.env.TEST_TIMES_PRINT === "0") return;
      const s = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
      console.log(
        `\n  Costliest files (CPU of the whole process tree, and wall; ${cpuText(out.cpuSeconds)} CPU and ` +
          `${s(out.totalMs).trim()} wall in all, ${cpuText(loadCpu)} CPU of it loading):`,
      );
      for (const f of out.files.slice(0, 15))
        console.log(`  ${cpuText(f.cpuSeconds).padStart(8)} CPU ${s(f.ms)}  ${f.file} (${f.tests} tests)`);
      const byKind = Object.entries(out.kinds).sort((a, b) => b[1] - a[1]);
      console.log(`\n  CPU by kind of process: ${byKind.map(([k, c]) => `${k} ${cpuText(c)}`).join(", ")}`);
      console.log("\n  Slowest tests:");
      for (const t of out.tests.slice(0, 15)) console.log(`  ${s(t.ms)}  ${t.title}`);
      if (target) console.log(`\n  Every duration: ${target}`);
    });
    // The root `after` hooks (stopping the shared stacks) and what they reaped end before the process does.
    process.once("exit", () => {
      if (!out) return;
      out.cpuSeconds = treeCpuSeconds();
      write();
    });
  }
}
