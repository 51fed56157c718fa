// An action a page offers, described once: the contract, the method, its arguments, the value sent with it and the
// words the transactions panel shows. Everything else is derived from the description: the static call that asks
// the contract whether it would accept it now (data/checks.ts), the `data-call` written on its control for the
// honest-controls test (shared/calls.ts), and the transaction that sends it (shared/tx.tsx `sendAction`).
import type { BaseContract, ContractTransactionResponse } from "ethers";
import type { DescribeContext } from "../../../client/errors";
import type { TypedContractMethod } from "../../../typechain-types/common";
import type { TxCall } from "./calls";

export interface Action {
  contract: BaseContract;
  method: string;
  args: readonly unknown[];
  /** Wei sent with it. */
  value?: bigint;
  /** What the transactions panel calls it ("Accept offer #7"). */
  label: string;
  /**
   * Custom errors its static call may end with while its control is still honest, because the page completes the
   * action before sending (an ERC-20 approval, a random value the local node makes ready, a victim chosen next).
   */
  accepts?: readonly string[];
  /**
   * Gas above the estimate: an action whose cost depends on what others do in the same block (the last `done`
   * closes a round) carries headroom (client/snatch/gas.ts).
   */
  headroom?: bigint;
  /** Which contract, for the sentences of its refusals. */
  describe: DescribeContext;
}

/** The names of `C`'s methods that send a transaction. */
export type SendMethod<C> = {
  [K in keyof C]: C[K] extends TypedContractMethod<infer _A, infer _R, infer S>
    ? S extends "view"
      ? never
      : K
    : never;
}[keyof C] &
  string;

/** The arguments of `C`'s method `M`. */
export type ArgsOf<C, M extends keyof C> = C[M] extends TypedContractMethod<infer A, infer _R, infer _S> ? A : never;

export interface ActionOptions {
  label: string;
  value?: bigint;
  accepts?: readonly string[];
  headroom?: bigint;
  describe?: DescribeContext;
}

/** `contract.method(...args)`, described (the method's name and arguments are checked against the contract's ABI). */
export function action<C extends BaseContract, M extends SendMethod<C>>(
  contract: C,
  method: M,
  args: ArgsOf<C, M>,
  options: ActionOptions,
): Action {
  return {
    contract,
    method,
    args,
    value: options.value,
    label: options.label,
    accepts: options.accepts,
    headroom: options.headroom,
    describe: options.describe ?? {},
  };
}

/** The same action with other words, or another value: a form's variants. */
export function withLabel(a: Action, label: string): Action {
  return { ...a, label };
}

/** Each action's call, encoded once (an action is never changed after it is made; a page draws it at every render). */
const calls = new WeakMap<Action, Readonly<TxCall>>();

/** The transaction the action sends, for its control's `data-call`. */
export function callOf(a: Action): Readonly<TxCall> {
  const known = calls.get(a);
  if (known) return known;
  const call: TxCall = { to: String(a.contract.target), data: "0x", value: a.value, accepts: a.accepts };
  try {
    call.data = a.contract.interface.encodeFunctionData(a.method, a.args);
  } catch (err) {
    // Drawn at every render: an argument out of its type's range must not take the page down with it.
    call.unencodable = err instanceof Error ? err.message : String(err);
  }
  calls.set(a, call);
  return call;
}

/** The action as a static call against the pending block (the block a transaction sent now lands in). */
export function staticCallOf(a: Action): Promise<unknown> {
  return a.contract.getFunction(a.method).staticCall(...a.args, { value: a.value ?? 0n, blockTag: "pending" });
}

/** The node's gas estimate for the action from the contract's signer. */
export function estimateOf(a: Action): Promise<bigint> {
  return a.contract.getFunction(a.method).estimateGas(...a.args, { value: a.value ?? 0n });
}

/** Sends the action from the contract's signer (with its headroom above the gas estimate, if it has one). */
export async function submit(a: Action): Promise<ContractTransactionResponse> {
  const fn = a.contract.getFunction(a.method);
  const value = a.value ?? 0n;
  if (a.headroom === undefined) return (await fn.send(...a.args, { value })) as ContractTransactionResponse;
  const gasLimit = (await estimateOf(a)) + a.headroom;
  return (await fn.send(...a.args, { value, gasLimit })) as ContractTransactionResponse;
}
