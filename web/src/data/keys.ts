// The query keys of the pages' data, in one place: each key names what its data depends on, as typed parts (ids stay
// bigints, addresses lower-case), never a string to be split. Chain reads start with ["chain", chainId]; within a
// game, the game's key is the prefix of everything read about it (its views, its history, the checks of its actions),
// so that one invalidation of the prefix re-reads all of it. Indexer reads start with the data layer's PONDER_KEY.
import type { QueryKey } from "@tanstack/react-query";
import { callOf, type Action } from "../shared/action";

/** The key prefix of every indexer query (@ponder/react's own queries use it too). */
export const PONDER_KEY = "__ponder_react";

const lower = (address: string) => address.toLowerCase();

/** Reads of the chain the page is connected to. */
export const chainKeys = {
  all: ["chain"] as const,
  chain: (chainId: number) => ["chain", chainId] as const,
  /** An account's ETH balance. */
  balance: (chainId: number, account: string) => ["chain", chainId, "balance", lower(account)] as const,
  /** An account's count of mined transactions. */
  nonce: (chainId: number, account: string) => ["chain", chainId, "nonce", lower(account)] as const,
  /** A block's header (a deployment's block, say: it never changes). */
  block: (chainId: number, block: number) => ["chain", chainId, "block", block] as const,
  /** A fee estimate (gas price). */
  fees: (chainId: number) => ["chain", chainId, "fees"] as const,
  /** An ERC-20's symbol and decimals. */
  token: (chainId: number, token: string) => ["chain", chainId, "token", lower(token)] as const,
  /** The randomness source a contract requests from. */
  randomness: (chainId: number, consumer: string) => ["chain", chainId, "randomness", lower(consumer)] as const,
  /** A randomness request's status. */
  request: (chainId: number, source: string, request: bigint) =>
    ["chain", chainId, "request", lower(source), request] as const,
  /** A Snatch format (formats never change once stored). */
  format: (chainId: number, rooms: string, format: number) =>
    ["chain", chainId, "format", lower(rooms), format] as const,
  room: (chainId: number, rooms: string, room: bigint) => ["chain", chainId, "room", lower(rooms), room] as const,
  tournament: (chainId: number, tournament: string, id: bigint) =>
    ["chain", chainId, "tournament", lower(tournament), id] as const,
  session: (chainId: number, session: string, id: bigint) => ["chain", chainId, "session", lower(session), id] as const,
  hexGame: (chainId: number, hex: string, game: bigint) => ["chain", chainId, "hex", lower(hex), game] as const,
  catammGame: (chainId: number, catamm: string, game: bigint) =>
    ["chain", chainId, "catamm", lower(catamm), game] as const,
  /** A contract's settings that change rarely (a fee, a count): read again with its game's changes. */
  contract: (chainId: number, address: string) => ["chain", chainId, "contract", lower(address)] as const,
};

/** Reads of the indexer. */
export const indexerKeys = {
  all: [PONDER_KEY] as const,
  /** A paged list with its search, filter and page. */
  list: (name: string, params: Record<string, string | number>) => [PONDER_KEY, "list", name, params] as const,
  formats: () => [PONDER_KEY, "snatchFormats"] as const,
  leaderboard: (id: bigint) => [PONDER_KEY, "leaderboard", id] as const,
  playerHistory: (id: bigint, player: string) => [PONDER_KEY, "playerHistory", id, lower(player)] as const,
  myRooms: (account: string) => [PONDER_KEY, "myRooms", lower(account)] as const,
  name: (address: string) => [PONDER_KEY, "name", lower(address)] as const,
  ledger: (contract: string, token: string, account: string) =>
    [PONDER_KEY, "ledger", lower(contract), lower(token), lower(account)] as const,
  /** What the indexer has of one game: its word (data/words.ts). */
  word: (kind: "room" | "tournament" | "hex" | "catamm", id: bigint) => [PONDER_KEY, "word", kind, id] as const,
  /** A console's or a projector's read (a tournament's or a class session's), by part. */
  classRead: (kind: "tournament" | "session", id: bigint, part: string, ...more: (string | number)[]) =>
    [PONDER_KEY, "class", kind, id, part, ...more] as const,
};

/**
 * The key of an action's check: under its game's `scope`, for `account`, of exactly this call and the errors it
 * accepts (a ghost ship's hex asked before its victim is chosen passes where the same call sent as is would not).
 */
export function checkKey(scope: QueryKey, account: string, a: Action): QueryKey {
  const call = callOf(a);
  return [
    ...scope,
    "check",
    account.toLowerCase(),
    call.to.toLowerCase(),
    call.data,
    call.value ?? 0n,
    call.unencodable ?? "",
    [...(a.accepts ?? [])].sort(),
  ];
}

/**
 * A key's hash, as the QueryClient's: bigints as their digits and an "n" (TanStack's default hash cannot take a
 * bigint), objects with their keys sorted (the same object hashes the same whatever its key order).
 */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value: unknown) => {
    if (typeof value === "bigint") return `${value}n`;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const obj = value as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(obj)
          .sort()
          .map((k) => [k, obj[k]]),
      );
    }
    return value;
  });
}
