// A sent transaction's receipt, asked as soon as the page's clock shows a new block. The page's clock (block.tsx)
// hears each block from the gateway's /heads within a tick of the node mining it, with the block's transactions
// (client/common/heads.ts): a transaction in that list is known mined with the block itself (`onMined`), and its full
// receipt (its events, for the caller) is read after. ethers' own `wait()` polls on its own timer and, on a class
// chain's one-second blocks, added 0.3–0.4 s at the 95th percentile (docs/class.md); it is asked only for what the
// clock does not settle: a reverted transaction (ethers' error), a replaced one, a clock that stopped. No DOM, no
// React: the transactions panel (tx.tsx) gives it the clock's next block.
import type { TransactionReceipt, TransactionResponse } from "ethers";
import { minedTx, type MinedTx } from "../../../client/common/heads";
import { ownProvider } from "./ownProvider";

/** Where and for how much gas a transaction was mined. */
export interface Mined {
  block: number;
  gasUsed: bigint;
}

/**
 * The receipt of `tx` (null: dropped), asked at each of the clock's new blocks (`nextBlock` resolves with the block's
 * list of mined transactions when the clock has one). `onMined` is told when the clock's list shows the transaction
 * mined and successful, before its receipt is read (a transaction found by its receipt alone is told by the return).
 */
export async function confirmed(
  tx: Pick<TransactionResponse, "hash" | "wait" | "provider">,
  nextBlock: () => Promise<readonly MinedTx[] | null | void>,
  onMined?: (mined: Mined) => void,
): Promise<TransactionReceipt | null> {
  // ethers' wait() polls the node on its own timer (its head every quarter second, the receipt, the account's nonce
  // for a replacement): requests of its own for every move. It is asked only when the clock has not settled the
  // transaction within a few seconds (a clock that stopped, a replaced transaction) or a receipt says it reverted.
  let waiting: ReturnType<typeof tx.wait> | null = null;
  const wait = () => {
    if (!waiting) {
      waiting = tx.wait();
      waiting.catch(() => undefined); // its failure is awaited where it is returned
    }
    return waiting;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<TransactionReceipt | null>((resolve, reject) => {
    timer = setTimeout(() => wait().then(resolve, reject), WAIT_AFTER_MS);
  });
  let settled = false;
  // (Through the move's own provider: not held in a batch with the page's reads of the block.)
  const reader = ownProvider(tx.provider);
  const byClock = async (): Promise<TransactionReceipt | null> => {
    while (!settled) {
      const listed = minedTx((await nextBlock()) || null, tx.hash);
      if (settled) break;
      // A reverted one, by the list or the receipt: wait() throws the error the page explains.
      if (listed && listed.status !== 1) return wait();
      if (listed) onMined?.({ block: listed.block, gasUsed: BigInt(listed.gasUsed) });
      const receipt = await reader.getTransactionReceipt(tx.hash).catch(() => null);
      if (receipt) return receipt.status === 1 ? receipt : wait();
    }
    return waited;
  };
  try {
    return await Promise.race([waited, byClock()]);
  } finally {
    settled = true;
    clearTimeout(timer);
  }
}

/** How long the clock alone settles a transaction before ethers' wait() is asked too, ms. */
const WAIT_AFTER_MS = 5_000;
