// The tournament reads the pages make (and the benchmark times: scripts/bench/web/queries.ts), as plain functions
// of a @ponder/client database: no React, no page config, so that Node runs them too.
//   readLeaderboard(db, id)          a tournament and its entries in registration order (with the profile shame)
//   readPlayerHistory(db, id, who)   a player's entry and pairings in a tournament
import { and, asc, eq, type Client } from "@ponder/client";
import * as schema from "../../../indexer/ponder.schema";

type Db = Client<typeof schema>["db"];

export type TournamentRow = typeof schema.snatchTournament.$inferSelect;
export type EntryRow = typeof schema.snatchEntry.$inferSelect;
export type PairingRow = typeof schema.snatchPairing.$inferSelect;

const t = schema.snatchTournament;
const e = schema.snatchEntry;
const p = schema.snatchPairing;
const profile = schema.snatchProfile;

export interface Leaderboard {
  tournament: TournamentRow;
  /** In registration order (client/snatch/tournament.ts `rank` ranks them), each with the player's profile shame. */
  entries: (EntryRow & { profileG3Shame: number })[];
}

/** A tournament's leaderboard; null: there is no such tournament. */
export async function readLeaderboard(db: Db, id: bigint): Promise<Leaderboard | null> {
  const [tournament, rows] = await Promise.all([
    db.select().from(t).where(eq(t.id, id)),
    db
      .select({ entry: e, shame: profile.g3Shame })
      .from(e)
      .leftJoin(profile, eq(profile.player, e.player))
      .where(eq(e.tournamentId, id))
      .orderBy(asc(e.index)),
  ]);
  if (!tournament[0]) return null;
  return { tournament: tournament[0], entries: rows.map((r) => ({ ...r.entry, profileG3Shame: r.shame ?? 0 })) };
}

export interface PlayerHistory {
  entry: EntryRow;
  pairings: PairingRow[];
}

/** A player's entry and pairings in a tournament; null: the player is not registered there. */
export async function readPlayerHistory(db: Db, id: bigint, player: string): Promise<PlayerHistory | null> {
  const who = player.toLowerCase() as `0x${string}`;
  const [entry, pairings] = await Promise.all([
    db
      .select()
      .from(e)
      .where(and(eq(e.tournamentId, id), eq(e.player, who))),
    db
      .select()
      .from(p)
      .where(and(eq(p.tournamentId, id), eq(p.player, who)))
      .orderBy(asc(p.phase)),
  ]);
  return entry[0] ? { entry: entry[0], pairings } : null;
}
