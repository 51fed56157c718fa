// The contract's own answer to "may I do this now?" for the CATAMM pages: a static call of each action the page offers,
// re-run whenever the game changes (the shared useProbes, keyed by action name). A button is enabled when its call
// goes through, and otherwise says why (the revert's sentence).
import { useProbes, type Probe } from "../shared/probes";

export interface Check {
  ok: boolean;
  /** Why not, in words (the revert's sentence); undefined when ok. */
  reason?: string;
}

/**
 * Runs every given static call (undefined entries are skipped) when `version` changes; `holdWithin` as in
 * {@link useProbes}.
 */
export function useChecks<K extends string>(
  version: number | string,
  calls: Partial<Record<K, () => Promise<unknown>>>,
  options: { holdWithin?: string } = {},
): Partial<Record<K, Check>> {
  const probes: Probe[] = (Object.keys(calls) as K[])
    .filter((k) => calls[k])
    .sort()
    .map((k) => ({ id: k, call: calls[k]! }));
  // The key holds the offered actions too: a set that changes without a new version (the joined players arriving
  // after the game's refresh, say) is asked again.
  const key = `${version}|${probes.map((p) => p.id).join(",")}`;
  const answers = useProbes(probes, key, { contract: "Catamm" }, options);
  return Object.fromEntries(answers) as Partial<Record<K, Check>>;
}
