// What a mined transaction announced: the first event of a name in its receipt, decoded by one contract's interface.
import type { Interface, LogDescription, TransactionReceipt } from "ethers";

/** The first `name` event `iface` decodes in `receipt` (null without a receipt, or when no log of it matches). */
export function receiptEvent(
  receipt: Pick<TransactionReceipt, "logs"> | null | undefined,
  iface: Interface,
  name: string,
): LogDescription | null {
  for (const log of receipt?.logs ?? []) {
    let parsed: LogDescription | null = null;
    try {
      parsed = iface.parseLog(log);
    } catch {
      // a log of another contract (a token's Transfer, say): not this interface's
    }
    if (parsed?.name === name) return parsed;
  }
  return null;
}
