// Deploying the CATAMM game: its linked libraries, then the game linked to them. The one place that knows the
// list, used by tests, bench, demo, bots (plain ethers) and deploy/03_catamm.ts (hardhat-deploy).
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Signer } from "ethers";
import type { Catamm } from "../../typechain-types";

/** The game's linked libraries (contracts/catamm/modules/), each deployed once and linked into `Catamm`. */
export const CATAMM_MODULES = [
  "CatammSetup",
  "CatammTurns",
  "CatammBuild",
  "CatammCards",
  "CatammGhost",
  "CatammViews",
] as const;
export type CatammModule = (typeof CATAMM_MODULES)[number];

/** Deploys contract `name` with constructor `args`, linked to `libraries`, and returns its address. */
export type DeployFn = (name: string, args: unknown[], libraries?: Record<string, string>) => Promise<string>;

/** Deploys the modules and the game with `deploy`; returns the game's and the modules' addresses. */
export async function deployCatammWith(
  deploy: DeployFn,
  randomness: string,
): Promise<{ game: string; modules: Record<CatammModule, string> }> {
  const modules = {} as Record<CatammModule, string>;
  for (const name of CATAMM_MODULES) modules[name] = await deploy(name, []);
  const game = await deploy("Catamm", [randomness], modules);
  return { game, modules };
}

/** Deploys the game with plain ethers factories (tests, bench, demo, bots on the in-process network). */
export async function deployCatamm(
  hre: HardhatRuntimeEnvironment,
  randomness: string,
  signer?: Signer,
): Promise<{ game: Catamm; modules: Record<CatammModule, string> }> {
  const from = signer ?? (await hre.ethers.getSigners())[0];
  const { game, modules } = await deployCatammWith(async (name, args, libraries) => {
    const factory = await hre.ethers.getContractFactory(name, { signer: from, libraries });
    const contract = await factory.deploy(...args);
    await contract.waitForDeployment();
    return contract.getAddress();
  }, randomness);
  return { game: (await hre.ethers.getContractAt("Catamm", game, from)) as unknown as Catamm, modules };
}
