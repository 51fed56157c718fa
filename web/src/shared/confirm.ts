// A sent transaction's receipt, asked as soon as the page's clock shows a new block. The page's clock (block.tsx)
// hears each block from the gateway's /heads within a tick (150 ms) of the node mining it; ethers' own `wait()`
// polls on its own timer and, on a class chain's one-second blocks, added 0.3–0.4 s at the 95th percentile (send to
// receipt p95 1.33 s with `wait()`, 0.95 s asking at each block: docs/class.md). `wait()` still runs beside it and
// settles what one receipt read does not: a reverted transaction (ethers' error, with the reason), a replaced one, a
// clock that stopped. The gateway's clock lists each new block's transactions (client/common/heads.ts): a
// transaction in that list is known mined with the block itself (`onMined`), and its full receipt (its events, for
// the caller) is read after. No DOM, no React: the transactions panel (tx.tsx) gives it the clock's next block.
import { JsonRpcProvider, type Provider, type TransactionReceipt, type TransactionResponse } from "ethers";
import { minedTx, type MinedTx } from "../../../client/common/heads";

const twins = new WeakMap<JsonRpcProvider, JsonRpcProvider>();

/**
 * The same node without batching. A page's provider sends the calls of one moment as one batch, and at a new block
 * that moment is the page's reads of the block (its action checks and the like): a receipt asked in it came back only
 * with the slowest of them. Asked on its own it does not wait for them.
 */
function unbatched(provider: Provider): Provider {
  if (!(provider instanceof JsonRpcProvider)) return provider;
  let twin = twins.get(provider);
  if (!twin) {
    let network;
    try {
      network = provider._network;
    } catch {
      return provider; // its network not known yet: as it is
    }
    twin = new JsonRpcProvider(provider._getConnection(), network, {
      staticNetwork: network,
      batchMaxCount: 1,
      cacheTimeout: -1,
    });
    twins.set(provider, twin);
  }
  return twin;
}

/** Where and for how much gas a transaction was mined. */
export interface Mined {
  block: number;
  gasUsed: bigint;
}

/**
 * The receipt of `tx` (null: dropped), asked at each of the clock's new blocks (`nextBlock` resolves with the block's
 * list of mined transactions when the clock has one). `onMined` is told as soon as the transaction is known mined
 * and successful (from the clock's list, or its receipt), which can be before its receipt is read.
 */
export async function confirmed(
  tx: Pick<TransactionResponse, "hash" | "wait" | "provider">,
  nextBlock: () => Promise<readonly MinedTx[] | null | void>,
  onMined?: (mined: Mined) => void,
): Promise<TransactionReceipt | null> {
  const waited = tx.wait();
  waited.catch(() => undefined); // its failure is awaited below (or the receipt came first)
  let settled = false;
  const reader = unbatched(tx.provider);
  const byClock = async (): Promise<TransactionReceipt | null> => {
    while (!settled) {
      const listed = minedTx((await nextBlock()) || null, tx.hash);
      if (settled) break;
      // Reverted: wait() throws the error the page explains.
      if (listed && listed.status !== 1) return waited;
      if (listed) onMined?.({ block: listed.block, gasUsed: BigInt(listed.gasUsed) });
      const receipt = await reader.getTransactionReceipt(tx.hash).catch(() => null);
      // A reverted one: wait() throws the error the page explains.
      if (receipt) return receipt.status === 1 ? receipt : waited;
    }
    return waited;
  };
  try {
    return await Promise.race([waited, byClock()]);
  } finally {
    settled = true;
  }
}
