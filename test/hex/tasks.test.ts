import { expect } from "chai";
import hre, { deployments, ethers } from "hardhat";
import { mine } from "@nomicfoundation/hardhat-network-helpers";
import type { ForkingHex } from "../../typechain-types";

/** Runs a task and returns what it printed along with its result. */
async function run<T>(name: string, args: Record<string, unknown>): Promise<{ out: string; result: T }> {
  const lines: string[] = [];
  const log = console.log;
  const table = console.table;
  console.log = (...a: unknown[]) => lines.push(a.map(String).join(" "));
  console.table = (rows: unknown) => lines.push(JSON.stringify(rows));
  try {
    const result = (await hre.run(name, args)) as T;
    return { out: lines.join("\n"), result };
  } finally {
    console.log = log;
    console.table = table;
  }
}

describe("Forking Hex CLI tasks (against hardhat-deploy deployments)", function () {
  it("creates, moves, forks, proves, shows, settles, reports payouts and withdraws", async function () {
    await deployments.fixture(["hex"]);
    const hex = (await ethers.getContractAt(
      "ForkingHex",
      (await deployments.get("ForkingHex")).address,
    )) as unknown as ForkingHex;
    const [, alice, bob, carol] = await ethers.getSigners();

    const created = await run<bigint>("hex:create", { size: 3, cell: "a1", from: "1", stake: "0.5" });
    const game = created.result.toString();
    expect(created.out).to.contain("Red opened at a1");
    // Blue replies b1; Red plays a2 (column a: a1 a2 ...); Carol forks Red on b2.
    await run("hex:move", { game, parent: 1, cell: "b1", from: "2" });
    const p3 = await run<number>("hex:move", { game, parent: 2, cell: "a2", from: "1" });
    expect(p3.result).to.equal(3);
    await run("hex:move", { game, parent: 2, cell: "1,1", from: "3" });
    await run("hex:move", { game, parent: 3, cell: "c1", from: "2" });
    // Red's winning move a3, proven in the same transaction.
    const win = await run<number>("hex:move", { game, parent: 5, cell: "a3", from: "1", prove: true });
    expect(win.out).to.contain("proven winning");
    expect((await hex.position(1, win.result)).proven).to.equal(true);

    const shown = await run("hex:show", { game, position: win.result });
    expect(shown.out).to.contain("PROVEN");
    expect(shown.out).to.contain("| * "); // the path is marked on the board
    expect(shown.out).to.contain("#1 → #2 → #3 → #5 → #6");
    const tree = await run("hex:show", { game, position: 2 });
    if (process.env.HEX_VERBOSE) console.log(shown.out + "\n" + tree.out);
    expect(tree.out).to.match(/├─ #3[^\n]*\n.*#5/);
    expect(tree.out).to.contain("└─ #4");

    // Position 4 (Carol's fork) has nothing to prove; its Blue reply would not connect either.
    const none = await run<number[] | null>("hex:prove", { game, position: 4 });
    expect(none.result).to.equal(null);

    const before = await run<Record<string, string>[]>("hex:payouts", { game });
    expect(before.out).to.contain("still running");
    await mine(60);
    const settled = await run<number>("hex:settle", { game, batch: 2 });
    expect(settled.result).to.equal(3);
    const after = await run<Record<string, string>[]>("hex:payouts", { game });
    expect(after.out).to.contain("losing move #5");
    for (const row of after.result) {
      const p = await hex.payoutOf(1, row.player);
      expect(await hex.credits(ethers.ZeroAddress, row.player)).to.equal(p.total);
    }
    const paid = await run<bigint>("hex:withdraw", { from: "1" });
    expect(paid.result).to.equal((await hex.payoutOf(1, alice.address)).total);
    const nothing = await run<bigint>("hex:withdraw", { from: "1" });
    expect(nothing.result).to.equal(0n);
    expect(bob.address).to.not.equal(carol.address);
  });
});
