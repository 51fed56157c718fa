// hardhat-deploy 1.0.4 builds the extended artifact of every contract it deploys to a node that keeps deployments
// (`hardhat deploy --network ...`, `hardhat node`) from the contract's build-info: the whole compiler output of the
// project (tens of megabytes of JSON), read and parsed again for each contract: most of a deploy's CPU. Here
// Hardhat's `Artifacts.getBuildInfo`, which hardhat-deploy calls on instances of its own, keeps a parsed build-info
// for the contracts that follow; it is let go a few seconds after its last use (it holds about 115 MB of heap) and
// after a compile, which may rewrite it (hardhat.config.ts). Callers share the object: hardhat-deploy spreads the
// contract's part into a new object and serialises the input; hardhat-verify's fallback sets the input's libraries
// before each submission it sends, so no caller reads another's change.
import fs from "node:fs";
import path from "node:path";
import type { BuildInfo } from "hardhat/types";

const { Artifacts } = require("hardhat/internal/artifacts") as {
  Artifacts: {
    prototype: {
      getBuildInfo(fullyQualifiedName: string): Promise<BuildInfo | undefined>;
      formArtifactPathFromFullyQualifiedName(fullyQualifiedName: string): string;
    };
  };
};

/** How long a build-info is kept after it was last asked for. */
const KEEP_MS = 5_000;

const kept = new Map<string, { info: Promise<BuildInfo | undefined>; timer: NodeJS.Timeout }>();
const original = Artifacts.prototype.getBuildInfo;

Artifacts.prototype.getBuildInfo = function (fullyQualifiedName: string) {
  // The build-info a contract's artifact names in its debug file (`<artifact>.dbg.json`, a few bytes).
  let file: string;
  try {
    const debugFile = this.formArtifactPathFromFullyQualifiedName(fullyQualifiedName).replace(/\.json$/, ".dbg.json");
    const { buildInfo } = JSON.parse(fs.readFileSync(debugFile, "utf8")) as { buildInfo: string };
    file = path.resolve(path.dirname(debugFile), buildInfo);
  } catch {
    return original.call(this, fullyQualifiedName); // no debug file: Hardhat's own answer (and error)
  }
  let entry = kept.get(file);
  if (entry) clearTimeout(entry.timer);
  const info = entry?.info ?? original.call(this, fullyQualifiedName);
  entry = { info, timer: setTimeout(() => kept.delete(file), KEEP_MS).unref() };
  kept.set(file, entry);
  info.catch(() => kept.delete(file));
  return info;
};

/** Lets every kept build-info go: after a compile, which may have rewritten them. */
export function forgetBuildInfos(): void {
  for (const { timer } of kept.values()) clearTimeout(timer);
  kept.clear();
}
