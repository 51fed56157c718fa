// A sent transaction's receipt, asked as soon as the page's clock shows a new block. The page's clock (block.tsx)
// hears each block from the gateway's /heads within a tick (150 ms) of the node mining it; ethers' own `wait()`
// polls on its own timer and, on a class chain's one-second blocks, added 0.3–0.4 s at the 95th percentile (send to
// receipt p95 1.33 s with `wait()`, 0.95 s asking at each block: docs/class.md). `wait()` still runs beside it and
// settles what one receipt read does not: a reverted transaction (ethers' error, with the reason), a replaced one, a
// clock that stopped. No DOM, no React: the transactions panel (tx.tsx) gives it the clock's next block.
import type { TransactionReceipt, TransactionResponse } from "ethers";

export async function confirmed(
  tx: Pick<TransactionResponse, "hash" | "wait" | "provider">,
  nextBlock: () => Promise<void>,
): Promise<TransactionReceipt | null> {
  const waited = tx.wait();
  waited.catch(() => undefined); // its failure is awaited below (or the receipt came first)
  let settled = false;
  const byClock = async (): Promise<TransactionReceipt | null> => {
    while (!settled) {
      await nextBlock();
      if (settled) break;
      const receipt = await tx.provider.getTransactionReceipt(tx.hash).catch(() => null);
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
