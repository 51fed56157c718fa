// The class sheet's data: the sheet kept in the teacher's browser (one per chain; a closed tab resumes it), and what
// the chain says of its seats (balance, registered in the sheet's tournament and under which name), read in chunks.
import { useCallback, useEffect, useRef, useState } from "react";
import type { AbstractProvider } from "ethers";
import type { SnatchTournament } from "../../../typechain-types";
import { readSheet, type Sheet } from "./sheet";

const storageKey = (chainId: number) => `class.sheet.${chainId}`;

/** The sheet of `chainId` in this browser, and setters that keep it there. */
export function useStoredSheet(chainId: number | null) {
  const [sheet, setSheet] = useState<Sheet | null>(null);
  useEffect(() => {
    setSheet(chainId === null ? null : readSheet(localStorage.getItem(storageKey(chainId))));
  }, [chainId]);
  const save = useCallback((next: Sheet) => {
    localStorage.setItem(storageKey(next.chainId), JSON.stringify(next));
    setSheet(next);
  }, []);
  const discard = useCallback(() => {
    if (chainId !== null) localStorage.removeItem(storageKey(chainId));
    setSheet(null);
  }, [chainId]);
  return { sheet, save, discard };
}

export interface SeatState {
  balance: bigint;
  /** Registered in the sheet's tournament (null: no tournament). */
  registered: boolean | null;
  /** The name it registered with. */
  registeredName: string | null;
}

/** Each seat's balance and registration, read when asked (after every batch) and every `every` blocks. */
export function useSeatStates(
  sheet: Sheet | null,
  provider: AbstractProvider | null,
  tournament: SnatchTournament | null,
  block: number,
  every = 10,
) {
  const [states, setStates] = useState<Map<string, SeatState> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const last = useRef(-1);
  const busy = useRef(false);

  const refresh = useCallback(async () => {
    if (!sheet || !provider) return;
    busy.current = true;
    try {
      const tid = sheet.tournament !== null ? BigInt(sheet.tournament) : null;
      const out = new Map<string, SeatState>();
      for (let i = 0; i < sheet.seats.length; i += 25) {
        const chunk = sheet.seats.slice(i, i + 25);
        const read = await Promise.all(
          chunk.map(async (s) => {
            const balance = await provider.getBalance(s.address);
            if (tid === null || !tournament) return { balance, registered: null, registeredName: null };
            const entry = await tournament.entryOf(tid, s.address);
            const registered = entry.index > 0n;
            return {
              balance,
              registered,
              registeredName: registered ? await tournament.nameOf(tid, s.address) : null,
            };
          }),
        );
        chunk.forEach((s, k) => out.set(s.address, read[k]));
      }
      setStates(out);
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      busy.current = false;
    }
  }, [sheet, provider, tournament]);

  useEffect(() => {
    setStates(null);
    last.current = -1;
  }, [sheet?.createdAt, sheet?.chainId]);

  useEffect(() => {
    if (!sheet || !provider || block === 0 || busy.current) return;
    if (last.current >= 0 && block - last.current < every) return;
    last.current = block;
    void refresh();
  }, [sheet, provider, block, every, refresh]);

  return { states, error, refresh };
}

/** Runs `work` on every item with at most `limit` at once, in order of start; stops starting new ones on `stop()`. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<boolean>,
): Promise<number> {
  let next = 0;
  let done = 0;
  let stopped = false;
  const lane = async () => {
    while (!stopped && next < items.length) {
      const i = next++;
      if (await work(items[i], i)) done++;
      else stopped = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return done;
}
