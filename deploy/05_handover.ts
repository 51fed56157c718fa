import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployFunction } from "hardhat-deploy/types";
import { ethers as ethersLib } from "ethers";
import {
  ACCEPT_OWNERSHIP,
  HANDED_OVER,
  HANDOVER_SALT,
  temporaryProposer,
  timelockDelay,
} from "../scripts/lib/timelock";
import { SUBSCRIPTION_TO_TIMELOCK_FLAG } from "../scripts/lib/vrf";

interface Call {
  target: string;
  data: string;
  what: string;
}

/**
 * Behind a timelock (deploy/00_common, where it is deployed with no delay yet): hands the two-step contracts (the VRF
 * randomness source, SnatchRooms) over to it once every game is deployed and authorised, and with
 * VRF_SUBSCRIPTION_TO_TIMELOCK=true the VRF subscription too; then raises the Timelock's delay to TIMELOCK_DELAY. The
 * deployer offers each ownership (`transferOwnership`, `requestSubscriptionOwnerTransfer`) and the Timelock accepts
 * them and raises its delay in one batch, scheduled and executed at once (the delay is still zero); a deployer that
 * is not the configured proposer then renounces its Timelock roles. When this script ends the Timelock owns every
 * owned contract and its delay is in force: the deployer can call nothing privileged, at once or ever (unless it is
 * the proposer, whose calls wait for the delay). Nothing to do on local networks, where the deployer keeps them.
 *
 * Tagged with every other script's tag: whichever part of the deploy runs, the handover runs at its end.
 */
const handover: DeployFunction = async function (hre: HardhatRuntimeEnvironment) {
  const { deployments, getNamedAccounts, ethers } = hre;
  const t = await deployments.getOrNull("Timelock");
  if (!t) return;
  const { deployer } = await getNamedAccounts();
  const signer = await ethers.getSigner(deployer);
  const timelock = await ethers.getContractAt("GamesTimelock", t.address, signer);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const calls: Call[] = [];

  for (const name of HANDED_OVER) {
    const d = await deployments.getOrNull(name);
    if (!d) continue;
    const isVrf = (d.abi as { name?: string }[]).some((item) => item.name === "setConsumer");
    if (name === "Randomness" && !isVrf) continue; // the block-hash source has no owner
    // Both ConfirmedOwner (VRF) and Ownable2Step (SnatchRooms) have owner(), transferOwnership and acceptOwnership.
    const owned = await ethers.getContractAt("Ownable2Step", d.address, signer);
    const owner = await owned.owner();
    if (same(owner, t.address)) continue;
    if (!same(owner, deployer)) throw new Error(`${name} is owned by ${owner}, neither the deployer nor the Timelock`);
    await (await owned.transferOwnership(t.address)).wait();
    calls.push({ target: d.address, data: ACCEPT_OWNERSHIP, what: `${name} ownership` });
  }

  if (process.env[SUBSCRIPTION_TO_TIMELOCK_FLAG] === "true") {
    const r = await deployments.getOrNull("Randomness");
    const isVrf = r && (r.abi as { name?: string }[]).some((item) => item.name === "setConsumer");
    if (!r || !isVrf) throw new Error(`${SUBSCRIPTION_TO_TIMELOCK_FLAG}=true needs the VRF randomness source`);
    const source = await ethers.getContractAt("VRFRandomness", r.address);
    const coordinator = await source.s_vrfCoordinator();
    const subId = (await source.config()).subscriptionId;
    const subscription = await ethers.getContractAt("IVRFSubscriptionV2Plus", coordinator, signer);
    const subOwner = (await subscription.getSubscription(subId)).owner;
    if (!same(subOwner, t.address)) {
      if (!same(subOwner, deployer)) {
        throw new Error(
          `VRF subscription ${subId} is owned by ${subOwner}, not the deployer: its owner must call ` +
            `requestSubscriptionOwnerTransfer(${subId}, ${t.address}) and the Timelock accept it`,
        );
      }
      await (await subscription.requestSubscriptionOwnerTransfer(subId, t.address)).wait();
      calls.push({
        target: coordinator,
        data: subscription.interface.encodeFunctionData("acceptSubscriptionOwnerTransfer", [subId]),
        what: `VRF subscription ${subId}`,
      });
    }
  }

  const delay = BigInt(timelockDelay(process.env));
  const current = await timelock.getMinDelay();
  if (calls.length > 0 && current !== 0n) {
    throw new Error(
      `the Timelock's delay (${current} s) is already in force: ${calls.map((c) => c.what).join(", ")} cannot be ` +
        "handed over at once; schedule their acceptance through the Timelock",
    );
  }
  if (current !== delay) {
    calls.push({
      target: t.address,
      data: timelock.interface.encodeFunctionData("updateDelay", [delay]),
      what: `the Timelock's delay (${delay} s)`,
    });
  }
  if (calls.length > 0) {
    // One batch, scheduled and executed at once while the delay is zero: the acceptances, then the new delay.
    const args = [
      calls.map((c) => c.target),
      calls.map(() => 0n),
      calls.map((c) => c.data),
      ethersLib.ZeroHash,
    ] as const;
    const op = await timelock.hashOperationBatch(...args, HANDOVER_SALT);
    if (!(await timelock.isOperation(op))) {
      await (await timelock.scheduleBatch(...args, HANDOVER_SALT, 0)).wait();
    }
    await (await timelock.executeBatch(...args, HANDOVER_SALT)).wait();
    console.log(`the Timelock ${t.address} took over: ${calls.map((c) => c.what).join(", ")}`);
  }

  // A deployer that is not the configured proposer was one only to run the handover: it gives up both roles it got
  // with it, so that it can neither announce nor cancel anything from now on.
  const temporary = temporaryProposer(t.args);
  if (temporary !== undefined && same(temporary, deployer)) {
    for (const role of [await timelock.PROPOSER_ROLE(), await timelock.CANCELLER_ROLE()]) {
      if (await timelock.hasRole(role, deployer)) await (await timelock.renounceRole(role, deployer)).wait();
    }
    console.log(`the deployer renounced its Timelock roles; ${(t.args as string[][])[1][0]} proposes`);
  }
  console.log(`every owner call now waits ${await timelock.getMinDelay()} s after it is scheduled (CallScheduled)`);
};

handover.tags = ["handover", "common", "hex", "snatch", "catamm", "tournament", "session"];
handover.runAtTheEnd = true;
export default handover;
