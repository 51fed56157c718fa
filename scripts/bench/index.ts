// `npm run bench`: measures every gas scenario on the in-process network, prints a table, writes
// reports/gas.json (flat: scenario -> gas) and refreshes the README's gas table between its markers.
// Filter with BENCH=<prefix> (e.g. BENCH=hex) to run only the modules whose scenarios start with it.
import fs from "node:fs";
import path from "node:path";
import hre from "hardhat";
import { modules } from "./modules";

const ROOT = path.resolve(__dirname, "../..");
const REPORT = path.join(ROOT, "reports", "gas.json");
const README = path.join(ROOT, "README.md");
const START = "<!-- gas-table:start -->";
const END = "<!-- gas-table:end -->";

function fmt(n: number): string {
  return n.toLocaleString("en-US");
}

async function main() {
  const filter = process.env.BENCH;
  const figures: Record<string, number> = {};
  const rows: { title: string; name: string; gas: number; goal: string; ok: boolean }[] = [];
  const failures: string[] = [];
  for (const m of modules) {
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
      const goal = m.goals?.[name];
      const ok = goal?.max === undefined || gas <= goal.max;
      if (!ok) failures.push(`${name}: ${fmt(gas)} > ${fmt(goal!.max!)}`);
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

  const width = Math.max(...rows.map((r) => r.name.length));
  console.log();
  for (const r of rows) {
    console.log(`${r.ok ? " " : "!"} ${r.name.padEnd(width)}  ${fmt(r.gas).padStart(11)}  ${r.goal}`);
  }
  console.log(`\nwrote ${path.relative(ROOT, REPORT)} (${Object.keys(sorted).length} scenarios)`);

  if (!filter && fs.existsSync(README)) {
    const readme = fs.readFileSync(README, "utf8");
    const a = readme.indexOf(START);
    const b = readme.indexOf(END);
    if (a >= 0 && b > a) {
      const table = [
        "| scenario | gas | goal |",
        "| --- | ---: | --- |",
        ...rows.map((r) => `| \`${r.name}\` | ${fmt(r.gas)}${r.ok ? "" : " ⚠"} | ${r.goal} |`),
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
