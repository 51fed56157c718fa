// A game kept live: loaded once from events (in pages), then extended with the new events of this game only and its
// `game` view re-read whenever the indexer's row of the game changes (web/src/data/hex.ts useHexGameVersion) or its
// end block passes (ended changes with time); quiet blocks cost the node nothing. Without the indexer: each block.
import { useCallback, useEffect, useRef, useState } from "react";
import { toBeHex, zeroPadValue } from "ethers";
import { useBlock } from "../shared/block";
import { describeError } from "../shared/errors";
import { useWallet } from "../shared/wallet";
import { addMoved, loadGame, type HexGameData, type MovedArgs } from "../../../client/hex";
import type { HexContract } from "./contracts";
import { useHexGameVersion } from "../data/hex";

export interface LiveGame {
  data: HexGameData | null;
  /** Extra view fields the tree does not carry. */
  view: { positionCount: number; lowestProven: number; settleCursor: number; maxDeadline: number } | null;
  error: string | null;
  /** Bumped on every change, for memos over the (mutated in place) positions. */
  version: number;
  /** Milliseconds the first load took (events + view), for the page's figures. */
  loadMs: number | null;
}

export function useHexGame(contract: HexContract | null, gameId: bigint): LiveGame {
  const { epoch } = useWallet();
  const block = useBlock();
  const [state, setState] = useState<LiveGame>({ data: null, view: null, error: null, version: 0, loadMs: null });
  const scanned = useRef(0);
  const busy = useRef(false);
  const indexed = useHexGameVersion(gameId);
  const loadedIndexed = useRef<string | null>(null);
  const [retry, setRetry] = useState(0);

  const readView = useCallback(async () => {
    if (!contract) return null;
    const g = await contract.hex.game(gameId);
    return {
      g,
      view: {
        positionCount: Number(g.positionCount),
        lowestProven: Number(g.lowestProven),
        settleCursor: Number(g.settleCursor),
        maxDeadline: Number(g.maxDeadline),
      },
    };
  }, [contract, gameId]);

  // First load (and after the connection changes).
  useEffect(() => {
    if (!contract) return;
    let stale = false;
    const started = performance.now();
    setState({ data: null, view: null, error: null, version: 0, loadMs: null });
    busy.current = true;
    (async () => {
      const provider = contract.hex.runner!.provider!;
      const head = await provider.getBlockNumber();
      const count = await contract.hex.gameCount();
      if (gameId < 1n || gameId > count) throw new Error(`there is no game ${gameId} (games 1–${count})`);
      const data = await loadGame(contract.hex, gameId, { fromBlock: contract.fromBlock, toBlock: head });
      const v = await readView();
      if (stale) return;
      scanned.current = head;
      setState({ data, view: v!.view, error: null, version: 1, loadMs: performance.now() - started });
    })()
      .catch((err) => {
        if (stale) return;
        setState((s) => ({ ...s, error: describeError(err) }));
        // Tried again shortly: a node that was busy or away answers later.
        setTimeout(() => !stale && setRetry((r) => r + 1), 3000);
      })
      .finally(() => {
        busy.current = false;
      });
    return () => {
      stale = true;
    };
  }, [contract, gameId, epoch, readView, retry]);

  // When the indexer's row changes (each block without one): this game's new events, then the view.
  useEffect(() => {
    const data = state.data;
    if (!contract || !data || busy.current) return;
    const moved = indexed === null ? block.number > scanned.current : indexed !== loadedIndexed.current;
    const ends = !data.ended && data.endBlock > 0 && block.number > data.endBlock;
    if (!moved && !ends) return;
    if (block.number < scanned.current) return;
    loadedIndexed.current = indexed;
    busy.current = true;
    const from = scanned.current + 1;
    // Up to the indexer's last block of the game too: it can be ahead of the page's clock.
    const to = Math.max(block.number, Number(indexed?.split(":")[0] ?? 0));
    (async () => {
      const hex = contract.hex;
      const logs =
        from <= to
          ? await hex.runner!.provider!.getLogs({
              address: contract.address,
              topics: [null, zeroPadValue(toBeHex(gameId), 32)],
              fromBlock: from,
              toBlock: to,
            })
          : [];
      let changed = false;
      for (const log of logs) {
        const parsed = hex.interface.parseLog(log);
        if (parsed?.name === "Moved") {
          changed = addMoved(data.positions, parsed.args as unknown as MovedArgs, log.blockNumber) || changed;
        } else if (parsed?.name === "WinProven") {
          data.positions[Number(parsed.args.positionId)].proven = true;
          changed = true;
        }
      }
      const v = await readView();
      scanned.current = to;
      const g = v!.g;
      const next: HexGameData = {
        ...data,
        cancelled: g.cancelled,
        ended: g.ended,
        endBlock: Number(g.endBlock),
        settlePhase: Number(g.settlePhase),
        // A new array when the tree changed, so memos keyed on it recompute.
        positions: changed ? [...data.positions] : data.positions,
      };
      setState((s) => ({ ...s, data: next, view: v!.view, version: s.version + 1, error: null }));
    })()
      .catch((err) => setState((s) => ({ ...s, error: describeError(err) })))
      .finally(() => {
        busy.current = false;
      });
  }, [block.number, contract, gameId, state.data, readView, indexed]);

  return state;
}
