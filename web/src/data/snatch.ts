// Snatch or Share / SnatchGame lists from the indexer (indexer/ponder.schema.ts: snatch_format, snatch_room,
// snatch_seat, snatch_tournament, snatch_entry, snatch_pairing).
//   useFormats()                                   every stored format (presets included), by id
//   useRooms({ search, state, page }, account)     the rooms lobby (rooms players created; tournament rooms are on
//                                                  their tournament's page): newest first, searchable by id and by
//                                                  player (name or address, any seat or the creator)
//   useTournaments({ search, state, page })        tournaments, newest first (id, organiser, state)
//   useSessions({ search, state, page })           three-player class sessions, the same way
//   useLeaderboard(id)                             a tournament's entries ranked as the contract ranks them
//                                                  (aggregate, then registration order); null: no such tournament
//   usePlayerHistory(id, player)                   a player's entry and pairings in one tournament
import { useQuery } from "@tanstack/react-query";
import { usePonderClient } from "@ponder/react";
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "@ponder/client";
import { schema } from "./client";
import { PONDER_KEY } from "./DataProvider";
import { likeAny, parseSearch, playerCondition } from "./search";
import { indexerError, useList, type ListParams, type ListResult } from "./useList";
import { readLeaderboard, readPlayerHistory, type EntryRow, type PairingRow, type TournamentRow } from "./reads";

export type { EntryRow, PairingRow, TournamentRow };

export type FormatRow = typeof schema.snatchFormat.$inferSelect;
export type RoomRow = typeof schema.snatchRoom.$inferSelect;

const r = schema.snatchRoom;
const seat = schema.snatchSeat;

export function useFormats(): { formats: Map<number, FormatRow>; error: string | null } {
  const client = usePonderClient();
  const q = useQuery({
    queryKey: [PONDER_KEY, "snatchFormats"],
    queryFn: () => client.db.select().from(schema.snatchFormat).orderBy(asc(schema.snatchFormat.id)),
  });
  return {
    formats: new Map((q.data ?? []).map((f) => [f.id, f])),
    error: q.error ? indexerError(q.error) : null,
  };
}

/** The rooms lobby's filters ("yours": rooms the account sits in that are not over). */
export const ROOM_STATES = ["open", "yours", "running", "finished", "all"] as const;

function roomState(state: string, account: string): SQL | undefined {
  switch (state) {
    case "open":
      return inArray(r.state, ["open", "starting"]);
    case "running":
      return inArray(r.state, ["starting", "playing"]);
    case "finished":
      return inArray(r.state, ["finished", "cancelled"]);
    case "yours":
      // Every room the account sits in that is not over: its own, its tournament's and its class session's.
      return and(sql`${account.toLowerCase()} = ANY(${r.players})`, ne(r.state, "finished"), ne(r.state, "cancelled"));
    default:
      return undefined;
  }
}

export function useRooms(params: ListParams, account: string | null): ListResult<RoomRow> {
  const who = params.state === "yours" ? (account ?? "0x") : "";
  return useList("snatchRooms", { ...params, who }, (db, page) => {
    const search = parseSearch(params.search);
    let match: SQL | undefined;
    if (search.kind === "id") match = eq(r.id, BigInt(search.id));
    else if (search.kind !== "none") {
      // The creator, or any seat: by address, or by the name given on joining or anywhere since.
      const seats = db
        .select({ id: seat.roomId })
        .from(seat)
        .where(
          or(
            playerCondition(db, search, [seat.player]),
            search.kind === "name" ? ilike(seat.name, likeAny(search.text)) : undefined,
          ),
        );
      match = or(playerCondition(db, search, [r.creator]), inArray(r.id, seats));
    }
    // Rooms players created and class sessions' rooms (a student looks for theirs here); a tournament's rooms are on
    // its page, but a room asked for by its id, or among "yours", is found whatever made it.
    const direct = search.kind === "id" || params.state === "yours";
    const kinds = direct ? undefined : and(or(eq(r.byFactory, false), isNotNull(r.sessionId)), isNull(r.tournamentId));
    const where = and(kinds, match, roomState(params.state, who));
    return {
      rows: db.select().from(r).where(where).orderBy(desc(r.id)).limit(page.limit).offset(page.offset),
      count: db.select({ n: count() }).from(r).where(where),
    };
  });
}

const t = schema.snatchTournament;

/** A tournament's or a session's list filter: by id, or by the organiser's name or address; and by state word. */
function organisedWhere(
  db: Parameters<typeof playerCondition>[0],
  params: ListParams,
  table: typeof t | typeof schema.snatchSession,
): SQL | undefined {
  const search = parseSearch(params.search);
  return and(
    search.kind === "id" ? eq(table.id, BigInt(search.id)) : playerCondition(db, search, [table.organiser]),
    params.state === "all" ? undefined : eq(table.state, params.state),
  );
}

export const TOURNAMENT_STATES = ["all", "registration", "pairing", "playing", "ended", "final", "closed"] as const;

export function useTournaments(params: ListParams): ListResult<TournamentRow> {
  return useList("snatchTournaments", { ...params }, (db, page) => {
    const where = organisedWhere(db, params, t);
    return {
      rows: db.select().from(t).where(where).orderBy(desc(t.id)).limit(page.limit).offset(page.offset),
      count: db.select({ n: count() }).from(t).where(where),
    };
  });
}

const cs = schema.snatchSession;

export const SESSION_STATES = ["all", "registration", "drawing", "creating", "playing", "finished", "closed"] as const;
export type SessionRow = typeof schema.snatchSession.$inferSelect;

/** Class sessions, newest first (id, teacher, state). */
export function useSessions(params: ListParams): ListResult<SessionRow> {
  return useList("snatchSessions", { ...params }, (db, page) => {
    const where = organisedWhere(db, params, cs);
    return {
      rows: db.select().from(cs).where(where).orderBy(desc(cs.id)).limit(page.limit).offset(page.offset),
      count: db.select({ n: count() }).from(cs).where(where),
    };
  });
}

/** A tournament's leaderboard; `data` null once read: there is no such tournament. */
export function useLeaderboard(id: bigint) {
  const client = usePonderClient();
  const q = useQuery({
    queryKey: [PONDER_KEY, "leaderboard", id.toString()],
    queryFn: () => readLeaderboard(client.db, id),
  });
  return { data: q.data, error: q.error ? indexerError(q.error) : null };
}

/** A player's entry and pairings in a tournament; `data` null once read: the player is not registered there. */
export function usePlayerHistory(id: bigint, player: string) {
  const client = usePonderClient();
  const q = useQuery({
    queryKey: [PONDER_KEY, "playerHistory", id.toString(), player.toLowerCase()],
    queryFn: () => readPlayerHistory(client.db, id, player),
  });
  return { data: q.data, error: q.error ? indexerError(q.error) : null };
}

/**
 * The rooms `account` plays now (roles drawn or being drawn, not over), newest first, from the indexer: a student's
 * class-session room and tournament room, for the card's landing pages. Null while the indexer does not answer.
 */
export function useMyRooms(account: string | null): { rows: RoomRow[] | null; error: string | null } {
  const client = usePonderClient();
  const who = (account ?? "").toLowerCase();
  const q = useQuery({
    queryKey: [PONDER_KEY, "myRooms", who],
    queryFn: () =>
      client.db
        .select()
        .from(r)
        .where(and(sql`${who} = ANY(${r.players})`, inArray(r.state, ["starting", "playing"])))
        .orderBy(desc(r.id))
        .limit(5),
    enabled: /^0x[0-9a-f]{40}$/.test(who),
  });
  return { rows: q.data ?? null, error: q.error ? indexerError(q.error) : null };
}
