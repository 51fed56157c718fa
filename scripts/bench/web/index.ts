// `npm run bench:web`: the web stack's figures on a seeded chain (seed.ts: 10,000 Forking Hex games, 2,000 Snatch
// rooms, a 200-player tournament through its five phases, 20 CATAMM games), written to reports/web.json as a flat
// object (figure -> number). Each measurement is one function of the list below; BENCH_WEB=<prefix>[,<prefix>…]
// runs only the measurements whose name starts with one of them and keeps the other figures of the report. BENCH_WEB_BEFORE=1 writes
// reports/web-before.json instead: the same figures on the pages before they read the indexer (the README's
// "before" column).
import fs from "node:fs";
import path from "node:path";
import { startPostgres, type PostgresHandle } from "../../web/postgres";
import { REPO } from "../../web/stack";
import { catchup, countEvents } from "./catchup";
import { seededChain, type SeededChain } from "./seed";
import { idleRequests, liveEventToPage, lobbyHex, lobbyRooms, startPageStack, type PageStack } from "./pages";
import { indexerReaders, queryTimes, viewReaders } from "./queries";

const BEFORE = path.join(REPO, "reports", "web-before.json");
const AFTER = path.join(REPO, "reports", "web.json");
const REPORT = process.env.BENCH_WEB_BEFORE ? BEFORE : AFTER;
const README = path.join(REPO, "README.md");
const START = "<!-- web-figures:start -->";
const END = "<!-- web-figures:end -->";

/** The README table's rows: each figure with its goal (and, once measured, the same figure before the indexer). */
const TABLE: { figure: string; goal: string }[] = [
  { figure: "lobby.hex.10000.ms", goal: "≤ 1,000 ms" },
  { figure: "lobby.rooms.2000.ms", goal: "≤ 1,000 ms" },
  { figure: "idle.requestsPerBlock", goal: "≤ 1" },
  { figure: "indexer.catchup.pglite.eventsPerSec", goal: "≥ 500 events/s" },
  { figure: "indexer.catchup.postgres.eventsPerSec", goal: "≥ 500 events/s" },
  { figure: "live.eventToPage.p95.ms", goal: "≤ 500 ms" },
  { figure: "query.leaderboard.p95.ms", goal: "≤ 50 ms" },
  { figure: "query.playerHistory.p95.ms", goal: "≤ 50 ms" },
];

export interface WebBenchContext {
  seeded: SeededChain;
  /** Events the indexed contracts emitted on the seeded chain. */
  events: number;
  /** A PostgreSQL started for the run (stopped at the end). */
  postgres(): Promise<PostgresHandle>;
  /** The pages' stack (seeded anvil, indexer, gateway, Chromium), started on first use (stopped at the end). */
  pages(): Promise<PageStack>;
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
  { name: "lobby.hex", run: async (ctx) => lobbyHex(await ctx.pages()) },
  { name: "lobby.rooms", run: async (ctx) => lobbyRooms(await ctx.pages()) },
  // The pages before the indexer read the contract's views; since, the indexer (as the pages do).
  {
    name: "query",
    run: async (ctx) => {
      const stack = await ctx.pages();
      return queryTimes(await (process.env.BENCH_WEB_BEFORE ? viewReaders(stack) : indexerReaders(stack)));
    },
  },
  { name: "idle", run: async (ctx) => idleRequests(await ctx.pages(), ctx.log) },
  // Changes the chain (new games): after the measurements that read it.
  { name: "live", run: async (ctx) => liveEventToPage(await ctx.pages()) },
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
  let pages: Promise<PageStack> | undefined;
  const ctx: WebBenchContext = {
    seeded,
    events: await countEvents(seeded),
    postgres: () => (pg ??= startPostgres()),
    pages: () => (pages ??= startPageStack(ctx)),
    log,
  };
  const figures: Record<string, number> = {
    "seed.blocks": f.blocks,
    "seed.events": ctx.events,
    "seed.seconds": f.seconds,
    "seed.hexGames": f.hexGames,
    "seed.rooms": f.rooms,
    "seed.catammGames": f.catammGames,
  };
  let failed: unknown = null;
  try {
    for (const m of MEASUREMENTS) {
      if (filter && !filter.split(",").some((prefix) => m.name.startsWith(prefix))) continue;
      const started = Date.now();
      const out = await m.run(ctx);
      for (const [k, v] of Object.entries(out)) {
        if (!Number.isFinite(v)) throw new Error(`${m.name} measured ${k} = ${v}`);
        figures[k] = v;
      }
      log(`${m.name}: ${JSON.stringify(out)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  } catch (err) {
    // The figures measured so far are still written; the run fails after.
    failed = err;
  } finally {
    if (pages) await (await pages.catch(() => null))?.stop();
    if (pg) await (await pg).stop();
  }
  const previous = readJson(REPORT);
  const merged = { ...previous, ...figures };
  const sorted = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((k) => [k, merged[k]]),
  );
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify(sorted, null, 2) + "\n");
  log(`wrote ${path.relative(REPO, REPORT)}`);
  writeReadmeTable();
  if (failed) throw failed;
}

const readJson = (file: string): Record<string, number> =>
  fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};

/** Refreshes the README's table of web figures (between its markers) from the two reports. */
function writeReadmeTable() {
  const figures = readJson(AFTER);
  const before = readJson(BEFORE);
  const readme = fs.readFileSync(README, "utf8");
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) return;
  const show = (v: number | undefined) => (v === undefined ? "-" : v.toLocaleString("en-US"));
  const rows = TABLE.filter((r) => r.figure in figures || r.figure in before).map(
    (r) => `| \`${r.figure}\` | ${r.goal} | ${show(before[r.figure])} | ${show(figures[r.figure])} |`,
  );
  const table = ["| figure | goal | before | after |", "| --- | --- | ---: | ---: |", ...rows].join("\n");
  fs.writeFileSync(README, readme.slice(0, a + START.length) + "\n" + table + "\n" + readme.slice(b));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
