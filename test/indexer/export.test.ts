// The exports end to end: games played on a real node (anvil) with two real indexers following it (Ponder on PGlite,
// with the app's gateway in front of it, and on a real PostgreSQL). Every file the indexers serve (PGlite's through
// the gateway, at /indexer/export/...) must be byte-identical to the file the `*:export` tasks build from the chain alone, for a tournament mid-way (which says
// it is running) and finished (which says final), two three-player class sessions (the same), a Forking Hex game and a CATAMM game; the exported leaderboard must
// equal the contract's `leaderboard`; unknown ids and files get a 404 whose body is a sentence. The tasks themselves
// run in-process on Hardhat's network (from the chain) and against the anvil indexer (--indexer).
// Tagged [no-coverage]: it exercises the indexer and the scripts, not the contracts.
import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import hre, { deployments } from "hardhat";
import { parseCsv } from "../../client/common/csv";
import { EXPORTS, exportUrl, UnknownExportId, type ExportGame } from "../../client/common/export";
import { LEADERBOARD_COLUMNS } from "../../client/snatch/export";
import { OFFER_COLUMNS } from "../../client/snatch/session-export";
import { cards } from "../../client/catamm/export";
import { rank, readLeaderboard } from "../../client/snatch/tournament";
import { Rng } from "../../client/rng";
import type { NodeHandle } from "../../scripts/web/stack";
import { startGateway, type GatewayHandle } from "../../scripts/web/gateway";
import type { IndexerHandle } from "../../scripts/web/indexer";
import { filesFromChain, filesFromIndexer, writeExport, type ExportContracts } from "../../scripts/common/export";
import { tournamentAt } from "../../scripts/snatch/lib";
import { playCatamm, playHex, playSession, playTournament, type DriverContext } from "./drivers";
import { caughtUp, comparedPair, usesComparedPair, connectGames, settled, type Games } from "./harness";

/** A tournament with the shortest windows the contract takes (its cap set by each test). */
const SHORT_TOURNAMENT = {
  roomsPerBatch: 1,
  registrationBlocks: 20,
  grace: 2,
  talk: 3,
  offer: 3,
  response: 3,
  decision: 3,
};

describe("exports: the indexer's files equal the tasks' files built from the chain [no-coverage]", function () {
  let anvil: NodeHandle;
  let indexer: IndexerHandle;
  let postgres: IndexerHandle;
  let gateway: GatewayHandle;
  let g: Games;
  let contracts: ExportContracts;
  /** The indexer's base URL as the app's pages and the tasks' --indexer see it. */
  let base: string;
  const midway: { files?: Record<string, string>; chain?: Record<string, string> } = {};

  before(async function () {
    const started = Date.now();
    const shared = await comparedPair();
    const { folder } = shared;
    anvil = shared.anvil;
    [indexer, postgres] = shared.indexers;
    gateway = await startGateway({ nodeUrl: anvil.url, indexerUrl: indexer.url });
    base = `${gateway.url}indexer`;
    g = await connectGames(anvil.url, folder);
    contracts = {
      provider: g.provider,
      tournament: g.tournament,
      rooms: await g.rooms.getAddress(),
      session: g.session,
      lens: g.lens,
      hex: g.hex,
      catamm: g.catamm,
      fromBlock: 0,
    };
    console.log(
      `      (anvil, PostgreSQL, two indexers (shared with the differential test) and the gateway ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  });

  after(async function () {
    await gateway?.stop();
  });

  /** The chain's and both indexers' files once the indexers have caught up; asserts they are byte-identical. */
  async function both(game: ExportGame, id: bigint) {
    await caughtUp(g.provider, [indexer, postgres]);
    const timed = async <T>(read: () => Promise<T>): Promise<[T, number]> => {
      const t0 = Date.now();
      return [await read(), Date.now() - t0];
    };
    const [[chain, chainMs], [served, servedMs], [firstOnPostgres, postgresMs]] = await Promise.all([
      timed(() => filesFromChain(game, id, contracts)),
      timed(() => filesFromIndexer(game, id, base)),
      timed(() => filesFromIndexer(game, id, postgres.url)),
    ]);
    // Ponder's read cache on PostgreSQL may lag the block it shows (`settled`): its files are read again while they
    // differ, for up to 5 s.
    let onPostgres = firstOnPostgres;
    const differ = () => EXPORTS[game].files.filter((f) => onPostgres[f] !== chain[f]);
    await settled(async () => {
      if (differ().length > 0) onPostgres = await filesFromIndexer(game, id, postgres.url);
      return differ();
    });
    const bytes = Object.values(chain).reduce((n, body) => n + body.length, 0);
    console.log(
      `      (${game} ${id}: ${bytes} bytes; from the chain ${chainMs} ms, the PGlite indexer through the gateway ` +
        `${servedMs} ms, the PostgreSQL indexer ${postgresMs} ms)`,
    );
    expect(Object.keys(served)).to.deep.equal([...EXPORTS[game].files]);
    for (const file of EXPORTS[game].files) {
      expect(served[file], `${game} ${id} ${file}`).to.equal(chain[file]);
      expect(onPostgres[file], `${game} ${id} ${file} (PostgreSQL)`).to.equal(chain[file]);
    }
    // EXPORT_TEST_DUMP=<dir>: keep the files to look at.
    if (process.env.EXPORT_TEST_DUMP) writeExport(process.env.EXPORT_TEST_DUMP, game, id, chain);
    return chain;
  }

  const context = (check: DriverContext["check"] = async () => {}): DriverContext => ({ g, rng: new Rng(21), check });

  it("a tournament through all five phases: running mid-way, final at the end, the contract's leaderboard", async function () {
    let id = 0n;
    const ctx = context(async (_entities, label) => {
      // Mid-way (phase 3 just started): the files say the tournament is running, as of its latest event.
      if (label === "tournament: start phase 3" && !midway.files) {
        id = await g.tournament.tournamentCount();
        midway.chain = await both("snatch", id);
        midway.files = midway.chain;
      }
    });
    id = await playTournament(ctx, 3, 3);
    expect(midway.files, "the mid-way export ran").to.not.equal(undefined);
    const running = midway.files!;
    const status = /^running at block (\d+)$/;
    const rounds = parseCsv(running["rounds.csv"]!);
    expect(rounds.length).to.be.greaterThan(1);
    for (const line of rounds.slice(1)) expect(line[0]).to.match(status);
    expect((JSON.parse(running["tournament.json"]!) as { status: string }).status).to.match(status);
    expect(parseCsv(running["players.csv"]!)[1]![0]).to.match(status);

    const files = await both("snatch", id);
    const doc = JSON.parse(files["tournament.json"]!) as {
      status: string;
      phases: unknown[];
      rooms: { rounds: unknown[] }[];
      leaderboard: { address: string; aggregate: number; scoreAsP1: number; scoreAsP2: number; rank: number }[];
    };
    expect(doc.status).to.equal("final");
    expect(doc.phases).to.have.length(5);
    // 3 players: one room per phase, three rounds each.
    expect(doc.rooms).to.have.length(5);
    expect(doc.rooms.every((r) => r.rounds.length === 3)).to.equal(true);
    expect(parseCsv(files["rounds.csv"]!)).to.have.length(1 + 15);
    expect(parseCsv(files["players.csv"]!)).to.have.length(1 + 15);

    // The exported leaderboard is the contract's, ranked.
    const contract = rank(await readLeaderboard(g.tournament, id)).map((r) => ({
      rank: r.rank,
      address: r.player.toLowerCase(),
      scoreAsP1: r.scoreAsP1,
      scoreAsP2: r.scoreAsP2,
      aggregate: r.aggregate,
    }));
    expect(
      doc.leaderboard.map((r) => ({
        rank: r.rank,
        address: r.address,
        scoreAsP1: r.scoreAsP1,
        scoreAsP2: r.scoreAsP2,
        aggregate: r.aggregate,
      })),
    ).to.deep.equal(contract);
    const csv = parseCsv(files["leaderboard.csv"]!);
    expect(csv[0]).to.deep.equal([...LEADERBOARD_COLUMNS]);
    expect(csv.slice(1).map((l) => [Number(l[2]), l[5], Number(l[8])])).to.deep.equal(
      contract.map((r) => [r.rank, r.address, r.aggregate]),
    );
  });

  it("serves the files through the gateway with their type and a download name; unknown ids get a sentence", async function () {
    const id = await g.tournament.tournamentCount();
    const res = await fetch(exportUrl(base, "snatch", id, "rounds.csv"));
    expect(res.status).to.equal(200);
    expect(res.headers.get("content-type")).to.match(/^text\/csv; charset=utf-8/);
    expect(res.headers.get("content-disposition")).to.equal(
      `attachment; filename="snatch-tournament-${id}-rounds.csv"`,
    );
    const json = await fetch(exportUrl(base, "snatch", id, "tournament.json"));
    expect(json.headers.get("content-type")).to.match(/^application\/json/);

    const missing = await fetch(exportUrl(base, "snatch", 99, "rounds.csv"));
    expect(missing.status).to.equal(404);
    expect(await missing.text()).to.equal("there is no tournament 99 (none has been created with that id yet)\n");
    const hex = await fetch(exportUrl(base, "hex", 4242, "moves.csv"));
    expect(hex.status).to.equal(404);
    expect(await hex.text()).to.match(/^there is no Forking Hex game 4242/);
    const catamm = await fetch(exportUrl(base, "catamm", 4242, "builds.csv"));
    expect(await catamm.text()).to.match(/^there is no CATAMM game 4242/);
    const file = await fetch(exportUrl(base, "snatch", id, "secrets.csv"));
    expect(file.status).to.equal(404);
    expect(await file.text()).to.match(/has no export "secrets.csv": ask for rounds.csv, players.csv/);
    // An object's own property names are not files (a plain `in` check once served "toString" as a download).
    const inherited = await fetch(exportUrl(base, "hex", 1, "toString"));
    expect([inherited.status, await inherited.text()]).to.deep.equal([
      404,
      'Forking Hex game 1 has no export "toString": ask for moves.csv, payouts.csv\n',
    ]);
    const bad = await fetch(exportUrl(base, "snatch", "0x1" as unknown as number, "rounds.csv"));
    expect(bad.status).to.equal(400);
    expect(await bad.text()).to.match(/is not a tournament id/);

    // The tasks' readers say the same for an unknown id, from the chain and from the indexer.
    for (const read of [() => filesFromChain("snatch", 99n, contracts), () => filesFromIndexer("snatch", 99n, base)]) {
      const error = await read().then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error).to.be.instanceOf(UnknownExportId);
      expect(error!.message).to.match(/there is no tournament 99/);
    }
  });

  it("class sessions (listed, and first come with a room played): running, then final; the task; unknown ids", async function () {
    let running: Record<string, string> | undefined;
    const ctx = context(async (_entities, label) => {
      // The first-come session with one of its two rooms closed: still playing.
      const m = /^session (\d+): close timed-out rooms$/.exec(label);
      if (m && !running && BigInt(m[1]!) === (await g.session.sessionCount())) {
        running = await both("session", BigInt(m[1]!));
      }
    });
    const id = await playSession(ctx, 6);
    expect(running, "the mid-way export ran").to.not.equal(undefined);
    const status = /^running at block (\d+)$/;
    for (const file of ["rooms.csv", "players.csv"]) expect(parseCsv(running![file]!)[1]![0]).to.match(status);
    expect((JSON.parse(running!["session.json"]!) as { status: string }).status).to.match(status);

    for (const s of [id - 1n, id]) {
      const files = await both("session", s);
      const doc = JSON.parse(files["session.json"]!) as { status: string; totals: { offers: number; points: number } };
      expect(doc.status).to.equal("final");
      // Every seated player's points are the contract's; the offers are the rooms' counters.
      const players = parseCsv(files["players.csv"]!).slice(1);
      expect(players).to.have.length(Number((await g.session.session(s)).playerCount));
      for (const p of players) {
        const entry = await g.session.entryOf(s, p[4]!);
        expect(p[10], `points of ${p[4]}`).to.equal(p[11] === "true" ? "" : String(entry.points));
      }
      const offers = parseCsv(files["offers.csv"]!);
      expect(offers[0]).to.deep.equal([...OFFER_COLUMNS]);
      expect(offers.length - 1).to.equal(doc.totals.offers);
      const points = parseCsv(files["rooms.csv"]!)
        .slice(1)
        .reduce((sum, r) => sum + Number(r[11]), 0);
      expect(points).to.equal(doc.totals.points);
    }
    // The listed session names its players as the teacher listed them.
    expect(
      parseCsv((await filesFromChain("session", id - 1n, contracts))["players.csv"]!)[1]!.slice(3, 6),
    ).to.deep.equal(["Ada", (await g.signers[2]!.getAddress()).toLowerCase(), "listed"]);

    const out = fs.mkdtempSync(path.join(os.tmpdir(), "exports-"));
    try {
      const quiet = console.log;
      console.log = () => {};
      try {
        await hre.run("snatch:session:export", { session: Number(id), out, indexer: base });
      } finally {
        console.log = quiet;
      }
      const served = await filesFromIndexer("session", id, base);
      for (const file of EXPORTS.session.files) {
        expect(fs.readFileSync(path.join(out, `snatch-session-${id}-${file}`), "utf8")).to.equal(served[file]);
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }

    const missing = await fetch(exportUrl(base, "session", 99, "rooms.csv"));
    expect(missing.status).to.equal(404);
    expect(await missing.text()).to.equal("there is no session 99 (none has been created with that id yet)\n");
    const file = await fetch(exportUrl(base, "session", id, "rounds.csv"));
    expect(await file.text()).to.match(/has no export "rounds.csv": ask for rooms.csv, offers.csv/);
    const error = await filesFromChain("session", 99n, contracts).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error).to.be.instanceOf(UnknownExportId);
    expect(error!.message).to.equal(`there is no session 99: the contract has ${id} (ids 1 to ${id})`);
  });

  it("a Forking Hex game (forks, proofs, settlement): moves and payouts, final once settled", async function () {
    const id = await playHex(context(), 6);
    const files = await both("hex", id);
    const moves = parseCsv(files["moves.csv"]!);
    expect(moves.length - 1).to.equal(Number((await g.hex.game(id)).positionCount));
    expect(moves[1]![0]).to.equal("final");
    // Players who registered for the tournament carry their names.
    expect(moves.slice(1).some((m) => m[5] !== "")).to.equal(true);
    const payouts = parseCsv(files["payouts.csv"]!).slice(1);
    for (const p of payouts) {
      const view = await g.hex.payoutOf(id, p[3]!);
      expect([p[5], p[6], p[7]]).to.deep.equal([String(view.moves), String(view.deposited), String(view.total)]);
    }
    // A player who paid for moves and was credited less has a negative net: a numeric cell, written as a number.
    const losers = payouts.filter((p) => BigInt(p[6]!) > BigInt(p[7]!));
    expect(losers.length, "someone lost a stake").to.be.greaterThan(0);
    for (const p of losers) expect(p[8]).to.equal(String(BigInt(p[7]!) - BigInt(p[6]!)));
    expect(losers.every((p) => /^-\d+$/.test(p[8]!))).to.equal(true);
    // The cancelled game of the same run.
    const cancelled = await both("hex", id - 1n);
    expect(parseCsv(cancelled["moves.csv"]!)[1]![0]).to.equal("cancelled");
    // Its creator's stake came back: credited, net zero.
    expect(parseCsv(cancelled["payouts.csv"]!)[1]!.slice(5)).to.deep.equal([
      "1",
      "1000000000000000",
      "1000000000000000",
      "0",
    ]);
  });

  it("a CATAMM game played by bots: trades and builds", async function () {
    // Six turns: the bots' random market moves (chaos 0.5) make swaps, deposits and withdrawals.
    const id = await playCatamm(context(), 3, 6);
    const files = await both("catamm", id);
    const builds = parseCsv(files["builds.csv"]!);
    // The snake draft: two initial placements per player.
    expect(builds.slice(1).filter((b) => b[3] === "initial placement")).to.have.length(6);
    expect(builds[1]![0]).to.match(/^running at block \d+$/);
    const trades = parseCsv(files["trades.csv"]!);
    expect(trades[0]![3]).to.equal("kind");
    expect(trades.length, "the bots traded").to.be.greaterThan(1);
    // Each trade's reserves after it are the pool's at that block (the contract's view, at the trade's block).
    const last = trades[trades.length - 1]!;
    const pool = (await g.catamm.marketPools(id, { blockTag: Number(last[19]) }))[Number(last[6])]!;
    expect([last[17], last[18]]).to.deep.equal([cards(pool.reserve0), cards(pool.reserve1)]);
  });

  it("names that a spreadsheet would run as formulas come out as text, the same bytes from the chain and both indexers", async function () {
    // Registered on-chain as a tournament's players' names and a session's listed names (client/common/csv.ts: a text
    // cell starting with =, +, -, @ or their full-width forms gets a leading apostrophe; numbers stay numbers).
    const names = ['=HYPERLINK("http://x","click")', "+1+1", "-2+3", "@SUM(A1)", "\uFF1D1+1"];
    const players = g.signers.slice(2, 2 + names.length);
    const organiser = g.signers[1]!;
    await (await g.tournament.connect(organiser).createTournament({ ...SHORT_TOURNAMENT, cap: 20 })).wait();
    const tournament = await g.tournament.tournamentCount();
    for (const [i, p] of players.entries())
      await (await g.tournament.connect(p).register(tournament, names[i]!)).wait();
    await (
      await g.session.connect(organiser).createSession(
        { rooms: 2, roomsPerBatch: 1, joinBlocks: 20, trading: 12, closing: 3, judging: 12 },
        players.map((p) => p.address),
        names,
      )
    ).wait();
    const session = await g.session.sessionCount();

    const defused = ['\'=HYPERLINK("http://x","click")', "'+1+1", "'-2+3", "'@SUM(A1)", "'\uFF1D1+1"];
    const files = { ...(await both("snatch", tournament)), ...(await both("session", session)) };
    const leaderboard = parseCsv(files["leaderboard.csv"]!).slice(1);
    expect(leaderboard.map((l) => l[4]).sort()).to.deep.equal([...defused].sort());
    // Written as the rule says: the quoted one with its quotes doubled, the others bare.
    expect(files["leaderboard.csv"]).to.contain(`,"'=HYPERLINK(""http://x"",""click"")",`);
    expect(files["leaderboard.csv"]).to.contain(",'-2+3,");
    const seated = parseCsv(files["players.csv"]!).slice(1);
    expect(seated.map((l) => l[3])).to.deep.equal(defused);
    // No cell of any file starts a formula: the only cells starting with one of those characters are negative numbers.
    for (const [file, body] of Object.entries(files)) {
      if (!file.endsWith(".csv")) continue;
      for (const cell of parseCsv(body).flat()) {
        if (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell)) expect(cell, `${file}: ${cell}`).to.match(/^-\d+$/);
      }
    }
    // The JSON keeps the names as they are on-chain (JSON runs no formulas).
    const doc = JSON.parse(files["tournament.json"]!) as { leaderboard: { name: string }[] };
    expect(doc.leaderboard.map((r) => r.name).sort()).to.deep.equal([...names].sort());
  });

  it("the tasks write the files: from Hardhat's chain, and downloaded from the indexer with --indexer", async function () {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "exports-"));
    try {
      // --indexer: the anvil indexer's files, as served.
      const id = await g.tournament.tournamentCount();
      const quiet = console.log;
      console.log = () => {};
      try {
        await hre.run("snatch:export", { tournament: Number(id), out, indexer: base });
      } finally {
        console.log = quiet;
      }
      const served = await filesFromIndexer("snatch", id, base);
      for (const file of EXPORTS.snatch.files) {
        expect(fs.readFileSync(path.join(out, `snatch-tournament-${id}-${file}`), "utf8")).to.equal(served[file]);
      }

      // From Hardhat's own chain: a tournament in registration says it is running; an unknown game is a sentence.
      await deployments.fixture(["tournament"]);
      const t = await tournamentAt(hre);
      const [, a, b] = await hre.ethers.getSigners();
      await (await t.createTournament({ ...SHORT_TOURNAMENT, cap: 4 })).wait();
      await (await t.connect(a).register(1, 'Ada, "A"')).wait();
      await (await t.connect(b).register(1, "")).wait();
      console.log = () => {};
      let files: Record<string, string>;
      try {
        files = (await hre.run("snatch:export", { tournament: 1, out, indexer: "" })) as Record<string, string>;
      } finally {
        console.log = quiet;
      }
      const written = fs.readFileSync(path.join(out, "snatch-tournament-1-leaderboard.csv"), "utf8");
      expect(written).to.equal(files["leaderboard.csv"]);
      const lines = parseCsv(written);
      expect(lines).to.have.length(3);
      expect(lines[1]![0]).to.match(/^running at block \d+$/);
      expect(lines[1]![4]).to.equal('Ada, "A"');
      const error = await hre.run("snatch:export", { tournament: 7, out, indexer: "" }).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message).to.match(/there is no tournament 7: the contract has 1/);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  // Last: after this file's own hooks.
  usesComparedPair();
});
