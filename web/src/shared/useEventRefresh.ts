// Keeping a view of a contract fresh without re-reading it every block: refresh at once when a new block brings a
// log of the contract, and every `everyBlocks` blocks anyway (state that changes with time alone: deadlines, ends).
import { useEffect, useRef, useState } from "react";
import type { Provider } from "ethers";
import { useBlock } from "./block";
import { describeError } from "./errors";

/**
 * Calls `refresh` on the first block seen, whenever a new block brings a log of `address`, and after `everyBlocks`
 * blocks without one; `onError` receives the sentence of a failed check or refresh, which is tried again 2 s later
 * (no new block may come to trigger it).
 */
export function useEventRefresh(
  provider: Provider | null | undefined,
  address: string | undefined,
  refresh: () => Promise<void>,
  everyBlocks: number,
  onError: (text: string) => void,
): void {
  const block = useBlock();
  const checked = useRef(-1);
  const refreshed = useRef(-1);
  const [retry, setRetry] = useState(0);
  useEffect(() => {
    if (!provider || !address || block.number === 0 || block.number <= checked.current) return;
    const from = checked.current + 1;
    const to = block.number;
    checked.current = to;
    const due = refreshed.current < 0 || to - refreshed.current >= everyBlocks;
    (async () => {
      const changed = due || (await provider.getLogs({ address, fromBlock: from, toBlock: to })).length > 0;
      if (!changed) return;
      refreshed.current = to;
      await refresh();
    })().catch((err) => {
      onError(describeError(err));
      checked.current = from - 1;
      setTimeout(() => setRetry((r) => r + 1), 2000);
    });
  }, [block.number, provider, address, refresh, everyBlocks, onError, retry]);
  // A new contract or connection starts over.
  useEffect(() => {
    checked.current = -1;
    refreshed.current = -1;
  }, [provider, address]);
}
