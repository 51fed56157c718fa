// Event arguments as they go into the `*_log` tables: JSON, with every bigint as a decimal string (client/ turns
// them back where it needs numbers).
import { replaceBigInts } from "ponder";

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** `args` with bigints as decimal strings (arrays and structs kept). */
export function plain(args: unknown): Json {
  return replaceBigInts(args as object, (v) => String(v)) as Json;
}

/** Lower-case address (Ponder hands checksummed ones). */
export const addr = (a: string): `0x${string}` => a.toLowerCase() as `0x${string}`;

/** Small amounts (goods, counts) as numbers, per kind. */
export const nums = (xs: readonly (bigint | number)[]): number[] => xs.map((x) => Number(x));
