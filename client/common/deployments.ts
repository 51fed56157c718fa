// What the app and the scripts know of a hardhat-deploy network folder: its chain id and each contract's address and
// deployment block, never an ABI (ABIs and types come from typechain-types) and never an address typed by hand.
// The Node reader that fills these is scripts/lib/deployments.ts.

/** One deployed contract as the app needs it. */
export interface DeployedContract {
  address: string;
  /** Block of the deployment transaction: where event reading starts. */
  blockNumber: number;
}

/** One hardhat-deploy network folder. */
export interface NetworkDeployment {
  /** Folder name (`localhost`, `sepolia`, a chain id, ...). */
  name: string;
  chainId: number;
  contracts: Record<string, DeployedContract>;
}
