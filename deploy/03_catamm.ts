import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployFunction } from "hardhat-deploy/types";
import { deployCatammWith } from "../scripts/catamm/deploy";

/**
 * The CATAMM game: its linked libraries (contracts/catamm/modules/) and the game linked to them, deployed as
 * `Catamm`, reading the shared `Randomness` deployment; and `CatammLens`, its read-only views for interfaces. With a Chainlink VRF source the game must be an authorised
 * consumer: this script authorises it when the deployer owns the source (otherwise it says what to do).
 */
const deployCatamm: DeployFunction = async function (hre: HardhatRuntimeEnvironment) {
  const { deployments, getNamedAccounts, ethers } = hre;
  const { deployer } = await getNamedAccounts();
  const randomness = await deployments.get("Randomness");
  const { game } = await deployCatammWith(async (name, args, libraries) => {
    const result = await deployments.deploy(name, { from: deployer, args, libraries, log: true });
    return result.address;
  }, randomness.address);
  // Read-only answers for interfaces (the web app's legal spots), outside the game's bytecode.
  await deployments.deploy("CatammLens", { from: deployer, args: [game], log: true });

  // A VRF source keeps a list of consumers; the block-hash source has none.
  const isVrf = (randomness.abi as { name?: string }[]).some((item) => item.name === "isConsumer");
  if (!isVrf) return;
  const source = await ethers.getContractAt("VRFRandomness", randomness.address);
  if (await source.isConsumer(game)) return;
  const owner = await source.owner();
  if (owner.toLowerCase() !== deployer.toLowerCase()) {
    console.warn(`authorise the game as a VRF consumer: Randomness.setConsumer(${game}, true) from ${owner}`);
    return;
  }
  const signer = await ethers.getSigner(deployer);
  await (await source.connect(signer).setConsumer(game, true)).wait();
  console.log(`authorised Catamm ${game} as a consumer of the VRF randomness source`);
};

deployCatamm.tags = ["catamm"];
deployCatamm.dependencies = ["common"];
export default deployCatamm;
