// Why a transaction failed, in the contract's words, wherever it failed: at its gas estimate (the node's revert
// data), at sending, or after it was mined. A mined transaction that reverted comes back from ethers as
// "transaction execution reverted" with no reason (a receipt holds none): its call is replayed at its own block, on
// the state that block left, which gives the contract's custom error (an offer mined in the first block after its
// window, an Advance that another phone's Advance beat in the same block). No DOM, no React: tx.tsx uses it.
import type { Provider, TransactionReceipt, TransactionRequest } from "ethers";
import { describeError, type DescribeContext, type DescribedError } from "../../../client/errors";

/** What is known of the failed transaction: the one sent (and its receipt, once mined). */
export interface Failed {
  /** The sent transaction, if it was sent. */
  tx?: { to?: string | null; from?: string; data?: string; value?: bigint; gasLimit?: bigint; hash?: string } | null;
  provider?: Provider | null;
}

type Bag = Record<string, unknown>;
const bag = (x: unknown): Bag | null => (x && typeof x === "object" ? (x as Bag) : null);

/** The receipt an ethers CALL_EXCEPTION from `wait()` carries. */
function receiptOf(err: unknown): Pick<TransactionReceipt, "blockNumber" | "gasUsed" | "status"> | null {
  const r = bag(bag(err)?.receipt);
  return r && typeof r.blockNumber === "number" ? (r as unknown as TransactionReceipt) : null;
}

/** The transaction an ethers error names (an estimate's or a call's `transaction`). */
function transactionOf(err: unknown): Failed["tx"] {
  const t = bag(bag(err)?.transaction);
  return t && typeof t.to === "string" ? (t as Failed["tx"]) : null;
}

/**
 * `err` in words. A revert without its reason (mined, or a node that sent none) is replayed: a mined one at its block,
 * one that failed before mining at the latest block; the replay's custom error is the answer. A mined transaction
 * whose replay passes either ran out of gas (it used all it had) or met a state its block changed before it.
 */
export async function explainFailure(err: unknown, failed: Failed, ctx: DescribeContext = {}): Promise<DescribedError> {
  const first = describeError(err, ctx);
  if (first.revert || first.kind === "rejected" || first.kind === "network" || first.kind === "wrong-network")
    return first;
  const receipt = receiptOf(err);
  const reverted = receipt !== null || first.kind === "revert" || /revert/i.test(first.message);
  const tx = failed.tx?.to && failed.tx.data ? failed.tx : transactionOf(err);
  const provider = failed.provider;
  if (!reverted || !tx?.to || !provider) return first;
  const blockTag = receipt?.blockNumber ?? "latest";
  const call: TransactionRequest = { to: tx.to, from: tx.from, data: tx.data, value: tx.value, blockTag };
  if (receipt && tx.gasLimit) call.gasLimit = tx.gasLimit;
  try {
    await provider.call(call);
  } catch (replayed) {
    const again = describeError(replayed, ctx);
    if (again.revert) return again;
    return first;
  }
  if (receipt && tx.gasLimit !== undefined && receipt.gasUsed >= tx.gasLimit)
    return {
      kind: "other",
      message:
        "the transaction ran out of gas: the state changed between its gas estimate and its block (e.g. another " +
        "player's move closed the round first); nothing changed, retry",
    };
  return {
    kind: "revert",
    message:
      receipt !== null
        ? `it reverted in block ${receipt.blockNumber.toLocaleString("en-US")}, where another transaction changed the ` +
          "state before it (replayed on that block's final state it passes): retry"
        : first.message,
  };
}
