// scripts/lib/cli.ts: a task's transactions are checked by a static call before they are sent, while the task runs
// and only then. Tests share the in-process network with the tasks they run (hre.run), and expect a transaction the
// contract refuses to be mined failing, as Hardhat does: the check left on after a task made 14 of them fail.
// [no-coverage]: no contract is measured here.
import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { checkBeforeSending } from "../../scripts/lib/cli";

describe("tasks' check before sending (scripts/lib/cli.ts)", function () {
  /** A transaction FeeConfig refuses (setFee from an account that does not own it): [mined a block?, error]. */
  async function refused(): Promise<[boolean, string]> {
    const [owner, stranger] = await ethers.getSigners();
    const fees = await ethers.deployContract("FeeConfig", [owner.address, owner.address, 100]);
    await fees.waitForDeployment();
    const before = await ethers.provider.getBlockNumber();
    const error = await fees
      .connect(stranger)
      .setFeeBps(50)
      .then(
        () => "",
        (e: Error) => e.message,
      );
    return [(await ethers.provider.getBlockNumber()) === before + 1, error];
  }

  it("refuses before sending while a task runs, and sends as before once it ended", async function () {
    const release = checkBeforeSending(hre);
    let [mined, error] = await refused();
    expect(error).to.contain("OwnableUnauthorizedAccount");
    expect(mined, "refused by the static call, never sent").to.equal(false);
    release();
    [mined, error] = await refused();
    expect(error).to.contain("OwnableUnauthorizedAccount");
    expect(mined, "sent and mined failing, as Hardhat does without the check").to.equal(true);
  });

  it("stays on until the last of nested tasks ends; releasing twice counts once", async function () {
    const outer = checkBeforeSending(hre);
    const inner = checkBeforeSending(hre);
    inner();
    inner();
    expect((await refused())[0], "the outer task still checks").to.equal(false);
    outer();
    expect((await refused())[0]).to.equal(true);
  });
});
