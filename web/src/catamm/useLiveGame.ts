// A CATAMM game kept live, as queries under the game's key (data/keys.ts), following the room page's useRoom: every
// event of the game (data/useHistory.ts: the indexer's log of the game, or the node's logs without one) folded into
// its history (prices, points, production, feed); the views the page shows (the game, its market, the connected
// player's cards, shares, fees and legal spots), keyed by the account they are read for; and the random value's
// status while one is awaited. The views are read again when the indexer's word for the game changes (without an
// indexer: when the game's logs bring an event) and after the page's own transaction (`refresh`); the status at
// every block while a value is awaited.
import { useCallback, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { IRandomness } from "../../../typechain-types";
import { useBlock } from "../shared/block";
import { useWallet } from "../shared/wallet";
import { getLogsOfId } from "../../../client/logs";
import { decodeCatammLogs, GameHistory, type CatammEvent } from "../../../client/catamm/history";
import { Pending, Phase, readGame, type GameSnapshot, type PlayerSnapshot } from "../../../client/catamm/game";
import { POOL_COUNT, toPoolView, type PoolView } from "../../../client/catamm/market";
import { useChainRead } from "../data/chain";
import { readCatammEvents } from "../data/history";
import { chainKeys } from "../data/keys";
import { refresh, useRefreshOn, useRefreshOnRise } from "../data/refresh";
import { useHistory } from "../data/useHistory";
import { useCatammWord } from "../data/words";
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
  /** Ports owned, per player in the snapshot's order (bit p = port p). */
  ports: bigint[];
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
  /** Bumped on every change (memos over the history, which grows in place; the checks' trigger). */
  version: number;
  /** The last failed read in words (what is shown is what was read before it). */
  error: string | null;
  /** Reads the game again (after the page's own transaction). */
  refresh(): void;
}

/** What the views query keeps: plain data (the cache compares answers by value). */
interface Views {
  snap: GameSnapshot;
  market: MarketView | null;
  me: MyView | null;
}

/** The history and how many events it holds: a new object whenever events came, so that a change is seen. */
interface Grown {
  game: GameHistory;
  events: number;
}

const DESCRIBE = { contract: "Catamm" } as const;
const NO_EVENTS: CatammEvent[] = [];
const EMPTY = new GameHistory();

/** The target block of a block-hash-style request id (`sequence << 64 | target`): ready from the next block. */
function readyAtOf(id: bigint): number {
  return Number(id & ((1n << 64n) - 1n)) + 1;
}

/** Adds a read's events to the history (in place; repeats are ignored). */
function fold(h: Grown | undefined, events: CatammEvent[]): Grown {
  if (!h) {
    const game = new GameHistory();
    game.add(events);
    return { game, events: events.length };
  }
  return h.game.add(events) ? { game: h.game, events: h.events + events.length } : h;
}

/** Every view the page shows, read together, for `account` (null: a watcher). */
async function readViews(c: CatammContracts, gameId: bigint, account: string | null): Promise<Views> {
  const { game } = c;
  const snap = await readGame(game, gameId);
  if (snap.phase === Phase.None) throw new Error(`there is no CATAMM game ${gameId}`);
  if (snap.phase <= Phase.Starting) return { snap, market: null, me: null };
  const [[depth, feeBps, portFeeBps], pools, ports] = await Promise.all([
    game.marketSettings(gameId),
    game.marketPools(gameId),
    Promise.all(snap.players.map((p) => game.portsOwned(gameId, p.address))),
  ]);
  const market = { depth, feeBps, portFeeBps, pools: pools.map(toPoolView), ports };
  const player = snap.players.find((p) => p.address.toLowerCase() === account?.toLowerCase());
  if (!player) return { snap, market, me: null };
  const [[held, fresh], shares, spots, fees] = await Promise.all([
    game.devCards(gameId, player.address),
    game.liquidityShares(gameId, player.address),
    c.lens ? c.lens.legalSpots(gameId, player.address) : Promise.resolve([0n, 0n, 0n] as const),
    Promise.all(
      market.pools.map((p) =>
        p.active
          ? game.quoteSwap(gameId, player.address, p.resource0, p.resource1, 0).then((q) => q.feeBps)
          : Promise.resolve(null),
      ),
    ),
  ]);
  const me = {
    address: player.address,
    player,
    held: held.map(Number),
    fresh: fresh.map(Number),
    shares: [...shares].slice(0, POOL_COUNT),
    fees,
    spots: { settlements: spots[0], roads: spots[1], cities: spots[2] },
  };
  return { snap, market, me };
}

export function useLiveGame(c: CatammContracts | null, source: IRandomness | null, gameId: bigint): LiveGame {
  const { chainId, account } = useWallet();
  const queryClient = useQueryClient();
  const block = useBlock().number;
  const word = useCatammWord(gameId);
  const scope = c && chainId !== null ? chainKeys.catammGame(chainId, c.address, gameId) : null;
  const stateKey = scope && [...scope, "state"];

  const history = useHistory<CatammEvent[], Grown>({
    key: scope && [...scope, "history"],
    from: c?.fromBlock ?? 0,
    wordBlock: word?.lastBlock ?? null,
    fromIndexer: (db, after, upTo) => readCatammEvents(db, gameId, after, upTo),
    fromNode: async (fromBlock, toBlock) =>
      decodeCatammLogs(await getLogsOfId(c!.game.runner!.provider!, c!.address, gameId, { fromBlock, toBlock })),
    empty: NO_EVENTS,
    fold,
    describe: DESCRIBE,
  });
  const grown = history.history;

  const views = useChainRead(
    stateKey && [...stateKey, "view", account?.toLowerCase() ?? null],
    () => readViews(c!, gameId, account),
    { describe: DESCRIBE },
  );
  const snap = views.data?.snap ?? null;
  const request = snap && snap.pending !== Pending.None && source ? snap.requestId : null;
  const requestKey = stateKey && request !== null ? [...stateKey, "request", request] : null;
  const status = useChainRead(requestKey, async () => Number(await source!.status(request!)), { describe: DESCRIBE });

  // The views, when the game's events change (the indexer's word, else the logs read); the random value's status at
  // every block while it is awaited.
  useRefreshOn(stateKey, word ?? grown?.events ?? 0);
  useRefreshOnRise(requestKey, request !== null ? block : 0);

  const randomness =
    request !== null && status.data !== undefined
      ? { id: request, status: status.data, readyAt: readyAtOf(request) }
      : null;

  const again = useCallback(() => {
    if (c && chainId !== null) refresh(queryClient, chainKeys.catammGame(chainId, c.address, gameId));
  }, [queryClient, c, chainId, gameId]);

  // One number that moves whenever anything read changed (answers equal by value keep their identity).
  const [version, setVersion] = useState(0);
  useEffect(() => {
    setVersion((n) => n + 1);
  }, [views.data, grown, status.data]);

  return {
    snap,
    market: views.data?.market ?? null,
    me: views.data?.me ?? null,
    randomness,
    history: grown?.game ?? EMPTY,
    version,
    error: views.error ?? history.error ?? status.error,
    refresh: again,
  };
}
