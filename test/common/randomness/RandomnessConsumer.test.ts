import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { deployVrfStack } from "../../../scripts/lib/common";
import { RandomnessStatus as Status } from "../../../client/chain";

describe("RandomnessConsumer and RandomDraw", function () {
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

  it("uniform draws cover [0, n) about evenly", async function () {
    const { consumer } = await loadFixture(blockhashFixture);
    const counts = [0, 0, 0, 0, 0, 0];
    const runs = 600;
    for (let i = 0; i < runs; i++) counts[Number(await consumer.uniform(12345n, BigInt(i), 6n))]++;
    // Each face expects 100; a 5-sigma band (sd ~ 9.1) keeps this deterministic test meaningful and stable.
    for (const c of counts) expect(c).to.be.within(55, 145);
  });

  it("weighted draws follow the weights, and never pick a zero weight", async function () {
    const { consumer } = await loadFixture(blockhashFixture);
    const weights = [800n, 0n, 1200n];
    const counts = [0, 0, 0];
    for (let i = 0; i < 400; i++) counts[Number(await consumer.weighted(7n, BigInt(i), weights, 2000n))]++;
    expect(counts[1]).to.equal(0);
    expect(counts[0]).to.be.within(160 - 50, 160 + 50); // expected 160, sd ~ 9.8
    expect(counts[2]).to.be.within(240 - 50, 240 + 50);
  });
});
