// A sent transaction's receipt, asked as soon as the page's clock shows a new block. The page's clock (block.tsx)
// hears each block from the gateway's /heads within a tick (150 ms) of the node mining it; ethers' own `wait()`
// polls on its own timer and, on a class chain's one-second blocks, added 0.3–0.4 s at the 95th percentile (send to
// receipt p95 1.33 s with `wait()`, 0.95 s asking at each block: docs/class.md). `wait()` still runs beside it and
// settles what one receipt read does not: a reverted transaction (ethers' error, with the reason), a replaced one, a
// clock that stopped. No DOM, no React: the transactions panel (tx.tsx) gives it the clock's next block.
import { JsonRpcProvider, type Provider, type TransactionReceipt, type TransactionResponse } from "ethers";

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

export async function confirmed(
  tx: Pick<TransactionResponse, "hash" | "wait" | "provider">,
  nextBlock: () => Promise<void>,
): Promise<TransactionReceipt | null> {
  const waited = tx.wait();
  waited.catch(() => undefined); // its failure is awaited below (or the receipt came first)
  let settled = false;
  const reader = unbatched(tx.provider);
  const byClock = async (): Promise<TransactionReceipt | null> => {
    while (!settled) {
      await nextBlock();
      if (settled) break;
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
