// A game kept live, as queries on the app's QueryClient (following the room page's useRoom): its fork tree is one
// query that grows (data/useHistory.ts: the indexer's positions whenever it answers, else the node's logs in pages
// of blocks from the deployment), its `game` view another, re-read when the indexer's word for the game changes
// (data/words.ts useHexWord) or its end block passes (ended changes with time); quiet blocks cost the node nothing.
import { useEffect, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Result } from "ethers";
import { useBlock } from "../shared/block";
import { useWallet } from "../shared/wallet";
import { addMoved, gameData, type HexGameData, type HexPosition, type MovedArgs } from "../../../client/hex";
import { pagedQuery } from "../../../client/logs";
import type { HexContract } from "./contracts";
import { useChainRead } from "../data/chain";
import { readHexTree, type TreeChanges } from "../data/history";
import { chainKeys } from "../data/keys";
import { useRefreshOn, useRefreshOnRise } from "../data/refresh";
import { useHistory } from "../data/useHistory";
import { useHexWord } from "../data/words";

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

type GameView = Awaited<ReturnType<HexContract["hex"]["game"]>>;

const NO_CHANGES: TreeChanges = { moved: [], proven: [] };
const DESCRIBE = { contract: "ForkingHex" as const };

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

/** The tree with a read's changes: a new array when anything changed, so memos keyed on it recompute. */
function fold(positions: HexPosition[] | undefined, changes: TreeChanges): HexPosition[] {
  const tree = positions ?? [];
  return apply(tree, changes) || !positions ? [...tree] : positions;
}

export function useHexGame(contract: HexContract | null, gameId: bigint): LiveGame {
  const { chainId } = useWallet();
  const queryClient = useQueryClient();
  const block = useBlock().number;
  const word = useHexWord(gameId);
  const scope = contract && chainId !== null ? chainKeys.hexGame(chainId, contract.address, gameId) : null;
  const viewKey = scope && [...scope, "view"];

  const tree = useHistory<TreeChanges, HexPosition[]>({
    key: scope && [...scope, "history"],
    from: contract?.fromBlock ?? 0,
    wordBlock: word?.lastBlock ?? null,
    fromIndexer: (db, after, upTo) => readHexTree(db, gameId, after, upTo),
    fromNode: async (fromBlock, toBlock) => {
      const hex = contract!.hex;
      const latest = () => hex.runner!.provider!.getBlockNumber();
      const range = { fromBlock, toBlock };
      const [moved, proven] = await Promise.all([
        pagedQuery((a, b) => hex.queryFilter(hex.filters.Moved(gameId), a, b), latest, range),
        pagedQuery((a, b) => hex.queryFilter(hex.filters.WinProven(gameId), a, b), latest, range),
      ]);
      return {
        moved: moved.map((e) => ({ args: e.args as unknown as MovedArgs, block: e.blockNumber })),
        proven: proven.map((e) => Number(e.args.positionId)),
      };
    },
    empty: NO_CHANGES,
    fold,
    describe: DESCRIBE,
  });

  const read = useChainRead(
    viewKey,
    async () => {
      if (!queryClient.getQueryData(viewKey!)) {
        const count = await contract!.hex.gameCount();
        if (gameId < 1n || gameId > count) throw new Error(`there is no game ${gameId} (games 1–${count})`);
      }
      // A plain object: the query cache's structural sharing copies an ethers Result as a bare array, without its
      // named fields.
      const g = ((await contract!.hex.game(gameId)) as unknown as Result).toObject() as GameView;
      return {
        g,
        view: {
          positionCount: Number(g.positionCount),
          lowestProven: Number(g.lowestProven),
          settleCursor: Number(g.settleCursor),
          maxDeadline: Number(g.maxDeadline),
        },
      };
    },
    { describe: DESCRIBE },
  );
  const v = read.data;

  // The view is read again when the game's rows change (the indexer's word, else the tree read up to a new block)
  // and once when its end block has passed.
  useRefreshOn(viewKey, word ?? tree.upTo);
  const endBlock = v ? Number(v.g.endBlock) : 0;
  useRefreshOnRise(viewKey, v && !v.g.ended && endBlock > 0 && block > endBlock ? endBlock : 0);

  const positions = tree.history;
  const data = useMemo(() => (positions && v ? gameData(gameId, v.g, positions) : null), [gameId, positions, v]);

  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (data) setVersion((n) => n + 1);
  }, [data]);

  // The first load's time, from the first render that could read to the first with the tree and the view.
  const started = useRef<number | null>(null);
  if (started.current === null && scope && block > 0) started.current = performance.now();
  const [loadMs, setLoadMs] = useState<number | null>(null);
  useEffect(() => {
    if (data && loadMs === null && started.current !== null) setLoadMs(performance.now() - started.current);
  }, [data, loadMs]);

  return {
    data,
    view: v?.view ?? null,
    error: read.error ?? tree.error,
    version,
    loadMs,
  };
}
