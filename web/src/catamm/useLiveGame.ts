// A CATAMM game kept live: its events (the history: prices, points, production, feed) read once, then as the game
// changes, from the indexer's log of the game whenever it answers (else the node's logs, in pages); its views re-read whenever an event of the game arrives (or the page asks,
// after its own transaction). The outstanding random value's status is polled while one is pending.
import { useCallback, useEffect, useRef, useState } from "react";
import type { IRandomness } from "../../../typechain-types";
import { useBlock } from "../shared/block";
import { describeError } from "../shared/errors";
import { useWallet } from "../shared/wallet";
import { getLogsOfId } from "../../../client/logs";
import { useCatammGameVersion } from "../data/catamm";
import { decodeCatammLogs, GameHistory, type CatammEvent } from "../../../client/catamm/history";
import { readCatammEvents } from "../data/history";
import { useHistoryRead } from "../data/useHistoryRead";
import { Pending, Phase, readGame, type GameSnapshot, type PlayerSnapshot } from "../../../client/catamm/game";
import { POOL_COUNT, toPoolView, type PoolView } from "../../../client/catamm/market";
import type { CatammContracts } from "./contracts";

export interface MyView {
  address: string;
  player: PlayerSnapshot;
  /** Development cards held and drawn this turn, per kind (DevCard order). */
  held: number[];
  fresh: number[];
  /** Liquidity shares per pool. */
  shares: bigint[];
  /** My swap fee in each pool (basis points, from a zero quote; null for the missing pool). */
  fees: (bigint | null)[];
  /** Where my pieces may go now (CatammLens.legalSpots). */
  spots: { settlements: bigint; roads: bigint; cities: bigint };
}

export interface MarketView {
  depth: bigint;
  feeBps: bigint;
  portFeeBps: bigint;
  pools: PoolView[];
  /** Ports owned, per player address (bit p = port p). */
  ports: Map<string, bigint>;
}

export interface RandomnessView {
  id: bigint;
  /** IRandomness.Status: 0 unknown, 1 pending, 2 ready, 3 stale. */
  status: number;
  /** The first block in which the value can be used (the block-hash source: two blocks after the request). */
  readyAt: number;
}

export interface LiveGame {
  snap: GameSnapshot | null;
  market: MarketView | null;
  me: MyView | null;
  randomness: RandomnessView | null;
  history: GameHistory;
  /** Bumped on every change (memos over the history, which grows in place). */
  version: number;
  error: string | null;
  /** Re-reads the views now (after the page's own transaction). */
  refresh(): Promise<void>;
}

/** The target block of a block-hash-style request id (`sequence << 64 | target`): ready from the next block. */
function readyAtOf(id: bigint): number {
  return Number(id & ((1n << 64n) - 1n)) + 1;
}

export function useLiveGame(c: CatammContracts | null, source: IRandomness | null, gameId: bigint): LiveGame {
  const { account, epoch } = useWallet();
  const block = useBlock();
  const [state, setState] = useState<Omit<LiveGame, "refresh">>(() => ({
    snap: null,
    market: null,
    me: null,
    randomness: null,
    history: new GameHistory(),
    version: 0,
    error: null,
  }));
  const history = useRef(new GameHistory());
  const scanned = useRef(-1);
  const busy = useRef(false);
  const again = useRef(false);
  const [retry, setRetry] = useState(0);
  // The indexer's word for this game (data/catamm.ts): "events:last block".
  const indexed = useCatammGameVersion(gameId);
  const readHistory = useHistoryRead(indexed, 1);
  const snapRef = useRef<GameSnapshot | null>(null);
  snapRef.current = state.snap;

  /** Every view the page shows, read together. */
  const readViews = useCallback(async () => {
    if (!c) return;
    const { game } = c;
    const snap = await readGame(game, gameId);
    if (snap.phase === Phase.None) throw new Error(`there is no CATAMM game ${gameId}`);
    let market: MarketView | null = null;
    let me: MyView | null = null;
    if (snap.phase > Phase.Starting) {
      const [[depth, feeBps, portFeeBps], pools, ports] = await Promise.all([
        game.marketSettings(gameId),
        game.marketPools(gameId),
        Promise.all(snap.players.map((p) => game.portsOwned(gameId, p.address))),
      ]);
      market = {
        depth,
        feeBps,
        portFeeBps,
        pools: pools.map(toPoolView),
        ports: new Map(snap.players.map((p, i) => [p.address, ports[i]])),
      };
      const player = snap.players.find((p) => p.address.toLowerCase() === account?.toLowerCase());
      if (player) {
        const views = market.pools;
        const [[held, fresh], shares, spots, fees] = await Promise.all([
          game.devCards(gameId, player.address),
          game.liquidityShares(gameId, player.address),
          c.lens ? c.lens.legalSpots(gameId, player.address) : Promise.resolve([0n, 0n, 0n] as const),
          Promise.all(
            views.map((p) =>
              p.active
                ? game.quoteSwap(gameId, player.address, p.resource0, p.resource1, 0).then((q) => q.feeBps)
                : Promise.resolve(null),
            ),
          ),
        ]);
        me = {
          address: player.address,
          player,
          held: held.map(Number),
          fresh: fresh.map(Number),
          shares: [...shares].slice(0, POOL_COUNT),
          fees,
          spots: { settlements: spots[0], roads: spots[1], cities: spots[2] },
        };
      }
    }
    let randomness: RandomnessView | null = null;
    if (snap.pending !== Pending.None && source) {
      randomness = {
        id: snap.requestId,
        status: Number(await source.status(snap.requestId)),
        readyAt: readyAtOf(snap.requestId),
      };
    }
    setState((s) => ({ ...s, snap, market, me, randomness, version: s.version + 1, error: null }));
  }, [c, source, gameId, account]);

  /** The game's events in blocks after..to (data/useHistoryRead.ts), and the block they are read up to. */
  const readEvents = useCallback(
    (after: number, to: number): Promise<[CatammEvent[], number]> =>
      readHistory(
        after,
        to,
        (db, from, upTo) => readCatammEvents(db, gameId, from, upTo),
        async (fromBlock, toBlock) =>
          c
            ? decodeCatammLogs(await getLogsOfId(c.game.runner!.provider!, c.address, gameId, { fromBlock, toBlock }))
            : [],
        [] as CatammEvent[],
      ),
    [c, gameId, readHistory],
  );

  /** New events of this game up to `to` (from the deployment on the first read), then the views. */
  const sync = useCallback(
    async (to: number, force: boolean) => {
      if (!c) return;
      if (busy.current) {
        again.current = true;
        return;
      }
      busy.current = true;
      const h = history.current;
      const before = scanned.current;
      try {
        const first = scanned.current < 0;
        const after = first ? c.fromBlock - 1 : scanned.current;
        const [events, upTo] = await readEvents(after, to);
        if (h !== history.current) return; // the game or the connection changed meanwhile
        const fresh = h.add(events);
        scanned.current = Math.max(scanned.current, upTo);
        if (first || fresh || force) {
          await readViews();
        } else if (source && snapRef.current && snapRef.current.pending !== Pending.None) {
          const status = Number(await source.status(snapRef.current.requestId));
          setState((s) =>
            s.randomness && s.randomness.status !== status
              ? { ...s, randomness: { ...s.randomness, status }, version: s.version + 1 }
              : s,
          );
        }
      } catch (err) {
        setState((s) => ({ ...s, error: describeError(err) }));
        // Read again shortly (events already in the history are skipped): no new block may come to trigger it.
        if (h === history.current) scanned.current = before;
        setTimeout(() => setRetry((r) => r + 1), 2000);
      } finally {
        busy.current = false;
      }
      if (again.current) {
        again.current = false;
        await sync(await c.game.runner!.provider!.getBlockNumber(), true);
      }
    },
    [c, readViews, readEvents, source],
  );

  // A fresh start when the connection, the account (the contracts follow the signer) or the game changes.
  useEffect(() => {
    history.current = new GameHistory();
    scanned.current = -1;
    setState({
      snap: null,
      market: null,
      me: null,
      randomness: null,
      history: history.current,
      version: 0,
      error: null,
    });
  }, [c, gameId, epoch]);

  // Each block, or (with the indexer) only when its row of the game changed or a random value is awaited: quiet
  // blocks then cost the node nothing (the logs' cursor stays; the next read covers them).
  const indexedRead = useRef<string | null>(null);
  useEffect(() => {
    if (!c || block.number === 0 || block.number <= scanned.current) return;
    const waiting = snapRef.current !== null && snapRef.current.pending !== Pending.None;
    if (indexed !== null && indexed === indexedRead.current && scanned.current >= 0 && !waiting) return;
    indexedRead.current = indexed;
    void sync(block.number, false);
  }, [block.number, c, sync, retry, indexed]);

  const refresh = useCallback(async () => {
    if (!c) return;
    await sync(await c.game.runner!.provider!.getBlockNumber(), true);
  }, [c, sync]);

  return { ...state, history: history.current, refresh };
}
