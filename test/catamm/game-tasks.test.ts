import { expect } from "chai";
import hre from "hardhat";
import { autoRoadEdge, autoSettlementVertex } from "../../client/catamm/board";
import { Phase, readGame } from "../../client/catamm/game";
import type { Catamm } from "../../typechain-types";

/** Runs a task and returns what it printed. */
async function printed(name: string, args: Record<string, unknown>): Promise<string> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...parts: unknown[]) => void lines.push(parts.join(" "));
  try {
    await hre.run(name, args);
  } finally {
    console.log = log;
  }
  return lines.join("\n");
}

describe("CATAMM game tasks", function () {
  // The market tasks look for a "Catamm" deployment before their harness: leave none behind for other tests.
  after(async function () {
    await hre.deployments.delete("Catamm");
  });

  it("catamm:bots refuses bad arguments before deploying anything", async function () {
    const [deployer] = await hre.ethers.getSigners();
    const nonce = await deployer.getNonce();
    const block = await hre.ethers.provider.getBlockNumber();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ players: 5 }, /--players must be an integer from 2 to 4 \(got 5\)/],
      [{ players: 1 }, /--players/],
      [{ depth: 0 }, /--depth must be an integer from 1 to 1000000/],
      [{ turnBlocks: 4 }, /--turnBlocks/],
      [{ preset: "cheap" }, /unknown preset "cheap"/],
    ];
    for (const [args, message] of cases) {
      const error = await hre.run("catamm:bots", args).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message, JSON.stringify(args)).to.match(message);
    }
    expect(await deployer.getNonce()).to.equal(nonce);
    expect(await hre.ethers.provider.getBlockNumber()).to.equal(block);
  });

  it("catamm:bots plays a game and prints the winner, the points, the trades and the pool prices [no-coverage]", async function () {
    const out = await printed("catamm:bots", { players: 2, seed: 11, depth: 50 });
    expect(out).to.match(/wins after \d+ turns/);
    expect(out).to.contain("points (public + hidden VP cards)");
    expect(out).to.match(/\d+ trades, \d+ transactions/);
    expect(out).to.contain("(missing)");
    expect(out.match(/^\s+turn\s+\d+\s+P\d/gm)?.length).to.be.greaterThan(5);
  });

  it("drive a game step by step against the deployments: create, join, start, serve, place, show", async function () {
    await hre.deployments.fixture(["catamm"]);
    const deployment = await hre.deployments.get("Catamm");
    const game = (await hre.ethers.getContractAt("Catamm", deployment.address)) as unknown as Catamm;
    const id = (await game.gameCount()) + 1n;
    const created = await printed("catamm:create", { depth: 100, preset: "defi", turnBlocks: 30, from: "0", game: 0 });
    expect(created).to.contain(`game id ${id}`);
    expect(await printed("catamm:join", { from: "1", game: Number(id) })).to.contain("PlayerJoined");
    expect(await printed("catamm:start", { from: "0", game: Number(id) })).to.contain("RandomnessRequested");
    expect(await printed("catamm:advance", { from: "2", game: Number(id), noWait: false })).to.contain("GameStarted");
    const g = await readGame(game, id);
    expect(g.phase).to.equal(Phase.Setup);
    const signers = await hre.ethers.getSigners();
    const account = signers.findIndex((s) => s.address === g.players[g.seat].address);
    const vertex = autoSettlementVertex(g.board, 0n);
    const placed = await printed("catamm:place", {
      from: String(account),
      game: Number(id),
      vertex,
      edge: autoRoadEdge(0n, vertex),
    });
    expect(placed).to.contain("InitialPlacement");
    const shown = await printed("catamm:show", { from: "0", game: Number(id) });
    expect(shown).to.contain("Setup, turn 0");
    expect(shown).to.match(/P1: 1 points/);
    const failure = await hre
      .run("catamm:build", { what: "castle", at: 1, from: "0", game: Number(id) })
      .catch((e: Error) => e);
    expect(String(failure)).to.contain("unknown piece");
  });
});
