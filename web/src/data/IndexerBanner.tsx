// The page's word on the indexer (lists, histories, charts come from it; moves never do): "N blocks behind" while it
// catches up, "unreachable" when it does not answer; nothing while it keeps up. From the page's chain clock
// (shared/block.tsx), which the gateway feeds with both heads.
import { useEffect, useState } from "react";
import { useBlock } from "../shared/block";
import { stackConfig } from "../shared/deployments";

/** Blocks the indexer may trail the node by without a word (it polls the node a few times a second). */
const SLACK = 2;
/** How long it must trail before the banner shows (ms): a block it is about to index is no news. */
const PATIENCE = 1_500;

export function IndexerBanner() {
  const clock = useBlock();
  const stack = stackConfig();
  const behind = clock.indexed === null ? 0 : clock.number - clock.indexed;
  const [since, setSince] = useState<number | null>(null);
  const [, setTick] = useState(0);
  const trailing = behind >= SLACK;
  useEffect(() => {
    if (trailing) {
      setSince((s) => s ?? Date.now());
      const t = setTimeout(() => setTick((x) => x + 1), PATIENCE);
      return () => clearTimeout(t);
    }
    setSince(null);
  }, [trailing]);

  let text: string | null = null;
  if (!stack?.indexer)
    text = "This server runs no indexer: lists and histories cannot be read here (moves still work).";
  else if (clock.indexerLost) text = "Indexer unreachable — moves still work; lists show what they last read.";
  else if (since !== null && Date.now() - since >= PATIENCE)
    text = `Indexer ${behind.toLocaleString("en-US")} block${behind === 1 ? "" : "s"} behind: lists may miss the newest moves.`;
  if (!text) return null;
  return (
    <p className="indexer-banner" role="status" data-testid="indexer-banner">
      {text}
    </p>
  );
}
