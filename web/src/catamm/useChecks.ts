// The contract's own answer to "may I do this now?": a static call of each action the page offers, re-run whenever
// the game changes. A button is enabled when its call goes through, and otherwise says why (the revert's sentence).
import { useEffect, useState } from "react";
import { describeError } from "../shared/errors";

export interface Check {
  ok: boolean;
  /** Why not, in words (the revert's sentence); undefined when ok or still checking. */
  reason?: string;
}

/** Runs every given static call (undefined entries are skipped) when `version` changes. */
export function useChecks<K extends string>(
  version: number | string,
  calls: Partial<Record<K, () => Promise<unknown>>>,
): Partial<Record<K, Check>> {
  const [result, setResult] = useState<{ for: string; checks: Partial<Record<K, Check>> }>({ for: "", checks: {} });
  const keys = Object.keys(calls).sort().join(",");
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
      setResult({ for: current, checks: next });
    });
    return () => {
      stale = true;
    };
    // The calls are closures over the same game: re-run when the game changed or the set of actions did.
  }, [version, keys]);
  // Answers for an older state count as not checked yet: a button waits for the contract's answer to this one.
  return result.for === current ? result.checks : {};
}
