// Deploying the Chainlink VRF source: its settings from the environment, what one request costs at the configured
// callback gas, and whether the request fee covers it. Without a fee that covers a request, anyone can fill games
// with fresh accounts and have the subscription pay every draw until it is empty (then honest games wait for ever):
// on a chain that is not local the deploy refuses that unless the operator says it accepts paying.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { Contract, formatEther, formatUnits } from "ethers";
import { isLocalChain } from "./chains";

type Env = Record<string, string | undefined>;

/** The environment flag by which an operator accepts paying for requests the fee does not cover. */
export const SUBSCRIPTION_PAYS_FLAG = "VRF_SUBSCRIPTION_PAYS";

/** The flag that hands the VRF subscription to the Timelock at the end of the deploy. */
export const SUBSCRIPTION_TO_TIMELOCK_FLAG = "VRF_SUBSCRIPTION_TO_TIMELOCK";

/**
 * Gas of a fulfilment besides the callback: Chainlink's upper bound on verifying the VRF proof on chain (its node's
 * `GasProofVerification`), which also covers the coordinator's own work around the callback.
 */
export const VERIFICATION_GAS = 200_000n;

/** VRFRandomness.Config from the environment (see deploy/00_common.ts). */
export function vrfConfigFromEnv(env: Env) {
  const requestFee = BigInt(env.VRF_REQUEST_FEE ?? 0);
  return {
    keyHash: env.VRF_KEY_HASH ?? "",
    subscriptionId: BigInt(env.VRF_SUBSCRIPTION_ID ?? 0),
    callbackGasLimit: Number(env.VRF_CALLBACK_GAS_LIMIT ?? 100_000),
    requestConfirmations: Number(env.VRF_CONFIRMATIONS ?? 3),
    // A fee is paid in native currency: native payment by default when a fee is set.
    nativePayment: env.VRF_NATIVE_PAYMENT === undefined ? requestFee > 0n : env.VRF_NATIVE_PAYMENT === "true",
    staleAfter: Number(env.VRF_STALE_AFTER ?? 1_000),
    requestFee,
  };
}

export interface RequestCost {
  /** Wei one request may cost the subscription at the configured callback gas limit. */
  wei: bigint;
  /** How it was computed, in words. */
  how: string;
}

const MOCK_ABI = ["function i_base_fee() view returns (uint96)", "function i_gas_price() view returns (uint96)"];
const COORDINATOR_ABI = [
  "function s_config() view returns (uint16 minimumRequestConfirmations, uint32 maxGasLimit, bool reentrancyLock, " +
    "uint32 stalenessSeconds, uint32 gasAfterPaymentCalculation, uint32 fulfillmentFlatFeeNativePPM, " +
    "uint32 fulfillmentFlatFeeLinkDiscountPPM, uint8 nativePremiumPercentage, uint8 linkPremiumPercentage)",
];

/**
 * What one request costs the subscription (native payment) when its callback uses all of `callbackGasLimit`:
 * the coordinator's billing formula with `VERIFICATION_GAS` for the proof. Chainlink's v2.5 coordinator bills
 * `gasPrice × (gasAfterPaymentCalculation + gas used) × (100 + nativePremiumPercentage) / 100` plus its flat native
 * fee; the gas price is VRF_GAS_PRICE (wei) if set, else the chain's current price (fees rise and fall: set the fee
 * with a margin, or VRF_GAS_PRICE to the highest price to budget for, e.g. the key hash's gas lane). Chainlink's
 * mock (`VRFCoordinatorV2_5Mock`) bills its own flat fee plus its own gas price.
 */
export async function requestCost(
  hre: HardhatRuntimeEnvironment,
  coordinator: string,
  callbackGasLimit: number,
  env: Env,
): Promise<RequestCost> {
  const provider = hre.ethers.provider;
  const gas = BigInt(callbackGasLimit) + VERIFICATION_GAS;
  const mock = new Contract(coordinator, MOCK_ABI, provider);
  const mockPrices = await Promise.all([mock.i_base_fee(), mock.i_gas_price()]).catch(() => undefined);
  if (mockPrices) {
    const [base, price] = mockPrices as [bigint, bigint];
    return {
      wei: base + price * gas,
      how: `Chainlink's mock: its flat fee ${formatEther(base)} + ${gas} gas at its ${formatUnits(price, "gwei")} gwei`,
    };
  }
  const c = await new Contract(coordinator, COORDINATOR_ABI, provider).s_config();
  const price = env.VRF_GAS_PRICE
    ? BigInt(env.VRF_GAS_PRICE)
    : await provider.getFeeData().then((f) => f.maxFeePerGas ?? f.gasPrice ?? 0n);
  const used = gas + BigInt(c.gasAfterPaymentCalculation);
  const wei =
    (price * used * (100n + BigInt(c.nativePremiumPercentage))) / 100n +
    BigInt(c.fulfillmentFlatFeeNativePPM) * 10n ** 12n;
  return {
    wei,
    how:
      `${used} gas (callback ${callbackGasLimit}, proof ${VERIFICATION_GAS}, coordinator ${c.gasAfterPaymentCalculation}) ` +
      `at ${formatUnits(price, "gwei")} gwei${env.VRF_GAS_PRICE ? " (VRF_GAS_PRICE)" : " (the chain's price now)"}, ` +
      `+${c.nativePremiumPercentage}% premium, + a flat ${formatEther(BigInt(c.fulfillmentFlatFeeNativePPM) * 10n ** 12n)}`,
  };
}

/**
 * Whether a request fee of `fee` wei may be deployed on `chainId`, and why. Local chains: any fee. Elsewhere the fee
 * must cover a request (`cost`), unless VRF_SUBSCRIPTION_PAYS=true says the operator accepts paying the difference
 * (and so that a sybil loop can drain the subscription).
 */
export function requestFeeVerdict(
  chainId: number,
  fee: bigint,
  cost: RequestCost,
  env: Env,
): { allowed: boolean; reason: string } {
  if (isLocalChain(chainId)) return { allowed: true, reason: `chain ${chainId} is local: any request fee` };
  const covered = `one request costs up to ${cost.wei} wei (${formatEther(cost.wei)}: ${cost.how})`;
  if (fee >= cost.wei) {
    return { allowed: true, reason: `a request fee of ${fee} wei covers a request: ${covered}` };
  }
  const risk =
    `VRF_REQUEST_FEE=${fee} wei does not cover a request on chain ${chainId}: ${covered}. With it, anyone can fill ` +
    "rooms and games with fresh accounts and have the subscription pay the difference for every draw until it is " +
    "empty; then honest games never get their randomness";
  if (env[SUBSCRIPTION_PAYS_FLAG] === "true") {
    return { allowed: true, reason: `${risk}. Deploying anyway because ${SUBSCRIPTION_PAYS_FLAG}=true` };
  }
  return {
    allowed: false,
    reason: `${risk}. Set VRF_REQUEST_FEE to at least ${cost.wei}, or ${SUBSCRIPTION_PAYS_FLAG}=true to accept paying`,
  };
}
