import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployFunction } from "hardhat-deploy/types";

/**
 * Forking Hex (`ForkingHex`): reads the shared `FeeConfig` (fee read once per game, fund recipient).
 * Forking Hex draws no randomness, so it is not a consumer of the `Randomness` deployment and needs no VRF
 * authorisation.
 */
const deployHex: DeployFunction = async function (hre: HardhatRuntimeEnvironment) {
  const { deployments, getNamedAccounts } = hre;
  const { deployer } = await getNamedAccounts();
  const feeConfig = await deployments.get("FeeConfig");
  await deployments.deploy("ForkingHex", { from: deployer, args: [feeConfig.address], log: true });
};

deployHex.tags = ["hex"];
deployHex.dependencies = ["common"];
export default deployHex;
