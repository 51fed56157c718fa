// Which actions the contract would accept right now: each action a page offers (shared/action.ts) is asked as a
// static call from the account against the pending block, a query keyed by its game's key, the account, the exact
// call and the errors it accepts (data/keys.ts `checkKey`). The page shows a control only for the ones that pass, and the contract's own refusal sentence for the
// others: it never decides a rule. Re-asked when the game's key is refreshed (its views changed, a deadline passed);
// meanwhile the last answer for the same call stands, so a control does not blink at every re-check (a click the
// new state refuses fails at its gas estimate with the contract's reason). A call not asked yet (new inputs, another
// account) has no answer until its own comes.
import { keepPreviousData, useQueries, useQuery, type QueryKey } from "@tanstack/react-query";
import { describeError as describeFull } from "../../../client/errors";
import { callOf, staticCallOf, type Action } from "../shared/action";
import { useBlock } from "../shared/block";
import { useDebounced } from "../shared/useDebounced";
import { useWallet } from "../shared/wallet";
import { chainKeys, checkKey, hashKey } from "./keys";

export type Check = { ok: true } | { ok: false; reason: string; error?: string };

/** The answers to a page's actions, by the page's names for them. */
export interface Checks<K extends string = string> {
  get(id: K): Check | undefined;
  /** Whether the contract accepts it. */
  ok(id: K): boolean;
  /** Its refusal sentence, once asked and refused. */
  why(id: K): string | undefined;
}

/** The contract's answer to `a` now (an error `a` says the page completes first counts as a pass). */
export async function checkAction(a: Action, block?: number): Promise<Check> {
  try {
    await staticCallOf(a);
    return { ok: true };
  } catch (err) {
    const d = describeFull(err, { ...a.describe, block });
    const name = d.revert?.name;
    if (name !== undefined && a.accepts?.includes(name)) return { ok: true };
    return { ok: false, reason: d.message, error: name };
  }
}

/**
 * Asks the contract about each of `actions` (null and undefined entries are not offered now) under the game's
 * `scope` (null: nothing to ask yet). No account, no answers: nothing can be sent.
 */
export function useChecks<K extends string>(
  scope: QueryKey | null,
  actions: Partial<Record<K, Action | null | undefined>>,
): Checks<K> {
  const { account, signer } = useWallet();
  const block = useBlock().number;
  const offered = (Object.entries(actions) as [K, Action | null | undefined][]).filter(
    (e): e is [K, Action] => e[1] !== null && e[1] !== undefined,
  );
  const ready = scope !== null && account !== null && signer !== null;
  // One query per distinct call (two names may stand for the same call).
  const keyed = ready ? offered.map(([id, a]) => ({ id, a, key: checkKey(scope, account, a) })) : [];
  const distinct = [...new Map(keyed.map((k) => [hashKey(k.key), k])).values()];
  const results = useQueries({
    queries: distinct.map(({ a, key }) => ({
      queryKey: key,
      queryFn: () => checkAction(a, block || undefined),
      // Asked again when a control mounts again (a lobby's row after a visit to its game): an answer from before
      // stays on screen until the new one comes, never in its place.
      staleTime: 0,
      retry: false,
    })),
  });
  const byHash = new Map(distinct.map((d, i) => [hashKey(d.key), results[i].data]));
  const answers = new Map<K, Check | undefined>(keyed.map((k) => [k.id, byHash.get(hashKey(k.key))]));
  return {
    get: (id) => answers.get(id),
    ok: (id) => answers.get(id)?.ok === true,
    why: (id) => {
      const c = answers.get(id);
      return c && !c.ok ? c.reason : undefined;
    },
  };
}

/**
 * The contract's verdict on exactly what a form would send (`a`; null: nothing to check), once its inputs have held
 * still for a moment: null while it would pass, else its refusal sentence. Asked again whenever the form comes back
 * to inputs it had; the last verdict stands while the next is asked (the form's button does not blink as one types).
 */
export function useVerdict(a: Action | null): string | null {
  const { account, signer, chainId } = useWallet();
  const block = useBlock().number;
  const hash = a ? hashKey([callOf(a)]) : null;
  const settled = useDebounced(hash, 250);
  const key =
    a && account !== null && signer !== null && chainId !== null
      ? checkKey([...chainKeys.contract(chainId, String(a.contract.target)), "verdict"], account, a)
      : null;
  const q = useQuery({
    queryKey: key ?? ["verdict", "none"],
    queryFn: () => checkAction(a!, block || undefined),
    enabled: key !== null && settled === hash,
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const answer = key === null ? undefined : q.data;
  return answer && !answer.ok ? answer.reason : null;
}
