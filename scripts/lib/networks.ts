// The `remote` network from the environment, deployments kept per chain id, stale deployments after a node restart,
// and the explorer settings for hardhat-verify. Read by hardhat.config.ts and the tasks; no import of compiled code.
import fs from "node:fs";
import path from "node:path";
import { DeploymentsManager } from "hardhat-deploy/dist/src/DeploymentsManager";
import type { HardhatRuntimeEnvironment, HttpNetworkAccountsUserConfig } from "hardhat/types";

import { isLocalChain } from "./chains";
import { readableErrorOf } from "./readable";

type Env = Record<string, string | undefined>;

/**
 * The accounts of `remote`: PRIVATE_KEY (one key, or several separated by commas) or MNEMONIC (its first
 * MNEMONIC_COUNT accounts, default 20: anvil's and Hardhat's nodes use the well-known test mnemonic).
 */
export function remoteAccounts(env: Env): HttpNetworkAccountsUserConfig {
  if (env.PRIVATE_KEY) {
    return env.PRIVATE_KEY.split(",")
      .map((k) => k.trim())
      .filter(Boolean)
      .map((k) => (k.startsWith("0x") ? k : `0x${k}`));
  }
  if (env.MNEMONIC) return { mnemonic: env.MNEMONIC, count: Number(env.MNEMONIC_COUNT ?? 20) };
  return [];
}

/** What `remote` misses, as a message that says what to set (undefined when it has what it needs). */
export function remoteProblem(env: Env): string | undefined {
  const missing: string[] = [];
  if (!env.RPC_URL) missing.push("RPC_URL (the node's JSON-RPC address, e.g. https://sepolia.example/v3/KEY)");
  if (!env.PRIVATE_KEY && !env.MNEMONIC) {
    missing.push('PRIVATE_KEY (0x..., or several separated by commas) or MNEMONIC ("word word ...")');
  }
  if (missing.length === 0) return undefined;
  return (
    `the remote network needs ${missing.join(" and ")}: set them in the environment or in .env ` +
    "(copy .env.example), e.g. RPC_URL=http://127.0.0.1:8545 " +
    'MNEMONIC="test test test test test test test test test test test junk" for a local anvil node'
  );
}

/** Refuses `remote` without its variables (called from extendEnvironment: before any command runs). */
export function checkRemote(hre: HardhatRuntimeEnvironment): void {
  if (hre.network.name !== "remote") return;
  const problem = remoteProblem(process.env);
  if (problem) throw readableErrorOf(problem);
}

/** The deployments folder of `remote` once its chain is known (deployments/chain-<id>/). */
let remoteFolder: string | undefined;

// hardhat-deploy names a network's deployments folder after the network (`deploymentFolder()`, called each time it
// reads or writes one); for `remote` the folder is named after the chain instead, so that two chains never share
// records. hardhat-deploy is pinned exactly (1.0.4) in package.json; test/deploy/public-chain.test.ts covers this.
interface FolderNaming {
  network: { name: string };
  deploymentFolder(): string;
}
const manager = DeploymentsManager.prototype as unknown as FolderNaming;
const ownFolder = manager.deploymentFolder;
manager.deploymentFolder = function (this: FolderNaming) {
  return this.network.name === "remote" && remoteFolder ? remoteFolder : ownFolder.call(this);
};

/**
 * Points hardhat-deploy at the deployments of the chain `remote` is connected to: deployments/chain-<id>/. Other
 * networks keep their own folder. Returns the folder's name.
 */
export async function selectDeployments(hre: HardhatRuntimeEnvironment): Promise<string> {
  if (hre.network.name !== "remote") return hre.network.name;
  const chainId = BigInt((await hre.network.provider.send("eth_chainId", [])) as string);
  remoteFolder = `chain-${chainId}`;
  return remoteFolder;
}

/** The deployments recorded in a folder whose address has no code on the chain (the node was restarted). */
export async function staleDeployments(hre: HardhatRuntimeEnvironment, folder: string): Promise<string[]> {
  const dir = path.join(hre.config.paths.deployments, folder);
  if (!fs.existsSync(dir)) return [];
  const stale: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json") && !f.startsWith("."))) {
    const { address } = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as { address?: string };
    if (address && (await hre.ethers.provider.getCode(address)) === "0x")
      stale.push(`${file.slice(0, -5)} at ${address}`);
  }
  return stale;
}

/**
 * Before `deploy`: the right folder, and what to do with deployments the chain no longer has. A local node that was
 * restarted starts afresh (its old records are useless); on any other chain the command stops and says why.
 * Returns whether the deployment must start afresh.
 */
export async function prepareDeploy(hre: HardhatRuntimeEnvironment): Promise<boolean> {
  const folder = await selectDeployments(hre);
  const stale = await staleDeployments(hre, folder);
  if (stale.length === 0) return false;
  const chainId = (await hre.ethers.provider.getNetwork()).chainId;
  const where = `deployments/${folder}/`;
  if (isLocalChain(Number(chainId))) {
    console.log(
      `${where} records ${stale.length} contract(s) this node does not have (it was restarted): deploying afresh`,
    );
    return true;
  }
  throw readableErrorOf(
    `${where} records contracts chain ${chainId} does not have (${stale.slice(0, 3).join(", ")}` +
      `${stale.length > 3 ? ", ..." : ""}): was the chain reset? Deploy afresh with --reset`,
  );
}

/** hardhat-verify's settings from the environment (see .env.example). */
export function etherscanConfig(env: Env): {
  apiKey: string | Record<string, string>;
  customChains: { network: string; chainId: number; urls: { apiURL: string; browserURL: string } }[];
  enabled: boolean;
} {
  if (env.VERIFY_API_URL) {
    if (!env.CHAIN_ID) throw new Error("VERIFY_API_URL needs CHAIN_ID (the chain the explorer serves)");
    return {
      apiKey: { remote: env.VERIFY_API_KEY || env.ETHERSCAN_API_KEY || "none" },
      customChains: [
        {
          network: "remote",
          chainId: Number(env.CHAIN_ID),
          urls: { apiURL: env.VERIFY_API_URL, browserURL: env.VERIFY_BROWSER_URL ?? env.VERIFY_API_URL },
        },
      ],
      enabled: true,
    };
  }
  return { apiKey: env.ETHERSCAN_API_KEY ?? "", customChains: [], enabled: true };
}
