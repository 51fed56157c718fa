// The owners of the shared contracts on public networks: a TimelockController (GamesTimelock). FeeConfig belongs to
// it from its construction; the two-step contracts (the VRF randomness source, SnatchRooms), and the VRF
// subscription when the operator asks, are handed to it at the end of the deploy (deploy/05_handover), through the
// Timelock itself while its delay is still zero, before it raises its own delay. So once the deploy has finished
// the deployer owns nothing and every owner call waits for the delay: there is no window in between.
import { id as hashText } from "ethers";
import { isLocalChain } from "./chains";

/** Default delay of the timelock: 2 days, in seconds. */
export const DEFAULT_TIMELOCK_DELAY = 2 * 24 * 60 * 60;

/** The salt of the handover batch. */
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
 * someone else. The deployer must schedule the handover (deploy/05_handover), which then renounces its roles
 * (proposer and canceller), so that only `proposer` is left: see {@link temporaryProposer}.
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
