// The game pages' one way of reading their histories in steps (a Hex tree, a room's events, a CATAMM game's events):
// from the indexer whenever it answers, else from the node's logs. A read covers the blocks after..to and returns
// how far it got, so that the page's cursor moves on with nothing missed:
//   - from the indexer, up to its latest block (the page's clock) or the game's last block in the indexer's word for
//     the game, whichever is higher: a block the indexer is still writing is never half read, and a word read ahead
//     of the clock is never taken as read without its block's events (they would wait for the game's next change);
//   - from the node, up to `to` (the page's clock).
import { useCallback, useRef } from "react";
import { usePonderClient } from "@ponder/react";
import type { Client } from "@ponder/client";
import { useHistoryBlock } from "./DataProvider";
import type { schema } from "./client";

export type IndexerDb = Client<typeof schema>["db"];

export type HistoryRead = <T>(
  after: number,
  to: number,
  fromIndexer: (db: IndexerDb, after: number, upTo: number) => Promise<T>,
  fromNode: (fromBlock: number, toBlock: number) => Promise<T>,
  nothing: T,
) => Promise<[T, number]>;

/**
 * `word`: the indexer's word for the game (data/*.ts `use*Version`), whose `wordBlockAt`-th `:`-separated part is
 * the game's last block the indexer has.
 */
export function useHistoryRead(word: string | null, wordBlockAt: number): HistoryRead {
  const db = usePonderClient().db;
  const indexed = useRef<number | null>(null);
  indexed.current = useHistoryBlock();
  const latestWord = useRef(word);
  latestWord.current = word;
  return useCallback(
    async (after, to, fromIndexer, fromNode, nothing) => {
      if (indexed.current !== null) {
        const upTo = Math.max(indexed.current, Number(latestWord.current?.split(":")[wordBlockAt] ?? 0));
        return [await fromIndexer(db, after, upTo), Math.max(after, upTo)];
      }
      if (after >= to) return [nothing, after];
      return [await fromNode(after + 1, to), to];
    },
    [db, wordBlockAt],
  ) as HistoryRead;
}
