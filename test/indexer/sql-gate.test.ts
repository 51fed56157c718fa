// Issue 33, item 4 (and item 7's ports): what a phone may ask the indexer is bounded, on PGlite and on PostgreSQL.
// Real Ponder indexers (PGlite; PostgreSQL from npm) follow a real node with games played, each behind the class
// stack's gateway; a phone (a network namespace, test/helpers/netns.ts) sends the attack that stalled the indexer
// (the cross join of ten VALUES lists, under 600 characters) and its cousins over and over, while a second phone
// reads /status, an export and the app's reads: the attacks are refused with a sentence (indexer/src/api/sql-gate.ts)
// and the reads keep answering. A join the planner expects to make too many rows is refused before it runs; on
// PostgreSQL a read that still runs long is stopped by statement_timeout. A flood of refused live queries does not
// lock live queries (Ponder counts a live query before validating it); live queries are capped. And the indexer's
// and the database's ports are not reachable from the room's network at all.
// [no-coverage]: no contract is measured here.
import { expect } from "chai";
import superjson from "superjson";
import { Rng } from "../../client/rng";
import type { NodeHandle } from "../../scripts/web/stack";
import { startGateway, type GatewayHandle } from "../../scripts/web/gateway";
import type { IndexerHandle } from "../../scripts/web/indexer";
import type { PostgresHandle } from "../../scripts/web/postgres";
import { createNetns, type Netns } from "../helpers/netns";
import { playHex } from "./drivers";
import { caughtUp, connectGames, freshChain, sharedPostgres, startIndexers, type Games } from "./harness";

/** A query as @ponder/client puts it in the URL. */
const q = (sql: string, params: unknown[] = []) => encodeURIComponent(superjson.stringify({ sql, params }));

/** The attack of the issue: ten VALUES lists of ten rows, cross joined (10^10 rows to count). */
const VALUES_BOMB = `select count(*) from ${Array.from(
  { length: 10 },
  (_, i) => `(values (1),(2),(3),(4),(5),(6),(7),(8),(9),(0)) t${i}(x)`,
).join(", ")}`;

/** Its cousins: each would keep the indexer busy for good; each is refused before it runs. */
const BOMBS = [
  VALUES_BOMB,
  "select count(*) from hex_position a cross join hex_position b cross join hex_position c cross join hex_position d",
  "select count(*) from hex_position a, hex_position b, hex_position c, hex_position d, hex_position e",
  "select count(*) from hex_position a join hex_position b on a.block >= b.block join hex_position c on c.block >= b.block",
  "select replace(replace(replace(replace(replace(player, 'a', 'aaaaaaaa'), 'a', 'aaaaaaaa'), 'a', 'aaaaaaaa'), 'a', 'aaaaaaaa'), 'a', 'aaaaaaaa') from hex_position",
];

/** Joined on a column every row of a game shares: 20 positions make 20^6 rows; the planner knows it is many. */
const SELF_JOIN = `select count(*) from hex_position a ${["b", "c", "d", "e", "f"]
  .map((t) => `join hex_position ${t} on ${t}.game_id = a.game_id`)
  .join(" ")}`;

describe("indexer: SQL reads bounded for a phone, on PGlite and PostgreSQL (issue 33, item 4) [no-coverage]", function () {
  this.timeout(600_000);
  let anvil: NodeHandle;
  let pg: PostgresHandle;
  let pglite: IndexerHandle;
  let postgres: IndexerHandle;
  const gateways: GatewayHandle[] = [];
  let attacker: Netns;
  let reader: Netns;
  let g: Games;
  let game: bigint;

  before(async function () {
    let folder: string;
    let chain;
    // The indexer files' PostgreSQL server (each indexer has a schema of its own on it).
    [chain, pg] = await Promise.all([freshChain(), sharedPostgres()]);
    ({ anvil, folder } = chain);
    const env = { INDEXER_POLLING_MS: "100", INDEXER_LIVE_MAX: "3" };
    [pglite, postgres] = await startIndexers([
      { rpcUrl: anvil.url, deploymentsDir: folder, env },
      { rpcUrl: anvil.url, deploymentsDir: folder, env, databaseUrl: pg.url },
    ]);
    g = await connectGames(anvil.url, folder);
    // Only the game's last state is read here: the indexers catch up once, after it.
    const ctx = { g, rng: new Rng(33), check: async () => undefined };
    game = await playHex(ctx, 20);
    await caughtUp(g.provider, [pglite, postgres]);
    for (const ix of [pglite, postgres])
      gateways.push(
        await startGateway({
          nodeUrl: anvil.url,
          indexerUrl: ix.url,
          bind: "0.0.0.0",
          limits: { rate: { perSecond: 1_000, burst: 1_000 } },
        }),
      );
    attacker = await createNetns();
    reader = await createNetns();
  });

  after(async function () {
    await attacker?.remove();
    await reader?.remove();
    await Promise.all(gateways.map((x) => x.stop()));
    await Promise.all([pglite?.stop(), postgres?.stop()]);
    await anvil?.stop();
  });

  for (const [i, name] of [
    [0, "PGlite"],
    [1, "PostgreSQL"],
  ] as const) {
    it(`${name}: the cross join of ten VALUES lists and its cousins are refused with a sentence; /status, the exports and reads answer meanwhile`, async function () {
      expect(VALUES_BOMB.length).to.be.lessThan(600);
      const base = (phone: Netns) => `http://${phone.hostIp}:${gateways[i].port}/indexer`;
      let attacking = true;
      const refusals: string[] = [];
      const attack = (async () => {
        for (let round = 0; attacking || round < 3; round++)
          for (const bomb of [...BOMBS, SELF_JOIN]) {
            const r = await attacker.fetch(`${base(attacker)}/sql/db?sql=${q(bomb)}`);
            // On PostgreSQL the planner has no statistics for a table of 20 rows yet (autovacuum analyzes after 50
            // changes): the join runs, and its statement_timeout stops it (the next test).
            if (bomb === SELF_JOIN && name === "PostgreSQL") expect(r.status, r.body).to.be.oneOf([400, 500]);
            else expect(r.status, `${bomb}: ${r.body}`).to.equal(400);
            refusals.push(r.body);
          }
      })();
      // Meanwhile, another phone's reads: the indexer's status, an export, the app's reads.
      const answered: number[] = [];
      for (let k = 0; k < 10; k++) {
        const reads = await Promise.all([
          reader.fetch(`${base(reader)}/status`),
          reader.fetch(`${base(reader)}/export/hex/game/${game}/moves.csv`),
          reader.fetch(
            `${base(reader)}/sql/db?sql=${q('select * from "hex_game" where "id" = $1', [game.toString()])}`,
          ),
          reader.fetch(
            `${base(reader)}/sql/db?sql=${q("select * from hex_position where game_id = $1", [game.toString()])}`,
          ),
        ]);
        for (const r of reads) expect(r.status, r.body).to.equal(200);
        expect((JSON.parse(reads[2].body) as { rows: unknown[] }).rows).to.have.length(1);
        expect((JSON.parse(reads[3].body) as { rows: unknown[] }).rows.length).to.be.greaterThan(5);
        expect(reads[1].body.split("\n")[0]).to.match(/^[a-z_]+(,[a-z_]+)+$/); // the CSV's header
        answered.push(...reads.map((r) => r.status));
      }
      attacking = false;
      await attack;
      expect(answered).to.have.length(40);
      expect(refusals.length).to.be.at.least(3 * (BOMBS.length + 1));
      expect(refusals[0]).to.match(/^the indexer does not answer queries with .*VALUES lists/);
      expect(refusals[1]).to.match(/a join without a condition matching columns/);
      expect(refusals[2]).to.match(/a join without a condition \(FROM a, b\)/);
      expect(refusals[3]).to.match(/a join without a condition matching columns \(ON a\.x = b\.y\)/);
      expect(refusals[4]).to.match(/the function replace \(it grows values\)/);
      expect(refusals[5]).to.match(
        name === "PGlite"
          ? /^this query would read too much: the planner expects about [\d,]+ rows at a cost of [\d,]+, and the indexer answers queries of at most 100,000 rows/
          : /^this query would read too much|canceling statement due to statement timeout/,
      );
    });
  }

  it("PostgreSQL: a read the planner lets through but that runs long is stopped by statement_timeout", async function () {
    // 64,000,000 rows, planned as a few (no statistics yet): the read-only pool's statement_timeout (3 s) stops it.
    const r = await attacker.fetch(`http://${attacker.hostIp}:${gateways[1].port}/indexer/sql/db?sql=${q(SELF_JOIN)}`);
    expect(r.status, r.body).to.equal(500);
    expect(r.body).to.match(/canceling statement due to statement timeout/);
    const status = await reader.fetch(`http://${reader.hostIp}:${gateways[1].port}/indexer/status`);
    expect(status.status).to.equal(200);
  });

  it("live queries: not served to phones; 1,200 refused ones do not lock them for others; at most INDEXER_LIVE_MAX at once", async function () {
    const phone = await attacker.fetch(
      `http://${attacker.hostIp}:${gateways[0].port}/indexer/sql/live?sql=${q("select count(*) from hex_game")}`,
    );
    expect(phone.status).to.equal(404);
    expect(JSON.parse(phone.body).error).to.match(/^live queries are not served through the gateway/);
    // On the laptop (the indexer's own address, loopback only), where live queries are served.
    for (const ix of [pglite, postgres]) {
      const bad = ["select from where", VALUES_BOMB, "select * from nothing_here", "select 1/0 from hex_game"];
      for (let k = 0; k < 1_200; k += 50)
        await Promise.all(
          Array.from({ length: 50 }, async (_, j) => {
            const r = await fetch(`${ix.url}/sql/live?sql=${q(bad[(k + j) % bad.length])}`);
            expect(r.status, `${ix.database}: ${await r.text()}`).to.equal(400);
          }),
        );
      // Live queries still open, up to the cap of 3 (INDEXER_LIVE_MAX); a fourth is refused in words.
      const controllers = [1, 2, 3].map(() => new AbortController());
      const open = await Promise.all(
        controllers.map((c) =>
          fetch(`${ix.url}/sql/live?sql=${q("select count(*) from hex_game")}`, { signal: c.signal }),
        ),
      );
      for (const r of open) expect(r.headers.get("content-type"), ix.database).to.match(/^text\/event-stream/);
      const fourth = await fetch(`${ix.url}/sql/live?sql=${q("select count(*) from hex_game")}`);
      expect(fourth.status).to.equal(503);
      expect(await fourth.text()).to.match(/^the indexer streams 3 live queries, its limit/);
      // One page leaves: another may open.
      controllers[0].abort();
      let again: Response | undefined;
      for (let k = 0; k < 50 && again?.status !== 200; k++) {
        await new Promise((r) => setTimeout(r, 100));
        const c = new AbortController();
        controllers.push(c);
        again = await fetch(`${ix.url}/sql/live?sql=${q("select count(*) from hex_game")}`, { signal: c.signal });
      }
      expect(again!.headers.get("content-type")).to.match(/^text\/event-stream/);
      for (const c of controllers) c.abort();
    }
  });

  it("item 7: the indexer's and the database's ports are not reachable from the room's network", async function () {
    for (const port of [pglite.port, postgres.port, pg.port]) {
      const probe = await attacker.hold(port, 1);
      expect(probe, `port ${port}`).to.include({ open: 0, refused: 1 });
      await attacker.release();
    }
    expect((await attacker.hold(gateways[0].port, 1)).open).to.equal(1); // the gateway's is
    await attacker.release();
  });
});
