// A mocha reporter: the usual spec output, then where the time went. Set `TEST_TIMES=<file.json>` (hardhat.config.ts
// picks this reporter then) and every test's duration and every file's wall time (hooks and fixtures included) are
// written there, and the slowest ones printed at the end:
//   TEST_TIMES=reports/test-times.json npx hardhat test test/hex/ForkingHex.property.test.ts
import fs from "node:fs";
import path from "node:path";
import Mocha from "mocha";

const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_FAIL, EVENT_TEST_PASS } = Mocha.Runner.constants;

export interface Timings {
  /** Wall time of the whole run, ms. */
  totalMs: number;
  /** Per test file: wall time from its first suite's start to its last suite's end, ms (hooks included). */
  files: { file: string; ms: number; tests: number }[];
  /** Per test: mocha's duration, ms (its hooks not included). */
  tests: { title: string; file: string; ms: number; state: string }[];
}

const rel = (file: string | undefined) => (file ? path.relative(process.cwd(), file) : "(no file)");

export class TimingsReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const started = Date.now();
    const files = new Map<string, { start: number; end: number; tests: number }>();
    const tests: Timings["tests"] = [];
    runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
      if (!suite.file) return;
      const f = files.get(suite.file) ?? { start: Date.now(), end: Date.now(), tests: 0 };
      files.set(suite.file, f);
    });
    runner.on(EVENT_SUITE_END, (suite: Mocha.Suite) => {
      const f = suite.file ? files.get(suite.file) : undefined;
      if (f) f.end = Date.now();
    });
    const record = (test: Mocha.Test) => {
      tests.push({ title: test.fullTitle(), file: rel(test.file), ms: test.duration ?? 0, state: test.state ?? "?" });
      const f = test.file ? files.get(test.file) : undefined;
      if (f) f.tests++;
    };
    runner.on(EVENT_TEST_PASS, record);
    runner.on(EVENT_TEST_FAIL, record);
    runner.once(EVENT_RUN_END, () => {
      const out: Timings = {
        totalMs: Date.now() - started,
        files: [...files.entries()]
          .map(([file, f]) => ({ file: rel(file), ms: f.end - f.start, tests: f.tests }))
          .sort((a, b) => b.ms - a.ms),
        tests: tests.sort((a, b) => b.ms - a.ms),
      };
      const target = process.env.TEST_TIMES;
      if (target) {
        fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
        fs.writeFileSync(target, JSON.stringify(out, null, 1));
      }
      const s = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
      console.log(`\n  Slowest files (wall, hooks included; ${s(out.totalMs).trim()} in all):`);
      for (const f of out.files.slice(0, 15)) console.log(`  ${s(f.ms)}  ${f.file} (${f.tests} tests)`);
      console.log("\n  Slowest tests:");
      for (const t of out.tests.slice(0, 15)) console.log(`  ${s(t.ms)}  ${t.title}`);
      if (target) console.log(`\n  Every duration: ${target}`);
    });
  }
}
