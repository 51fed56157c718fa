// Players' names from the indexer (table player_name: the last name each address gave anywhere, a room's join or a
// tournament's registration). `usePlayerName(address)` is one query per address for TanStack's cache, but the
// lookups asked for in the same moment (a list's rows drawing) go to the indexer as ONE query (`player IN (…)`).
import { useQueries, useQuery } from "@tanstack/react-query";
import { usePonderClient } from "@ponder/react";
import { inArray } from "@ponder/client";
import { schema, type IndexerClient } from "./client";
import { PONDER_KEY } from "./DataProvider";

type Pending = { resolve: (name: string | null) => void; reject: (err: unknown) => void }[];
let batch: Map<string, Pending> | null = null;

function lookup(client: IndexerClient, address: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (!batch) {
      const current = new Map<string, Pending>();
      batch = current;
      setTimeout(() => {
        batch = null;
        const addresses = [...current.keys()];
        client.db
          .select()
          .from(schema.playerName)
          .where(inArray(schema.playerName.player, addresses as `0x${string}`[]))
          .then(
            (rows) => {
              const names = new Map(rows.map((r) => [r.player.toLowerCase(), r.name]));
              for (const [a, waiting] of current) for (const w of waiting) w.resolve(names.get(a) ?? null);
            },
            (err: unknown) => {
              for (const waiting of current.values()) for (const w of waiting) w.reject(err);
            },
          );
      }, 0);
    }
    const key = address.toLowerCase();
    const waiting = batch.get(key) ?? [];
    waiting.push({ resolve, reject });
    batch.set(key, waiting);
  });
}

/** The name query of `address` (one TanStack entry per address, answered by the batched lookup). */
function nameQuery(client: IndexerClient, address: string) {
  const key = address.toLowerCase();
  return {
    queryKey: [PONDER_KEY, "name", key],
    queryFn: () => lookup(client, key),
    enabled: /^0x[0-9a-f]{40}$/.test(key),
    retry: false,
  };
}

/** The last name `address` gave (null: none, or not known yet, or no indexer). */
export function usePlayerName(address: string | null | undefined): string | null {
  const client = usePonderClient();
  return useQuery(nameQuery(client, address ?? "")).data ?? null;
}

/** The last names of `addresses`, in their order (null where none or not known yet): a chart's series labels. */
export function usePlayerNames(addresses: readonly string[]): (string | null)[] {
  const client = usePonderClient();
  return useQueries({ queries: addresses.map((a) => nameQuery(client, a)) }).map((q) => q.data ?? null);
}
