import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployFunction } from "hardhat-deploy/types";

/**
 * The SnatchGame tournament: `SnatchTournament` on the deployed `SnatchRooms` (reading the shared `Randomness` for its
 * pairings, linking the `DisplayName` library that 02_snatch deployed), allowed by the deployer (the rooms' owner) as
 * a rooms factory. If `Randomness` is the Chainlink VRF source, the tournament is authorised as one of its consumers.
 */
const deployTournament: DeployFunction = async function (hre: HardhatRuntimeEnvironment) {
  const { deployments, getNamedAccounts } = hre;
  const { deployer } = await getNamedAccounts();
  const randomness = await deployments.get("Randomness");
  const rooms = await deployments.get("SnatchRooms");

  const tournament = await deployments.deploy("SnatchTournament", {
    from: deployer,
    args: [rooms.address, randomness.address],
    libraries: { DisplayName: (await deployments.get("DisplayName")).address },
    log: true,
  });

  const allowed = (await deployments.read("SnatchRooms", "isFactory", tournament.address)) as boolean;
  if (!allowed) {
    await deployments.execute("SnatchRooms", { from: deployer, log: true }, "setFactory", tournament.address, true);
  }

  // The VRF source only serves authorised consumers; the block-hash source serves anyone.
  const isVrf = randomness.abi.some(
    (f: { type: string; name?: string }) => f.type === "function" && f.name === "setConsumer",
  );
  if (isVrf) {
    const consumer = (await deployments.read("Randomness", "isConsumer", tournament.address)) as boolean;
    if (!consumer) {
      await deployments.execute("Randomness", { from: deployer, log: true }, "setConsumer", tournament.address, true);
    }
  }
};

deployTournament.tags = ["tournament"];
deployTournament.dependencies = ["common", "snatch"];
export default deployTournament;
