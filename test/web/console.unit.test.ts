// Unit tests of the console's pure parts (whose move a room waits on, its status, the counts, who has not shown up,
// the ranking), of the class session's per-round figures (folded from its rooms' events), and of the load script's
// options and report (no browser, no node).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { Good, Phase } from "../../client/snatch/names";
import {
  checkpointBlock,
  countRooms,
  displayName,
  notShownUp,
  rankEntries,
  roomLine,
  roomsToAdvance,
  waitingOn,
} from "../../web/src/class/console/model";
import type { RoomRow } from "../../web/src/data/class";
import type { EntryRow } from "../../web/src/data/classTournament";
import { touches } from "../../client/common/heads";
import { roundFigures, type LogEntry } from "../../web/src/class/session/rounds";
import { parseLoadArgs, writeReport } from "../../scripts/class/load";
import { isRefusal } from "../../scripts/class/players";
import { mulberry32 } from "../../scripts/class/random";
import type { ClassFigures } from "../../scripts/class/run";

const P1 = "0x1111111111111111111111111111111111111111";
const P2 = "0x2222222222222222222222222222222222222222";

function room(phase: number, deadline: number, id = 1n): RoomRow {
  return {
    id,
    pair: Number(id) - 1,
    phase,
    state: phase >= Phase.Finished ? "finished" : "playing",
    round: 1,
    rules: 5,
    judge: 3,
    deadline,
    offerCount: 0,
    seats: [
      { seat: 0, player: P1, name: "Ada", role: Good.Turkey, points: 10, done: false },
      { seat: 1, player: P2, name: "", role: Good.Corn, points: 10, done: false },
    ],
  };
}

function entry(player: string, name: string, index: number, aggregate: number): EntryRow {
  return {
    player,
    name,
    index,
    scoreAsP1: aggregate,
    scoreAsP2: 0,
    aggregate,
    roomsAsP1: 1,
    roomsAsP2: 0,
    satOut: 0,
    g3Shame: 0,
  };
}

describe("web: the console's model", function () {
  it("reads the block of the indexer's snapshot from Ponder's checkpoint", function () {
    // Ponder's encodeCheckpoint: timestamp (10), chain id (16), block (16), transaction index (16), type, event index.
    const cp =
      "1764355200" + "31337".padStart(16, "0") + "1339".padStart(16, "0") + "0".repeat(16) + "5" + "0".repeat(16);
    expect(checkpointBlock(cp)).to.equal(1339);
  });

  it("tells a page its contract emitted events in a block (the clock's list), a reverted transaction not", function () {
    const t = "0x00000000000000000000000000000000000000aa";
    const mined = [
      { hash: "0x1", block: 5, status: 1, gasUsed: "21000" },
      { hash: "0x2", block: 5, status: 0, gasUsed: "30000", emitters: [t] },
    ];
    expect(touches(mined, t)).to.equal(false);
    const more = [...mined, { hash: "0x3", block: 5, status: 1, gasUsed: "9", emitters: [t] }];
    expect(touches(more, t.toUpperCase())).to.equal(true);
    expect(touches(null, t)).to.equal(false);
  });

  it("says whose move a room waits on while its window is open, and nobody once it passed", function () {
    expect(roomLine(room(Phase.Offering, 110), 100)).to.deep.include({ status: "playing", window: "P1's offer" });
    expect(roomLine(room(Phase.Offering, 110), 100).waitsOn?.name).to.equal("Ada");
    expect(roomLine(room(Phase.Responding, 110), 100).waitsOn?.player).to.equal(P2);
    expect(roomLine(room(Phase.Deciding, 110), 109).waitsOn?.player).to.equal(P1);
    // The deadline is the last block that takes the move: at block 110 the next block (111) is too late.
    const passed = roomLine(room(Phase.Offering, 110), 110);
    expect(passed.status).to.equal("waiting");
    expect(passed.waitsOn).to.equal(undefined);
    expect(roomLine(room(Phase.Talk, 110), 100).waitsOn).to.equal(undefined);
    expect(roomLine(room(Phase.Finished, 90), 100)).to.deep.include({ status: "finished", window: "finished" });
  });

  it("counts rooms, lists what to advance and who the rooms wait on, soonest first", function () {
    const lines = [
      roomLine(room(Phase.Offering, 120, 1n), 100),
      roomLine(room(Phase.Responding, 105, 2n), 100),
      roomLine(room(Phase.Offering, 99, 3n), 100),
      roomLine(room(Phase.Finished, 0, 4n), 100),
    ];
    expect(countRooms(lines)).to.deep.equal({ playing: 2, waiting: 1, finished: 1 });
    expect(roomsToAdvance(lines)).to.deep.equal([3n]);
    expect(waitingOn(lines).map((l) => l.room.id)).to.deep.equal([2n, 1n]);
  });

  it("names players, or shortens an address when there is no name", function () {
    expect(displayName("Ada", P1)).to.equal("Ada");
    expect(displayName(" ", P2)).to.equal("0x2222…2222");
  });

  it("lists registered players without a move, and ranks ties by registration", function () {
    const entries = [entry(P1, "Ada", 1, 12), entry(P2, "Bo", 2, 15), entry("0x3", "Cy", 3, 12)];
    expect(notShownUp(entries, new Set([P2])).map((e) => e.name)).to.deep.equal(["Ada", "Cy"]);
    expect(rankEntries(entries).map((e) => [e.name, e.rank])).to.deep.equal([
      ["Bo", 1],
      ["Ada", 2],
      ["Cy", 2],
    ]);
  });
});

const P3 = "0x3333333333333333333333333333333333333333";

/** A three-player room at `phase` in round 2, seat 1 done, seat 2 judging. */
function room3(phase: number, deadline: number): RoomRow {
  const seat = (n: number, player: string, name: string, done: boolean) => ({
    seat: n,
    player,
    name,
    role: n,
    points: 15,
    done,
  });
  return {
    ...room(phase, deadline),
    round: 2,
    judge: 2,
    seats: [seat(0, P1, "Ada", false), seat(1, P2, "Grace", true), seat(2, P3, "Émile", false)],
  };
}

describe("web: the session console's model (rooms of three)", function () {
  it("waits on every seat not done while trading, on the judge while judging", function () {
    const trading = roomLine(room3(Phase.Trading, 110), 100);
    expect(trading).to.deep.include({ status: "playing", window: "trading" });
    expect(trading.waits.map((s) => s.name)).to.deep.equal(["Ada", "Émile"]);
    expect(trading.waitsOn?.name).to.equal("Ada");
    const judging = roomLine(room3(Phase.Judging, 110), 100);
    expect(judging.window).to.equal("judging");
    expect(judging.waits.map((s) => s.name)).to.deep.equal(["Émile"]);
    const passed = roomLine(room3(Phase.Trading, 110), 111);
    expect(passed).to.deep.include({ status: "waiting", waitsOn: undefined });
    expect(passed.waits).to.deep.equal([]);
    expect(roomLine(room3(Phase.AwaitingRoles, 110), 100).window).to.equal("drawing roles");
  });

  it("folds the rounds' goods, points, snatches and shame from the rooms' events", function () {
    const e = (roomId: bigint, round: number, name: string, args: Record<string, unknown>): LogEntry => ({
      roomId,
      round,
      name,
      args,
    });
    const players = [P1, P2, P3];
    const log: LogEntry[] = [
      // Room 1: seat 0 (turkey) gives 2 turkey for 2 coffee; seat 2's offer of 1 corn is snatched by seat 0.
      e(1n, 0, "RolesAssigned", { players, roles: ["0", "1", "2"] }),
      e(1n, 1, "RoundStarted", { round: 1 }),
      e(1n, 1, "OfferMade", { offerId: "1", from: P1, to: P2 }),
      e(1n, 1, "OfferAccepted", { offerId: "1", toTarget: ["2", "0", "0"], toOfferer: ["0", "2", "0"] }),
      e(1n, 1, "OfferMade", { offerId: "2", from: P3, to: P1 }),
      e(1n, 1, "OfferSnatched", { offerId: "2", taken: ["0", "0", "1"] }),
      e(1n, 2, "RoundStarted", { round: 2 }),
      // Round 4: seat 1 shames seat 0 twice over two rounds; round 5 starts with its penalty (2 goods burned).
      e(1n, 4, "RoundStarted", { round: 4 }),
      e(1n, 4, "ShameGiven", { from: P2, to: P1 }),
      e(1n, 4, "ShameGiven", { from: P3, to: P1 }),
      e(1n, 5, "ShamePenaltyApplied", { player: P1, burned: ["2", "0", "0"] }),
      e(1n, 5, "RoundStarted", { round: 5 }),
      // A confirmed report: the snatcher (seat 0) returns the corn and forfeits 3 goods to the victim (seat 2).
      e(1n, 5, "ReportConfirmed", { offerId: "2", returned: ["0", "0", "1"], forfeited: ["1", "2", "0"] }),
      // Room 2: roles drawn, round 1 only, nothing traded.
      e(2n, 0, "RolesAssigned", { players: [P3, P2, P1], roles: [2, 1, 0] }),
      e(2n, 1, "RoundStarted", { round: 1 }),
    ];
    const r = roundFigures(log);
    expect(r.map((x) => x.rooms)).to.deep.equal([2, 1, 0, 1, 1]);
    expect(r[0]).to.deep.include({ traded: 4, snatches: 1, snatched: 1, shame: 0 });
    // Round 1's end: room 1 is seat 0 (3 turkey, 2 coffee, 1 corn) = 3 + 4 + 2 = 9, seat 1 (2 turkey, 3 coffee)
    // = 4 + 3 = 7, seat 2 (4 corn) = 4: 20; room 2 is 15. 35 over 6 players.
    expect(r[0].meanPoints).to.equal(Math.round((35 / 6) * 10) / 10);
    expect(r[1].meanPoints).to.equal(Math.round((20 / 3) * 10) / 10);
    expect(r[3]).to.deep.include({ shame: 2, burned: 0 });
    // Round 5: seat 0 burned 2 turkey (1 turkey, 2 coffee, 1 corn) then gave back 1 corn and forfeited 1 turkey and
    // 2 coffee: nothing left; seat 2 holds 4 + 1 corn, 1 turkey, 2 coffee = 5 + 2 + 4 = 11; seat 1 still 7.
    expect(r[4]).to.deep.include({ burned: 2, meanPoints: Math.round((18 / 3) * 10) / 10 });
    expect(r[2]).to.deep.include({ rooms: 0, meanPoints: 0 });
  });
});

describe("class: the load script's options and report", function () {
  it("counts the gateway's refusals, not errors whose request happens to hold the digits 429", function () {
    expect(isRefusal(new Error("too many requests from this device: at most 50 a second (500 at once)"))).to.equal(
      true,
    );
    expect(isRefusal(new Error("server response 429 Too Many Requests (request={ }, response={ })"))).to.equal(true);
    expect(isRefusal(new Error("request body over the limit of 131072 bytes"))).to.equal(true);
    const read = 'could not coalesce error (error={ "code": -32603 }, payload={ "method": "eth_call", "params": [ {';
    expect(
      isRefusal(new Error(`${read} "data": "0x6f1d4290000000000000000000000000000000000000000000000429" } ] })`)),
    ).to.equal(false);
    expect(isRefusal(new Error('timeout (request={ }, operation="getBlockNumber", code=TIMEOUT)'))).to.equal(false);
  });

  it("reads its options, with defaults, and refuses bad ones with a sentence", function () {
    const d = parseLoadArgs([]);
    expect(d).to.deep.include({ players: 200, phones: 10, phases: 5, absent: 0.1, nice: 10, runs: 1, pin: true });
    expect(parseLoadArgs(["--runs", "3", "--no-pin"])).to.deep.include({ runs: 3, pin: false });
    expect(() => parseLoadArgs(["--runs", "0"])).to.throw(/--runs takes a whole number 1–10/);
    expect(parseLoadArgs(["--nice", "0"]).nice).to.equal(0);
    expect(() => parseLoadArgs(["--nice", "20"])).to.throw(/--nice takes a whole number 0–19/);
    expect(d.nodes).to.deep.equal(["anvil"]);
    expect(parseLoadArgs(["--node", "both"]).nodes).to.deep.equal(["hardhat", "anvil"]);
    const a = parseLoadArgs(["--players", "30", "--node", "anvil", "--windows", "2,5,5,3", "--think", "100-200"]);
    expect(a).to.deep.include({ players: 30, nodes: ["anvil"], thinkMs: [100, 200] });
    expect(a.windows).to.deep.equal({ talk: 2, offer: 5, response: 5, decision: 3 });
    expect(() => parseLoadArgs(["--node", "geth"])).to.throw(/--node takes hardhat, anvil or both/);
    expect(() => parseLoadArgs(["--players", "1"])).to.throw(/--players takes a whole number/);
    expect(() => parseLoadArgs(["--windows", "1,2"])).to.throw(/four block counts/);
    expect(() => parseLoadArgs(["--think", "5-1"])).to.throw(/two delays/);
  });

  it("writes reports/class.json: each node's runs with the machine, the other node's figures kept", function () {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "class-report-")), "class.json");
    // A report of the earlier, flat format: the node written again loses its old keys, the other keeps them.
    fs.writeFileSync(file, JSON.stringify({ players: 200, "hardhat.p95ms": 3555, "anvil.p95ms": 1200 }));
    const f = { players: 30, p50ms: 800, p95ms: 1200, refused: 0, leaderboardMatches: true } as unknown as ClassFigures;
    const machine = { cpuModel: "AMD EPYC", cores: 2, cpuScoreMs: 1400, pinned: { laptop: 0, class: 1 }, date: "d" };
    const report = writeReport("anvil", [f, { ...f, p95ms: 900 }], machine, file);
    expect(report).to.deep.equal(JSON.parse(fs.readFileSync(file, "utf8")));
    expect(report).to.deep.include({ players: 30, "hardhat.p95ms": 3555, machine });
    expect(report).to.not.have.property("anvil.p95ms");
    expect((report.anvil as { runs: ClassFigures[] }).runs.map((r) => r.p95ms)).to.deep.equal([1200, 900]);
  });

  it("draws the same choices from the same seed", function () {
    const a = mulberry32(5);
    const b = mulberry32(5);
    const xs = Array.from({ length: 5 }, () => a());
    expect(xs).to.deep.equal(Array.from({ length: 5 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).to.equal(true);
  });
});
