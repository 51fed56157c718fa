// `npm test`: compiles once, then runs the test files in five processes at once, so both cores work:
//   - "chain": the contracts, the client layer, the tasks and the web app's unit tests (one single-threaded process on
//     Hardhat's in-process network);
//   - "indexer": test/indexer, which starts Ponder, PostgreSQL and anvil and mostly waits on them;
//   - "nodes and stacks": whole processes started by the tests themselves and waited on: the deploys, the nodes, the
//     README on anvil and Hardhat's node, the gateway and `npm run web` (isNodesOrStacks);
//   - "games' browsers": the games' pages in Chromium;
//   - "class browsers": the class's pages in Chromium (sheet, console, projector, sessions, the 15-player load).
//   The browser tests mostly wait on their node, indexer and browser, so they run as two processes.
//   test/web/harness.ts shares one stack (node, indexer, build, Chromium) among a process's files, which is why each
//   group is one process, not mocha's --parallel (one per file).
// Each group's output is printed when it ends (with its time), then a summary with each group's wall time and CPU time
// (user + system of the group's process and everything it started: scripts/test/cpu.ts); the exit code is non-zero if
// a group failed. With arguments it is plain `hardhat test <arguments>` (`npm test -- test/hex/ForkingHex.test.ts`).
//   TEST_FULL=1   the long versions of the random simulations (`npm run test:full`)
//   TEST_GROUPS=chain,indexer  only these groups (the first word of their names: chain, indexer, nodes, games, class)
//   TEST_TIMES=f  also the CPU and wall time of every file in the summary, and every test's and file's figures in f
//                 with the group's name (f-chain.json, ...; scripts/test/timings.ts)
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumBinary } from "../web/chromium";
import { cpuText, treeCpuSeconds } from "./cpu";
import { deleteNamespace, encodePool, makePool, NETNS_POOL_ENV, type Namespace } from "./netns-pool";
import type { Timings } from "./timings";

const REPO = path.resolve(__dirname, "../..");
const HARDHAT = path.join(REPO, "node_modules", "hardhat", "internal", "cli", "bootstrap.js");

/** Every file `hardhat test` would load (all .ts and .js files under test/), relative to the repo, sorted. */
export function testFiles(dir = path.join(REPO, "test")): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(full));
    else if (/\.(ts|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path.relative(REPO, full));
  }
  return out.sort();
}

/**
 * The "nodes and stacks" group's files: tests of whole processes (the nodes, the deploys, the gateway, `npm run web`)
 * that start their own and share no browser stack, so they can wait beside the browser groups instead of in them.
 */
export function isNodesOrStacks(file: string): boolean {
  return (
    /^test\/(nodes|deploy)\//.test(file) ||
    /^test\/web\/(supervise|gateway|gateway-attacks|gateway-property|gateway-process|gateway-status|confirm|class|class-keys)\.(test\.)?ts$/.test(
      file,
    )
  );
}

/** The files of the two browser groups (test/web but its unit tests and the stacks' tests, with its harness). */
export function isBrowsers(file: string): boolean {
  return /^test\/web\//.test(file) && !/unit\.test\.ts$/.test(file) && !isNodesOrStacks(file);
}

/** Of those, the class's: its sheet, console, projector, sessions, tournament and load (test/web/class*, ...). */
export function isClassBrowsers(file: string): boolean {
  return isBrowsers(file) && /^test\/web\/(class|console|session|tournament)[^/]*$/.test(file);
}

const nodesLast = (file: string) => (file.startsWith("test/nodes/") ? 1 : 0);

/**
 * The indexer files that play on the chain and two indexers they share (test/indexer/harness.ts `comparedPair`,
 * each calling `usesComparedPair`): run first, so the pair is stopped once they are done instead of polling its node
 * beside the files that start chains and indexers of their own.
 */
export const PAIR_FILES = /^test\/indexer\/(differential|export|starvation)\.test\.ts$/;
const pairFirst = (file: string) => (PAIR_FILES.test(file) ? 0 : 1);

/** The files of the "indexer" group. */
export function isIndexer(file: string): boolean {
  return /^test\/indexer\//.test(file);
}

export interface Group {
  name: string;
  files: string[];
  /** Scheduling priority (os.setPriority: higher is nicer to the others). */
  nice: number;
  /**
   * The priority of the group's session (its Linux autogroup, /proc/<pid>/autogroup; default 0). Linux shares the CPU
   * between sessions first, and the processes a group starts detached (Ponder, Chromium) have sessions of their own,
   * so a group whose work all runs in its own session (the nodes') gets a smaller share than one with a browser and
   * an indexer beside it, whatever `nice` says (docs/testing.md).
   */
  sessionNice?: number;
}

/** `npm test`'s groups of `files`, each run by a process of its own; every file is in exactly one. */
export function groupsOf(files: readonly string[]): Group[] {
  return [
    // The chain tests are throughput work: they yield the CPU to the browser tests, whose steps wait on each other.
    {
      name: "chain",
      files: files.filter((f) => !isBrowsers(f) && !isIndexer(f) && !isNodesOrStacks(f)),
      nice: 10,
    },
    { name: "indexer", files: files.filter(isIndexer).sort((x, y) => pairFirst(x) - pairFirst(y)), nice: 5 },
    // The README's two node runs (test/nodes/readme.ts) start when their file loads (child processes) and are done by
    // the time mocha reaches test/nodes, last in this group's order.
    // Its deploys, nodes and README runs are children in its own session: a session's share of about three, as the
    // groups with a session each for their test process, indexer and browser have.
    {
      name: "nodes and stacks",
      files: files.filter(isNodesOrStacks).sort((x, y) => nodesLast(x) - nodesLast(y)),
      nice: 5,
      sessionNice: -5,
    },
    { name: "games' browsers", files: files.filter((f) => isBrowsers(f) && !isClassBrowsers(f)), nice: 0 },
    { name: "class browsers", files: files.filter(isClassBrowsers), nice: 0 },
  ];
}

interface Done {
  group: Group;
  code: number;
  seconds: number;
  output: string;
  /** The group's figures (its CPU time, per file), if its process got as far as writing them. */
  timings?: Timings;
}

const children = new Set<ChildProcess>();

function hardhat(
  args: string[],
  env: NodeJS.ProcessEnv,
  capture: boolean,
  nice = 0,
  sessionNice = 0,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [HARDHAT, ...args], {
      cwd: REPO,
      env: { ...process.env, ...env },
      stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
      detached: true, // its own process group: stopped whole (nodes, browsers) on an interrupt
    });
    children.add(child);
    if (nice && child.pid) {
      try {
        os.setPriority(child.pid, nice);
      } catch {
        // not allowed here: the default priority
      }
    }
    if (sessionNice && child.pid) {
      try {
        // Its own session (detached), so this is the group's autogroup alone.
        fs.writeFileSync(`/proc/${child.pid}/autogroup`, String(sessionNice));
      } catch {
        // no autogroups here, or not allowed: the default share
      }
    }
    let output = "";
    child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
    child.on("close", (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

function stopAll(): void {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

/** Mocha's failure section of a group's output (from "N failing" on), at most `maxLines` lines; else its last lines. */
export function failures(output: string, maxLines = 120): string {
  const lines = output.split("\n");
  const start = lines.findIndex((l) => /^\s*\d+ failing\s*$/.test(l));
  const part = start >= 0 ? lines.slice(start) : lines.slice(-maxLines);
  return (
    part.slice(0, maxLines).join("\n") +
    (part.length > maxLines ? `\n  … (${part.length - maxLines} more lines: see this group's report above)` : "")
  );
}

/** A group's first word: its TEST_GROUPS name and its TEST_TIMES file's suffix. */
const shortName = (group: Group) => group.name.split(" ")[0].replace("'", "").toLowerCase();

function readTimings(file: string): Timings | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Timings;
  } catch {
    return undefined;
  }
}

/** TEST_TIMES's table: every group's files by CPU time, with what the group spent loading and outside its files. */
export function fileTable(results: readonly Pick<Done, "group" | "timings">[]): string {
  const lines = ["\n===== CPU and wall time per file (TEST_TIMES) ====="];
  for (const { group, timings } of results) {
    if (!timings) {
      lines.push(`  ${group.name}: no figures (the group's process ended before writing them)`);
      continue;
    }
    const inFiles = timings.files.reduce((n, f) => n + f.cpuSeconds, 0);
    lines.push(`  ${group.name}: ${cpuText(timings.cpuSeconds)} CPU`);
    const row = (cpu: number, wall: string, what: string) =>
      lines.push(`    ${cpuText(cpu).padStart(16)} ${wall.padStart(9)}  ${what}`);
    row(timings.loadCpuSeconds, "", "loading (Hardhat, TypeScript, the test files and what they start at once)");
    for (const f of timings.files) row(f.cpuSeconds, `${(f.ms / 1000).toFixed(1)} s`, `${f.file} (${f.tests} tests)`);
    row(timings.cpuSeconds - timings.loadCpuSeconds - inFiles, "", "between and after the files (root hooks)");
    const kinds = Object.entries(timings.kinds ?? {}).sort((a, b) => b[1] - a[1]);
    if (kinds.length) lines.push(`    by kind of process: ${kinds.map(([k, s]) => `${k} ${cpuText(s)}`).join(", ")}`);
  }
  return lines.join("\n");
}

const mmss = (s: number) => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) return (await hardhat(["test", ...args], {}, false)).code;

  const started = Date.now();
  const cpuAtStart = treeCpuSeconds();
  console.log("Compiling (once, for every group)…");
  const compiled = await hardhat(["compile"], {}, false);
  if (compiled.code !== 0) return compiled.code;
  const compileSeconds = (Date.now() - started) / 1000;
  const compileCpu = treeCpuSeconds() - cpuAtStart;

  const allGroups = groupsOf(testFiles());
  const only = process.env.TEST_GROUPS?.split(",").map((g) => g.trim().toLowerCase());
  const groups = allGroups.filter((g) => !only || only.includes(shortName(g)));
  if (groups.length === 0)
    throw new Error(`TEST_GROUPS=${process.env.TEST_GROUPS}: no such group (chain, indexer, nodes, games, class)`);
  console.log(
    `Running ${groups.map((g) => `"${g.name}" (${g.files.length} files)`).join(", ")} at once; ` +
      "each group's report follows when it ends.",
  );
  // Chromium is unpacked to the temp folder by the first process that asks for it, and a second process that finds the
  // file while it is still being written fails to launch it (spawn ETXTBSY): on a fresh machine the two browser groups
  // asked at once. Unpacked here, once, before any group starts.
  if (groups.some((g) => ["games", "class"].includes(shortName(g)))) await chromiumBinary();
  // The attack tests' network namespaces, made now, before any browser starts (netns-pool.ts says why): two at a
  // time is the most a file uses, one spare.
  const pools = new Map<Group, Namespace[]>();
  for (const group of groups) {
    const { pool, why } = makePool(3);
    if (why) {
      console.log(`No network namespaces made ahead (${why}): the attack tests make their own.`);
      break;
    }
    pools.set(group, pool);
  }
  const dropPools = () => [...pools.values()].flat().forEach(deleteNamespace);
  process.once("exit", dropPools);
  // Each group writes its figures (scripts/test/timings.ts) to TEST_TIMES's files, or to a temporary folder.
  const times = process.env.TEST_TIMES;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "test-times-"));
  const timesFile = (group: Group) => {
    const name = shortName(group);
    return times ? times.replace(/(\.json)?$/, `-${name}.json`) : path.join(scratch, `${name}.json`);
  };
  const running = new Set(groups.map((g) => g.name));
  const heartbeat = setInterval(() => {
    console.log(`  … ${mmss((Date.now() - started) / 1000)}: still running ${[...running].join(", ")}`);
  }, 60_000);
  const results = await Promise.all(
    groups.map(async (group): Promise<Done> => {
      const t0 = Date.now();
      // Compiled above: the groups' Hardhat children (nodes, deploys, tasks) must not compile at the same time
      // (NO_COMPILE: hardhat.config.ts says why).
      const env: NodeJS.ProcessEnv = { NO_COMPILE: "1", TEST_TIMES: timesFile(group) };
      const pool = pools.get(group);
      if (pool?.length) env[NETNS_POOL_ENV] = encodePool(pool);
      if (!times) env.TEST_TIMES_PRINT = "0";
      const { code, output } = await hardhat(
        ["test", "--no-compile", ...group.files],
        env,
        true,
        group.nice,
        group.sessionNice,
      );
      const done: Done = {
        group,
        code,
        seconds: (Date.now() - t0) / 1000,
        output,
        timings: readTimings(timesFile(group)),
      };
      running.delete(group.name);
      console.log(`\n===== ${group.name}: ${code === 0 ? "passed" : "FAILED"} in ${mmss(done.seconds)} =====`);
      process.stdout.write(output);
      return done;
    }),
  );
  clearInterval(heartbeat);
  dropPools();
  process.off("exit", dropPools);
  fs.rmSync(scratch, { recursive: true, force: true });
  const total = (Date.now() - started) / 1000;
  if (times) console.log(fileTable(results));
  console.log("\n===== npm test ===== (wall time; CPU: user + system, the processes each group started included)");
  console.log(`  compile                ${mmss(compileSeconds).padEnd(14)} ${cpuText(compileCpu).padStart(16)} CPU`);
  for (const r of results) {
    const passing = r.output.match(/(\d+) passing/)?.[1] ?? "?";
    const failing = r.output.match(/(\d+) failing/)?.[1];
    console.log(
      `  ${r.group.name.padEnd(22)} ${mmss(r.seconds).padEnd(14)} ${cpuText(r.timings?.cpuSeconds ?? NaN).padStart(16)} ` +
        `CPU: ${passing} passing${failing ? `, ${failing} FAILING` : ""}`,
    );
  }
  console.log(`  total                  ${mmss(total).padEnd(14)} ${cpuText(treeCpuSeconds()).padStart(16)} CPU`);
  // A CI log is often read from its end: the failures are repeated there, after the summary.
  for (const r of results.filter((x) => x.code !== 0)) {
    console.log(`\n===== ${r.group.name}: what failed =====`);
    console.log(failures(r.output));
  }
  return results.some((r) => r.code !== 0) ? 1 : 0;
}

if (require.main === module) {
  process.on("SIGINT", () => {
    stopAll();
    process.exit(130);
  });
  process.on("SIGTERM", () => {
    stopAll();
    process.exit(143);
  });
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      stopAll();
      process.exit(1);
    },
  );
}
