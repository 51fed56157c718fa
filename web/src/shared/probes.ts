// Which actions the contract would accept right now: each candidate action is run as a static call from the
// account against the pending block (the block a transaction sent now lands in), and the page shows a control only
// for the ones that pass, and the contract's own refusal sentence for the others. The page never decides a rule.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { describeError as describeFull, type DescribeContext } from "../../../client/errors";
import { useDebounced } from "./useDebounced";

/** Overrides for a probe: evaluate against the next block, as a transaction sent now would be. */
export const PENDING = { blockTag: "pending" } as const;

export interface Probe {
  /** Stable id of the action (e.g. "accept:7"). */
  id: string;
  /** The static call (pass {@link PENDING} as its overrides). */
  call: () => Promise<unknown>;
}

export type ProbeResult = { ok: true } | { ok: false; reason: string; error?: string };

export type Probes = ReadonlyMap<string, ProbeResult>;

/** The refusal sentence and the error's name for a failed probe. */
export function refusal(err: unknown, ctx: DescribeContext): { ok: false; reason: string; error?: string } {
  const d = describeFull(err, ctx);
  return { ok: false, reason: d.message, error: d.revert?.name };
}

const NONE: Probes = new Map();

/**
 * Runs every probe whenever `key` changes (make it change with what the page shows: a reloaded view), one round at
 * a time: a change during a round runs another round after it. Only results computed for the current key are
 * returned: after a change, controls wait for the contract's new answers instead of showing stale ones.
 *
 * `holdWithin`: while the contract answers for a new key, the answers for the previous one stand if they were asked
 * within the same `holdWithin` (the account, say: another account's answers never stand in). For controls
 * whose key is only a refresh count: without it every refresh (one at least every few blocks) hid or disabled them
 * for the moment of the re-check, and a click in that moment went nowhere. A click the new state refuses is
 * harmless: the transaction's gas estimate fails with the contract's reason. When the list of probes changes too,
 * the answers for the probes still listed stand (a new probe waits for its own). Forms whose key holds their inputs (a
 * swap's amount and minimum) leave it unset: their answer must be for those inputs.
 */
export function useProbes(
  probes: readonly Probe[],
  key: string,
  ctx: DescribeContext = {},
  { holdWithin }: { holdWithin?: string } = {},
): Probes {
  const ids = probes.map((p) => p.id).join(",");
  const [results, setResults] = useState<Answered>({
    key: "",
    ids: "",
    probes: NONE,
  });
  const latest = useRef({ probes, ctx, key, holdWithin });
  latest.current = { probes, ctx, key, holdWithin };
  const running = useRef(false);
  const again = useRef(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    const round = async () => {
      if (running.current) {
        again.current = true;
        return;
      }
      running.current = true;
      do {
        again.current = false;
        const { probes: list, ctx: c, key: k, holdWithin: within } = latest.current;
        const settled = await Promise.all(
          list.map((p) =>
            p.call().then(
              () => [p.id, { ok: true }] as const,
              (err: unknown) => [p.id, refusal(err, c)] as const,
            ),
          ),
        );
        const asked = list.map((p) => p.id).join(",");
        if (alive.current) setResults({ key: k, ids: asked, within, probes: new Map<string, ProbeResult>(settled) });
      } while (again.current && alive.current);
      running.current = false;
    };
    void round();
  }, [key]);

  return useMemo(() => standing(results, key, ids, holdWithin), [results, key, ids, holdWithin]);
}

/** A round's answers: for which key, which probes (their ids joined by commas) and within what they were asked. */
export interface Answered {
  key: string;
  ids: string;
  within?: string;
  probes: Probes;
}

/**
 * The answers that stand for `key` and the probes `ids` (joined by commas): the last round's if it was for this key;
 * else, within the same `holdWithin`, the last round's answers for the probes still listed (a new probe has none
 * until its own round: when a new offer came in, the other offers' buttons stay and a click on them is not lost);
 * else none.
 */
export function standing(last: Answered, key: string, ids: string, holdWithin?: string): Probes {
  if (last.key === key) return last.probes;
  if (holdWithin === undefined || last.within !== holdWithin) return NONE;
  if (last.ids === ids) return last.probes;
  const listed = new Set(ids.split(","));
  return new Map([...last.probes].filter(([id]) => listed.has(id)));
}

/**
 * For a page waiting on something that comes with blocks (randomness, the end of a window) since block `since`: the
 * last block up to `block` at which to ask the contract again (null: not yet). Every block for the first four, then
 * at powers of two, and once at 258 (a block-hash request goes stale after 256 blocks past its target, the block
 * after the request). Put it in a probe key: what comes soon shows at once, and a wait left alone costs a few calls
 * in all instead of one per block (an idle page asks the node at most once a block).
 */
export function lastDue(block: number, since: number): number | null {
  const d = block - since;
  if (d < 0) return null;
  if (d <= 4) return block;
  const power = 2 ** Math.floor(Math.log2(d));
  return since + (d >= 258 && power < 258 ? 258 : power);
}

/** Whether probe `id` passed. */
export function allowed(probes: Probes, id: string): boolean {
  return probes.get(id)?.ok === true;
}

/** The refusal of probe `id`, if it ran and failed. */
export function refused(probes: Probes, id: string): string | undefined {
  const r = probes.get(id);
  return r && !r.ok ? r.reason : undefined;
}

/**
 * The contract's verdict on exactly what a form would send, as its inputs change: null while it would pass (or
 * while `call` is null: nothing to check), else its refusal sentence. Debounced; re-checked when `key` changes.
 */
export function useVerdict(
  call: (() => Promise<unknown>) | null,
  key: string,
  ctx: DescribeContext = {},
): string | null {
  const latest = useRef({ call, ctx });
  latest.current = { call, ctx };
  const form = useId();
  const settled = useDebounced(key, 250);
  const q = useQuery({
    queryKey: ["verdict", form, settled],
    enabled: call !== null && settled === key,
    queryFn: async () => {
      try {
        await latest.current.call!();
        return null;
      } catch (err) {
        return refusal(err, latest.current.ctx).reason;
      }
    },
    // Asked again when the form comes back to inputs it had; the last verdict stands while the next is asked.
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return call === null ? null : (q.data ?? null);
}
