import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import hre, { deployments, ethers } from "hardhat";
import { sessionAt } from "../../scripts/snatch/lib";
import { LISTED_SEATS_PER_TX, ROOMS_PER_TX, SessionStage, parseSeatsCsv } from "../../client/snatch/session";
import { parseCsv } from "../../client/common/csv";

/** The error a task throws (undefined when it succeeds). */
async function failure(name: string, args: Record<string, unknown>): Promise<Error | undefined> {
  return run(name, args).then(
    () => undefined,
    (e: Error) => e,
  );
}

/** Runs a task and returns what it printed. */
async function run(name: string, args: Record<string, unknown>): Promise<string> {
  const lines: string[] = [];
  const original = console.log;
  console.log = (...parts: unknown[]) => lines.push(parts.map(String).join(" "));
  try {
    await hre.run(name, args);
  } finally {
    console.log = original;
  }
  return lines.join("\n");
}

describe("deploy/07_session and the session tasks", function () {
  it("deploys the session contract on the rooms and allows it as a factory", async function () {
    await deployments.fixture(["session"]);
    const sessions = await sessionAt(hre);
    const rooms = await ethers.getContractAt("SnatchRooms", (await deployments.get("SnatchRooms")).address);
    expect(await sessions.rooms()).to.equal(await rooms.getAddress());
    expect(await sessions.randomness()).to.equal((await deployments.get("Randomness")).address);
    expect(await rooms.isFactory(await sessions.getAddress())).to.equal(true);
  });

  it("reads the class sheet's CSV: its header, quoted cells, names beside addresses", function () {
    const a = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const b = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
    expect(parseSeatsCsv(`seat,name,address\n1,Ada,${a}\n2,"Grace, H",${b}\n`)).to.deep.equal([
      { address: a, name: "Ada" },
      { address: b, name: "Grace, H" },
    ]);
    expect(parseSeatsCsv(`${a}\n\n${b},Bo\n`)).to.deep.equal([
      { address: a, name: "" },
      { address: b, name: "Bo" },
    ]);
    expect(() => parseSeatsCsv(`seat,name,address\n1,Ada,0x12\n`)).to.throw(/line 2 of the seats file has no address/);
    expect(() => parseSeatsCsv(`${a},Ada\nBo\n`)).to.throw(/line 2 of the seats file has no address: "Bo"/);
  });

  it("creates a session from a seats file, creates its rooms and shows it; first come too", async function () {
    await deployments.fixture(["session"]);
    const signers = await ethers.getSigners();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "session-"));
    const file = path.join(dir, "class.csv");
    const seated = signers.slice(1, 8);
    fs.writeFileSync(
      file,
      "seat,name,address\n" + seated.map((s, i) => `${i + 1},Student ${i + 1},${s.address}`).join("\n"),
    );
    try {
      const out = await run("snatch:session", { rooms: 3, seats: file, windows: "trading=20,closing=3,judging=10" });
      expect(out).to.match(/SessionCreated/);
      expect(out).to.match(/session 1: 7 seats listed/);
      const sessions = await sessionAt(hre);
      expect((await sessions.session(1)).playerCount).to.equal(7);
      const rooms = await run("snatch:session:rooms", { id: 1 });
      expect(rooms).to.match(/SeatsDrawn/);
      expect(rooms).to.match(/RoomsCreated/);
      expect((await sessions.session(1)).stage).to.equal(SessionStage.Playing);
      const shown = await run("snatch:session:show", { id: 1 });
      expect(shown).to.match(/session 1: .* 7\/9 seats \(listed\); playing/);
      expect(shown).to.match(/2\/2 rooms created, 0 finished, deadline block \d+/);

      // First come: two players join by name; a bad name is refused before anything is sent.
      await run("snatch:session", { rooms: 2 });
      await run("snatch:session:join", { id: 2, name: "Ada", from: "3" });
      expect((await failure("snatch:session:join", { id: 2, name: "a\nb", from: "4" }))?.message).to.match(/control/);
      expect((await sessions.session(2)).playerCount).to.equal(1);
      expect((await failure("snatch:session:start", { id: 2 }))?.message).to.match(/at least 3 to start/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lists a class longer than one transaction takes in batches (each under 10M gas), then closes seating", async function () {
    await deployments.fixture(["session"]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "session-"));
    const file = path.join(dir, "class.csv");
    // 130 seats: batches of LISTED_SEATS_PER_TX (120) and 10.
    const seats = Array.from({ length: 130 }, (_, i) =>
      ethers.getAddress(ethers.dataSlice(ethers.keccak256(ethers.toBeHex(i + 1, 32)), 12)),
    );
    fs.writeFileSync(file, "seat,name,address\n" + seats.map((a, i) => `${i + 1},Student ${i + 1},${a}`).join("\n"));
    try {
      expect(LISTED_SEATS_PER_TX).to.equal(120);
      const before = await ethers.provider.getBlockNumber();
      const out = await run("snatch:session", { rooms: 50, seats: file });
      expect(out).to.match(/session 1: 130 seats listed/);
      const sessions = await sessionAt(hre);
      const s = await sessions.session(1);
      expect(s.playerCount).to.equal(130);
      expect(Number(s.stage)).to.equal(SessionStage.Drawing);
      // Three transactions: createListedSession (120 seats), addSeats (10), start; none above 10M gas.
      const sent: { to: string | null; gas: bigint; data: string }[] = [];
      for (let b = before + 1; b <= (await ethers.provider.getBlockNumber()); b++) {
        const block = await ethers.provider.getBlock(b, true);
        for (const tx of block!.prefetchedTransactions) {
          const receipt = await ethers.provider.getTransactionReceipt(tx.hash);
          sent.push({ to: tx.to, gas: receipt!.gasUsed, data: tx.data });
        }
      }
      const names = sent.map((t) => sessions.interface.parseTransaction({ data: t.data })?.name);
      expect(names).to.deep.equal(["createListedSession", "addSeats", "start"]);
      for (const t of sent) expect(t.gas).to.be.lessThan(10_000_000n);
      expect((await sessions.entryOf(1, seats[129])).index).to.equal(130);
      // Rooms a transaction: at most ROOMS_PER_TX.
      expect((await failure("snatch:session", { rooms: 50, batch: ROOMS_PER_TX + 1 }))?.message).to.match(
        new RegExp(`at most ${ROOMS_PER_TX} rooms a transaction`),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("exports a session from the chain (snatch:session:export): its rooms, the player who sat out, running", async function () {
    await deployments.fixture(["session"]);
    const signers = await ethers.getSigners();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "session-export-"));
    const file = path.join(dir, "class.csv");
    fs.writeFileSync(
      file,
      signers
        .slice(1, 8)
        .map((s, i) => `${s.address},"Student, ${i + 1}"`)
        .join("\n"),
    );
    try {
      await run("snatch:session", { rooms: 3, seats: file, windows: "trading=20,closing=3,judging=10" });
      await run("snatch:session:rooms", { id: 1 });
      const out = await run("snatch:session:export", { session: 1, out: dir, indexer: "" });
      expect(out).to.match(/status: running at block \d+ \(from the chain\)/);
      const rooms = parseCsv(fs.readFileSync(path.join(dir, "snatch-session-1-rooms.csv"), "utf8"));
      // 7 listed seats: two rooms of three (5 of the own good each, no offers yet), one player sat out.
      expect(rooms).to.have.length(1 + 7);
      expect(rooms.slice(1, 7).map((r) => [r[2], r[4], r[5]])).to.deep.equal([
        ["0", "0", "turkey"],
        ["0", "1", "coffee"],
        ["0", "2", "corn"],
        ["1", "0", "turkey"],
        ["1", "1", "coffee"],
        ["1", "2", "corn"],
      ]);
      expect(rooms.slice(1, 7).map((r) => r.slice(8, 11).reduce((n, x) => n + Number(x), 0))).to.deep.equal([
        5, 5, 5, 5, 5, 5,
      ]);
      expect(rooms[7]![13]).to.equal("true");
      expect(rooms[7]![6]).to.match(/^Student, \d$/);
      const players = parseCsv(fs.readFileSync(path.join(dir, "snatch-session-1-players.csv"), "utf8"));
      expect(players.slice(1).map((p) => p[5])).to.deep.equal(Array(7).fill("listed"));
      expect(parseCsv(fs.readFileSync(path.join(dir, "snatch-session-1-offers.csv"), "utf8"))).to.have.length(1);
      expect((await failure("snatch:session:export", { session: 2, out: dir, indexer: "" }))?.message).to.equal(
        "there is no session 2: the contract has 1 (ids 1 to 1)",
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
