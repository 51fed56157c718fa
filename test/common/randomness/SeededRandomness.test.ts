import { expect } from "chai";
import hre from "hardhat";
import { ZeroAddress } from "ethers";
import { mine } from "@nomicfoundation/hardhat-network-helpers";
import { deploySeededRandomness, requestIdFrom } from "../../../scripts/lib/common";
import { RandomnessStatus as Status } from "../../../client/chain";

describe("SeededRandomness (test/simulation source)", function () {
  it("has the block-hash source's timing and replays the same values for the same seed and request order", async function () {
    const a = await deploySeededRandomness(hre, 42n);
    const b = await deploySeededRandomness(hre, 42n);
    const c = await deploySeededRandomness(hre, 43n);
    const ids = [];
    for (const s of [a, b, c]) ids.push(await requestIdFrom(s, await s.request(ZeroAddress)));
    expect(await c.status(ids[2])).to.equal(Status.Pending);
    expect(await c.valueIfReady(ids[2])).to.deep.equal([Status.Pending, 0n]);
    await mine(2);
    expect(await a.value(ids[0])).to.equal(await b.value(ids[1]));
    expect(await a.valueIfReady(ids[0])).to.deep.equal([Status.Ready, await a.value(ids[0])]);
    expect(await a.value(ids[0])).to.not.equal(await c.value(ids[2]));
    await mine(300);
    expect(await a.status(ids[0])).to.equal(Status.Stale);
    expect(await a.valueIfReady(ids[0])).to.deep.equal([Status.Stale, 0n]);
    await expect(a.value(ids[0])).to.be.revertedWithCustomError(a, "RandomnessNotReady").withArgs(ids[0], Status.Stale);
    expect(await a.status(0n)).to.equal(Status.Unknown);
    expect(await a.valueIfReady(0n)).to.deep.equal([Status.Unknown, 0n]);
  });

  it("hands scripted values to the next requests, in order, then falls back to the seed", async function () {
    const a = await deploySeededRandomness(hre, 42n);
    const b = await deploySeededRandomness(hre, 42n);
    await expect(a.script([11n, 12n]))
      .to.emit(a, "Scripted")
      .withArgs(0, 2);
    expect(await a.queued()).to.equal(2n);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await requestIdFrom(a, await a.request(ZeroAddress)));
    const plain = [];
    for (let i = 0; i < 3; i++) plain.push(await requestIdFrom(b, await b.request(ZeroAddress)));
    await mine(2);
    expect(await a.queued()).to.equal(0n);
    expect(await a.value(ids[0])).to.equal(11n);
    expect(await a.value(ids[1])).to.equal(12n);
    expect(await a.value(ids[2])).to.equal(await b.value(plain[2]));
  });
});
