// The live chain clock: the latest block number and time, polled from the provider (0.5 s on a local node), with an
// estimate of seconds per block for countdowns. A dropped connection shows a message and recovers by itself.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { blocksLeft, secondsPerBlock } from "./countdown";
import { describeError } from "./errors";
import { useToasts } from "./toasts";
import { useWallet } from "./wallet";

export interface BlockClock {
  /** Latest block number (0 until known). */
  number: number;
  /** Its timestamp in seconds. */
  timestamp: number;
  secondsPerBlock: number;
  /** The reason the node stopped answering, or null while connected. */
  lost: string | null;
}

const BlockContext = createContext<BlockClock>({ number: 0, timestamp: 0, secondsPerBlock: 12, lost: null });

export function useBlock(): BlockClock {
  return useContext(BlockContext);
}

/** "N blocks left (~T)" for a deadline, at the current block. */
export function useCountdown(deadline: number): string {
  const clock = useBlock();
  return blocksLeft(deadline, clock.number, clock.secondsPerBlock);
}

const SAMPLES = 20;

export function BlockProvider({ children }: { children: ReactNode }) {
  const { provider, mode, epoch, localUrl } = useWallet();
  const toasts = useToasts();
  const [clock, setClock] = useState<BlockClock>({ number: 0, timestamp: 0, secondsPerBlock: 12, lost: null });
  const samples = useRef<{ block: number; timestamp: number }[]>([]);

  useEffect(() => {
    if (!provider) return;
    samples.current = [];
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = -1;
    let lost: string | null = null;
    // A local node mines a block per transaction: half a second is how long another window takes to see a move.
    // (A burner seat reads the page's own node too: the class stack's.)
    const interval = mode !== "injected" ? 500 : 4000;
    const tick = async () => {
      try {
        const n = await provider.getBlockNumber();
        if (n !== last) {
          const block = await provider.getBlock(n);
          if (stopped) return;
          last = n;
          const timestamp = block?.timestamp ?? 0;
          // Seed the estimate from an older block once, so the first countdown is not a guess.
          if (samples.current.length === 0 && n > 0) {
            const older = await provider.getBlock(Math.max(0, n - 50));
            if (older) samples.current.push({ block: older.number, timestamp: older.timestamp });
          }
          samples.current = [...samples.current, { block: n, timestamp }].slice(-SAMPLES);
          setClock({ number: n, timestamp, secondsPerBlock: secondsPerBlock(samples.current), lost: null });
        }
        if (lost) {
          lost = null;
          setClock((c) => ({ ...c, lost: null }));
          toasts.push("success", "Connection to the node is back.");
        }
      } catch (err) {
        if (stopped) return;
        if (!lost) {
          lost = `${describeError(err, mode === "local" ? { url: localUrl } : {})} (retrying by itself)`;
          setClock((c) => ({ ...c, lost }));
        }
      }
      if (!stopped) timer = setTimeout(tick, lost ? interval * 2 : interval);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [provider, mode, epoch, toasts, localUrl]);

  return <BlockContext.Provider value={clock}>{children}</BlockContext.Provider>;
}
