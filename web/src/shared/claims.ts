// Controls that act on one piece of state (an offer: Accept, Reject, Snatch; a room's move of this round) claim it
// when one of them is tapped: every control of that state is disabled from the tap until the state is gone (its
// controls all unmounted, e.g. the offer answered), so a second tap (on the same button once its transaction is mined,
// or on its neighbour) never sends a transaction the contract would refuse. A failed send releases the claim. A store
// outside React, read with useSyncExternalStore, so that controls in different rows share it.
import { useEffect, useSyncExternalStore } from "react";

interface Entry {
  /** Mounted controls of this state. */
  mounted: number;
  claimed: boolean;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Claims `key` (a tap); `false` releases it (the send failed: the state is still there). */
export function setClaimed(key: string, claimed: boolean): void {
  const e = entries.get(key);
  if (!e || e.claimed === claimed) return;
  e.claimed = claimed;
  notify();
}

/** Whether `key` is claimed; the calling control counts as one of its controls while mounted. */
export function useClaim(key: string | null): boolean {
  useEffect(() => {
    if (key === null) return;
    const e = entries.get(key) ?? { mounted: 0, claimed: false };
    e.mounted++;
    entries.set(key, e);
    return () => {
      e.mounted--;
      // The state's last control is gone: so is the state it acted on.
      if (e.mounted === 0 && entries.get(key) === e) entries.delete(key);
    };
  }, [key]);
  return useSyncExternalStore(subscribe, () => (key !== null && entries.get(key)?.claimed) || false);
}
