import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployFunction } from "hardhat-deploy/types";

/**
 * Snatch or Share / SnatchGame: the linked libraries (DisplayName, the names' check, is linked by the tournament too),
 * `SnatchRooms` (reading the shared `Randomness`) and the read-only `SnatchRoomsLens`. The deployer owns SnatchRooms
 * (it allows factories such as a tournament). If `Randomness` is the Chainlink VRF source, SnatchRooms is authorised
 * as one of its consumers.
 */
const deploySnatch: DeployFunction = async function (hre: HardhatRuntimeEnvironment) {
  const { deployments, getNamedAccounts } = hre;
  const { deployer } = await getNamedAccounts();
  const randomness = await deployments.get("Randomness");

  const libraries: Record<string, string> = {};
  for (const name of ["SnatchProgress", "SnatchSanctions", "SnatchFormats", "DisplayName"]) {
    libraries[name] = (await deployments.deploy(name, { from: deployer, log: true })).address;
  }
  const rooms = await deployments.deploy("SnatchRooms", {
    from: deployer,
    args: [randomness.address, deployer],
    libraries,
    log: true,
  });
  await deployments.deploy("SnatchRoomsLens", { from: deployer, args: [rooms.address], log: true });

  // The VRF source only serves authorised consumers; the block-hash source serves anyone.
  const isVrf = randomness.abi.some(
    (f: { type: string; name?: string }) => f.type === "function" && f.name === "setConsumer",
  );
  if (isVrf) {
    const allowed = (await deployments.read("Randomness", "isConsumer", rooms.address)) as boolean;
    if (!allowed) {
      await deployments.execute("Randomness", { from: deployer, log: true }, "setConsumer", rooms.address, true);
    }
  }
};

deploySnatch.tags = ["snatch"];
deploySnatch.dependencies = ["common"];
export default deploySnatch;
