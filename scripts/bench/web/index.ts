// `npm run bench:web`: the web stack's figures on a seeded chain (seed.ts: 10,000 Forking Hex games, 2,000 Snatch
// rooms, a 200-player tournament through its five phases, 20 CATAMM games), written to reports/web.json as a flat
// object (figure -> number). Each measurement is one function of the list below; BENCH_WEB=<prefix> runs only the
// measurements whose name starts with it and keeps the other figures of the report.
import fs from "node:fs";
import path from "node:path";
import { startPostgres, type PostgresHandle } from "../../web/postgres";
import { REPO } from "../../web/stack";
import { catchup, countEvents } from "./catchup";
import { seededChain, type SeededChain } from "./seed";

const REPORT = path.join(REPO, "reports", "web.json");
const README = path.join(REPO, "README.md");
const START = "<!-- web-figures:start -->";
const END = "<!-- web-figures:end -->";

/** The README table's rows: each figure with its goal (and, once measured, the same figure before the indexer). */
const TABLE: { figure: string; goal: string; before?: string }[] = [
  { figure: "indexer.catchup.pglite.eventsPerSec", goal: "≥ 500 events/s" },
  { figure: "indexer.catchup.postgres.eventsPerSec", goal: "≥ 500 events/s" },
];

export interface WebBenchContext {
  seeded: SeededChain;
  /** Events the indexed contracts emitted on the seeded chain. */
  events: number;
  /** A PostgreSQL started for the run (stopped at the end). */
  postgres(): Promise<PostgresHandle>;
  log(line: string): void;
}

export interface Measurement {
  name: string;
  run(ctx: WebBenchContext): Promise<Record<string, number>>;
}

/** Every measurement, in order. Adding one is adding an entry. */
const MEASUREMENTS: Measurement[] = [
  { name: "indexer.catchup.pglite", run: (ctx) => catchup(ctx, "pglite") },
  { name: "indexer.catchup.postgres", run: (ctx) => catchup(ctx, "postgres") },
];

async function main() {
  const filter = process.env.BENCH_WEB;
  const log = (line: string) => console.log(line);
  const seeded = await seededChain(log);
  const f = seeded.facts;
  log(
    `Seeded chain: ${f.hexGames} Forking Hex games, ${f.rooms} rooms, a ${f.tournamentPlayers}-player tournament, ` +
      `${f.catammGames} CATAMM games in ${f.blocks} blocks (seeded in ${f.seconds} s)`,
  );
  let pg: Promise<PostgresHandle> | undefined;
  const ctx: WebBenchContext = {
    seeded,
    events: await countEvents(seeded),
    postgres: () => (pg ??= startPostgres()),
    log,
  };
  const figures: Record<string, number> = {
    "seed.blocks": f.blocks,
    "seed.events": ctx.events,
    "seed.seconds": f.seconds,
  };
  try {
    for (const m of MEASUREMENTS) {
      if (filter && !m.name.startsWith(filter)) continue;
      const started = Date.now();
      const out = await m.run(ctx);
      for (const [k, v] of Object.entries(out)) {
        if (!Number.isFinite(v)) throw new Error(`${m.name} measured ${k} = ${v}`);
        figures[k] = v;
      }
      log(`${m.name}: ${JSON.stringify(out)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  } finally {
    if (pg) await (await pg).stop();
  }
  const previous: Record<string, number> = fs.existsSync(REPORT) ? JSON.parse(fs.readFileSync(REPORT, "utf8")) : {};
  const merged = { ...previous, ...figures };
  const sorted = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((k) => [k, merged[k]]),
  );
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify(sorted, null, 2) + "\n");
  log(`wrote ${path.relative(REPO, REPORT)}`);
  writeReadmeTable(sorted);
}

/** Refreshes the README's table of web figures (between its markers) from the report. */
function writeReadmeTable(figures: Record<string, number>) {
  const readme = fs.readFileSync(README, "utf8");
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) return;
  const rows = TABLE.filter((r) => r.figure in figures).map(
    (r) => `| \`${r.figure}\` | ${figures[r.figure].toLocaleString("en-US")} | ${r.before ?? "-"} | ${r.goal} |`,
  );
  const table = ["| figure | with the indexer | before | goal |", "| --- | ---: | ---: | --- |", ...rows].join("\n");
  fs.writeFileSync(README, readme.slice(0, a + START.length) + "\n" + table + "\n" + readme.slice(b));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
