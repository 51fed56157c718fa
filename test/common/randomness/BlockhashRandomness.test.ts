import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";

const HISTORY = "0x0000F90827F1C53a10cb7A02335B175320002935";

const Status = { Unknown: 0n, Pending: 1n, Ready: 2n, Stale: 3n } as const;

describe("BlockhashRandomness", function () {
  async function deployFixture() {
    const [alice, bob] = await ethers.getSigners();
    const source = await ethers.deployContract("BlockhashRandomness");
    return { source, alice, bob };
  }

  /** Sends a request and returns its id and the block it was mined in. */
  async function requestId(source: Awaited<ReturnType<typeof deployFixture>>["source"]) {
    const tx = await source.request(ethers.ZeroAddress);
    const receipt = await tx.wait();
    const event = receipt!.logs.map((l) => source.interface.parseLog(l)).find((e) => e?.name === "RandomnessRequested");
    return { id: event!.args.id as bigint, block: BigInt(receipt!.blockNumber) };
  }

  it("commits each request to the next block, with a unique non-zero id", async function () {
    const { source, alice } = await loadFixture(deployFixture);
    const first = await requestId(source);
    const second = await requestId(source);
    expect(first.id).to.not.equal(0n);
    expect(first.id).to.not.equal(second.id);
    expect(await source.targetBlock(first.id)).to.equal(first.block + 1n);
    expect(first.id >> 64n).to.equal(1n);
    expect(second.id >> 64n).to.equal(2n);
    await expect(source.request(ethers.ZeroAddress))
      .to.emit(source, "RandomnessRequested")
      .withArgs((3n << 64n) | BigInt((await ethers.provider.getBlockNumber()) + 2), alice.address);
  });

  it("is Pending until the target block is mined, then Ready, then Stale after 256 blocks", async function () {
    const { source } = await loadFixture(deployFixture);
    const { id } = await requestId(source);
    // The request's block is the latest block: the target (next block) is not mined yet.
    expect(await source.status(id)).to.equal(Status.Pending);
    await expect(source.value(id))
      .to.be.revertedWithCustomError(source, "RandomnessNotReady")
      .withArgs(id, Status.Pending);
    expect(await source.valueIfReady(id)).to.deep.equal([Status.Pending, 0n]);
    await mine(1); // target mined, but its hash is only visible from the block after it
    expect(await source.status(id)).to.equal(Status.Pending);
    await mine(1);
    expect(await source.status(id)).to.equal(Status.Ready);
    const v = await source.value(id);
    expect(v).to.not.equal(0n);
    expect(await source.valueIfReady(id)).to.deep.equal([Status.Ready, v]);
    await mine(200);
    expect(await source.value(id)).to.equal(v); // never twice different
    await mine(55); // latest = target + 256: the last block at which blockhash(target) is visible
    expect(await source.status(id)).to.equal(Status.Ready);
    await mine(1);
    expect(await source.status(id)).to.equal(Status.Stale);
    expect(await source.valueIfReady(id)).to.deep.equal([Status.Stale, 0n]);
    await expect(source.value(id))
      .to.be.revertedWithCustomError(source, "RandomnessNotReady")
      .withArgs(id, Status.Stale);
    await expect(source.fulfil(id)).to.be.revertedWithCustomError(source, "RandomnessNotReady");
  });

  it("derives the value from the target block's hash and the id", async function () {
    const { source } = await loadFixture(deployFixture);
    const { id } = await requestId(source);
    await mine(2);
    const target = await source.targetBlock(id);
    const block = await ethers.provider.getBlock(Number(target));
    const expected = BigInt(
      ethers.keccak256(ethers.AbiCoder.defaultAbiCoder().encode(["bytes32", "uint256"], [block!.hash, id])),
    );
    expect(await source.value(id)).to.equal(expected);
  });

  it("gives different values to requests committed to the same block", async function () {
    const { source } = await loadFixture(deployFixture);
    await ethers.provider.send("evm_setAutomine", [false]);
    const a = await source.request(ethers.ZeroAddress);
    const b = await source.request(ethers.ZeroAddress);
    await mine(1);
    await ethers.provider.send("evm_setAutomine", [true]);
    const ids = await Promise.all(
      [a, b].map(async (tx) => {
        const r = await tx.wait();
        return source.interface.parseLog(r!.logs[0])!.args.id as bigint;
      }),
    );
    expect(await source.targetBlock(ids[0])).to.equal(await source.targetBlock(ids[1]));
    await mine(2);
    expect(await source.value(ids[0])).to.not.equal(await source.value(ids[1]));
  });

  it("reports Unknown for ids never issued", async function () {
    const { source } = await loadFixture(deployFixture);
    const { id } = await requestId(source);
    expect(await source.status(0n)).to.equal(Status.Unknown);
    expect(await source.status(id + (1n << 64n))).to.equal(Status.Unknown);
    expect(await source.valueIfReady(0n)).to.deep.equal([Status.Unknown, 0n]);
    await expect(source.value(12345n))
      .to.be.revertedWithCustomError(source, "RandomnessNotReady")
      .withArgs(12345n, Status.Unknown);
  });

  it("fulfil pins a ready value past the 256-block horizon, once", async function () {
    const { source } = await loadFixture(deployFixture);
    const { id } = await requestId(source);
    await mine(2);
    const v = await source.value(id);
    await expect(source.fulfil(id)).to.emit(source, "RandomnessFulfilled").withArgs(id, v);
    await expect(source.fulfil(id)).to.not.emit(source, "RandomnessFulfilled");
    await mine(400);
    expect(await source.status(id)).to.equal(Status.Ready);
    expect(await source.value(id)).to.equal(v);
    expect(await source.valueIfReady(id)).to.deep.equal([Status.Ready, v]);
  });

  // Past 256 blocks the source asks the EIP-2935 history contract. Whatever sits at its address on a chain that does
  // not keep the history must make the request Stale (a new draw), never a value derived from a zero or garbage hash.
  for (const [what, code] of [
    ["no code (a chain before Prague: the call succeeds and returns no data)", "0x"],
    ["a history that answers zero (a block from before the fork)", "0x60206000f3"], // return 32 zero bytes
    ["an answer of the wrong length", "0x60406000f3"], // return 64 bytes
    ["a contract that reverts (Hardhat 2's placeholder)", "0x60006000fd"],
  ] as const) {
    it(`treats ${what} at the history address as no history: Stale after 256 blocks`, async function () {
      const { source } = await loadFixture(deployFixture);
      const original = await ethers.provider.getCode(HISTORY);
      await network.provider.send("hardhat_setCode", [HISTORY, code]);
      try {
        const { id } = await requestId(source);
        await mine(258); // the target is 257 blocks old: past blockhash's reach, well within the history's
        expect(await source.valueIfReady(id)).to.deep.equal([Status.Stale, 0n]);
        expect(await source.status(id)).to.equal(Status.Stale);
        await expect(source.value(id))
          .to.be.revertedWithCustomError(source, "RandomnessNotReady")
          .withArgs(id, Status.Stale);
        await expect(source.fulfil(id)).to.be.revertedWithCustomError(source, "RandomnessNotReady");
      } finally {
        await network.provider.send("hardhat_setCode", [HISTORY, original]);
      }
    });
  }
});
