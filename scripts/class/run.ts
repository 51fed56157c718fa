/// <reference lib="dom" />
// One class, start to finish, on a class stack that is already up: the tournament with its Node players and phones,
// the console and the projector view open on the host, every phase started, played and closed; then the checks
// (every room finished, the indexer's leaderboard equal to the contract's) and the figures for reports/class.json.
// Used by `npm run class:load` (scripts/class/load.ts) and by test/web/class-load.e2e.test.ts.
import fs from "node:fs";
import path from "node:path";
import { JsonRpcProvider } from "ethers";
import type { Browser, Page } from "playwright-core";
import { readDeployments } from "../lib/deployments";
import { hashPrefix, type SeatCard } from "../../client/snatch/card";
import { readLeaderboard, Stage } from "../../client/snatch/tournament";
import { ClassRun, type ClassWindows } from "./players";
import { pageCpu, traceFor } from "./browser";
import { cpuSeconds } from "./cores";
import { openPhone, playRoom, rpcTimes, type Phone } from "./phones";
import { mulberry32 } from "./random";
import type { ClassFront, IndexerReads } from "./stack";

export interface ClassRunOptions {
  nodeUrl: string;
  nodePid: number;
  front: ClassFront;
  deploymentsFolder: string;
  /** The phones' browser (and the console's and the projector's, unless given their own below). */
  browser: Browser;
  /** The teacher's console and projector, each in a browser of its own (the laptop's; its CPU measured apart). */
  hostBrowsers?: { console: Browser; projector: Browser };
  /** Processes whose CPU the figures give per move and per block (`side`: the laptop's or the simulated class's). */
  processes?: MeasuredProcess[];
  players: number;
  phones: number;
  phases: number;
  windows: ClassWindows;
  absent: number;
  thinkMs: [number, number];
  seed: number;
  log: (line: string) => void;
}

/** A process (and the processes under it) whose CPU a run reports. */
export interface MeasuredProcess {
  name: string;
  pid: number;
  side: "laptop" | "class";
  /** The core it was pinned to, if any. */
  core: number | null;
  /** False: its own threads only, not the processes under it (the load script, whose children are the stack). */
  tree?: boolean;
}

/** A process's CPU over the phases: seconds, % of one core, and ms per move and per block. */
export interface ProcessCpu {
  name: string;
  side: "laptop" | "class";
  core: number | null;
  cpuSeconds: number;
  cpuPct: number;
  cpuMsPerMove: number;
  cpuMsPerBlock: number;
}

/** What a run measured and checked. */
export interface ClassFigures {
  players: number;
  phones: number;
  /** Click-to-confirmed latency seen by the phones in Chromium, ms (the page's clock: click event to "mined"). */
  p50ms: number;
  p95ms: number;
  maxms: number;
  /** Moves the phones made (the sample of the three figures above). */
  phoneMoves: number;
  /** Of the same moves: the click to the node taking the signed transaction (the rest waits for a block), p50, p95. */
  sentP50ms: number;
  sentP95ms: number;
  /** And from there to the page showing it mined (a block, the clock's list or its receipt, the page's update), p95. */
  minedP95ms: number;
  /** The phones' JSON-RPC round trips to the gateway (their reads, estimates, sends and receipts), p50, p95. */
  phoneRpcP50ms: number;
  phoneRpcP95ms: number;
  /** The same moves timed from the load script (Playwright's click call to it seeing the update), p95. */
  driverP95ms: number;
  /** The same for the Node players (send to receipt), p95. */
  botP95ms: number;
  botMoves: number;
  /** JSON-RPC calls the gateway forwarded to the node per second of the run. */
  requestsPerSec: number;
  /** Requests the gateway refused (HTTP 429 seen by phones, rate-limit errors seen by Node players). */
  refused: number;
  /** Longest time from the node showing a phase ended to the console showing it, ms. */
  phaseDoneToConsoleMs: number;
  /** CPU of the node and of the indexer over the run, % of one core. */
  nodeCpuPct: number;
  indexerCpuPct: number;
  /** Main-thread busy time of the pages over the phases, % of one core: a phone's (mean), the console's, the projector's. */
  phonePageCpuPct: number;
  consoleCpuPct: number;
  projectorCpuPct: number;
  /** The same pages' main-thread CPU time (Chromium's `ThreadTime`: not the time it waited for the core), %. */
  phonePageThreadPct: number;
  consoleThreadPct: number;
  projectorThreadPct: number;
  /** Requests a page sent the indexer (its SQL, through the gateway) per second over the phases: a phone's (mean), the console's, the projector's. */
  phoneIndexerReqPerSec: number;
  consoleIndexerReqPerSec: number;
  projectorIndexerReqPerSec: number;
  /** Of the pages' indexer SQL reads, the share the gateway answered from its cache (read-cache.ts), %. */
  indexerReadsSharedPct: number;
  seconds: number;
  /** Over the phases: their seconds, the blocks mined, and the moves confirmed (the Node players' and the phones'). */
  playSeconds: number;
  blocks: number;
  moves: number;
  /** The CPU of each measured process over the phases (options.processes). */
  cpu: ProcessCpu[];
  /** Every room of every phase finished. */
  allRoomsFinished: boolean;
  /** The indexer's leaderboard equals the contract's. */
  leaderboardMatches: boolean;
}

/** The share of the reads between two counts that the cache answered, %. */
const sharedPct = (from: IndexerReads, to: IndexerReads) => {
  const hits = to.hits - from.hits;
  const all = hits + to.misses - from.misses;
  return all > 0 ? Math.round((hits / all) * 100) : 0;
};

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

/** The addresses a class needs from a deployment folder. */
function addressesOf(folder: string) {
  const d = readDeployments(path.dirname(folder), [path.basename(folder)])[0];
  const at = (name: string) => {
    const a = d?.contracts[name]?.address;
    if (!a) throw new Error(`no ${name} in ${folder}`);
    return a;
  };
  return {
    rooms: at("SnatchRooms"),
    lens: at("SnatchRoomsLens"),
    tournament: at("SnatchTournament"),
    seatFunder: at("SeatFunder"),
    tournamentBlock: d!.contracts.SnatchTournament.blockNumber,
  };
}

/** Opens the console on the host with the organiser's development account picked. */
export async function openConsole(
  browser: Browser,
  hostUrl: string,
  id: bigint,
  organiser: string,
  opened: Page[] = [],
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  opened.push(page);
  await page.goto(`${hostUrl}#/snatch/tournament/${id}/console`);
  const picker = page.getByLabel("Account", { exact: true });
  await picker.locator("option").nth(1).waitFor({ state: "attached" });
  const values = await picker.locator("option").evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  const value = values.find((v) => v.toLowerCase() === organiser.toLowerCase());
  if (!value) throw new Error(`the account picker does not list the organiser ${organiser}`);
  await picker.selectOption(value);
  await page.getByTestId("phase-state").waitFor();
  return page;
}

/** Opens the projector view on the host, at a projector's size. */
export async function openProjector(browser: Browser, hostUrl: string, id: bigint): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  await page.goto(`${hostUrl}#/snatch/tournament/${id}/projector`);
  await page.getByTestId("projector-phase").waitFor();
  return page;
}

/** The indexer's leaderboard of tournament `id` (GraphQL), as player → [asP1, asP2, aggregate]. */
async function indexerBoard(indexerUrl: string, id: bigint): Promise<Map<string, number[]>> {
  const query = `{ snatchEntrys(where: { tournamentId: "${id}" }, limit: 1000) {
    items { player scoreAsP1 scoreAsP2 aggregate } } }`;
  const res = await fetch(`${indexerUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as {
    data?: { snatchEntrys: { items: { player: string; scoreAsP1: number; scoreAsP2: number; aggregate: number }[] } };
    errors?: unknown;
  };
  if (!body.data) throw new Error(`the indexer's leaderboard query failed: ${JSON.stringify(body.errors)}`);
  return new Map(
    body.data.snatchEntrys.items.map((e) => [e.player.toLowerCase(), [e.scoreAsP1, e.scoreAsP2, e.aggregate]]),
  );
}

export async function runClass(o: ClassRunOptions): Promise<ClassFigures> {
  const started = Date.now();
  const runCpu0 = { node: cpuSeconds(o.nodePid), indexer: cpuSeconds(o.front.indexer.process.pid ?? 0) };
  const calls0 = o.front.calls();
  const reads0 = o.front.reads();
  const a = addressesOf(o.deploymentsFolder);
  const run = new ClassRun({
    phoneRpc: `${o.front.phoneUrl}rpc`,
    hostRpc: o.nodeUrl,
    addresses: a,
    players: o.players,
    extraSeats: o.phones,
    windows: o.windows,
    absent: o.absent,
    thinkMs: o.thinkMs,
    seed: o.seed,
    phases: o.phases,
    log: o.log,
  });
  const host = new JsonRpcProvider(o.nodeUrl, 31337, { staticNetwork: true });
  const rng = mulberry32(o.seed + 1);
  const pages: Page[] = [];
  const phones: Phone[] = [];
  try {
    await run.setUp();
    const id = run.id;
    const organiser = await run.organiser.getAddress();
    await openConsole(o.hostBrowsers?.console ?? o.browser, o.front.hostUrl, id, organiser, pages);
    pages.push(await openProjector(o.hostBrowsers?.projector ?? o.browser, o.front.hostUrl, id));
    const deployHash = hashPrefix((await host.getBlock(a.tournamentBlock))!.hash!);
    for (let i = 0; i < o.phones; i++) {
      const seat = run.seats[o.players + i];
      const card: SeatCard = {
        key: seat.wallet.privateKey,
        chainId: 31337,
        tournamentContract: a.tournament,
        deployBlock: a.tournamentBlock,
        deployHash,
        tournament: id,
        seat: o.players + i + 1,
        name: seat.name,
        rpc: null,
      };
      phones.push(await openPhone(o.browser, o.front.phoneUrl, card, seat.wallet.address));
    }
    o.log(`console, projector and ${phones.length} phones open`);
    // The pages' own CPU over the phases; CLASS_PROFILE=<folder>: CPU profiles of the console, the projector and a
    // phone in phase 1.
    const [consolePage, projectorPage] = pages;
    const meters = await Promise.all([consolePage, projectorPage, ...phones.map((ph) => ph.page)].map(pageCpu));
    const busy0 = await Promise.all(meters.map((m) => m.seconds()));
    const thread0 = await Promise.all(meters.map((m) => m.threadSeconds()));
    const hostMetrics0 = await Promise.all(meters.slice(0, 2).map((m) => m.metrics()));
    const sql = [consolePage, projectorPage, ...phones.map((ph) => ph.page)].map((pg) => {
      const n = { count: 0 };
      pg.on("request", (req) => {
        if (new URL(req.url()).pathname.includes("/indexer/")) n.count++;
      });
      return n;
    });
    const played0 = Date.now();
    const block0 = await host.getBlockNumber();
    const measured = o.processes ?? [];
    const cpu0 = measured.map((m) => cpuSeconds(m.pid, m));
    const profileDir = process.env.CLASS_PROFILE;

    let phaseDoneToConsoleMs = 0;
    for (let p = 1; p <= o.phases; p++) {
      await run.startPhase(p);
      o.log(`phase ${p} playing`);
      if (profileDir && p === 1) await Promise.all(meters.slice(0, 3).map((m) => m.startProfile()));
      // And a trace of the console's browser over the phase's first 40 s: its tasks one by one (traceTasks).
      const tracing =
        profileDir && p === 1
          ? traceFor(o.hostBrowsers?.console ?? o.browser, consolePage, profileDir, 40_000).catch((err: unknown) =>
              o.log(`the console's trace failed: ${String(err)}`),
            )
          : null;
      const rooms = await Promise.all(
        Array.from({ length: Number((await run.tournament.phaseView(id, p)).rooms) }, (_, k) =>
          run.tournament.roomAt(id, p, k),
        ),
      );
      // The moment the node shows the phase ended, polled every 100 ms from the host.
      let endedAt = 0;
      const watch = (async () => {
        for (;;) {
          const v = await host.getBlockNumber().then(() => run.tournament.connect(host).tournament(id));
          if (Number(v.phase) !== p || Number(v.stage) === Stage.Ended || Number(v.stage) === Stage.Final) {
            endedAt = Date.now();
            return;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const phonePlays = phones.map((ph) => {
        const room = rooms.find((r) => [r.p1, r.p2].some((x) => x.toLowerCase() === ph.address.toLowerCase()));
        return room
          ? playRoom(ph, o.front.phoneUrl, room.roomId, () => o.thinkMs[0] + rng() * (o.thinkMs[1] - o.thinkMs[0]))
          : Promise.resolve();
      });
      // The console's own moment, watched from now on (not after the players' loops have wound down).
      const shown = `[data-testid="phase-state"][data-phase="${p}"][data-stage="${p === 5 ? Stage.Final : Stage.Ended}"]`;
      const consoleSaw = consolePage
        .locator(shown)
        .waitFor({ timeout: 30 * 60_000 })
        .then(() => Date.now());
      await Promise.all([run.playPhase(p), watch, ...phonePlays]);
      const lag = Math.max(0, (await consoleSaw) - endedAt);
      phaseDoneToConsoleMs = Math.max(phaseDoneToConsoleMs, lag);
      if (profileDir && p === 1) {
        await tracing;
        await meters[0].stopProfile(path.join(profileDir, "console.cpuprofile"));
        await meters[1].stopProfile(path.join(profileDir, "projector.cpuprofile"));
        if (meters[2]) await meters[2].stopProfile(path.join(profileDir, "phone.cpuprofile"));
      }
      o.log(`phase ${p} ended; the console showed it ${lag} ms after the node`);
    }

    const playSeconds = (Date.now() - played0) / 1000;
    const blocks = (await host.getBlockNumber()) - block0;
    const cpuUsed = measured.map((m, i) => cpuSeconds(m.pid, m) - cpu0[i]);
    const moves = run.stats.latenciesMs.length + phones.reduce((n, ph) => n + ph.latenciesMs.length, 0);

    // Checks: every room finished; the indexer's leaderboard is the contract's.
    let allRoomsFinished = true;
    for (let p = 1; p <= o.phases; p++) {
      const pv = await run.tournament.connect(host).phaseView(id, p);
      if (Number(pv.totals.finished) !== Number(pv.rooms)) allRoomsFinished = false;
    }
    const contract = await readLeaderboard(run.tournament.connect(host), id);
    await o.front.indexer.waitForBlock(await host.getBlockNumber());
    const indexed = await indexerBoard(o.front.indexer.url, id);
    const leaderboardMatches =
      contract.length === indexed.size &&
      contract.every((r) => {
        const row = indexed.get(r.player.toLowerCase());
        return !!row && row.join() === [r.scoreAsP1, r.scoreAsP2, r.aggregate].map(Number).join();
      });

    const busy = await Promise.all(meters.map((m, i) => m.seconds().then((b) => b - busy0[i])));
    const thread = await Promise.all(meters.map((m, i) => m.threadSeconds().then((b) => b - thread0[i])));
    // Where the console's and the projector's main thread went, for the log.
    for (const [i, page] of ["console", "projector"].entries()) {
      const now = await meters[i].metrics();
      const d = (k: string) => ((now[k] ?? 0) - (hostMetrics0[i][k] ?? 0)).toFixed(1);
      o.log(
        `${page}'s main thread over the phases: busy ${d("TaskDuration")} s (script ${d("ScriptDuration")}, ` +
          `style ${d("RecalcStyleDuration")}, layout ${d("LayoutDuration")}, other ${d("TaskOtherDuration")}), ` +
          `CPU ${d("ThreadTime")} s; its renderer's CPU ${d("ProcessTime")} s`,
      );
    }
    const pct = (b: number) => Math.round((b / ((Date.now() - played0) / 1000)) * 100);
    const phoneBusy = busy.slice(2);
    const phoneThread = thread.slice(2);
    const perSec = (n: number) => Math.round((n / ((Date.now() - played0) / 1000)) * 10) / 10;
    const seconds = (Date.now() - started) / 1000;
    const rpcs = (await Promise.all(phones.map(rpcTimes))).flat();
    const rpcMs = rpcs.map((r) => r.ms);
    const kinds = [...new Set(rpcs.map((r) => r.kind))].sort();
    for (const k of kinds) {
      const ms = rpcs.filter((r) => r.kind === k).map((r) => r.ms);
      o.log(
        `phones' JSON-RPC ${k}: ${ms.length} round trips, p50 ${quantile(ms, 0.5)} ms, p95 ${quantile(ms, 0.95)} ms`,
      );
    }
    const phoneLat = phones.flatMap((ph) => ph.latenciesMs);
    const phoneSent = phones.flatMap((ph) => ph.sentMs);
    return {
      players: o.players + o.phones,
      phones: o.phones,
      p50ms: quantile(phoneLat, 0.5),
      p95ms: quantile(phoneLat, 0.95),
      maxms: phoneLat.length ? Math.max(...phoneLat) : 0,
      phoneMoves: phoneLat.length,
      sentP50ms: quantile(phoneSent, 0.5),
      sentP95ms: quantile(phoneSent, 0.95),
      minedP95ms: quantile(
        phones.flatMap((ph) => ph.latenciesMs.map((ms, i) => ms - ph.sentMs[i])),
        0.95,
      ),
      phoneRpcP50ms: quantile(rpcMs, 0.5),
      phoneRpcP95ms: quantile(rpcMs, 0.95),
      driverP95ms: quantile(
        phones.flatMap((ph) => ph.driverMs),
        0.95,
      ),
      botP95ms: quantile(run.stats.latenciesMs, 0.95),
      botMoves: run.stats.latenciesMs.length,
      requestsPerSec: Math.round(((o.front.calls() - calls0) / seconds) * 10) / 10,
      refused: run.stats.refused + phones.reduce((s, ph) => s + ph.refused, 0),
      phaseDoneToConsoleMs,
      nodeCpuPct: Math.round(((cpuSeconds(o.nodePid) - runCpu0.node) / seconds) * 100),
      indexerCpuPct: Math.round(((cpuSeconds(o.front.indexer.process.pid ?? 0) - runCpu0.indexer) / seconds) * 100),
      phonePageCpuPct: phoneBusy.length ? pct(phoneBusy.reduce((x, y) => x + y, 0) / phoneBusy.length) : 0,
      consoleCpuPct: pct(busy[0]),
      projectorCpuPct: pct(busy[1]),
      phonePageThreadPct: phoneThread.length ? pct(phoneThread.reduce((x, y) => x + y, 0) / phoneThread.length) : 0,
      consoleThreadPct: pct(thread[0]),
      projectorThreadPct: pct(thread[1]),
      phoneIndexerReqPerSec: perSec(sql.slice(2).reduce((x, y) => x + y.count, 0) / Math.max(1, sql.length - 2)),
      consoleIndexerReqPerSec: perSec(sql[0].count),
      projectorIndexerReqPerSec: perSec(sql[1].count),
      indexerReadsSharedPct: sharedPct(reads0, o.front.reads()),
      seconds: Math.round(seconds),
      playSeconds: Math.round(playSeconds),
      blocks,
      moves,
      cpu: measured.map((m, i) => ({
        name: m.name,
        side: m.side,
        core: m.core,
        cpuSeconds: Math.round(cpuUsed[i] * 10) / 10,
        cpuPct: Math.round((cpuUsed[i] / playSeconds) * 100),
        cpuMsPerMove: moves ? Math.round((cpuUsed[i] / moves) * 1000 * 10) / 10 : 0,
        cpuMsPerBlock: blocks ? Math.round((cpuUsed[i] / blocks) * 1000) : 0,
      })),
      allRoomsFinished,
      leaderboardMatches,
    };
  } catch (err) {
    // The pages as they were, for the report.
    const dir = path.join(__dirname, "..", "..", "reports", "screenshots");
    fs.mkdirSync(dir, { recursive: true });
    for (const [i, pg] of [...pages, ...phones.map((ph) => ph.page)].entries())
      await pg.screenshot({ path: path.join(dir, `class-load-failed-${i}.png`) }).catch(() => undefined);
    throw err;
  } finally {
    run.destroy();
    host.destroy();
    for (const ph of phones) await ph.context.close().catch(() => undefined);
    for (const pg of pages)
      await pg
        .context()
        .close()
        .catch(() => undefined);
  }
}
