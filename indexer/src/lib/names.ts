// Players' names: each join or registration that carries a name makes it the address's latest (`player_name`), and a
// seat given by a factory (a tournament's room) shows the latest name its player gave.
import type { Context } from "ponder:registry";
import { playerName } from "ponder:schema";
import { addr } from "./json";

type Db = Context["db"];

/** Records `name` as `player`'s latest (an empty name leaves the last one standing). */
export async function rememberName(db: Db, player: string, name: string, block: bigint) {
  if (name === "") return;
  await db
    .insert(playerName)
    .values({ player: addr(player), name, block })
    .onConflictDoUpdate({ name, block });
}

/** The latest name `player` gave, or "" when it never gave one. */
export async function latestName(db: Db, player: string): Promise<string> {
  return (await db.find(playerName, { player: addr(player) }))?.name ?? "";
}
