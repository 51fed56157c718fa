import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { ZeroAddress } from "ethers";
import { waitForRandomness } from "../../client/chain";
import { deployCommon, deployVrfStack, requestIdFrom } from "../lib/common";
import { heading, step } from "../lib/log";

/** Deploys the shared contracts and shows randomness being requested and served by both sources. */
export async function demoCommon(hre: HardhatRuntimeEnvironment): Promise<void> {
  heading("Shared contracts: fees and randomness");
  const { feeConfig, randomness } = await deployCommon(hre);
  step(
    `FeeConfig at ${await feeConfig.getAddress()}: developer fee ${Number(await feeConfig.feeBps()) / 100}% (cap 10%)`,
  );
  step(`BlockhashRandomness at ${await randomness.getAddress()} (local/test networks only)`);

  const id = await requestIdFrom(randomness, await randomness.request(ZeroAddress));
  step(`requested randomness: id ${id}, committed to block ${await randomness.targetBlock(id)}`);
  step(`status now: Pending (that block's hash does not exist yet)`);
  await waitForRandomness(randomness, id, hre.ethers.provider);
  step(`two blocks later: Ready, value ${(await randomness.value(id)).toString(16).slice(0, 16)}…`);

  const vrf = await deployVrfStack(hre);
  const [deployer] = await hre.ethers.getSigners();
  await vrf.source.setConsumer(deployer.address, true);
  const vrfId = await requestIdFrom(vrf.source, await vrf.source.request(ZeroAddress));
  step(`Chainlink VRF v2.5 source (against the coordinator mock): request ${vrfId} pending`);
  await vrf.coordinator.fulfillRandomWords(vrfId, await vrf.source.getAddress());
  step(`coordinator fulfilled it: value ${(await vrf.source.value(vrfId)).toString(16).slice(0, 16)}…`);
}
