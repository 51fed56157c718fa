// `npm run bench`: measures every gas scenario on the in-process network, prints a table, writes
// reports/gas.json (flat: scenario -> gas) and refreshes the README's gas table between its markers.
// Filter with BENCH=<prefix> (e.g. BENCH=hex) to run only the modules whose scenarios start with it. BENCH_TRACE=1 also
// traces every single-transaction scenario and writes where its gas goes to reports/gas-breakdown.json, and traces every
// transaction of the whole runs (tournament.total.200, catamm.game.total: minutes) into reports/gas-floor.json, by kind
// of transaction with its floor (what it pays before any execution).
import fs from "node:fs";
import path from "node:path";
import hre from "hardhat";
import { modules } from "./modules";
import { traced, tracedRuns } from "../lib/gas";
import { num } from "../../client/format";
import { describeBreakdown, runTables, type GasBreakdown } from "../lib/gas-trace";

const ROOT = path.resolve(__dirname, "../..");
const REPORT = path.join(ROOT, "reports", "gas.json");
const BREAKDOWN = path.join(ROOT, "reports", "gas-breakdown.json");
const FLOOR = path.join(ROOT, "reports", "gas-floor.json");
/** The figures before issue 35's work (main at its start): the README table's "before" column. */
const BEFORE = path.join(ROOT, "reports", "gas-before.json");
const README = path.join(ROOT, "README.md");
const START = "<!-- gas-table:start -->";
const END = "<!-- gas-table:end -->";

async function main() {
  const filter = process.env.BENCH;
  const figures: Record<string, number> = {};
  const rows: { title: string; name: string; gas: number; goal: string; ok: boolean }[] = [];
  const failures: string[] = [];
  const breakdowns: Record<string, GasBreakdown> = {};
  for (const m of modules) {
    // A module none of whose scenarios the filter names is not run at all.
    if (filter && !Object.keys(m.goals ?? {}).some((n) => n.startsWith(filter))) continue;
    traced.length = 0;
    const snapshot = await hre.network.provider.send("evm_snapshot", []);
    const started = Date.now();
    const out = await m.run();
    await hre.network.provider.send("evm_revert", [snapshot]);
    const names = Object.keys(out).filter((n) => !filter || n.startsWith(filter));
    if (filter && names.length === 0) continue;
    console.log(`${m.title}: ${names.length} scenarios in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const name of names) {
      const gas = out[name];
      if (!Number.isInteger(gas) || gas <= 0) throw new Error(`scenario ${name} measured ${gas}`);
      figures[name] = gas;
      const trace = traced.find((t) => t.gas === gas);
      if (trace) breakdowns[name] = trace.breakdown;
      const goal = m.goals?.[name];
      const ok = goal?.max === undefined || gas <= goal.max;
      if (!ok) failures.push(`${name}: ${num(gas)} > ${num(goal!.max!)}`);
      rows.push({ title: m.title, name, gas, goal: goal?.text ?? "report", ok });
    }
    for (const check of m.checks ?? []) {
      const problem = check(out);
      if (problem) failures.push(problem);
    }
  }

  // Keep figures of modules not run this time (BENCH filter), so the report stays complete.
  const previous: Record<string, number> = fs.existsSync(REPORT) ? JSON.parse(fs.readFileSync(REPORT, "utf8")) : {};
  const merged = filter ? { ...previous, ...figures } : figures;
  const sorted = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((k) => [k, merged[k]]),
  );
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify(sorted, null, 2) + "\n");

  if (process.env.BENCH_TRACE === "1") {
    const previousBreakdowns: Record<string, GasBreakdown> =
      filter && fs.existsSync(BREAKDOWN) ? JSON.parse(fs.readFileSync(BREAKDOWN, "utf8")) : {};
    const all = { ...previousBreakdowns, ...breakdowns };
    const keys = Object.keys(all).sort();
    fs.writeFileSync(BREAKDOWN, JSON.stringify(Object.fromEntries(keys.map((k) => [k, all[k]])), null, 2) + "\n");
    console.log(`\nWhere the gas goes (${path.relative(ROOT, BREAKDOWN)}):`);
    for (const name of Object.keys(breakdowns)) console.log(`  ${name}: ${describeBreakdown(breakdowns[name])}`);
    if (Object.keys(tracedRuns).length > 0) {
      const previousRuns = fs.existsSync(FLOOR) ? JSON.parse(fs.readFileSync(FLOOR, "utf8")) : {};
      fs.writeFileSync(FLOOR, JSON.stringify({ ...previousRuns, ...tracedRuns }, null, 2) + "\n");
      for (const [name, run] of Object.entries(tracedRuns)) {
        console.log(
          `\n${name} by kind of transaction (${path.relative(ROOT, FLOOR)}; gas in millions from "base" on):`,
        );
        for (const line of runTables(run)) console.log(line);
        const players = run.players ?? 0;
        console.log(
          `${name}: ${num(run.total)} gas, ${num(run.floor)} before any execution, ${num(run.total - run.floor)} above` +
            (players
              ? `; per player ${num(Math.round(run.total / players))}, floor ${num(Math.round(run.floor / players))}`
              : ""),
        );
      }
    }
  }

  const width = Math.max(...rows.map((r) => r.name.length));
  console.log();
  for (const r of rows) {
    console.log(`${r.ok ? " " : "!"} ${r.name.padEnd(width)}  ${num(r.gas).padStart(11)}  ${r.goal}`);
  }
  console.log(`\nwrote ${path.relative(ROOT, REPORT)} (${Object.keys(sorted).length} scenarios)`);

  if (!filter && fs.existsSync(README)) {
    const readme = fs.readFileSync(README, "utf8");
    const a = readme.indexOf(START);
    const b = readme.indexOf(END);
    if (a >= 0 && b > a) {
      const before: Record<string, number> = fs.existsSync(BEFORE) ? JSON.parse(fs.readFileSync(BEFORE, "utf8")) : {};
      const table = [
        "| scenario | before | gas | goal |",
        "| --- | ---: | ---: | --- |",
        ...rows.map(
          (r) =>
            `| \`${r.name}\` | ${before[r.name] === undefined ? "" : num(before[r.name])} | ` +
            `${num(r.gas)}${r.ok ? "" : " ⚠"} | ${r.goal} |`,
        ),
      ].join("\n");
      fs.writeFileSync(README, readme.slice(0, a + START.length) + "\n" + table + "\n" + readme.slice(b));
      console.log("updated the README gas table");
    }
  }

  if (failures.length > 0) {
    console.error("\nGoals missed:\n  " + failures.join("\n  "));
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
