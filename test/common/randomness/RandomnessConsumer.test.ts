import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { deployVrfStack } from "../../../scripts/lib/common";
import { RandomnessStatus as Status } from "../../../client/chain";

describe("RandomnessConsumer", function () {
  async function blockhashFixture() {
    const source = await ethers.deployContract("BlockhashRandomness");
    const consumer = await ethers.deployContract("RandomnessConsumerHarness", [await source.getAddress()]);
    return { source, consumer };
  }

  it("requests, waits, consumes; re-requests only a stale request (block-hash source)", async function () {
    const { source, consumer } = await loadFixture(blockhashFixture);
    await consumer.ask();
    const first = await consumer.pending();
    expect(await consumer.ready()).to.equal(false);
    await expect(consumer.consume()).to.be.revertedWithCustomError(source, "RandomnessNotReady");
    await mine(2);
    await expect(consumer.rerequest())
      .to.be.revertedWithCustomError(consumer, "RandomnessNotStale")
      .withArgs(first, Status.Ready);
    await mine(300);
    expect(await source.status(first)).to.equal(Status.Stale);
    await consumer.rerequest();
    const second = await consumer.pending();
    expect(second).to.not.equal(first);
    expect(await consumer.ready()).to.equal(false);
    await mine(2);
    expect(await consumer.ready()).to.equal(true);
    await expect(consumer.consume())
      .to.emit(consumer, "Consumed")
      .withArgs(second, await source.value(second));
  });

  it("works unchanged on the VRF source", async function () {
    const vrf = await deployVrfStack(hre);
    const consumer = await ethers.deployContract("RandomnessConsumerHarness", [await vrf.source.getAddress()]);
    await vrf.source.setConsumer(await consumer.getAddress(), true);
    await consumer.ask();
    const id = await consumer.pending();
    expect(await consumer.ready()).to.equal(false);
    await vrf.coordinator.fulfillRandomWords(id, await vrf.source.getAddress());
    expect(await consumer.ready()).to.equal(true);
    await expect(consumer.consume()).to.emit(consumer, "Consumed");
  });
});
