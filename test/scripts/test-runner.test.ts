import { expect } from "chai";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseStat, treeCpuSeconds } from "../../scripts/test/cpu";
import { failures, fileTable, groupsOf, PAIR_FILES, testFiles } from "../../scripts/test/run";

const REPO = path.join(__dirname, "../..");

describe("npm test's runner (scripts/test/run.ts)", function () {
  it("puts every test file in exactly one group", function () {
    const files = testFiles();
    expect(files).to.include("test/scripts/test-runner.test.ts");
    const groups = groupsOf(files);
    const groupOf = (file: string) => groups.filter((g) => g.files.includes(file)).map((g) => g.name);
    for (const f of files) expect(groupOf(f), f).to.have.length(1);
    expect(groupOf("test/scripts/test-runner.test.ts")).to.deep.equal(["chain"]);
    expect(groupOf("test/web/refresh.unit.test.ts")).to.deep.equal(["chain"]);
    expect(groupOf("test/indexer/export.test.ts")).to.deep.equal(["indexer"]);
    expect(groupOf("test/deploy/timelock.test.ts")).to.deep.equal(["nodes and stacks"]);
    expect(groupOf("test/web/gateway-attacks.test.ts")).to.deep.equal(["nodes and stacks"]);
    expect(groupOf("test/web/gateway-status.test.ts")).to.deep.equal(["nodes and stacks"]);
    expect(groupOf("test/web/catamm.e2e.test.ts")).to.deep.equal(["games' browsers"]);
    expect(groupOf("test/web/harness.ts")).to.deep.equal(["games' browsers"]);
    expect(groupOf("test/web/session-console.e2e.test.ts")).to.deep.equal(["class browsers"]);
    // The README's node runs start when test/nodes/readme.ts loads and are met last, when they are done.
    const nodes = groups.find((g) => g.name === "nodes and stacks")!.files;
    expect(nodes.at(-1)).to.match(/^test\/nodes\//);
    expect(nodes.findIndex((f) => f.startsWith("test/nodes/"))).to.be.greaterThan(
      nodes.indexOf("test/deploy/timelock.test.ts"),
    );
  });

  it("runs the indexer files that share the compared pair first, and only those call usesComparedPair", function () {
    const indexer = groupsOf(testFiles())
      .find((g) => g.name === "indexer")!
      .files.filter((f) => f.endsWith(".test.ts"));
    const users = indexer.filter((f) => /usesComparedPair\(\)/.test(fs.readFileSync(path.join(REPO, f), "utf8")));
    expect(users).to.have.length(3);
    expect(indexer.filter((f) => PAIR_FILES.test(f))).to.deep.equal(users);
    expect(indexer.slice(0, users.length)).to.deep.equal(users);
    // Every file that asks for the pair says so (else the pair may stop under it).
    const askers = indexer.filter((f) => /comparedPair\(\)/.test(fs.readFileSync(path.join(REPO, f), "utf8")));
    expect(askers).to.deep.equal(users);
  });

  it("repeats mocha's failure section from 'N failing' on, bounded", function () {
    const output = [
      "  suite",
      "    ✔ a",
      "",
      "  3 passing (1s)",
      "  1 failing",
      "",
      "  1) suite",
      "       b:",
      "     Error: x",
    ].join("\n");
    expect(failures(output)).to.equal(["  1 failing", "", "  1) suite", "       b:", "     Error: x"].join("\n"));
    const long = ["  1 failing", ...Array.from({ length: 10 }, (_, i) => `line ${i}`)].join("\n");
    const cut = failures(long, 4).split("\n");
    expect(cut.slice(0, 4)).to.deep.equal(["  1 failing", "line 0", "line 1", "line 2"]);
    expect(cut[4]).to.contain("7 more lines");
  });

  it("without a failure section (a crash before mocha's report), the output's last lines", function () {
    const output = Array.from({ length: 10 }, (_, i) => `l${i}`).join("\n");
    expect(failures(output, 3)).to.equal("l7\nl8\nl9");
  });

  it("reads a /proc stat line's parent and CPU ticks, whatever the command's name holds", function () {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const line = "4242 (node (a) b) S 17 4242 4242 0 -1 4194304 10 0 0 0 250 30 1200 45 20 0 11 0 99 1 2";
    expect(parseStat(line)).to.deep.equal({ ppid: 17, ticks: 250 + 30 + 1200 + 45, own: 250 + 30 });
    expect(parseStat("1 (x) S 0")).to.equal(undefined);
  });

  it("counts a child's CPU time while it runs and after it ended", async function () {
    this.timeout(60_000);
    const before = treeCpuSeconds();
    // The child burns 0.4 s of its own CPU (not of the clock: a busy machine only makes it take longer).
    const burn = "const t = process.cpuUsage(); while (process.cpuUsage(t).user < 400_000) {} console.log('x')";
    const child = spawn(process.execPath, ["-e", burn], { stdio: ["ignore", "pipe", "ignore"] });
    await new Promise((resolve) => child.stdout.once("data", resolve));
    const running = treeCpuSeconds() - before;
    await new Promise((resolve) => child.once("exit", resolve));
    const ended = treeCpuSeconds() - before;
    expect(running, "while it runs").to.be.at.least(0.35);
    expect(ended, "once it ended and was waited for").to.be.at.least(running);
  });

  it("TEST_TIMES's table lists every file by CPU, with loading and the rest of the group", function () {
    const table = fileTable([
      {
        group: { name: "chain", files: [], nice: 0 },
        timings: {
          totalMs: 1000,
          cpuSeconds: 100,
          loadCpuSeconds: 10,
          files: [
            { file: "test/a.test.ts", ms: 30_000, cpuSeconds: 60, tests: 3 },
            { file: "test/b.test.ts", ms: 2_000, cpuSeconds: 25, tests: 1 },
          ],
          kinds: { Chromium: 50, "Ponder (indexer)": 20.5 },
          tests: [],
        },
      },
      { group: { name: "class browsers", files: [], nice: 0 } },
    ]).split("\n");
    expect(table).to.include("  chain: 100.0 s CPU");
    expect(table.find((l) => l.includes("test/a.test.ts"))).to.match(
      /^\s+60\.0 s\s+30\.0 s  test\/a\.test\.ts \(3 tests\)$/,
    );
    expect(table.find((l) => l.includes("root hooks"))).to.match(/^\s+5\.0 s /);
    expect(table.find((l) => l.includes("class browsers"))).to.contain("no figures");
    expect(table).to.include("    by kind of process: Chromium 50.0 s, Ponder (indexer) 20.5 s");
  });
});
