// CATAMM lists from the indexer (indexer/ponder.schema.ts: catamm_game, catamm_price).
//   useCatammGames({ search, state, page })   the lobby: newest first, searchable by id, by player or creator (name
//                                             or address) and by state ("open", "starting", "playing", "finished",
//                                             "cancelled", "abandoned")
import { and, count, desc, eq, inArray, max, or, sql, type SQL } from "@ponder/client";
import { useQuery } from "@tanstack/react-query";
import { usePonderClient } from "@ponder/react";
import { schema } from "./client";
import { PONDER_KEY, useCaughtUp } from "./DataProvider";
import { namedLike, parseSearch, playerCondition } from "./search";
import { useList, type ListParams, type ListResult } from "./useList";

const g = schema.catammGame;

/** The lobby's columns (not the board, pools and burned amounts). */
const LOBBY = {
  id: g.id,
  creator: g.creator,
  players: g.players,
  playerCount: g.playerCount,
  depthCards: g.depthCards,
  feePreset: g.feePreset,
  turnBlocks: g.turnBlocks,
  phase: g.phase,
  state: g.state,
  turn: g.turn,
  winner: g.winner,
  deadline: g.deadline,
};

export type CatammGameRow = Pick<typeof schema.catammGame.$inferSelect, keyof typeof LOBBY>;

export const CATAMM_STATES = ["all", "open", "starting", "playing", "finished", "cancelled", "abandoned"] as const;

export function useCatammGames(params: ListParams): ListResult<CatammGameRow> {
  return useList("catammGames", { ...params }, (db, page) => {
    const search = parseSearch(params.search);
    let match: SQL | undefined;
    if (search.kind === "id") match = eq(g.id, BigInt(search.id));
    else if (search.kind === "address")
      match = or(
        playerCondition(db, search, [g.creator]),
        search.whole ? sql`${search.prefix} = ANY(${g.players})` : undefined,
      );
    else if (search.kind === "name") {
      const players = db
        .select({ id: schema.catammPlayer.gameId })
        .from(schema.catammPlayer)
        .where(inArray(schema.catammPlayer.player, namedLike(db, search.text)));
      match = or(playerCondition(db, search, [g.creator]), inArray(g.id, players));
    }
    const where = and(match, params.state === "all" ? undefined : eq(g.state, params.state));
    return {
      rows: db.select(LOBBY).from(g).where(where).orderBy(desc(g.id)).limit(page.limit).offset(page.offset),
      count: db.select({ n: count() }).from(g).where(where),
    };
  });
}

/**
 * A word that changes with every event of game `id` the indexer has (the count of its `catamm_log` rows, which keep
 * every event of a game, and the block of the last: `count:block`): the game page reads the node's logs and views then, not every block. Null while the
 * indexer does not answer.
 */
export function useCatammGameVersion(id: bigint): string | null {
  const client = usePonderClient();
  const usable = useCaughtUp();
  const log = schema.catammLog;
  const q = useQuery({
    queryKey: [PONDER_KEY, "catammGameVersion", id.toString()],
    queryFn: async () => {
      const rows = await client.db
        .select({ n: count(), last: max(log.block) })
        .from(log)
        .where(eq(log.gameId, id));
      return `${rows[0]?.n ?? 0}:${rows[0]?.last ?? 0}`;
    },
  });
  return usable(q.isError ? null : (q.data ?? null));
}
