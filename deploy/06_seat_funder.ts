import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployFunction } from "hardhat-deploy/types";

/**
 * `SeatFunder`: the class sheet funds its seats (burner accounts) with play ETH in one transaction, on every network.
 * It has no owner and holds nothing.
 */
const deploySeatFunder: DeployFunction = async function (hre: HardhatRuntimeEnvironment) {
  const { deployments, getNamedAccounts } = hre;
  const { deployer } = await getNamedAccounts();
  await deployments.deploy("SeatFunder", { from: deployer, log: true });
};

deploySeatFunder.tags = ["seatFunder", "class"];
export default deploySeatFunder;
