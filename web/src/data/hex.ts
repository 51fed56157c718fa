// Forking Hex lists from the indexer (tables hex_game, hex_position, hex_payout: indexer/ponder.schema.ts).
//   useHexGames({ search, state, page }, head)  the lobby: newest first, searchable by id, creator (address or
//                                               name) and state; `head` (the block clock) tells ended games apart
// Rows are the tables' rows as @ponder/client returns them (bigint ids and amounts, lower-case addresses).
import { and, count, desc, eq, gt, gte, lt, ne, or, type SQL } from "@ponder/client";
import { schema } from "./client";
import { parseSearch, playerCondition } from "./search";
import { useList, type ListParams, type ListResult } from "./useList";

export type HexGameRow = typeof schema.hexGame.$inferSelect;

/** The lobby's state filter: the indexer's `state`, with open games split by the block clock. */
export const HEX_STATES = ["all", "waiting", "open", "ended", "settling", "settled", "cancelled"] as const;
export type HexStateFilter = (typeof HEX_STATES)[number];

const g = schema.hexGame;

function stateCondition(state: string, head: number): SQL | undefined {
  const open = eq(g.state, "open");
  // Ended: the end block has passed (the view's rule: 0 is no end scheduled).
  const ended = and(open, gt(g.endBlock, 0n), lt(g.endBlock, BigInt(head)));
  const running = and(open, or(eq(g.endBlock, 0n), gte(g.endBlock, BigInt(head))));
  switch (state) {
    case "waiting":
      return and(running, eq(g.positionCount, 1));
    case "open":
      return and(running, ne(g.positionCount, 1));
    case "ended":
      return ended;
    case "settling":
    case "settled":
    case "cancelled":
      return eq(g.state, state);
    default:
      return undefined;
  }
}

export function useHexGames(params: ListParams, head: number): ListResult<HexGameRow> {
  // The clock matters to the "ended" split only: other filters keep one cache entry across blocks.
  const clock = params.state === "ended" || params.state === "open" || params.state === "waiting" ? head : 0;
  return useList("hexGames", { ...params, head: clock }, (db, page) => {
    const search = parseSearch(params.search);
    const where = and(
      search.kind === "id" ? eq(g.id, BigInt(search.id)) : playerCondition(db, search, [g.creator]),
      stateCondition(params.state, clock),
    );
    return {
      rows: db.select().from(g).where(where).orderBy(desc(g.id)).limit(page.limit).offset(page.offset),
      count: db.select({ n: count() }).from(g).where(where),
    };
  });
}
