// Where the indexer reads its contracts: one hardhat-deploy network folder (`deployments/localhost`,
// `deployments/chain-<id>`, ...), never an address typed by hand. Plain Node (no Ponder import): ponder.config.ts,
// scripts/web/indexer.ts and the tests share it.
import path from "node:path";
import { readDeployments } from "../scripts/lib/deployments";

/** The contracts whose events rebuild the games (the randomness source and FeeConfig carry no game state). */
export const INDEXED_CONTRACTS = ["ForkingHex", "SnatchRooms", "SnatchTournament", "SnatchSession", "Catamm"] as const;
export type IndexedContract = (typeof INDEXED_CONTRACTS)[number];

export interface IndexedDeployment {
  address: `0x${string}`;
  /** The block of its deployment transaction: indexing starts there. */
  startBlock: number;
}

export interface IndexerDeployments {
  folder: string;
  chainId: number;
  contracts: Record<IndexedContract, IndexedDeployment>;
}

/**
 * Reads a deployment folder (it must hold a `.chainId` file and every indexed contract); throws a sentence naming
 * what is missing.
 */
export function readIndexerDeployments(folder: string): IndexerDeployments {
  const full = path.resolve(folder);
  const [network] = readDeployments(path.dirname(full), [path.basename(full)]);
  if (!network) {
    throw new Error(
      `${full} is not a hardhat-deploy deployment folder (no .chainId file): deploy first, or point at one`,
    );
  }
  const missing = INDEXED_CONTRACTS.filter((name) => !network.contracts[name]);
  if (missing.length > 0) {
    throw new Error(
      `${full} (chain ${network.chainId}) has no deployment of ${missing.join(", ")}: deploy every game first`,
    );
  }
  const contracts = {} as Record<IndexedContract, IndexedDeployment>;
  for (const name of INDEXED_CONTRACTS) {
    const { address, blockNumber } = network.contracts[name];
    contracts[name] = { address: address.toLowerCase() as `0x${string}`, startBlock: blockNumber };
  }
  return { folder: full, chainId: network.chainId, contracts };
}

/** The first block any indexed contract can have an event in. */
export function firstBlock(d: IndexerDeployments): number {
  return Math.min(...INDEXED_CONTRACTS.map((name) => d.contracts[name].startBlock));
}
