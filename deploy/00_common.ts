import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployFunction } from "hardhat-deploy/types";
import { blockhashSourceVerdict, isLocalChain } from "../scripts/lib/chains";
import { timelockDelay, timelockProposers, timelockWanted } from "../scripts/lib/timelock";
import { requestCost, requestFeeVerdict, vrfConfigFromEnv } from "../scripts/lib/vrf";

/**
 * Shared contracts: `FeeConfig` and the randomness source every game reads, deployed as `Randomness`.
 *
 * Environment (all optional):
 *   TIMELOCK_DELAY, TIMELOCK_PROPOSER
 *                               on every non-local chain (or with TIMELOCK=true) a TimelockController (`Timelock`,
 *                               delay default 2 days, proposer default the deployer, anyone executes) owns FeeConfig
 *                               from its construction, and the VRF source and SnatchRooms from the end of this deploy
 *                               (deploy/05_handover). The Timelock starts with no delay, so that the handover can run
 *                               at once through it; the handover then raises the delay to TIMELOCK_DELAY, and a
 *                               deployer that is not the proposer renounces its roles. No window is left in which
 *                               the deployer is an instant owner once the deploy has finished.
 *   FEE_OWNER, FUND_RECIPIENT   default: the deployer (FEE_OWNER is ignored behind a timelock)
 *   FEE_BPS                     default: 250 (2.5%), at most 1000
 *   VRF_COORDINATOR, VRF_SUBSCRIPTION_ID, VRF_KEY_HASH [, VRF_CALLBACK_GAS_LIMIT, VRF_CONFIRMATIONS,
 *   VRF_NATIVE_PAYMENT, VRF_STALE_AFTER, VRF_REQUEST_FEE, VRF_GAS_PRICE, VRF_SUBSCRIPTION_PAYS,
 *   VRF_SUBSCRIPTION_TO_TIMELOCK]
 *                               use Chainlink VRF v2.5 (scripts/lib/vrf.ts). The deployed `Randomness` is added as a
 *                               consumer of the subscription when the deployer owns it (otherwise the script says
 *                               who must), and each game is authorised with `setConsumer`. On a chain that is not
 *                               local the request fee must cover one request at the callback gas limit
 *                               (requestCost), unless VRF_SUBSCRIPTION_PAYS=true; the script prints why it refuses.
 *                               VRF_SUBSCRIPTION_TO_TIMELOCK=true hands the subscription to the Timelock
 *                               (deploy/05_handover).
 * Without VRF_COORDINATOR the block-hash source is deployed, on local and named test chains only
 * (scripts/lib/chains.ts) unless ALLOW_BLOCKHASH_RANDOMNESS=true; the script prints why it refuses or allows it.
 *   RANDOMNESS_SEED=<n>         on a local chain only: the TEST-ONLY SeededRandomness source instead, its values from
 *                               the seed and scriptable (`script`); the web app's browser tests use it to make a 7 or
 *                               a card draw happen when they need it.
 */
const deployCommon: DeployFunction = async function (hre: HardhatRuntimeEnvironment) {
  const { deployments, getNamedAccounts, network } = hre;
  const { deployer } = await getNamedAccounts();
  const env = process.env;

  const chainId = Number((await hre.ethers.provider.getNetwork()).chainId);
  // Check everything before deploying anything.
  if (env.VRF_COORDINATOR && (!env.VRF_SUBSCRIPTION_ID || !env.VRF_KEY_HASH)) {
    throw new Error("VRF_COORDINATOR needs VRF_SUBSCRIPTION_ID and VRF_KEY_HASH");
  }
  if (env.RANDOMNESS_SEED !== undefined && !isLocalChain(chainId)) {
    throw new Error(`RANDOMNESS_SEED deploys a test-only randomness source: refused on chain ${chainId}`);
  }
  const verdict = blockhashSourceVerdict(chainId, env);
  if (!env.VRF_COORDINATOR && !verdict.allowed) {
    throw new Error(`refusing to deploy the block-hash randomness source: ${verdict.reason}`);
  }
  const vrf = vrfConfigFromEnv(env);
  if (env.VRF_COORDINATOR) {
    const cost = await requestCost(hre, env.VRF_COORDINATOR, vrf.callbackGasLimit, env);
    const fee = requestFeeVerdict(chainId, vrf.requestFee, cost, env);
    if (!fee.allowed) throw new Error(`refusing to deploy the VRF randomness source: ${fee.reason}`);
    if (!isLocalChain(chainId)) console.log(`VRF request fee: ${fee.reason}`);
  }
  // Public networks: the owners are a timelock, so every change to fees or randomness is announced days ahead.
  let feeOwner = env.FEE_OWNER ?? deployer;
  if (timelockWanted(chainId, env)) {
    const delay = timelockDelay(env);
    // No delay yet: deploy/05_handover runs the handover through it at once, then raises the delay to `delay`. The
    // configured proposer first; a deployer that is not it proposes too, only until the handover is done, then
    // renounces (see timelockProposers).
    const timelock = await deployments.deploy("Timelock", {
      contract: "GamesTimelock",
      from: deployer,
      args: [0, timelockProposers(env.TIMELOCK_PROPOSER, deployer), [hre.ethers.ZeroAddress], hre.ethers.ZeroAddress],
      log: true,
    });
    feeOwner = timelock.address;
    console.log(
      `owners behind Timelock ${timelock.address}: from the end of this deploy every owner call waits ${delay} s ` +
        "after it is scheduled",
    );
  }

  await deployments.deploy("FeeConfig", {
    from: deployer,
    args: [feeOwner, env.FUND_RECIPIENT ?? deployer, Number(env.FEE_BPS ?? 250)],
    log: true,
  });

  if (env.VRF_COORDINATOR) {
    const source = await deployments.deploy("Randomness", {
      contract: "VRFRandomness",
      from: deployer,
      args: [env.VRF_COORDINATOR, vrf],
      log: true,
    });
    await addConsumer(hre, env.VRF_COORDINATOR, vrf.subscriptionId, source.address, deployer);
    return;
  }

  if (env.RANDOMNESS_SEED !== undefined) {
    await deployments.deploy("Randomness", {
      contract: "SeededRandomness",
      from: deployer,
      args: [BigInt(env.RANDOMNESS_SEED)],
      log: true,
    });
    return;
  }
  if (!isLocalChain(chainId)) {
    console.warn(`block-hash randomness on ${network.name}: ${verdict.reason}. Run the keeper (randomness:keeper).`);
  }
  await deployments.deploy("Randomness", { contract: "BlockhashRandomness", from: deployer, log: true });
};

/** Adds the VRF source to the subscription's consumers when the deployer owns it; otherwise says who must. */
async function addConsumer(
  hre: HardhatRuntimeEnvironment,
  coordinatorAddress: string,
  subId: bigint,
  consumer: string,
  deployer: string,
): Promise<void> {
  const signer = await hre.ethers.getSigner(deployer);
  const coordinator = await hre.ethers.getContractAt("IVRFSubscriptionV2Plus", coordinatorAddress, signer);
  const subscription = await coordinator.getSubscription(subId);
  const subOwner = subscription.owner;
  const consumers = subscription.consumers.map((c) => c.toLowerCase());
  if (consumers.includes(consumer.toLowerCase())) return;
  if (subOwner.toLowerCase() !== deployer.toLowerCase()) {
    console.warn(`add Randomness ${consumer} to the consumers of VRF subscription ${subId} (its owner: ${subOwner})`);
    return;
  }
  await (await coordinator.addConsumer(subId, consumer)).wait();
  console.log(`added Randomness ${consumer} to the consumers of VRF subscription ${subId}`);
}

deployCommon.tags = ["common"];
export default deployCommon;
