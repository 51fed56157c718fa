// Deploying the CATAMM game: its linked libraries, then the game linked to them. The one place that knows the
// list, used by tests, bench, demo, bots (plain ethers) and deploy/03_catamm.ts (hardhat-deploy).
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Signer } from "ethers";
import type { Catamm, CatammGameHarness } from "../../typechain-types";

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
  contract: "Catamm" | "CatammGameHarness" = "Catamm",
): Promise<{ game: string; modules: Record<CatammModule, string> }> {
  const modules = {} as Record<CatammModule, string>;
  for (const name of CATAMM_MODULES) modules[name] = await deploy(name, []);
  const game = await deploy(contract, [randomness], modules);
  return { game, modules };
}

/** An ethers-based {@link DeployFn} (libraries linked by name). */
function ethersDeployer(hre: HardhatRuntimeEnvironment, from: Signer): DeployFn {
  return async (name, args, libraries) => {
    const factory = await hre.ethers.getContractFactory(name, { signer: from, libraries });
    const contract = await factory.deploy(...args);
    await contract.waitForDeployment();
    return contract.getAddress();
  };
}

/** Deploys the game with plain ethers factories (tests, bench, demo, bots on the in-process network). */
export async function deployCatamm(
  hre: HardhatRuntimeEnvironment,
  randomness: string,
  signer?: Signer,
): Promise<{ game: Catamm; modules: Record<CatammModule, string> }> {
  const from = signer ?? (await hre.ethers.getSigners())[0];
  const { game, modules } = await deployCatammWith(ethersDeployer(hre, from), randomness);
  return { game: (await hre.ethers.getContractAt("Catamm", game, from)) as unknown as Catamm, modules };
}

/** Deploys the test-only game harness (the game plus setters for positions; contracts/mocks). */
export async function deployCatammHarness(
  hre: HardhatRuntimeEnvironment,
  randomness: string,
  signer?: Signer,
): Promise<{ game: CatammGameHarness; modules: Record<CatammModule, string> }> {
  const from = signer ?? (await hre.ethers.getSigners())[0];
  const { game, modules } = await deployCatammWith(ethersDeployer(hre, from), randomness, "CatammGameHarness");
  const contract = await hre.ethers.getContractAt("CatammGameHarness", game, from);
  return { game: contract as unknown as CatammGameHarness, modules };
}
