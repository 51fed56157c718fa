// A paged, searchable list read from the indexer: one page of rows and the number of rows matching, as one query of
// the page's data layer (re-read whenever the indexer indexes a block: DataProvider). Every list hook
// (useHexGames, useRooms, useCatammGames, useTournaments, ...) is this with its table's conditions.
//   const list = useList("hexGames", { search, state, page }, (db) => ({ rows: …query…, count: …query… }));
//   list.rows / list.total / list.error / list.pages
import { useQuery } from "@tanstack/react-query";
import { usePonderClient } from "@ponder/react";
import { PONDER_KEY } from "./DataProvider";
import { PAGE_SIZE } from "./search";
import type { IndexerClient } from "./client";

export interface ListParams {
  /** The search box's text (data/search.ts parses it). */
  search: string;
  /** A state filter ("all": none). */
  state: string;
  /** 0-based page. */
  page: number;
}

export interface ListResult<Row> {
  /** The page's rows; null until the first read answers. */
  rows: Row[] | null;
  /** Rows matching the search and filter (all pages). */
  total: number;
  pages: number;
  /** The last read's failure in words (the indexer unreachable, say), or null. */
  error: string | null;
  loading: boolean;
}

type Db = IndexerClient["db"];

/** A query of rows and one of their count (both built on the client's db, run together). */
export interface ListQuery<Row> {
  rows: PromiseLike<Row[]>;
  count: PromiseLike<{ n: number }[]>;
}

export function useList<Row>(
  name: string,
  params: ListParams & Record<string, string | number>,
  build: (db: Db, page: { limit: number; offset: number }) => ListQuery<Row>,
  enabled = true,
): ListResult<Row> {
  const client = usePonderClient();
  const q = useQuery({
    queryKey: [PONDER_KEY, name, params],
    enabled,
    queryFn: async () => {
      const built = build(client.db, { limit: PAGE_SIZE, offset: params.page * PAGE_SIZE });
      const [rows, count] = await Promise.all([built.rows, built.count]);
      return { rows, total: Number(count[0]?.n ?? 0) };
    },
  });
  const total = q.data?.total ?? 0;
  return {
    rows: q.data?.rows ?? null,
    total,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    error: q.error ? indexerError(q.error) : null,
    loading: q.isFetching,
  };
}

/** A failed indexer read in words. */
export function indexerError(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  if (/Failed to fetch|NetworkError|fetch failed|502|not answering|ECONNREFUSED/i.test(text))
    return "The indexer is unreachable: lists cannot be read now (moves still work).";
  return `The indexer could not answer: ${text.slice(0, 200)}`;
}
