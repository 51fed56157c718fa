import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployFunction } from "hardhat-deploy/types";
import { blockhashSourceVerdict, isLocalChain } from "../scripts/lib/chains";

/**
 * Shared contracts: `FeeConfig` and the randomness source every game reads, deployed as `Randomness`.
 *
 * Environment (all optional):
 *   FEE_OWNER, FUND_RECIPIENT   default: the deployer
 *   FEE_BPS                     default: 250 (2.5%), at most 1000
 *   VRF_COORDINATOR, VRF_SUBSCRIPTION_ID, VRF_KEY_HASH [, VRF_CALLBACK_GAS_LIMIT, VRF_CONFIRMATIONS,
 *   VRF_NATIVE_PAYMENT=true, VRF_STALE_AFTER]
 *                               use Chainlink VRF v2.5 (add the deployed `Randomness` as a consumer of the
 *                               subscription, then authorise each game with `setConsumer`).
 * Without VRF_COORDINATOR the block-hash source is deployed, on local and named test chains only
 * (scripts/lib/chains.ts) unless ALLOW_BLOCKHASH_RANDOMNESS=true; the script prints why it refuses or allows it.
 */
const deployCommon: DeployFunction = async function (hre: HardhatRuntimeEnvironment) {
  const { deployments, getNamedAccounts, network } = hre;
  const { deployer } = await getNamedAccounts();
  const env = process.env;

  await deployments.deploy("FeeConfig", {
    from: deployer,
    args: [env.FEE_OWNER ?? deployer, env.FUND_RECIPIENT ?? deployer, Number(env.FEE_BPS ?? 250)],
    log: true,
  });

  if (env.VRF_COORDINATOR) {
    if (!env.VRF_SUBSCRIPTION_ID || !env.VRF_KEY_HASH) {
      throw new Error("VRF_COORDINATOR needs VRF_SUBSCRIPTION_ID and VRF_KEY_HASH");
    }
    await deployments.deploy("Randomness", {
      contract: "VRFRandomness",
      from: deployer,
      args: [
        env.VRF_COORDINATOR,
        {
          keyHash: env.VRF_KEY_HASH,
          subscriptionId: BigInt(env.VRF_SUBSCRIPTION_ID),
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

  const chainId = Number((await hre.ethers.provider.getNetwork()).chainId);
  const verdict = blockhashSourceVerdict(chainId, env);
  if (!verdict.allowed) throw new Error(`refusing to deploy the block-hash randomness source: ${verdict.reason}`);
  if (!isLocalChain(chainId)) {
    console.warn(`block-hash randomness on ${network.name}: ${verdict.reason}. Run the keeper (randomness:keeper).`);
  }
  await deployments.deploy("Randomness", { contract: "BlockhashRandomness", from: deployer, log: true });
};

deployCommon.tags = ["common"];
export default deployCommon;
