// The contract's own answer to "may I do this now?": a static call of each action the page offers, re-run whenever
// the game changes. A button is enabled when its call goes through, and otherwise says why (the revert's sentence).
import { useEffect, useState } from "react";
import { describeError } from "../shared/errors";

export interface Check {
  ok: boolean;
  /** Why not, in words (the revert's sentence); undefined when ok or still checking. */
  reason?: string;
}

/**
 * Runs every given static call (undefined entries are skipped) when `version` changes.
 *
 * `holdPrevious`: while the contract answers for a new version, the answers for the previous one stand if the same
 * actions are offered. For buttons whose version is only the game's refresh count: without it every refresh (one at
 * least every few blocks) disabled them for the moment of the re-check, and a click in that moment went nowhere. A
 * click the new state refuses is harmless: the transaction's gas estimate fails with the contract's reason. Forms
 * whose version holds their inputs (a swap's amount and minimum) leave it off: their answer must be for those inputs.
 */
export function useChecks<K extends string>(
  version: number | string,
  calls: Partial<Record<K, () => Promise<unknown>>>,
  { holdPrevious = false }: { holdPrevious?: boolean } = {},
): Partial<Record<K, Check>> {
  const [result, setResult] = useState<{ for: string; keys: string; checks: Partial<Record<K, Check>> }>({
    for: "",
    keys: "",
    checks: {},
  });
  const keys = (Object.keys(calls) as K[])
    .filter((k) => calls[k])
    .sort()
    .join(",");
  const current = `${version}|${keys}`;
  useEffect(() => {
    let stale = false;
    const entries = Object.entries(calls) as [K, (() => Promise<unknown>) | undefined][];
    Promise.all(
      entries.map(async ([key, call]): Promise<[K, Check] | null> => {
        if (!call) return null;
        try {
          await call();
          return [key, { ok: true }];
        } catch (err) {
          return [key, { ok: false, reason: describeError(err, { contract: "Catamm" }) }];
        }
      }),
    ).then((done) => {
      if (stale) return;
      const next: Partial<Record<K, Check>> = {};
      for (const d of done) if (d) next[d[0]] = d[1];
      setResult({ for: current, keys, checks: next });
    });
    return () => {
      stale = true;
    };
    // The calls are closures over the same game: re-run when the game changed or the set of actions did.
  }, [version, keys]);
  // Otherwise answers for an older state count as not checked yet: a button waits for the contract's answer to this one.
  return result.for === current || (holdPrevious && result.keys === keys) ? result.checks : {};
}
