// The liquidity form of the CATAMM markets: deposit into a pool or withdraw shares, each previewed by the contract's
// static call for exactly these inputs.
import { useState } from "react";
import { useQueries, type QueryKey } from "@tanstack/react-query";
import { chainKeys } from "../data/keys";
import { useRefreshOn } from "../data/refresh";
import { useWallet } from "../shared/wallet";
import { ActionButton, Panel } from "../shared/ui";
import { describeError } from "../shared/errors";
import {
  BPS,
  POOL_PAIRS,
  RESOURCE_NAMES,
  formatAmount,
  formatPercent,
  poolName,
  type PoolView,
} from "../../../client/catamm/market";
import { callOf } from "../shared/action";
import { gameAction } from "./checks";
import type { Act } from "./Actions";
import type { CatammContracts } from "./contracts";
import type { LiveGame } from "./useLiveGame";
import { amountOf, slippageBps } from "./marketInputs";

export function LiquidityForm({
  c,
  live,
  gameId,
  act,
}: {
  c: CatammContracts;
  live: LiveGame;
  gameId: bigint;
  act: Act;
}) {
  const active = live.market!.pools.filter((p) => p.active);
  const [poolId, setPoolId] = useState(active[0]?.pool ?? 0);
  const [a0Text, setA0] = useState("1");
  const [a1Text, setA1] = useState("1");
  const [sharesText, setShares] = useState("");
  const [slippageText, setSlippage] = useState("0.5");
  const pool: PoolView | undefined = live.market!.pools[poolId];
  const [a, b] = POOL_PAIRS[poolId];
  const a0 = amountOf(a0Text);
  const a1 = amountOf(a1Text);
  const shares = amountOf(sharesText);
  const slip = slippageBps(slippageText) ?? 0n;
  const held = live.me?.shares[poolId] ?? 0n;
  const { chainId, account } = useWallet();
  // The previews are asked from the account; read again with each version of the game, the last answer standing
  // meanwhile (a preview blinking out at each version disabled the buttons under a click).
  const scope =
    chainId === null ? null : [...chainKeys.catammGame(chainId, c.address, gameId), account?.toLowerCase() ?? null];
  const previews = usePreviews(scope, `${poolId}-${a0}-${a1}-${shares}`, live.version, {
    add:
      a0 && a1
        ? () => c.game.addLiquidity.staticCall(gameId, poolId, a0, a1, 0).then((r) => [r[0], r[1], r[2]])
        : undefined,
    remove: shares
      ? () => c.game.removeLiquidity.staticCall(gameId, poolId, shares, 0, 0).then((r) => [r[0], r[1]])
      : undefined,
  });
  // A preview counts only for the inputs it was made with (the buttons send what it shows, and its minimums).
  const { add, remove } = previews;
  const less = (x: bigint) => (x * (BPS - slip)) / BPS;
  // What the buttons send: exactly what the previews show, with their minimums.
  const adding =
    add?.value && a0 && a1
      ? gameAction(
          c,
          "addLiquidity",
          [gameId, poolId, a0, a1, less(add.value[0])],
          `Add liquidity to ${poolName(poolId)}`,
        )
      : null;
  const removing =
    remove?.value && shares
      ? gameAction(
          c,
          "removeLiquidity",
          [gameId, poolId, shares, less(remove.value[0]), less(remove.value[1])],
          `Remove liquidity from ${poolName(poolId)}`,
        )
      : null;
  /** The other side in the pool's proportion (the pool takes the proportional amounts anyway). */
  const proportional = (text: string) => {
    const x = amountOf(text);
    if (x === null || !pool || pool.reserve0 === 0n) return;
    setA1(formatAmount((x * pool.reserve1 + pool.reserve0 - 1n) / pool.reserve0, 18).replace(/,/g, ""));
  };
  return (
    <Panel title="Liquidity" className="liquidity">
      <form aria-label="Liquidity" onSubmit={(e) => e.preventDefault()}>
        <div className="row">
          <label className="inline">
            Pool{" "}
            <select aria-label="Liquidity pool" value={poolId} onChange={(e) => setPoolId(Number(e.target.value))}>
              {active.map((p) => (
                <option key={p.pool} value={p.pool}>
                  {poolName(p.pool)} (port {p.port})
                </option>
              ))}
            </select>
          </label>
          <label className="inline">
            Slippage %{" "}
            <input
              aria-label="Liquidity slippage percent"
              className="num small"
              value={slippageText}
              onChange={(e) => setSlippage(e.target.value)}
            />
          </label>
        </div>
        <h3>Add (free)</h3>
        <div className="row">
          <label className="inline">
            at most{" "}
            <input
              aria-label={`Deposit ${RESOURCE_NAMES[a]}`}
              className="num"
              value={a0Text}
              onChange={(e) => {
                setA0(e.target.value);
                proportional(e.target.value);
              }}
            />{" "}
            {RESOURCE_NAMES[a]}
          </label>
          <label className="inline">
            and{" "}
            <input
              aria-label={`Deposit ${RESOURCE_NAMES[b]}`}
              className="num"
              value={a1Text}
              onChange={(e) => setA1(e.target.value)}
            />{" "}
            {RESOURCE_NAMES[b]}
          </label>
        </div>
        {add?.value && pool && (
          <p>
            The pool takes {formatAmount(add.value[1], 6)} {RESOURCE_NAMES[a]} + {formatAmount(add.value[2], 6)}{" "}
            {RESOURCE_NAMES[b]} for <strong data-testid="add-shares">{formatAmount(add.value[0], 6)} shares</strong> (
            {formatPercent((add.value[0] * 10n ** 18n) / (pool.totalShares + add.value[0]))} of the pool); at least{" "}
            {formatAmount(less(add.value[0]), 6)} with your slippage.
          </p>
        )}
        {add && add.reason && <p className="why">{add.reason}</p>}
        <ActionButton
          kind="secondary"
          disabled={!add?.value}
          call={adding ? callOf(adding) : undefined}
          onClick={() => act(adding!)}
        >
          Add liquidity
        </ActionButton>
        <h3>Remove</h3>
        <div className="row">
          <label className="inline">
            shares{" "}
            <input
              aria-label="Shares to remove"
              className="num"
              value={sharesText}
              onChange={(e) => setShares(e.target.value)}
            />
          </label>
          <button
            type="button"
            className="link"
            onClick={() => setShares(formatAmount(held, 18).replace(/,/g, ""))}
            disabled={held === 0n}
          >
            you hold {formatAmount(held, 6)}
          </button>
        </div>
        {remove?.value && (
          <p data-testid="remove-preview">
            You receive {formatAmount(remove.value[0], 6)} {RESOURCE_NAMES[a]} + {formatAmount(remove.value[1], 6)}{" "}
            {RESOURCE_NAMES[b]} (after the withdrawal fee, if any); at least {formatAmount(less(remove.value[0]), 6)}{" "}
            and {formatAmount(less(remove.value[1]), 6)} with your slippage.
          </p>
        )}
        {remove && remove.reason && sharesText !== "" && <p className="why">{remove.reason}</p>}
        <ActionButton
          kind="secondary"
          disabled={!remove?.value}
          call={removing ? callOf(removing) : undefined}
          onClick={() => act(removing!)}
        >
          Remove liquidity
        </ActionButton>
      </form>
    </Panel>
  );
}

type Preview = { value?: bigint[]; reason?: string };

/**
 * The contract's answer to each static call (the previews of a deposit and a withdrawal): its values, or its refusal
 * in words. A query per call under `scope` and `inputs` (what the call sends), read again when `version` moves: an
 * answer counts only for the inputs it was made with.
 */
function usePreviews<K extends string>(
  scope: QueryKey | null,
  inputs: string,
  version: number,
  calls: Partial<Record<K, () => Promise<bigint[]>>>,
): Partial<Record<K, Preview>> {
  const asked = (Object.entries(calls) as [K, (() => Promise<bigint[]>) | undefined][]).filter(
    (e): e is [K, () => Promise<bigint[]>] => e[1] !== undefined && scope !== null,
  );
  useRefreshOn(scope && [...scope, "preview"], version);
  const results = useQueries({
    queries: asked.map(([k, call]) => ({
      queryKey: [...(scope ?? []), "preview", k, inputs],
      queryFn: async (): Promise<Preview> => {
        try {
          return { value: await call() };
        } catch (err) {
          return { reason: describeError(err, { contract: "Catamm" }) };
        }
      },
      retry: false,
    })),
  });
  const out: Partial<Record<K, Preview>> = {};
  asked.forEach(([k], i) => {
    if (results[i].data) out[k] = results[i].data;
  });
  return out;
}
