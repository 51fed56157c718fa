// A game kept live: its fork tree read once, then extended with the game's new moves and proofs, and its `game` view
// re-read whenever the indexer's row of the game changes (web/src/data/hex.ts useHexGameVersion) or its end block
// passes (ended changes with time); quiet blocks cost the node nothing. The tree comes from the indexer's positions
// (data/history.ts readHexTree) whenever the indexer answers; only without one is it read from the node's logs (in
// pages of blocks from the deployment), and then each block is looked at.
import { useCallback, useEffect, useRef, useState } from "react";
import { useBlock } from "../shared/block";
import { describeError } from "../shared/errors";
import { useWallet } from "../shared/wallet";
import { addMoved, gameData, type HexGameData, type HexPosition, type MovedArgs } from "../../../client/hex";
import { pagedQuery } from "../../../client/logs";
import type { HexContract } from "./contracts";
import { useHexGameVersion } from "../data/hex";
import { useHistoryRead } from "../data/useHistoryRead";
import { readHexTree, type TreeChanges } from "../data/history";

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

const NO_CHANGES: TreeChanges = { moved: [], proven: [] };

/** Adds a read's moves and proofs to a tree (index = id); returns whether anything was new. */
function apply(positions: HexPosition[], changes: TreeChanges): boolean {
  let changed = false;
  for (const m of changes.moved) changed = addMoved(positions, m.args, m.block) || changed;
  for (const id of changes.proven) {
    const p = positions[id];
    if (p && !p.proven) changed = p.proven = true;
  }
  return changed;
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
  // The word's first part is the game's last block the indexer has (data/hex.ts).
  const readHistory = useHistoryRead(indexed, 0);
  const clock = useRef(block.number);
  clock.current = block.number;

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

  /** The tree's changes in blocks after..to (data/useHistoryRead.ts), and the block they are read up to. */
  const readTree = useCallback(
    (after: number, to: number): Promise<[TreeChanges, number]> =>
      readHistory(
        after,
        to,
        (db, from, upTo) => readHexTree(db, gameId, from, upTo),
        async (fromBlock, toBlock) => {
          if (!contract) return NO_CHANGES;
          const hex = contract.hex;
          const range = { fromBlock, toBlock };
          const latest = () => hex.runner!.provider!.getBlockNumber();
          const [moved, proven] = await Promise.all([
            pagedQuery((a, b) => hex.queryFilter(hex.filters.Moved(gameId), a, b), latest, range),
            pagedQuery((a, b) => hex.queryFilter(hex.filters.WinProven(gameId), a, b), latest, range),
          ]);
          return {
            moved: moved.map((e) => ({ args: e.args as unknown as MovedArgs, block: e.blockNumber })),
            proven: proven.map((e) => Number(e.args.positionId)),
          };
        },
        NO_CHANGES,
      ),
    [contract, gameId, readHistory],
  );

  // First load (and after the connection changes).
  useEffect(() => {
    if (!contract || block.number === 0) return;
    let stale = false;
    const started = performance.now();
    setState({ data: null, view: null, error: null, version: 0, loadMs: null });
    busy.current = true;
    (async () => {
      const count = await contract.hex.gameCount();
      if (gameId < 1n || gameId > count) throw new Error(`there is no game ${gameId} (games 1–${count})`);
      const [[changes, upTo], v] = await Promise.all([readTree(contract.fromBlock - 1, clock.current), readView()]);
      if (stale) return;
      const positions: HexPosition[] = [];
      apply(positions, changes);
      scanned.current = upTo;
      setState({
        data: gameData(gameId, v!.g, positions),
        view: v!.view,
        error: null,
        version: 1,
        loadMs: performance.now() - started,
      });
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first block is awaited (it says whether the indexer answers), not each one
  }, [contract, gameId, epoch, readView, readTree, retry, block.number === 0]);

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
    // Up to the indexer's last block of the game too: it can be ahead of the page's clock.
    const to = Math.max(block.number, Number(indexed?.split(":")[0] ?? 0));
    (async () => {
      const [changes, upTo] = await readTree(scanned.current, to);
      const changed = apply(data.positions, changes);
      const v = await readView();
      scanned.current = upTo;
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
  }, [block.number, contract, gameId, state.data, readView, readTree, indexed]);

  return state;
}
