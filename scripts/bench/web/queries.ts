// The leaderboard's and a player's history's read time, p95 over 30 reads each, as the tournament pages read them:
// `source` "views" is the contract's views over the gateway's /rpc (the pages before the indexer: the leaderboard in
// pages of 100 rows, a history as `entryOf` + `history`), "indexer" the SQL requests the pages send (web/src/data's
// queries, @ponder/client) sent to the indexer's own address: the time the indexer takes to answer them. Through the
// gateway the figure would depend on its read cache (an answer kept for the block is a hit of a few ms, and kept only
// while some page listens to the clock), which measured 5.2 ms in one run and 33.3 in the next for the same query.
import { JsonRpcProvider } from "ethers";
import { SnatchTournament__factory } from "../../../typechain-types";
import type { PageStack } from "./pages";
import { p95 } from "./pages";

const READS = 30;

async function timed(read: () => Promise<unknown>): Promise<number> {
  await read(); // warm (connections, the node's caches)
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  return Math.round(p95(times) * 10) / 10;
}

export interface QueryReaders {
  leaderboard(): Promise<unknown>;
  history(): Promise<unknown>;
}

/** The contract's views through the gateway's /rpc (tournament 1, its first registered player). */
export async function viewReaders(stack: PageStack): Promise<QueryReaders> {
  const provider = new JsonRpcProvider(stack.url + "rpc", undefined, { staticNetwork: true, batchMaxCount: 1 });
  const t = SnatchTournament__factory.connect(stack.address("SnatchTournament"), provider);
  const view = await t.tournament(1n);
  const players = Number(view.playerCount);
  const first = (await t.leaderboard(1n, 0, 1))[0].player;
  return {
    leaderboard: async () => {
      const rows = [];
      for (let offset = 0; offset < players; offset += 100) rows.push(...(await t.leaderboard(1n, offset, 100)));
      if (rows.length !== players) throw new Error(`the leaderboard has ${rows.length} rows, not ${players}`);
      return rows;
    },
    history: () => Promise.all([t.entryOf(1n, first), t.history(1n, first)]),
  };
}

/**
 * The SQL requests a page sends the indexer (through the gateway's /indexer) while it opens `route`, those whose SQL
 * `match`es: the pages' own queries (web/src/data/reads.ts), captured in Chromium, to be replayed from here.
 */
async function pageRequests(stack: PageStack, route: string, match: ((sql: string) => boolean)[]): Promise<string[]> {
  const context = await stack.browser.newContext();
  try {
    const page = await context.newPage();
    const seen: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname.endsWith("/indexer/sql/db")) seen.push(req.url());
    });
    await page.goto(stack.url + route);
    const sqlOf = (u: string) => new URL(u).searchParams.get("sql") ?? "";
    for (let i = 0; i < 600 && !match.every((m) => seen.some((u) => m(sqlOf(u)))); i++)
      await new Promise((r) => setTimeout(r, 100));
    return match.map((m) => {
      const url = seen.find((u) => m(sqlOf(u)));
      if (!url) throw new Error(`the page at ${route} sent no such query`);
      return url;
    });
  } finally {
    await context.close();
  }
}

/** Sends the pages' SQL requests (gateway URLs) to the indexer at `indexerUrl` itself, all at once, as a page does. */
async function replay(indexerUrl: string, urls: string[]): Promise<unknown[]> {
  return Promise.all(
    urls.map(async (u) => {
      const sql = new URL(u).searchParams.get("sql") ?? "";
      const r = await fetch(`${indexerUrl.replace(/\/$/, "")}/sql/db?sql=${encodeURIComponent(sql)}`);
      if (!r.ok) throw new Error(`the indexer answered ${r.status}: ${await r.text()}`);
      return r.json();
    }),
  );
}

/** The indexer's SQL: the requests the tournament pages send through the gateway, replayed to the indexer itself. */
export async function indexerReaders(stack: PageStack): Promise<QueryReaders> {
  const provider = new JsonRpcProvider(stack.url + "rpc", undefined, { staticNetwork: true, batchMaxCount: 1 });
  const t = SnatchTournament__factory.connect(stack.address("SnatchTournament"), provider);
  const first = (await t.leaderboard(1n, 0, 1))[0].player;
  // (The SQL sits JSON-encoded in the URL: match on table names, not on quoted identifiers.)
  const board = await pageRequests(stack, "#/snatch/tournament/1", [
    (q) => q.includes("snatch_entry") && q.includes("left join"),
    (q) => q.includes("snatch_tournament") && !q.includes("snatch_entry") && !q.includes("count("),
  ]);
  const history = await pageRequests(stack, `#/snatch/tournament/1/player/${first}`, [
    (q) => q.includes("snatch_pairing"),
    (q) => q.includes("snatch_entry") && !q.includes("left join"),
  ]);
  const at = stack.indexer.url;
  return { leaderboard: () => replay(at, board), history: () => replay(at, history) };
}

export async function queryTimes(readers: QueryReaders): Promise<Record<string, number>> {
  return {
    "query.leaderboard.p95.ms": await timed(readers.leaderboard),
    "query.playerHistory.p95.ms": await timed(readers.history),
  };
}
