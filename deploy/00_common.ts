import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployFunction } from "hardhat-deploy/types";
import { blockhashSourceVerdict, isLocalChain } from "../scripts/lib/chains";
import { timelockDelay, timelockProposers, timelockWanted } from "../scripts/lib/timelock";

/**
 * Shared contracts: `FeeConfig` and the randomness source every game reads, deployed as `Randomness`.
 *
 * Environment (all optional):
 *   TIMELOCK_DELAY, TIMELOCK_PROPOSER
 *                               on every non-local chain (or with TIMELOCK=true) a TimelockController (`Timelock`,
 *                               delay default 2 days, proposer default the deployer, anyone executes) owns FeeConfig,
 *                               and, after deploy/05_handover, the VRF source and SnatchRooms (a deployer that is not
 *                               the proposer schedules that handover, then renounces its timelock roles)
 *   FEE_OWNER, FUND_RECIPIENT   default: the deployer (FEE_OWNER is ignored behind a timelock)
 *   FEE_BPS                     default: 250 (2.5%), at most 1000
 *   VRF_COORDINATOR, VRF_SUBSCRIPTION_ID, VRF_KEY_HASH [, VRF_CALLBACK_GAS_LIMIT, VRF_CONFIRMATIONS,
 *   VRF_NATIVE_PAYMENT=true, VRF_STALE_AFTER]
 *                               use Chainlink VRF v2.5 (add the deployed `Randomness` as a consumer of the
 *                               subscription, then authorise each game with `setConsumer`).
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
  // Public networks: the owners are a timelock, so every change to fees or randomness is announced days ahead.
  let feeOwner = env.FEE_OWNER ?? deployer;
  if (timelockWanted(chainId, env)) {
    const delay = timelockDelay(env);
    // The configured proposer first; a deployer that is not it proposes too, only until deploy/05_handover has
    // scheduled the acceptances it needs, then renounces (see timelockProposers).
    const timelock = await deployments.deploy("Timelock", {
      contract: "GamesTimelock",
      from: deployer,
      args: [
        delay,
        timelockProposers(env.TIMELOCK_PROPOSER, deployer),
        [hre.ethers.ZeroAddress],
        hre.ethers.ZeroAddress,
      ],
      log: true,
    });
    feeOwner = timelock.address;
    console.log(`owners behind Timelock ${timelock.address}: every owner call waits ${delay} s after it is scheduled`);
  }

  await deployments.deploy("FeeConfig", {
    from: deployer,
    args: [feeOwner, env.FUND_RECIPIENT ?? deployer, Number(env.FEE_BPS ?? 250)],
    log: true,
  });

  if (env.VRF_COORDINATOR) {
    await deployments.deploy("Randomness", {
      contract: "VRFRandomness",
      from: deployer,
      args: [
        env.VRF_COORDINATOR,
        {
          keyHash: env.VRF_KEY_HASH,
          subscriptionId: BigInt(env.VRF_SUBSCRIPTION_ID ?? 0), // checked above
          callbackGasLimit: Number(env.VRF_CALLBACK_GAS_LIMIT ?? 100_000),
          requestConfirmations: Number(env.VRF_CONFIRMATIONS ?? 3),
          nativePayment: env.VRF_NATIVE_PAYMENT === "true",
          staleAfter: Number(env.VRF_STALE_AFTER ?? 1_000),
          requestFee: BigInt(env.VRF_REQUEST_FEE ?? 0),
        },
      ],
      log: true,
    });
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

deployCommon.tags = ["common"];
export default deployCommon;
