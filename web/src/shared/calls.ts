// The transaction behind a control, written on the control itself. Every enabled action control of a game page (a
// button, a spot on a board) carries the exact call it sends or leads to (`data-call`: to, calldata, value), or says
// that it sends nothing (`data-ui`). The pages enable a control only when the contract accepts that call (a static
// call, data/checks.ts); the browser tests read these attributes and check every enabled control against the
// contract from the test script (test/web/harness.ts `expectHonestControls`), so a control the contract would refuse
// cannot stay enabled unnoticed.
import type { BaseContract } from "ethers";
import type { TypedContractMethod } from "../../../typechain-types/common";

export interface TxCall {
  to: string;
  data: string;
  value?: bigint;
  /**
   * Custom errors the static call may end with while the control is still honest, because the page completes the
   * action before sending: `VictimRequired` (the ghost ship's hex, whose victim is chosen next), `RandomnessPending`
   * (the local node mines the blocks that make the random value ready first), `ERC20InsufficientAllowance` (the approval is sent first).
   */
  accepts?: readonly string[];
  /**
   * Why the arguments cannot be encoded (a form's number outside its type's range, such as a negative stake): no
   * transaction can be sent, `data` is "0x", and the action's check fails with the same error.
   */
  unencodable?: string;
}

/** The call `contract.method(...args)` with `value`, as a {@link TxCall}. */
export function txCall<A extends Array<unknown>, R, S extends "nonpayable" | "payable">(
  contract: BaseContract,
  method: TypedContractMethod<A, R, S>,
  args: A,
  opts: { value?: bigint; accepts?: readonly string[] } = {},
): TxCall {
  return {
    to: String(contract.target),
    data: contract.interface.encodeFunctionData(method.fragment, args),
    value: opts.value,
    accepts: opts.accepts,
  };
}

/** The data attributes of a control: the call it sends, or `ui` (what it does instead: it sends nothing). */
export function callAttrs(call: TxCall | undefined, ui?: string): Record<string, string> {
  if (call) {
    const attrs: Record<string, string> = {
      "data-call": JSON.stringify({ to: call.to, data: call.data, value: (call.value ?? 0n).toString() }),
    };
    if (call.accepts?.length) attrs["data-call-accepts"] = call.accepts.join(",");
    return attrs;
  }
  return ui ? { "data-ui": ui } : {};
}
