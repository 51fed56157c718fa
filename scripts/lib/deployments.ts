// Reader of hardhat-deploy's `deployments/` folders (Node side): the web build (web/vite.config.ts) bakes its result
// into the bundle; the indexer, the stacks and the tests read their contracts with it.
import fs from "node:fs";
import path from "node:path";
import type { DeployedContract, NetworkDeployment } from "../../client/common/deployments";

/**
 * Reads every folder of `dir` that has a `.chainId` file. Folders sharing a chain id: the most recently written one
 * wins (a node restarted under another folder name). `only`, when given, keeps just those folder names.
 */
export function readDeployments(dir: string, only?: string[]): NetworkDeployment[] {
  if (!fs.existsSync(dir)) return [];
  const byChain = new Map<number, { network: NetworkDeployment; mtime: number }>();
  for (const name of fs.readdirSync(dir).sort()) {
    if (only && !only.includes(name)) continue;
    const folder = path.join(dir, name);
    const chainIdFile = path.join(folder, ".chainId");
    if (!fs.statSync(folder).isDirectory() || !fs.existsSync(chainIdFile)) continue;
    const chainId = Number(fs.readFileSync(chainIdFile, "utf8").trim());
    if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new Error(`${chainIdFile}: not a chain id`);
    const contracts: Record<string, DeployedContract> = {};
    let mtime = fs.statSync(chainIdFile).mtimeMs;
    for (const file of fs.readdirSync(folder).sort()) {
      if (!file.endsWith(".json")) continue;
      const full = path.join(folder, file);
      const json = JSON.parse(fs.readFileSync(full, "utf8")) as {
        address?: string;
        receipt?: { blockNumber?: number };
      };
      if (typeof json.address !== "string") continue;
      contracts[file.slice(0, -".json".length)] = {
        address: json.address,
        blockNumber: Number(json.receipt?.blockNumber ?? 0),
      };
      mtime = Math.max(mtime, fs.statSync(full).mtimeMs);
    }
    const previous = byChain.get(chainId);
    if (!previous || previous.mtime < mtime) byChain.set(chainId, { network: { name, chainId, contracts }, mtime });
  }
  return [...byChain.values()].map((v) => v.network).sort((a, b) => a.chainId - b.chainId);
}
