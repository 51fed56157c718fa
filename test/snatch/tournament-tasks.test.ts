import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import hre, { deployments, ethers } from "hardhat";
import { mine } from "@nomicfoundation/hardhat-network-helpers";
import { MOCK_KEY_HASH } from "../../scripts/lib/common";
import { parseMix } from "../../scripts/snatch/bots";
import { tournamentAt } from "../../scripts/snatch/lib";

/** Runs a task and returns what it printed. */
async function run(name: string, args: Record<string, unknown>): Promise<string> {
  const lines: string[] = [];
  const original = console.log;
  const write = process.stdout.write.bind(process.stdout);
  console.log = (...parts: unknown[]) => lines.push(parts.map(String).join(" "));
  // The progress bar writes in place on a terminal.
  process.stdout.write = ((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  try {
    await hre.run(name, args);
  } finally {
    console.log = original;
    process.stdout.write = write;
  }
  return lines.join("\n");
}

describe("deploy/04_tournament and tournament tasks", function () {
  it("the simulation refuses bad arguments before deploying anything", async function () {
    const [deployer] = await ethers.getSigners();
    const nonce = await deployer.getNonce();
    for (const [args, message] of [
      [{ players: 1 }, /--players must be an integer from 2 to 2000 \(got 1\)/],
      [{ players: 2001 }, /--players must be an integer from 2 to 2000/],
      [{ players: 4, tremble: 1.5 }, /--tremble must be a probability/],
      [{ players: 4, seed: "x" }, /--seed must be a non-negative integer/],
      [{ players: 4, keeper: "nobody" }, /--keeper: rooms or deadline/],
    ] as [Record<string, unknown>, RegExp][]) {
      const error = await hre.run("tournament", args).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message, JSON.stringify(args)).to.match(message);
    }
    expect(await deployer.getNonce()).to.equal(nonce);
  });

  it("deploys the tournament on the rooms and allows it as a factory", async function () {
    await deployments.fixture(["tournament"]);
    const tournament = await tournamentAt(hre);
    const rooms = await ethers.getContractAt("SnatchRooms", (await deployments.get("SnatchRooms")).address);
    expect(await tournament.rooms()).to.equal(await rooms.getAddress());
    expect(await tournament.randomness()).to.equal((await deployments.get("Randomness")).address);
    expect(await rooms.isFactory(await tournament.getAddress())).to.equal(true);
  });

  it("authorises the tournament as a consumer of a Chainlink VRF source", async function () {
    const coordinator = await ethers.deployContract("VRFCoordinatorV2_5Mock", [10n ** 17n, 10n ** 9n, 4n * 10n ** 15n]);
    const created = await (await coordinator.createSubscription()).wait();
    const subId = coordinator.interface.parseLog(created!.logs[0])!.args.subId as bigint;
    const saved = { ...process.env };
    Object.assign(process.env, {
      VRF_COORDINATOR: await coordinator.getAddress(),
      VRF_SUBSCRIPTION_ID: subId.toString(),
      VRF_KEY_HASH: MOCK_KEY_HASH,
    });
    try {
      await deployments.run(["tournament"], {
        resetMemory: true,
        deletePreviousDeployments: true,
        writeDeploymentsToFiles: false,
      });
    } finally {
      process.env = saved;
    }
    const source = await ethers.getContractAt("VRFRandomness", (await deployments.get("Randomness")).address);
    expect(await source.isConsumer(await (await tournamentAt(hre)).getAddress())).to.equal(true);
  });

  it("run a small tournament from the command line and read it", async function () {
    await deployments.fixture(["tournament"]);
    expect(await run("tournament:create", { from: "1", windows: "offer=3,response=3,decision=3,talk=3" })).to.match(
      /TournamentCreated\(tournamentId=1, organiser=/,
    );
    let error = "";
    // A name the contract would refuse is refused before sending, with the contract's sentence.
    await run("tournament:register", { id: 1, from: "2", name: "Ada\nLovelace" }).catch(
      (e: Error) => (error = e.message),
    );
    expect(error).to.equal("a name cannot contain control characters (a line break, a tab, ...): one starts at byte 3");
    for (const [from, name] of [
      ["2", "Ada"],
      ["3", "Ben"],
      ["4", "Cy"],
    ]) {
      expect(await run("tournament:register", { id: 1, from, name })).to.match(
        new RegExp(`PlayerRegistered\\(.*name="${name}"\\)`),
      );
    }
    await run("tournament:start", { id: 1, phase: 1, from: "2" }).catch((e: Error) => (error = e.message));
    expect(error).to.match(
      /^reverted: until block [\d,]+ only the organiser may start phase 1 of tournament 1; it is block/,
    );
    expect(error).to.match(/StartReservedToOrganiser\(tournamentId=1, phase=1, openToAllFrom=\d+\)$/);
    expect(await run("tournament:start", { id: 1, phase: 1, from: "1" })).to.match(/PhaseStarted\(.*players=3/);
    await mine(1);
    expect(await run("tournament:rooms", { id: 1 })).to.match(/PlayersPaired[\s\S]*PhasePlaying/);
    let shown = await run("tournament:show", { id: 1 });
    expect(shown).to.match(/3\/1000 players; phase 1: playing/);
    expect(shown).to.match(/G1 plain \(format 7\): 0\/1 rooms finished/);
    expect(shown).to.match(/G2 forced offer: not started/);
    // Nothing finished without reporting: the recovery task has nothing to record.
    await run("tournament:record", { id: 1 }).catch((e: Error) => (error = e.message));
    expect(error).to.contain("NothingToRecord(tournamentId=1, phase=1, fromPair=0, toPair=1)");
    await mine(20);
    expect(await run("tournament:close", { id: 1 })).to.match(
      /RoomRecorded[\s\S]*PhaseEnded\(tournamentId=1, phase=1\)/,
    );
    shown = await run("tournament:show", { id: 1 });
    expect(shown).to.match(/(Ada|Ben|Cy) \(0x[0-9a-fA-F]{40}\) sits out; 0 offers/);
    const board = await run("tournament:leaderboard", { id: 1 });
    // Names before addresses; two players tie at 10.
    expect(board.split("\n").filter((l) => /^\s+1\s+(Ada|Ben|Cy)\s+0x/.test(l)).length).to.equal(2);
    const player = (await ethers.getSigners())[2].address;
    const history = await run("tournament:history", { id: 1, player });
    expect(history).to.match(new RegExp(`^Ada \\(${player}\\): registered #1`));
    expect(history).to.match(
      /G1 plain: (P[12] in room 1 against (Ben|Cy) \(0x[0-9a-fA-F]{40}\): 10 to 10 points \(final\)|sat out)/,
    );
  });

  it("the `tournament` task simulates a tournament, prints its tables and writes the JSON report", async function () {
    const out = path.join(os.tmpdir(), `tournament-${process.pid}.json`);
    const snapshot = await hre.network.provider.send("evm_snapshot", []);
    try {
      const printed = await run("tournament", {
        players: 7,
        seed: "3",
        mix: "sharer=50,snatcher=50",
        tremble: 0,
        keeper: "rooms",
        out,
      });
      expect(printed).to.match(/G5 cheap talk\s+3\s/);
      expect(printed).to.match(/top 10/);
      const report = JSON.parse(fs.readFileSync(out, "utf8"));
      expect(report.players).to.equal(7);
      expect(report.variants).to.have.length(5);
      expect(report.counts.sharer + report.counts.snatcher).to.equal(7);
      // Snatchers snatch every offer they get; sharers accept every one: no reject without trembles.
      for (const v of report.variants) expect(v.rejects).to.equal(0);
    } finally {
      await hre.network.provider.send("evm_revert", [snapshot]);
      fs.rmSync(out, { force: true });
    }
  });

  it("reads strategy mixes", function () {
    expect(parseMix("sharer=30,liar=5").liar).to.equal(5);
    expect(parseMix("default").opportunist).to.equal(25);
    expect(() => parseMix("saint=10")).to.throw(/cannot read/);
  });
});
