// Gas for room and tournament actions. Whether an action closes a round (the last `done`, a 2-player answer ending round 3 and
// calling the tournament back, any action after a deadline applying its defaults) depends on what the others do in
// the same blocks: three players saying done at once each get an estimate for "not the last", and the one mined last
// pays for closing the round. So every room transaction carries headroom above its estimate (unused gas is not paid).
import type { ContractTransactionResponse } from "ethers";
import type { TypedContractMethod } from "../../typechain-types/common";

/** Extra gas above the estimate: closing a 3-player round returns or executes up to 12 offers (~25k each) and starts
 *  the next round (shame penalties, judge), or finishes a tournament room (its callback). */
export const HEADROOM = 400_000n;

/** Sends `method(...args)` with its gas estimate plus {@link HEADROOM}. */
export async function sendPadded<A extends unknown[]>(
  method: TypedContractMethod<A, unknown, "nonpayable">,
  ...args: A
): Promise<ContractTransactionResponse> {
  // (TypeChain types the arguments with optional overrides appended; the call below appends ours.)
  const estimate = await (method.estimateGas as (...a: unknown[]) => Promise<bigint>)(...args);
  return (method as unknown as (...a: unknown[]) => Promise<ContractTransactionResponse>)(...args, {
    gasLimit: estimate + HEADROOM,
  });
}

/**
 * Gas above `advanceMany`'s estimate for `rooms` rooms: the estimate is made on the state before the block, and each
 * room that finishes in the meantime calls the tournament back (recording its result, maybe ending the phase).
 */
export function advanceHeadroom(rooms: number): bigint {
  return 200_000n + 150_000n * BigInt(rooms);
}
