// Which chains the deploy scripts treat as local or as public test chains. Used to decide where the block-hash
// randomness source may run and whether the owners of the shared contracts must be a timelock.

/** Chains that exist only on a developer's machine: the in-process network, `hardhat node`, anvil. */
export const LOCAL_CHAINS: Readonly<Record<number, string>> = { 31337: "local (hardhat / anvil)", 1337: "local" };

/** Public test chains by chain id: value there is worthless, so a biasable randomness source harms nobody. */
export const TEST_CHAINS: Readonly<Record<number, string>> = {
  11155111: "Sepolia",
  17000: "Holesky",
  560048: "Hoodi",
  84532: "Base Sepolia",
  11155420: "OP Sepolia",
  421614: "Arbitrum Sepolia",
  80002: "Polygon Amoy",
  59141: "Linea Sepolia",
  534351: "Scroll Sepolia",
};

/** Whether `chainId` is a local chain (no timelock needed in front of the owners). */
export function isLocalChain(chainId: number): boolean {
  return chainId in LOCAL_CHAINS;
}

/** The environment flag that allows the block-hash source on any other chain. */
export const ALLOW_BLOCKHASH_FLAG = "ALLOW_BLOCKHASH_RANDOMNESS";

/**
 * Whether the block-hash randomness source may be deployed on `chainId`, and why. It runs on local and named test
 * chains; anywhere else only with `ALLOW_BLOCKHASH_RANDOMNESS=true`, because whoever produces the committed block
 * sees its hash first and can withhold it, and a waiting player needs a keeper to pin values.
 */
export function blockhashSourceVerdict(
  chainId: number,
  env: Record<string, string | undefined>,
): { allowed: boolean; reason: string } {
  const name = LOCAL_CHAINS[chainId] ?? TEST_CHAINS[chainId];
  if (name !== undefined) {
    return { allowed: true, reason: `chain ${chainId} is ${name}: the block-hash source is allowed there` };
  }
  const risk =
    `chain ${chainId} is neither local nor a known test chain, and the block-hash source can be biased by block ` +
    `producers (they see the committed hash first and may withhold the block)`;
  if (env[ALLOW_BLOCKHASH_FLAG] === "true") {
    return { allowed: true, reason: `${risk}; deploying it anyway because ${ALLOW_BLOCKHASH_FLAG}=true` };
  }
  return {
    allowed: false,
    reason: `${risk}: set VRF_COORDINATOR (Chainlink VRF), or ${ALLOW_BLOCKHASH_FLAG}=true to deploy it anyway`,
  };
}
