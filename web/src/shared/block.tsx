// The live chain clock: the latest block number and time, with an estimate of seconds per block for countdowns, and
// (served by the gateway) the indexer's latest indexed block. One clock for the whole page, shared by every
// component. Served by the gateway (`npm run web`), it comes from the gateway's /heads stream (scripts/web/heads.ts:
// one poll of the node for every open page, so an idle page sends the node nothing); elsewhere (a wallet's own
// network, a static build) it is polled from the provider (0.5 s on a local node). A dropped connection shows a
// message and recovers by itself.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { blocksLeft, secondsPerBlock } from "./countdown";
import { stackConfig } from "./deployments";
import { describeError } from "./errors";
import { stackUrl } from "../../../client/common/stack";
import { touches, type Heads, type MinedTx } from "../../../client/common/heads";
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
  /** The indexer's latest indexed block (null: none known: no indexer, or it does not answer). */
  indexed: number | null;
  /** Why the indexer does not answer (null: it does, or the page has none). */
  indexerLost: string | null;
}

const START: BlockClock = {
  number: 0,
  timestamp: 0,
  secondsPerBlock: 12,
  lost: null,
  indexed: null,
  indexerLost: null,
};
const BlockContext = createContext<BlockClock>(START);

export function useBlock(): BlockClock {
  return useContext(BlockContext);
}

/**
 * A listener of new blocks, called with the block's number as soon as the clock hears of it, and the transactions
 * mined since the clock's previous block when the clock knows them (the gateway's /heads: null elsewhere).
 */
type BlockListener = (block: number, mined: readonly MinedTx[] | null) => void;
const BlockEventsContext = createContext<(listener: BlockListener) => () => void>(() => () => undefined);

/**
 * Subscribes to new blocks as the clock hears of them, before React renders them (returns the unsubscribe): for
 * what must not wait for the page's render of the block, such as asking for a sent transaction's receipt.
 */
export function useOnBlock(): (listener: BlockListener) => () => void {
  return useContext(BlockEventsContext);
}

/**
 * A count of the blocks in which a successful transaction emitted events from `address` (null: none watched), as the
 * clock lists them (client/common/heads.ts `touches`): a page re-reads what it shows of that contract with the block
 * itself. Stays 0 where the clock has no lists (a node without eth_getBlockReceipts, a page without the gateway).
 */
export function useTouched(address: string | null): number {
  const onBlock = useOnBlock();
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!address) return;
    return onBlock((_, mined) => {
      if (touches(mined, address)) setCount((c) => c + 1);
    });
  }, [onBlock, address]);
  return count;
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
  const [clock, setClock] = useState<BlockClock>(START);
  const samples = useRef<{ block: number; timestamp: number }[]>([]);
  const listeners = useRef(new Set<BlockListener>());
  const announced = useRef(0);
  const subscribe = useCallback((listener: BlockListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  /** Tells the listeners of a new block (once per number). */
  const announce = (block: number, mined: readonly MinedTx[] | null) => {
    if (block === announced.current) return;
    announced.current = block;
    for (const listener of [...listeners.current]) listener(block, mined);
  };
  const stack = stackConfig();
  const shared = stack !== null && mode !== "injected";
  const heads = stack?.heads;

  // The gateway's shared clock.
  useEffect(() => {
    if (!shared || !heads || !provider) return;
    samples.current = [];
    let stopped = false;
    let lost = false;
    const source = new EventSource(stackUrl(window.location.origin, heads));
    source.onmessage = (e: MessageEvent<string>) => {
      const h = JSON.parse(e.data) as Heads;
      if (lost) {
        lost = false;
        toasts.push("success", "Connection to the node is back.");
      }
      announce(h.block, h.mined ?? null);
      const seed = samples.current.length === 0 && h.block > 0;
      samples.current = [...samples.current, { block: h.block, timestamp: h.timestamp }].slice(-SAMPLES);
      setClock({
        number: h.block,
        timestamp: h.timestamp,
        secondsPerBlock: secondsPerBlock(samples.current),
        lost: h.nodeError ? `${h.nodeError} (retrying by itself)` : null,
        indexed: h.indexer?.block ?? null,
        indexerLost: h.indexerError,
      });
      // Seed the estimate from an older block once, so the first countdown is not a guess (one read per page load).
      if (seed)
        void provider.getBlock(Math.max(0, h.block - 50)).then((older) => {
          if (stopped || !older || older.number >= h.block) return;
          samples.current = [{ block: older.number, timestamp: older.timestamp }, ...samples.current];
          setClock((c) => ({ ...c, secondsPerBlock: secondsPerBlock(samples.current) }));
        });
    };
    source.onerror = () => {
      if (stopped || lost) return;
      lost = true;
      setClock((c) => ({ ...c, lost: "the app's server is not answering (retrying by itself)" }));
    };
    return () => {
      stopped = true;
      source.close();
    };
  }, [shared, heads, provider, epoch, toasts]);

  useEffect(() => {
    if (!provider || shared) return;
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
          announce(n, null);
          setClock({ ...START, number: n, timestamp, secondsPerBlock: secondsPerBlock(samples.current) });
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
  }, [provider, shared, mode, epoch, toasts, localUrl]);

  return (
    <BlockEventsContext.Provider value={subscribe}>
      <BlockContext.Provider value={clock}>{children}</BlockContext.Provider>
    </BlockEventsContext.Provider>
  );
}
