import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployFunction } from "hardhat-deploy/types";
import { ACCEPT_OWNERSHIP, HANDED_OVER, HANDOVER_SALT, temporaryProposer } from "../scripts/lib/timelock";

/**
 * Behind a timelock (deploy/00_common): hands the two-step contracts (the VRF randomness source, SnatchRooms) over
 * to it once every game is deployed and authorised: `transferOwnership(timelock)` now, and `acceptOwnership()`
 * scheduled on the timelock, executable by anyone after its delay (`npx hardhat timelock:accept`). Nothing to do on
 * local networks, where the deployer keeps them.
 */
const handover: DeployFunction = async function (hre: HardhatRuntimeEnvironment) {
  const { deployments, getNamedAccounts, ethers } = hre;
  const t = await deployments.getOrNull("Timelock");
  if (!t) return;
  const { deployer } = await getNamedAccounts();
  const signer = await ethers.getSigner(deployer);
  const timelock = await ethers.getContractAt("GamesTimelock", t.address, signer);
  const delay = await timelock.getMinDelay();
  for (const name of HANDED_OVER) {
    const d = await deployments.getOrNull(name);
    if (!d) continue;
    // Both ConfirmedOwner (VRF) and Ownable2Step (SnatchRooms) have owner(), transferOwnership and acceptOwnership.
    const owned = await ethers.getContractAt("Ownable2Step", d.address, signer);
    const isVrf = (d.abi as { name?: string }[]).some((item) => item.name === "setConsumer");
    if (name === "Randomness" && !isVrf) continue; // the block-hash source has no owner
    if ((await owned.owner()).toLowerCase() === t.address.toLowerCase()) continue;
    const op = await timelock.hashOperation(d.address, 0, ACCEPT_OWNERSHIP, ethers.ZeroHash, HANDOVER_SALT);
    if (await timelock.isOperation(op)) continue;
    await (await owned.transferOwnership(t.address)).wait();
    await (await timelock.schedule(d.address, 0, ACCEPT_OWNERSHIP, ethers.ZeroHash, HANDOVER_SALT, delay)).wait();
    console.log(
      `${name}: ownership offered to the Timelock; its acceptance is scheduled, executable by anyone in ${delay} s ` +
        `(npx hardhat timelock:accept --network ${hre.network.name})`,
    );
  }
  // A deployer that is not the configured proposer was one only to schedule the acceptances above: it gives up both
  // roles it got with it, so that it can neither announce nor cancel anything from now on.
  const temporary = temporaryProposer(t.args);
  if (temporary !== undefined && temporary.toLowerCase() === deployer.toLowerCase()) {
    for (const role of [await timelock.PROPOSER_ROLE(), await timelock.CANCELLER_ROLE()]) {
      if (await timelock.hasRole(role, deployer)) await (await timelock.renounceRole(role, deployer)).wait();
    }
    console.log(`the deployer renounced its Timelock roles; ${(t.args as string[][])[1][0]} proposes`);
  }
};

handover.tags = ["handover"];
handover.dependencies = ["common", "snatch", "catamm", "tournament", "hex"];
handover.runAtTheEnd = true;
export default handover;
