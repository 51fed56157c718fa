import { expect } from "chai";
import hre, { deployments, ethers } from "hardhat";
import { MOCK_KEY_HASH } from "../../scripts/lib/common";
import { eventArg } from "../../client/snatch/room";
import { DEFAULT_FILL_BLOCKS, Phase, Preset } from "../../client/snatch/names";
import { snatchAt } from "../../scripts/snatch/lib";

describe("deploy/02_snatch", function () {
  it("deploys the rooms (linked libraries), the lens, and reads the shared randomness", async function () {
    await deployments.fixture(["snatch"]);
    const { rooms, lens } = await snatchAt(hre);
    expect(await rooms.randomness()).to.equal((await deployments.get("Randomness")).address);
    expect(await lens.rooms()).to.equal(await rooms.getAddress());
    expect(await rooms.owner()).to.equal((await ethers.getSigners())[0].address);
    expect(await rooms.formatCount()).to.equal(6);
  });

  it("authorises the rooms as a consumer of a Chainlink VRF source, and rooms get their roles from it", async function () {
    const coordinator = await ethers.deployContract("VRFCoordinatorV2_5Mock", [10n ** 17n, 10n ** 9n, 4n * 10n ** 15n]);
    const created = await (await coordinator.createSubscription()).wait();
    const subId = coordinator.interface.parseLog(created!.logs[0])!.args.subId as bigint;
    await coordinator.fundSubscription(subId, 10n ** 21n);
    const saved = { ...process.env };
    Object.assign(process.env, {
      VRF_COORDINATOR: await coordinator.getAddress(),
      VRF_SUBSCRIPTION_ID: subId.toString(),
      VRF_KEY_HASH: MOCK_KEY_HASH,
      VRF_CONFIRMATIONS: "3",
    });
    try {
      // Not `fixture` (cached per tag): run the deploy scripts again, from scratch.
      await deployments.run(["snatch"], {
        resetMemory: true,
        deletePreviousDeployments: true,
        writeDeploymentsToFiles: false,
      });
    } finally {
      process.env = saved;
    }
    const source = await ethers.getContractAt("VRFRandomness", (await deployments.get("Randomness")).address);
    await coordinator.addConsumer(subId, await source.getAddress());
    const { rooms } = await snatchAt(hre);
    expect(await source.isConsumer(await rooms.getAddress())).to.equal(true);

    const [, a, b] = await ethers.getSigners();
    const roomId = await eventArg(
      rooms,
      await rooms.connect(a).createRoom(Preset.G1, DEFAULT_FILL_BLOCKS, ""),
      "RoomCreated",
      "roomId",
    );
    const request = await eventArg(rooms, await rooms.connect(b).join(roomId, ""), "RolesRequested", "requestId");
    await expect(rooms.advance(roomId)).to.be.revertedWithCustomError(rooms, "NothingToAdvance");
    await coordinator.fulfillRandomWords(request, await source.getAddress());
    await expect(rooms.advance(roomId)).to.emit(rooms, "RolesAssigned");
    expect((await rooms.roomData(roomId)).phase).to.equal(Phase.Offering);
  });
});
