// The owners of the shared contracts on public networks: a TimelockController (GamesTimelock). The deploy scripts
// give it FeeConfig at once; the two-step contracts (the VRF randomness source, SnatchRooms) are handed over at the
// end of the deployment (transferOwnership) and the timelock accepts once its delay has passed
// (`npx hardhat timelock:accept`). Until then the deployer still owns them, which anyone can see (their pending owner).
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { id as hashText } from "ethers";
import { isLocalChain } from "./chains";

/** Default delay of the timelock: 2 days, in seconds. */
export const DEFAULT_TIMELOCK_DELAY = 2 * 24 * 60 * 60;

/** The salt of the scheduled `acceptOwnership` calls (one operation per target). */
export const HANDOVER_SALT = hashText("games.handover");

/** The two-step contracts the timelock takes over (hardhat-deploy names), when deployed. */
export const HANDED_OVER = ["Randomness", "SnatchRooms"] as const;

/** Whether owners go behind a timelock: on every non-local chain, or anywhere with TIMELOCK=true. */
export function timelockWanted(chainId: number, env: Record<string, string | undefined>): boolean {
  return !isLocalChain(chainId) || env.TIMELOCK === "true";
}

/** The timelock's delay in seconds, from TIMELOCK_DELAY (default 2 days). */
export function timelockDelay(env: Record<string, string | undefined>): number {
  const raw = env.TIMELOCK_DELAY;
  if (raw === undefined || raw === "") return DEFAULT_TIMELOCK_DELAY;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`TIMELOCK_DELAY must be a whole number of seconds (got ${raw})`);
  return n;
}

/**
 * The timelock's proposers: `proposer` (TIMELOCK_PROPOSER, default the deployer) first, then the deployer if it is
 * someone else. The deployer must schedule the acceptances of the handover (deploy/05_handover), which then renounces
 * its roles (proposer and canceller), so that only `proposer` is left: see {@link temporaryProposer}.
 */
export function timelockProposers(proposer: string | undefined, deployer: string): string[] {
  if (proposer === undefined || proposer === "" || proposer.toLowerCase() === deployer.toLowerCase()) return [deployer];
  return [proposer, deployer];
}

/** The proposer that only schedules the handover (the second of {@link timelockProposers}), if any. */
export function temporaryProposer(timelockArgs: unknown[] | undefined): string | undefined {
  const proposers = timelockArgs?.[1] as string[] | undefined;
  return proposers !== undefined && proposers.length > 1 ? proposers[proposers.length - 1] : undefined;
}

/** The calldata of `acceptOwnership()`. */
export const ACCEPT_OWNERSHIP = "0x79ba5097";

/** Executes every ready handover (`acceptOwnership` through the timelock); returns the contracts it completed. */
export async function acceptHandovers(hre: HardhatRuntimeEnvironment): Promise<string[]> {
  const { deployments, ethers } = hre;
  const t = await deployments.getOrNull("Timelock");
  if (!t) throw new Error(`no Timelock deployment on ${hre.network.name}`);
  const timelock = await ethers.getContractAt("GamesTimelock", t.address);
  const done: string[] = [];
  for (const name of HANDED_OVER) {
    const d = await deployments.getOrNull(name);
    if (!d) continue;
    const op = await timelock.hashOperation(d.address, 0, ACCEPT_OWNERSHIP, ethers.ZeroHash, HANDOVER_SALT);
    if (await timelock.isOperationDone(op)) continue;
    if (!(await timelock.isOperationReady(op))) {
      const at = await timelock.getTimestamp(op);
      console.log(`${name}: handover ${at === 0n ? "not scheduled" : `ready at timestamp ${at}`}`);
      continue;
    }
    await (await timelock.execute(d.address, 0, ACCEPT_OWNERSHIP, ethers.ZeroHash, HANDOVER_SALT)).wait();
    done.push(name);
  }
  return done;
}
