// Unit tests of the console's pure parts (whose move a room waits on, its status, the counts, who has not shown up,
// the ranking) and of the load script's options and report (no browser, no node).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { Good, Phase } from "../../client/snatch/names";
import {
  countRooms,
  displayName,
  notShownUp,
  rankEntries,
  roomLine,
  roomsToAdvance,
  waitingOn,
} from "../../web/src/snatch/tournament/console/model";
import type { EntryRow, RoomRow } from "../../web/src/snatch/tournament/console/queries";
import { parseLoadArgs, writeReport } from "../../scripts/class/load";
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
    deadline,
    offerCount: 0,
    seats: [
      { seat: 0, player: P1, name: "Ada", role: Good.Turkey, points: 10 },
      { seat: 1, player: P2, name: "", role: Good.Corn, points: 10 },
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

describe("class: the load script's options and report", function () {
  it("reads its options, with defaults, and refuses bad ones with a sentence", function () {
    const d = parseLoadArgs([]);
    expect(d).to.deep.include({ players: 200, phones: 10, phases: 5, absent: 0.1 });
    expect(d.nodes).to.deep.equal(["hardhat", "anvil"]);
    const a = parseLoadArgs(["--players", "30", "--node", "anvil", "--windows", "2,5,5,3", "--think", "100-200"]);
    expect(a).to.deep.include({ players: 30, nodes: ["anvil"], thinkMs: [100, 200] });
    expect(a.windows).to.deep.equal({ talk: 2, offer: 5, response: 5, decision: 3 });
    expect(() => parseLoadArgs(["--node", "geth"])).to.throw(/--node takes hardhat, anvil or both/);
    expect(() => parseLoadArgs(["--players", "1"])).to.throw(/--players takes a whole number/);
    expect(() => parseLoadArgs(["--windows", "1,2"])).to.throw(/four block counts/);
    expect(() => parseLoadArgs(["--think", "5-1"])).to.throw(/two delays/);
  });

  it("writes reports/class.json as a flat object, one node's figures beside the other's", function () {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "class-report-")), "class.json");
    const f = { players: 30, p50ms: 800, p95ms: 1200, refused: 0, leaderboardMatches: true } as unknown as ClassFigures;
    writeReport("hardhat", f, file);
    const both = writeReport("anvil", { ...f, p95ms: 900 }, file);
    expect(both).to.deep.include({ players: 30, "hardhat.p95ms": 1200, "anvil.p95ms": 900, "anvil.refused": 0 });
    expect(Object.values(JSON.parse(fs.readFileSync(file, "utf8"))).every((v) => typeof v !== "object")).to.equal(true);
  });

  it("draws the same choices from the same seed", function () {
    const a = mulberry32(5);
    const b = mulberry32(5);
    const xs = Array.from({ length: 5 }, () => a());
    expect(xs).to.deep.equal(Array.from({ length: 5 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).to.equal(true);
  });
});
