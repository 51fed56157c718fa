// The indexer's catch-up rate: a fresh indexer started on the seeded chain (PGlite, or PostgreSQL), timed from the
// start of its backfill (Ponder's "Started backfill indexing") to the moment it has indexed the chain's last block;
// the rate is the indexed contracts' events over that time.
import { readIndexerDeployments, INDEXED_CONTRACTS } from "../../../indexer/deployments";
import { pagedQuery } from "../../../client/logs";
import { startIndexer } from "../../web/indexer";
import { rpc } from "../../web/stack";
import type { SeededChain } from "./seed";
import type { WebBenchContext } from "./index";

/** Every log the indexed contracts emitted on the seeded chain, counted through eth_getLogs in pages. */
export async function countEvents(seeded: SeededChain): Promise<number> {
  const anvil = await seeded.start();
  try {
    const d = readIndexerDeployments(seeded.folder);
    const address = INDEXED_CONTRACTS.map((c) => d.contracts[c].address);
    const from = Math.min(...INDEXED_CONTRACTS.map((c) => d.contracts[c].startBlock));
    const logs = await pagedQuery(
      async (a, b) => [
        (await rpc<unknown[]>(anvil.url, "eth_getLogs", [{ address, fromBlock: hex(a), toBlock: hex(b) }])).length,
      ],
      async () => Number(await rpc<string>(anvil.url, "eth_blockNumber")),
      { fromBlock: from, pageSize: 2_000 },
    );
    return logs.reduce((a, b) => a + b, 0);
  } finally {
    await anvil.stop();
  }
}

const hex = (n: number) => "0x" + n.toString(16);

export async function catchup(ctx: WebBenchContext, database: "pglite" | "postgres"): Promise<Record<string, number>> {
  const anvil = await ctx.seeded.start();
  try {
    const head = Number(await rpc<string>(anvil.url, "eth_blockNumber"));
    const indexer = await startIndexer({
      rpcUrl: anvil.url,
      deploymentsDir: ctx.seeded.folder,
      databaseUrl: database === "postgres" ? (await ctx.postgres()).url : undefined,
      readyTimeoutMs: 60 * 60_000,
    });
    try {
      await indexer.waitForBlock(head, 10 * 60_000);
      const done = Date.now();
      const start = /"time":(\d+),"msg":"Started backfill indexing"/.exec(indexer.output());
      if (!start) throw new Error("no backfill in the indexer's log");
      const seconds = (done - Number(start[1])) / 1000;
      return {
        [`indexer.catchup.${database}.eventsPerSec`]: Math.round(ctx.events / seconds),
        [`indexer.catchup.${database}.seconds`]: Math.round(seconds * 10) / 10,
      };
    } finally {
      await indexer.stop();
    }
  } finally {
    await anvil.stop();
  }
}
