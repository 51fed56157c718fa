import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { impersonateAccount, loadFixture, mine, setBalance } from "@nomicfoundation/hardhat-network-helpers";
import { deployVrfStack, MOCK_KEY_HASH, requestIdFrom, vrfConfig } from "../../../scripts/lib/common";
import { RandomnessStatus as Status } from "../../../client/chain";

describe("VRFRandomness", function () {
  async function stackFixture() {
    const [owner, game, stranger] = await ethers.getSigners();
    const stack = await deployVrfStack(hre, { staleAfter: 50 });
    await stack.source.setConsumer(game.address, true);
    return { ...stack, owner, game, stranger };
  }

  it("stores the coordinator's word in the callback and serves it", async function () {
    const { coordinator, source, game } = await loadFixture(stackFixture);
    const id = await requestIdFrom(source, await source.connect(game).request(ethers.ZeroAddress));
    expect(await source.status(id)).to.equal(Status.Pending);
    expect(await source.valueIfReady(id)).to.deep.equal([Status.Pending, 0n]);
    await expect(source.value(id))
      .to.be.revertedWithCustomError(source, "RandomnessNotReady")
      .withArgs(id, Status.Pending);
    const word = BigInt(ethers.keccak256(ethers.AbiCoder.defaultAbiCoder().encode(["uint256", "uint256"], [id, 0])));
    await expect(coordinator.fulfillRandomWords(id, await source.getAddress()))
      .to.emit(source, "RandomnessFulfilled")
      .withArgs(id, word);
    expect(await source.status(id)).to.equal(Status.Ready);
    expect(await source.value(id)).to.equal(word);
    await mine(500);
    expect(await source.value(id)).to.equal(word); // never stale once served
    expect(await source.valueIfReady(id)).to.deep.equal([Status.Ready, word]);
  });

  it("maps a zero word to 1 and ignores a second delivery", async function () {
    const { coordinator, source, game } = await loadFixture(stackFixture);
    const id = await requestIdFrom(source, await source.connect(game).request(ethers.ZeroAddress));
    await coordinator.fulfillRandomWordsWithOverride(id, await source.getAddress(), [0n]);
    expect(await source.value(id)).to.equal(1n);
    // The real coordinator never delivers twice; if it did, the stored word would not change.
    const coordinatorAddress = await coordinator.getAddress();
    await impersonateAccount(coordinatorAddress);
    await setBalance(coordinatorAddress, 10n ** 18n);
    const asCoordinator = source.connect(await ethers.getSigner(coordinatorAddress));
    await expect(asCoordinator.rawFulfillRandomWords(id, [99n])).to.not.emit(source, "RandomnessFulfilled");
    await expect(asCoordinator.rawFulfillRandomWords(777n, [99n])).to.not.emit(source, "RandomnessFulfilled");
    expect(await source.value(id)).to.equal(1n);
    expect(await source.status(777n)).to.equal(Status.Unknown);
  });

  it("a request nobody delivers stays pending, then turns stale, and its replacement is served", async function () {
    const { coordinator, source, game } = await loadFixture(stackFixture);
    const id = await requestIdFrom(source, await source.connect(game).request(ethers.ZeroAddress));
    // The coordinator never answers (an outage): the request waits for its stale window, no longer.
    expect(await source.status(id)).to.equal(Status.Pending);
    await mine(50);
    expect(await source.status(id)).to.equal(Status.Pending);
    await mine(1);
    expect(await source.status(id)).to.equal(Status.Stale);
    expect(await source.valueIfReady(id)).to.deep.equal([Status.Stale, 0n]);
    await expect(source.value(id))
      .to.be.revertedWithCustomError(source, "RandomnessNotReady")
      .withArgs(id, Status.Stale);
    // No owner needed: the consumer replaces it, and the replacement is served.
    const again = await requestIdFrom(source, await source.connect(game).rerequest(id, ethers.ZeroAddress));
    expect(await source.latestRequest(id)).to.equal(again);
    await coordinator.fulfillRandomWords(again, await source.getAddress());
    expect(await source.status(again)).to.equal(Status.Ready);
  });

  it("records what a request needs when it is made: a lower staleAfter later makes no pending request stale", async function () {
    const { source, game } = await loadFixture(stackFixture);
    const id = await requestIdFrom(source, await source.connect(game).request(ethers.ZeroAddress));
    const [staleAt] = await source.requestInfo(id);
    expect(staleAt).to.equal(BigInt((await ethers.provider.getBlockNumber()) + 50));
    const c = await source.config();
    await source.setConfig({ ...vrfConfig(c), staleAfter: 13 });
    await mine(20);
    // Under the new setting it would be stale; it keeps the 50 blocks it was made with.
    expect(await source.status(id)).to.equal(Status.Pending);
    await mine(35);
    expect(await source.status(id)).to.equal(Status.Stale);
  });

  it("a repointed coordinator cannot fulfil requests sent to the one before", async function () {
    const { coordinator, source, game, owner } = await loadFixture(stackFixture);
    const id = await requestIdFrom(source, await source.connect(game).request(ethers.ZeroAddress));
    expect((await source.requestInfo(id)).coordinator).to.equal(await coordinator.getAddress());
    // The owner (a timelock on public networks) repoints the source to a coordinator it controls.
    const rogue = (await deployVrfStack(hre, { staleAfter: 50 })).coordinator;
    await source.connect(owner).setCoordinator(await rogue.getAddress());
    const rogueAddress = await rogue.getAddress();
    await impersonateAccount(rogueAddress);
    await setBalance(rogueAddress, 10n ** 18n);
    const asRogue = await ethers.getSigner(rogueAddress);
    // It may call the callback, but a request it was never sent is ignored: no chosen word for a pending request.
    await source.connect(asRogue).rawFulfillRandomWords(id, [42n]);
    expect(await source.status(id)).to.equal(Status.Pending);
    // The old coordinator is no longer accepted by the base contract; the request goes stale and is re-requested.
    await expect(coordinator.fulfillRandomWords(id, await source.getAddress())).to.emit(
      coordinator,
      "RandomWordsFulfilled",
    );
    expect(await source.status(id)).to.equal(Status.Pending);
  });

  it("only authorised consumers may request", async function () {
    const { source, stranger, owner } = await loadFixture(stackFixture);
    await expect(source.connect(stranger).request(ethers.ZeroAddress))
      .to.be.revertedWithCustomError(source, "UnauthorisedConsumer")
      .withArgs(stranger.address);
    await expect(source.connect(owner).setConsumer(stranger.address, true))
      .to.emit(source, "ConsumerSet")
      .withArgs(stranger.address, true);
    await expect(source.connect(stranger).request(ethers.ZeroAddress)).to.emit(source, "RandomnessRequested");
  });

  it("only the owner configures; bad configs are rejected", async function () {
    const { source, stranger, subscriptionId } = await loadFixture(stackFixture);
    const good = {
      keyHash: MOCK_KEY_HASH,
      subscriptionId,
      callbackGasLimit: 200_000,
      requestConfirmations: 3,
      nativePayment: false,
      staleAfter: 100,
      requestFee: 0,
    };
    await expect(source.connect(stranger).setConfig(good)).to.be.revertedWith("Only callable by owner");
    await expect(source.connect(stranger).setConsumer(stranger.address, true)).to.be.revertedWith(
      "Only callable by owner",
    );
    // Every bad field is named, with its bounds (test/common/randomness/VRFBounds.test.ts tries the edges).
    await expect(source.setConfig({ ...good, callbackGasLimit: 0 }))
      .to.be.revertedWithCustomError(source, "CallbackGasOutOfRange")
      .withArgs(0, 80_000, 2_500_000);
    await expect(source.setConfig({ ...good, staleAfter: 0 }))
      .to.be.revertedWithCustomError(source, "StaleWindowOutOfRange")
      .withArgs(0, 13, 7_200);
    await expect(source.setConfig({ ...good, requestConfirmations: 201 }))
      .to.be.revertedWithCustomError(source, "TooManyConfirmations")
      .withArgs(201, 200);
    // A request fee must pay the request: native payment only.
    await expect(source.setConfig({ ...good, requestFee: 1 }))
      .to.be.revertedWithCustomError(source, "FeeWithoutNativePayment")
      .withArgs(1);
    await expect(source.setConfig(good)).to.emit(source, "ConfigSet");
    expect((await source.config()).callbackGasLimit).to.equal(200_000n);
  });

  it("reports Unknown for ids it never requested and rejects callbacks from others", async function () {
    const { source, stranger } = await loadFixture(stackFixture);
    expect(await source.status(42n)).to.equal(Status.Unknown);
    expect(await source.valueIfReady(42n)).to.deep.equal([Status.Unknown, 0n]);
    await expect(source.value(42n))
      .to.be.revertedWithCustomError(source, "RandomnessNotReady")
      .withArgs(42n, Status.Unknown);
    await expect(source.connect(stranger).rawFulfillRandomWords(42n, [7n])).to.be.revertedWithCustomError(
      source,
      "OnlyCoordinatorCanFulfill",
    );
  });
});
