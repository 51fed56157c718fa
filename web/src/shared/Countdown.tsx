// Countdowns in real time: "2 min 10 s left" with the blocks beside it in small print (and on hover), at the chain's
// block time (shared/blocktime.ts); on a development node that mines a block per transaction, in blocks.
import { stackConfig } from "./deployments";
import { useBlock } from "./block";
import { chainBlockTime, timeLeft, type TimeLeft } from "./blocktime";
import { useWallet } from "./wallet";

/** Seconds per block for forms and countdowns on the connected chain, or null when blocks are not time. */
export function useBlockTime(): number | null {
  const { chainId } = useWallet();
  const { secondsPerBlock } = useBlock();
  return chainBlockTime(chainId, stackConfig(), secondsPerBlock);
}

/** The countdown to `deadline` at the current block. */
export function useTimeLeft(deadline: number): TimeLeft {
  const block = useBlock();
  return timeLeft(deadline, block.number, useBlockTime());
}

/** "2 min 10 s left · 130 blocks" (the blocks small; only the blocks when the chain has no block time). */
export function Countdown({ deadline }: { deadline: number }) {
  const t = useTimeLeft(deadline);
  return (
    <span className="countdown" title={t.blocks}>
      {t.text}
      {t.text !== t.blocks && <small className="muted"> · {t.blocks}</small>}
    </span>
  );
}
