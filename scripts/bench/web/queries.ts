// The leaderboard's and a player's history's read time, p95 over 30 reads each, through the gateway, as the
// tournament pages read them: `source` "views" is the contract's views over /rpc (the pages before the indexer: the
// leaderboard in pages of 100 rows, a history as `entryOf` + `history`), "indexer" the indexer's SQL over /indexer
// (web/src/data's queries, @ponder/client).
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

export async function queryTimes(readers: QueryReaders): Promise<Record<string, number>> {
  return {
    "query.leaderboard.p95.ms": await timed(readers.leaderboard),
    "query.playerHistory.p95.ms": await timed(readers.history),
  };
}
