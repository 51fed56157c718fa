import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { ContractTransactionResponse, Signer } from "ethers";
import type {
  BlockhashRandomness,
  FeeConfig,
  IRandomness,
  SeededRandomness,
  VRFCoordinatorV2_5Mock,
  VRFRandomness,
} from "../../typechain-types";

/** Default developer-fund fee used by demos, benches and tests: 2.5%. */
export const DEFAULT_FEE_BPS = 250;

export interface CommonContracts {
  feeConfig: FeeConfig;
  randomness: BlockhashRandomness;
}

/** Deploys the shared contracts (fee config and the block-hash randomness source) with plain ethers factories. */
export async function deployCommon(
  hre: HardhatRuntimeEnvironment,
  opts: { owner?: Signer; fundRecipient?: string; feeBps?: number } = {},
): Promise<CommonContracts> {
  const [first] = await hre.ethers.getSigners();
  const owner = opts.owner ?? first;
  const ownerAddress = await owner.getAddress();
  const feeConfig = await hre.ethers.deployContract(
    "FeeConfig",
    [ownerAddress, opts.fundRecipient ?? ownerAddress, opts.feeBps ?? DEFAULT_FEE_BPS],
    owner,
  );
  const randomness = await hre.ethers.deployContract("BlockhashRandomness", [], owner);
  return { feeConfig, randomness };
}

export interface VrfStack {
  coordinator: VRFCoordinatorV2_5Mock;
  source: VRFRandomness;
  subscriptionId: bigint;
}

/** A fixed key hash for the mock coordinator (the mock does not check it). */
export const MOCK_KEY_HASH = "0x" + "11".repeat(32);

/**
 * Deploys Chainlink's VRF v2.5 coordinator mock, a funded subscription and a {VRFRandomness} source registered on it.
 * For local networks and tests; on a real network pass the real coordinator's address to the deploy scripts instead.
 */
export async function deployVrfStack(
  hre: HardhatRuntimeEnvironment,
  opts: {
    callbackGasLimit?: number;
    staleAfter?: number;
    /** Wei charged per request to the payer's credit (native payment; default 0: the subscription pays). */
    requestFee?: bigint;
    /** The mock's flat fee per fulfilment (LINK, or wei with native payment; default 0.1). */
    baseFee?: bigint;
    /** Native wei the subscription starts with (default 0). */
    nativeFunding?: bigint;
  } = {},
): Promise<VrfStack> {
  const { ethers } = hre;
  // baseFee 0.1 LINK, gas price 1 gwei, 1 LINK = 0.004 ETH (the mock's usual test values).
  const coordinator = await ethers.deployContract("VRFCoordinatorV2_5Mock", [
    opts.baseFee ?? 10n ** 17n,
    10n ** 9n,
    4n * 10n ** 15n,
  ]);
  const receipt = await (await coordinator.createSubscription()).wait();
  const created = receipt!.logs
    .map((log) => coordinator.interface.parseLog(log))
    .find((parsed) => parsed?.name === "SubscriptionCreated");
  const subscriptionId = created!.args.subId as bigint;
  await coordinator.fundSubscription(subscriptionId, 1000n * 10n ** 18n);
  if (opts.nativeFunding) await coordinator.fundSubscriptionWithNative(subscriptionId, { value: opts.nativeFunding });
  const source = await ethers.deployContract("VRFRandomness", [
    await coordinator.getAddress(),
    {
      keyHash: MOCK_KEY_HASH,
      subscriptionId,
      callbackGasLimit: opts.callbackGasLimit ?? 100_000,
      requestConfirmations: 3,
      nativePayment: (opts.requestFee ?? 0n) > 0n,
      staleAfter: opts.staleAfter ?? 256,
      requestFee: opts.requestFee ?? 0n,
    },
  ]);
  await coordinator.addConsumer(subscriptionId, await source.getAddress());
  return { coordinator, source, subscriptionId };
}

/** Reads the request id from the receipt of a transaction that called `IRandomness.request(payer)` (directly or not). */
export async function requestIdFrom(source: IRandomness, tx: ContractTransactionResponse): Promise<bigint> {
  const receipt = await tx.wait();
  const sourceAddress = (await source.getAddress()).toLowerCase();
  for (const log of receipt!.logs) {
    if (log.address.toLowerCase() !== sourceAddress) continue;
    const parsed = source.interface.parseLog(log);
    if (parsed?.name === "RandomnessRequested") return parsed.args.id as bigint;
  }
  throw new Error("no RandomnessRequested event in transaction " + tx.hash);
}

/**
 * Deploys a {SeededRandomness} source: the same timing as the block-hash source, values from `seed`, so seeded
 * simulations and benches replay exactly. For local simulations and tests only.
 */
export async function deploySeededRandomness(hre: HardhatRuntimeEnvironment, seed: bigint): Promise<SeededRandomness> {
  return hre.ethers.deployContract("SeededRandomness", [seed]);
}

/** A VRFRandomness config as returned by `config()`, as a plain object to edit and pass back to `setConfig`. */
export function vrfConfig(c: Awaited<ReturnType<VRFRandomness["config"]>>) {
  return {
    keyHash: c.keyHash,
    subscriptionId: c.subscriptionId,
    callbackGasLimit: c.callbackGasLimit,
    requestConfirmations: c.requestConfirmations,
    nativePayment: c.nativePayment,
    staleAfter: c.staleAfter,
    requestFee: c.requestFee,
  };
}
