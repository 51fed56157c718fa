import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployFunction } from "hardhat-deploy/types";

/**
 * Three-player class sessions: `SnatchSession` on the deployed `SnatchRooms` (reading the shared `Randomness` for its
 * shuffles, linking the `DisplayName` library that 02_snatch deployed), allowed by the deployer (the rooms' owner) as
 * a rooms factory, as the tournament is (04_tournament). It has no owner. If `Randomness` is the Chainlink VRF source,
 * the session contract is authorised as one of its consumers. Runs before the handover (05_handover runs at the end),
 * so on a public chain the deployer still owns SnatchRooms here and the Timelock owns it afterwards.
 */
const deploySession: DeployFunction = async function (hre: HardhatRuntimeEnvironment) {
  const { deployments, getNamedAccounts } = hre;
  const { deployer } = await getNamedAccounts();
  const randomness = await deployments.get("Randomness");
  const rooms = await deployments.get("SnatchRooms");

  const session = await deployments.deploy("SnatchSession", {
    from: deployer,
    args: [rooms.address, randomness.address],
    libraries: { DisplayName: (await deployments.get("DisplayName")).address },
    log: true,
  });

  const allowed = (await deployments.read("SnatchRooms", "isFactory", session.address)) as boolean;
  if (!allowed) {
    await deployments.execute("SnatchRooms", { from: deployer, log: true }, "setFactory", session.address, true);
  }

  // The VRF source only serves authorised consumers; the block-hash source serves anyone.
  const isVrf = randomness.abi.some(
    (f: { type: string; name?: string }) => f.type === "function" && f.name === "setConsumer",
  );
  if (isVrf) {
    const consumer = (await deployments.read("Randomness", "isConsumer", session.address)) as boolean;
    if (!consumer) {
      await deployments.execute("Randomness", { from: deployer, log: true }, "setConsumer", session.address, true);
    }
  }
};

deploySession.tags = ["session"];
deploySession.dependencies = ["common", "snatch"];
export default deploySession;
