import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { impersonateAccount, loadFixture, mine, setBalance } from "@nomicfoundation/hardhat-network-helpers";
import { anyValue } from "@nomicfoundation/hardhat-chai-matchers/withArgs";
import type { RandomnessConsumerHarness } from "../../../typechain-types";
import { deployVrfStack, vrfConfig } from "../../../scripts/lib/common";
import { deploySnatch } from "../../../scripts/snatch/lib";
import { RandomnessStatus as Status } from "../../../client/chain";
import { Preset } from "../../../client/snatch/names";

const MIN_GAS = 80_000n;
const MAX_GAS = 2_500_000n;
const MAX_STALE = 7_200n;
const STALE = 100;

/** The gas a transaction pays before running any code: 21,000 plus its calldata (EIP-2028). */
function intrinsicGas(data: string): bigint {
  const bytes = ethers.getBytes(data);
  return 21_000n + bytes.reduce((sum, b) => sum + (b === 0 ? 4n : 16n), 0n);
}

// Issue 22, items 2 and 6: no VRF config freezes a game, a request that is never delivered has a way forward
// without the owner, and a late delivery is no re-roll option.
describe("VRFRandomness: bounded config, replaced requests keep a delivery in flight", function () {
  async function stack() {
    const signers = await ethers.getSigners();
    const s = await deployVrfStack(hre, { staleAfter: STALE, callbackGasLimit: Number(MIN_GAS) });
    const consumer = (await ethers.deployContract("RandomnessConsumerHarness", [
      await s.source.getAddress(),
    ])) as unknown as RandomnessConsumerHarness;
    await s.source.setConsumer(await consumer.getAddress(), true);
    return { ...s, consumer, player: signers[1], stranger: signers[2] };
  }

  it("refuses the configs that froze games (callback gas 1, a stale window of 2^32 - 1), at every edge", async function () {
    const { source } = await loadFixture(stack);
    const good = vrfConfig(await source.config());
    const cases: [Partial<typeof good>, string, unknown[]][] = [
      [{ callbackGasLimit: 1n }, "CallbackGasOutOfRange", [1, MIN_GAS, MAX_GAS]],
      [{ callbackGasLimit: MIN_GAS - 1n }, "CallbackGasOutOfRange", [MIN_GAS - 1n, MIN_GAS, MAX_GAS]],
      [{ callbackGasLimit: MAX_GAS + 1n }, "CallbackGasOutOfRange", [MAX_GAS + 1n, MIN_GAS, MAX_GAS]],
      [{ staleAfter: 2n ** 32n - 1n }, "StaleWindowOutOfRange", [2n ** 32n - 1n, 13, MAX_STALE]],
      [{ staleAfter: MAX_STALE + 1n }, "StaleWindowOutOfRange", [MAX_STALE + 1n, 13, MAX_STALE]],
      // The stale window must leave the coordinator time to answer after its confirmations.
      [{ requestConfirmations: 100n, staleAfter: 109n }, "StaleWindowOutOfRange", [109, 110, MAX_STALE]],
      [{ requestConfirmations: 201n, staleAfter: 500n }, "TooManyConfirmations", [201, 200]],
    ];
    for (const [change, error, args] of cases) {
      await expect(source.setConfig({ ...good, ...change }), error)
        .to.be.revertedWithCustomError(source, error)
        .withArgs(...args);
    }
    // The edges themselves are accepted.
    for (const change of [
      { callbackGasLimit: MIN_GAS },
      { callbackGasLimit: MAX_GAS },
      { staleAfter: MAX_STALE },
      { requestConfirmations: 200n, staleAfter: 210n },
    ]) {
      await expect(source.setConfig({ ...good, ...change })).to.emit(source, "ConfigSet");
    }
    // The constructor applies the same bounds.
    await expect(
      ethers.deployContract("VRFRandomness", [await source.s_vrfCoordinator(), { ...good, callbackGasLimit: 1 }]),
    ).to.be.revertedWithCustomError(source, "CallbackGasOutOfRange");
  });

  it("the least callback gas covers the callback's worst case at least twice over (measured)", async function () {
    const { coordinator, source, consumer } = await loadFixture(stack);
    // The dearest callback: a late delivery of a replaced request, passed on to its replacement.
    await consumer.ask();
    const first = await consumer.pending();
    await mine(STALE + 1);
    await consumer.rerequest();
    const second = await consumer.pending();
    const data = source.interface.encodeFunctionData("rawFulfillRandomWords", [first, [12345n]]);
    const total = await ethers.provider.estimateGas({ from: await coordinator.getAddress(), to: source, data });
    const execution = total - intrinsicGas(data);
    expect(execution).to.be.lessThan(MIN_GAS / 2n, `the callback took ${execution} gas`);
    // And through the coordinator, which gives the callback exactly the request's limit (the least allowed here).
    expect((await source.config()).callbackGasLimit).to.equal(MIN_GAS);
    await expect(coordinator.fulfillRandomWords(first, await source.getAddress()))
      .to.emit(coordinator, "RandomWordsFulfilled")
      .withArgs(first, first, anyValue, anyValue, false, true, false);
    expect(await source.status(second)).to.equal(Status.Ready);
  });

  it("a request never delivered turns stale within the longest window and anyone replaces it without the owner", async function () {
    const signers = await ethers.getSigners();
    const s = await deployVrfStack(hre, { staleAfter: Number(MAX_STALE) });
    const { rooms } = await deploySnatch(hre, await s.source.getAddress());
    await s.source.setConsumer(await rooms.getAddress(), true);
    // A filled room waits for its roles; the coordinator never answers (an outage).
    await rooms.connect(signers[1]).createRoom(Preset.G1, 1000, "");
    await rooms.connect(signers[2]).join(1, "");
    const first = await rooms.rolesRequest(1);
    await mine(Number(MAX_STALE));
    expect(await s.source.status(first)).to.equal(Status.Pending);
    await mine(1);
    expect(await s.source.status(first)).to.equal(Status.Stale);
    // Anyone (here a stranger, not the owner) replaces it; the replacement is served and the room plays on.
    await expect(rooms.connect(signers[9]).rerequestRoles(1)).to.emit(rooms, "RolesRerequested");
    const second = await rooms.rolesRequest(1);
    await s.coordinator.fulfillRandomWords(second, await s.source.getAddress());
    await mine(1);
    await expect(rooms.connect(signers[9]).advance(1)).to.emit(rooms, "RolesAssigned");
  });

  describe("a late delivery is no re-roll option", function () {
    it("re-requesting first, on seeing the delivery coming, still gets that delivery's value", async function () {
      const { coordinator, source, consumer, player } = await loadFixture(stack);
      await consumer.ask();
      const first = await consumer.pending();
      await mine(STALE + 1);
      expect(await source.status(first)).to.equal(Status.Stale);
      // The delivery is on its way (the mock's word for this id); the player dislikes it and replaces the request.
      const coming = BigInt(ethers.solidityPackedKeccak256(["uint256", "uint256"], [first, 0]));
      await expect(consumer.connect(player).rerequest()).to.emit(source, "RequestReplaced");
      const second = await consumer.pending();
      expect(await source.status(second)).to.equal(Status.Pending);
      // The delivery lands after the replacement: it serves the replacement, with the value the player saw.
      await expect(coordinator.fulfillRandomWords(first, await source.getAddress()))
        .to.emit(source, "RandomnessFulfilled")
        .withArgs(second, coming);
      expect(await source.value(second)).to.equal(coming);
      expect(await source.status(first)).to.equal(Status.Stale); // the replaced request gives nothing itself
      // The replacement's own delivery, later, changes nothing.
      await expect(coordinator.fulfillRandomWords(second, await source.getAddress())).to.not.emit(
        source,
        "RandomnessFulfilled",
      );
      expect(await source.value(second)).to.equal(coming);
    });

    it("in the other order (the delivery lands first) the value is the same, and nothing can replace it", async function () {
      const { coordinator, source, consumer } = await loadFixture(stack);
      await consumer.ask();
      const first = await consumer.pending();
      await mine(STALE + 1);
      const coming = BigInt(ethers.solidityPackedKeccak256(["uint256", "uint256"], [first, 0]));
      await coordinator.fulfillRandomWords(first, await source.getAddress());
      expect(await source.value(first)).to.equal(coming);
      await expect(consumer.rerequest())
        .to.be.revertedWithCustomError(consumer, "RandomnessNotStale")
        .withArgs(first, Status.Ready);
    });

    it("in a Snatch room, re-requesting the roles first on seeing the late delivery still gives that delivery's roles", async function () {
      async function staleRoom() {
        const signers = await ethers.getSigners();
        const s = await deployVrfStack(hre, { staleAfter: STALE });
        const { rooms } = await deploySnatch(hre, await s.source.getAddress());
        await s.source.setConsumer(await rooms.getAddress(), true);
        await rooms.connect(signers[1]).createRoom(Preset.SnatchOrShare, 1000, "");
        await rooms.connect(signers[2]).join(1, "");
        await rooms.connect(signers[3]).join(1, "");
        await mine(STALE + 1); // the delivery is late: the request is stale, the delivery on its way
        return { ...s, rooms, signers, first: await rooms.rolesRequest(1) };
      }
      const roles = async (tx: Promise<{ wait(): Promise<unknown> }>, f: Awaited<ReturnType<typeof staleRoom>>) => {
        const receipt = (await (await tx).wait()) as { logs: { topics: string[]; data: string }[] };
        const event = receipt.logs.map((l) => f.rooms.interface.parseLog(l)).find((e) => e?.name === "RolesAssigned");
        return event!.args.toArray().map(String);
      };
      // The delivery lands first, and the room is served from it.
      const a = await loadFixture(staleRoom);
      await a.coordinator.fulfillRandomWords(a.first, await a.source.getAddress());
      await mine(1);
      const served = await roles(a.rooms.connect(a.signers[9]).advance(1), a);
      // The same room, but a player who dislikes the delivery it sees coming re-requests first.
      const b = await loadFixture(staleRoom);
      await expect(b.rooms.connect(b.signers[2]).rerequestRoles(1)).to.emit(b.rooms, "RolesRerequested");
      await b.coordinator.fulfillRandomWords(b.first, await b.source.getAddress());
      await mine(1);
      expect(await roles(b.rooms.connect(b.signers[9]).advance(1), b)).to.deep.equal(served);
    });

    it("along a chain of replacements, the first delivery of any of them serves the latest, once", async function () {
      const { coordinator, source, consumer } = await loadFixture(stack);
      await consumer.ask();
      const ids = [await consumer.pending()];
      for (let i = 0; i < 2; i++) {
        await mine(STALE + 1);
        await consumer.rerequest();
        ids.push(await consumer.pending());
      }
      for (const id of ids) expect(await source.latestRequest(id)).to.equal(ids[2]);
      // The middle one is delivered first: it serves the latest; the first one's delivery, later, is ignored.
      const middle = BigInt(ethers.solidityPackedKeccak256(["uint256", "uint256"], [ids[1], 0]));
      await coordinator.fulfillRandomWords(ids[1], await source.getAddress());
      await coordinator.fulfillRandomWords(ids[0], await source.getAddress());
      expect(await source.value(ids[2])).to.equal(middle);
    });

    it("only the consumer that made a request replaces it, only when stale, and only once", async function () {
      const { source, consumer, stranger } = await loadFixture(stack);
      await consumer.ask();
      const id = await consumer.pending();
      const consumerAddress = await consumer.getAddress();
      // Called straight at the source by an account the owner authorises, to show each refusal.
      await source.setConsumer(stranger.address, true);
      await expect(source.connect(stranger).rerequest(id, stranger.address))
        .to.be.revertedWithCustomError(source, "RequestNotReplaceable")
        .withArgs(id, stranger.address); // not its request, and not stale yet
      await mine(STALE + 1);
      await expect(source.connect(stranger).rerequest(id, stranger.address))
        .to.be.revertedWithCustomError(source, "RequestNotReplaceable")
        .withArgs(id, stranger.address); // stale, but another consumer's
      await expect(source.connect(stranger).rerequest(42n, stranger.address))
        .to.be.revertedWithCustomError(source, "RequestNotReplaceable")
        .withArgs(42n, stranger.address); // unknown
      await consumer.rerequest();
      const replacement = await consumer.pending();
      // The replaced request cannot be replaced a second time (that would fork the chain), even by its consumer.
      await impersonateAccount(consumerAddress);
      await setBalance(consumerAddress, 10n ** 18n);
      await expect(source.connect(await ethers.getSigner(consumerAddress)).rerequest(id, consumerAddress))
        .to.be.revertedWithCustomError(source, "RequestNotReplaceable")
        .withArgs(id, consumerAddress);
      await expect(source.connect(stranger).rerequest(replacement, stranger.address)).to.be.revertedWithCustomError(
        source,
        "RequestNotReplaceable",
      );
      await expect(source.connect(stranger).request(stranger.address)).to.emit(source, "RandomnessRequested");
      // A consumer the owner disallows can no longer replace either.
      await source.setConsumer(consumerAddress, false);
      await mine(STALE + 1);
      await expect(consumer.rerequest())
        .to.be.revertedWithCustomError(source, "UnauthorisedConsumer")
        .withArgs(consumerAddress);
    });
  });
});
