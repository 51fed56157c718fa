import { expect } from "chai";
import hre from "hardhat";
import { deployVrfStack, MOCK_KEY_HASH, requestIdFrom } from "../../scripts/lib/common";
import { OPEN_BLOCKS, Phase } from "../../client/catamm/game";
import type { Catamm, VRFRandomness } from "../../typechain-types";

// deploy/03_catamm.ts: the modules and the game, linked, on the shared Randomness; a VRF source authorises the game.
describe("CATAMM deployment", function () {
  const saved = { ...process.env };
  afterEach(async function () {
    process.env = { ...saved };
    // The market tasks look for a "Catamm" deployment before their harness: leave none behind.
    await hre.deployments.delete("Catamm");
  });

  it("deploys the game linked to its modules, on the block-hash source", async function () {
    await hre.deployments.run(["catamm"], {
      resetMemory: true,
      deletePreviousDeployments: true,
      writeDeploymentsToFiles: false,
    });
    const game = (await hre.ethers.getContractAt(
      "Catamm",
      (await hre.deployments.get("Catamm")).address,
    )) as unknown as Catamm;
    expect(await game.randomness()).to.equal((await hre.deployments.get("Randomness")).address);
    await (await game.createGame(100, 0, 20, OPEN_BLOCKS)).wait();
    expect((await game.gameInfo(1)).phase).to.equal(BigInt(Phase.Open));
  });

  it("with Chainlink VRF: authorises the game as a consumer, and a game starts on a VRF word", async function () {
    const { coordinator, subscriptionId } = await deployVrfStack(hre);
    process.env.VRF_COORDINATOR = await coordinator.getAddress();
    process.env.VRF_SUBSCRIPTION_ID = subscriptionId.toString();
    process.env.VRF_KEY_HASH = MOCK_KEY_HASH;
    await hre.deployments.run(["catamm"], {
      resetMemory: true,
      deletePreviousDeployments: true,
      writeDeploymentsToFiles: false,
    });
    const randomness = await hre.deployments.get("Randomness");
    const source = (await hre.ethers.getContractAt("VRFRandomness", randomness.address)) as unknown as VRFRandomness;
    const game = (await hre.ethers.getContractAt(
      "Catamm",
      (await hre.deployments.get("Catamm")).address,
    )) as unknown as Catamm;
    expect(await source.isConsumer(await game.getAddress())).to.equal(true);

    await coordinator.addConsumer(subscriptionId, randomness.address);
    const [a, b] = await hre.ethers.getSigners();
    await game.connect(a).createGame(100, 0, 20, OPEN_BLOCKS);
    await game.connect(b).joinGame(1);
    const id = await requestIdFrom(source, await game.connect(a).startGame(1));
    await expect(game.advance(1)).to.be.revertedWithCustomError(game, "RandomnessPending");
    await coordinator.fulfillRandomWords(id, randomness.address);
    await expect(game.advance(1)).to.emit(game, "GameStarted");
  });
});
