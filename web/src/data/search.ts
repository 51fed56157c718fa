// What a list's search box asks for: a decimal id ("12" or "#12"), an address (whole, or its beginning "0xab…"),
// else a player's name (any part of it, case-insensitive). Shared by every list (web/src/data/*.ts build their
// conditions from it).
import { ilike, inArray, or, eq, type SQL } from "@ponder/client";
import type { Column as DrizzleColumn } from "drizzle-orm";
import type { IndexerClient } from "./client";
import { schema } from "./client";

export type Search =
  | { kind: "none" }
  | { kind: "id"; id: string }
  | { kind: "address"; prefix: string; whole: boolean }
  | { kind: "name"; text: string };

export function parseSearch(text: string): Search {
  const t = text.trim();
  if (t === "") return { kind: "none" };
  const id = /^#?(\d{1,30})$/.exec(t);
  if (id) return { kind: "id", id: BigInt(id[1]).toString() };
  if (/^0x[0-9a-fA-F]{1,40}$/.test(t)) return { kind: "address", prefix: t.toLowerCase(), whole: t.length === 42 };
  return { kind: "name", text: t };
}

/** `%text%` for LIKE with its wildcards escaped. */
export const likeAny = (text: string) => `%${text.replace(/[\\%_]/g, (c) => "\\" + c)}%`;

type Db = IndexerClient["db"];
type Column = DrizzleColumn;

/** Addresses whose last given name contains `text` (a subquery for `inArray`). */
export function namedLike(db: Db, text: string) {
  return db
    .select({ player: schema.playerName.player })
    .from(schema.playerName)
    .where(ilike(schema.playerName.name, likeAny(text)));
}

/** The condition "one of `columns` is this address (or begins with it) / belongs to a player so named". */
export function playerCondition(db: Db, search: Search, columns: Column[]): SQL | undefined {
  if (search.kind === "address") {
    const match = (c: Column) => (search.whole ? eq(c, search.prefix) : ilike(c, `${search.prefix}%`));
    return or(...columns.map(match));
  }
  if (search.kind === "name") return or(...columns.map((c) => inArray(c, namedLike(db, search.text))));
  return undefined;
}

/** Rows per page of every list. */
export const PAGE_SIZE = 50;
