// CATAMM lists from the indexer (indexer/ponder.schema.ts: catamm_game, catamm_price).
//   useCatammGames({ search, state, page })   the lobby: newest first, searchable by id, by player or creator (name
//                                             or address) and by state ("open", "starting", "playing", "finished",
//                                             "cancelled", "abandoned")
import { and, count, desc, eq, inArray, or, sql, type SQL } from "@ponder/client";
import { schema } from "./client";
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
