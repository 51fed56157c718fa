// The markets: the nine active pools and the missing one (reserves, spot price both ways, the port and its owners,
// the connected player's fee and shares); a swap form that quotes before sending, exactly as `catamm:quote` (fee
// burned, output, average price, spot price, price impact, minAmountOut from the slippage setting); and liquidity
// add and remove, previewed by static calls of the game's own functions (shares received, amounts paid back).
import { useMemo, useState } from "react";
import { hashKey } from "../data/keys";
import { useDebounced } from "../shared/useDebounced";
import { useGameRead } from "./useGameRead";
import { useWallet } from "../shared/wallet";
import { ActionButton, Panel } from "../shared/ui";
import {
  NO_PORT,
  ONE_CARD,
  POOL_PAIRS,
  RESOURCE_NAMES,
  formatAmount,
  formatBps,
  formatPercent,
  getAmountIn,
  poolOf,
  poolName,
  quoteFigures,
  toQuoteView,
} from "../../../client/catamm/market";
import { has } from "../../../client/catamm/board";
import { fractionOrCards, swapOutcome, swapOutcomeText, type SwapSide } from "../../../client/catamm/cards";
import { callOf } from "../shared/action";
import type { Act } from "./Actions";
import { SeatChip } from "./ActionParts";
import type { CatammContracts } from "./contracts";
import type { LiveGame } from "./useLiveGame";
import { gameAction, useGameChecks } from "./checks";
import { LiquidityForm } from "./LiquidityForm";
import { amountOf, slippageBps } from "./marketInputs";

export function Markets(props: { c: CatammContracts; live: LiveGame; gameId: bigint; act: Act }) {
  const { live } = props;
  if (!live.market) return <p className="muted">The markets open when the game starts.</p>;
  return (
    <div className="markets">
      <PoolsTable live={live} />
      <div className="market-forms">
        <SwapForm {...props} />
        <LiquidityForm {...props} />
      </div>
    </div>
  );
}

function PoolsTable({ live }: { live: LiveGame }) {
  const market = live.market!;
  const snap = live.snap!;
  const rows = [...market.pools].sort((a, b) => (a.active === b.active ? a.port - b.port : a.active ? -1 : 1));
  const owners = (port: number) => snap.players.filter((_, i) => has(market.ports[i] ?? 0n, port)).map((p) => p.seat);
  return (
    <Panel title="Pools" className="pools">
      <p className="muted small">
        Fees: {formatBps(market.feeBps)} of the input without the pool's port, {formatBps(market.portFeeBps)} with it
        (burned); withdrawals pay {formatBps(market.feeBps)} unless you own the port. Opening depth{" "}
        {formatAmount(market.depth, 0)} cards a side.
      </p>
      <table aria-label="Pools">
        <thead>
          <tr>
            <th>pool</th>
            <th>port (owners)</th>
            <th>reserves</th>
            <th>spot price</th>
            <th>inverse</th>
            <th>your fee</th>
            <th>your shares</th>
            <th>last trade</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => {
            const [a, b] = POOL_PAIRS[p.pool];
            const mine = live.me?.shares[p.pool] ?? 0n;
            const fee = live.me?.fees[p.pool];
            return (
              <tr key={p.pool} className={p.active ? "" : "missing"} data-pool={p.pool}>
                <td>
                  <strong>
                    {RESOURCE_NAMES[a]}–{RESOURCE_NAMES[b]}
                  </strong>{" "}
                  <span className="muted">#{p.pool}</span>
                </td>
                <td>
                  {p.active ? (
                    <>
                      Port {p.port}{" "}
                      {owners(p.port).map((s) => (
                        <SeatChip key={s} seat={s} />
                      ))}
                    </>
                  ) : (
                    <span className="badge">missing: no trades</span>
                  )}
                </td>
                <td className="num-cell">
                  {formatAmount(p.reserve0, 2)} {RESOURCE_NAMES[a]}
                  <br />
                  {formatAmount(p.reserve1, 2)} {RESOURCE_NAMES[b]}
                </td>
                <td>
                  1 {RESOURCE_NAMES[a]} = {formatAmount(p.price0, 4)} {RESOURCE_NAMES[b]}
                </td>
                <td>
                  1 {RESOURCE_NAMES[b]} = {formatAmount(p.price1, 4)} {RESOURCE_NAMES[a]}
                </td>
                <td>{fee === null || fee === undefined ? "—" : formatBps(fee)}</td>
                <td className="num-cell">
                  {mine > 0n ? `${formatAmount(mine, 4)} (${formatPercent((mine * 10n ** 18n) / p.totalShares)})` : "—"}
                </td>
                <td>{p.lastTradeBlock === 0n ? "never" : `block ${p.lastTradeBlock}`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Panel>
  );
}

function ResourceSelect(props: { label: string; value: number; onChange: (r: number) => void }) {
  return (
    <select aria-label={props.label} value={props.value} onChange={(e) => props.onChange(Number(e.target.value))}>
      {RESOURCE_NAMES.map((n, r) => (
        <option key={n} value={r}>
          {n}
        </option>
      ))}
    </select>
  );
}

/** The pool sides a swap from `from` to `to` meets now, and the player's fee there (the contract's, from a zero quote). */
function sideOf(live: LiveGame, from: number, to: number): SwapSide | null {
  const { pool, aIsSide0 } = poolOf(from, to);
  const p = live.market?.pools[pool];
  const feeBps = live.me?.fees[pool];
  if (!p || !p.active || feeBps === null || feeBps === undefined) return null;
  return aIsSide0
    ? { reserveIn: p.reserve0, reserveOut: p.reserve1, feeBps }
    : { reserveIn: p.reserve1, reserveOut: p.reserve0, feeBps };
}

/**
 * The swap form. "Pay" sends an exact input with `minAmountOut` from the slippage setting; "Buy exactly" computes the
 * least input whose output is the cards asked for, from the pool's reserves with the contract's arithmetic
 * (`getAmountIn` of client/catamm/market.ts), checks it with the contract's quote and sends it with `minAmountOut` =
 * exactly those cards: the contract refuses any worse price. The quote says what the result is good for (whole cards
 * build; a fraction only trades).
 */
function SwapForm({ c, live, gameId, act }: { c: CatammContracts; live: LiveGame; gameId: bigint; act: Act }) {
  const { account } = useWallet();
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(1);
  const [mode, setMode] = useState<"pay" | "buy">("pay");
  const [amountText, setAmountText] = useState("1");
  const [wantText, setWantText] = useState("1");
  const [slippageText, setSlippageText] = useState("0.5");
  const side = sideOf(live, from, to);
  const want = mode === "buy" ? amountOf(wantText) : null;
  // Buying exactly: the least input whose output is `want`, by the contract's arithmetic on the pool's reserves.
  const reserveIn = side?.reserveIn;
  const reserveOut = side?.reserveOut;
  const feeBps = side?.feeBps;
  const exactIn = useMemo(() => {
    if (mode !== "buy" || want === null || want === 0n) return null;
    if (reserveIn === undefined || reserveOut === undefined || feeBps === undefined) return null;
    if (want >= reserveOut) return "exceeds" as const;
    return getAmountIn(want, reserveIn, reserveOut, feeBps);
  }, [mode, want, reserveIn, reserveOut, feeBps]);
  const amount = mode === "pay" ? amountOf(amountText) : typeof exactIn === "bigint" ? exactIn : null;
  const slippage = slippageBps(slippageText);
  const player = live.me?.address ?? account ?? null;

  // The contract's quote for these inputs once the typing pauses, asked again with each version of the game.
  const inputs = player && amount !== null && amount !== 0n && from !== to ? { player, from, to, amount } : null;
  const settled = useDebounced(inputs, 150);
  const asked = inputs !== null && hashKey([settled]) === hashKey([inputs]) ? inputs : null;
  const quote = useGameRead(c, gameId, asked ? ["quote", asked, live.version] : null, live.version, async () =>
    toQuoteView(await c.game.quoteSwap(gameId, asked!.player, asked!.from, asked!.to, asked!.amount)),
  );
  const quoteError = inputs ? quote.error : null;
  const q = inputs ? (quote.data ?? null) : null;
  const figures = q && amount !== null && slippage !== null ? quoteFigures(q.amountOut, amount, slippage) : null;
  // Buying exactly: the contract must deliver the cards asked for, not a wei less.
  const minOut = mode === "buy" ? want : (figures?.minAmountOut ?? null);
  const pool = q ? live.market!.pools[q.pool] : undefined;
  const A = RESOURCE_NAMES[from];
  const B = RESOURCE_NAMES[to];
  const label =
    mode === "pay"
      ? `Swap ${amountText} ${A} for ${B}`
      : `Buy exactly ${wantText} ${B} for ${amount !== null ? formatAmount(amount, 4) : "…"} ${A}`;
  const swap =
    q && amount !== null && minOut !== null ? gameAction(c, "swap", [gameId, from, to, amount, minOut], label) : null;
  const checks = useGameChecks(c, gameId, live.version, { swap });
  const why = checks.why("swap");
  const balance = live.me?.player.balances[from];
  const outcome =
    q && amount !== null && side && live.me
      ? swapOutcome(live.me.player.balances, from, to, amount, q.amountOut, side)
      : null;
  const buyNext = (cards: bigint) => {
    const held = live.me?.player.balances[to] ?? 0n;
    setWantText(formatAmount(cards * ONE_CARD - held, 18).replace(/,/g, ""));
    setMode("buy");
  };
  return (
    <Panel title="Swap" className="swap">
      <form aria-label="Swap" onSubmit={(e) => e.preventDefault()}>
        <div className="row" role="radiogroup" aria-label="Swap kind">
          <label className="inline">
            <input type="radio" name="swap-mode" checked={mode === "pay"} onChange={() => setMode("pay")} /> Pay an
            amount
          </label>
          <label className="inline">
            <input type="radio" name="swap-mode" checked={mode === "buy"} onChange={() => setMode("buy")} /> Buy exactly
            N cards
          </label>
        </div>
        <div className="row">
          <label className="inline">
            Pay <ResourceSelect label="Swap from" value={from} onChange={setFrom} />
          </label>
          <label className="inline">
            for <ResourceSelect label="Swap to" value={to} onChange={setTo} />
          </label>
        </div>
        <div className="row">
          {mode === "pay" ? (
            <label className="inline">
              Amount (cards){" "}
              <input
                aria-label="Swap amount"
                className="num"
                value={amountText}
                onChange={(e) => setAmountText(e.target.value)}
                inputMode="decimal"
              />
            </label>
          ) : (
            <label className="inline">
              Cards of {B} to buy{" "}
              <input
                aria-label="Cards to buy"
                className="num"
                value={wantText}
                onChange={(e) => setWantText(e.target.value)}
                inputMode="decimal"
              />
            </label>
          )}
          {balance !== undefined && mode === "pay" && (
            <button
              type="button"
              className="link"
              onClick={() => setAmountText(formatAmount(balance, 18).replace(/,/g, ""))}
            >
              you hold {fractionOrCards(balance)} {A}
            </button>
          )}
          {mode === "pay" && (
            <label className="inline">
              Slippage %{" "}
              <input
                aria-label="Slippage percent"
                className="num small"
                value={slippageText}
                onChange={(e) => setSlippageText(e.target.value)}
                inputMode="decimal"
              />
            </label>
          )}
        </div>
        {from === to && <p className="danger">Pick two different resources.</p>}
        {mode === "pay" && amount === null && (
          <p className="danger">Not an amount: use cards with up to 18 decimals, e.g. 1.5.</p>
        )}
        {mode === "buy" && want === null && <p className="danger">Not a number of cards, e.g. 1.</p>}
        {mode === "buy" && exactIn === "exceeds" && side && (
          <p className="danger">
            The pool holds only {formatAmount(side.reserveOut, 2)} {B}: it cannot sell that many.
          </p>
        )}
        {mode === "buy" && !side && from !== to && (
          <p className="danger">
            No active pool trades {A} for {B} now (the missing pool).
          </p>
        )}
        {slippage === null && <p className="danger">Slippage must be 0 to 100 %.</p>}
        {quoteError && <p className="danger">{quoteError}</p>}
        {q && figures && amount !== null && pool && (
          <dl className="quote" aria-label="Quote">
            <dt>pool</dt>
            <dd>
              {poolName(q.pool)} (#{q.pool}) at {pool.port === NO_PORT ? "no port" : `port ${pool.port}`}:{" "}
              {q.portOwned ? "you own the port" : "you do not own the port"}
            </dd>
            {mode === "buy" && (
              <>
                <dt>you pay</dt>
                <dd data-testid="quote-in">
                  {formatAmount(amount, 6)} {A} (the least that buys {wantText} {B})
                </dd>
              </>
            )}
            <dt>fee burned</dt>
            <dd>
              {formatAmount(q.fee, 6)} {A} ({formatBps(q.feeBps)})
            </dd>
            <dt>you receive</dt>
            <dd data-testid="quote-out">
              {formatAmount(q.amountOut, 6)} {B}
            </dd>
            {outcome && (
              <>
                <dt>what it buys</dt>
                <dd data-testid="quote-buys">
                  {swapOutcomeText(outcome, from, to, q.amountOut)}
                  {outcome.nextWhole && mode === "pay" && (
                    <>
                      {" "}
                      <button type="button" className="link" onClick={() => buyNext(outcome.nextWhole!.cards)}>
                        buy exactly that
                      </button>
                    </>
                  )}
                </dd>
              </>
            )}
            <dt>average price</dt>
            <dd>
              1 {A} = {formatAmount(figures.averagePrice, 6)} {B} (fee included)
            </dd>
            <dt>spot price</dt>
            <dd>
              1 {A} = {formatAmount(q.spotPrice, 6)} {B}
            </dd>
            <dt>price impact</dt>
            <dd>{formatPercent(q.priceImpact)}</dd>
            <dt>minAmountOut</dt>
            <dd data-testid="quote-min">
              {formatAmount(minOut ?? 0n, 6)} {B}{" "}
              {mode === "buy" ? "(exactly the cards asked for)" : `(allows ${formatBps(slippage ?? 0n)} slippage)`}
            </dd>
          </dl>
        )}
        <p className="muted small">
          Whole cards build and count in your hand; a fraction of a card only trades (it is kept beside them).
        </p>
        <ActionButton
          disabled={!q || !figures || !checks.ok("swap")}
          title={why}
          call={swap ? callOf(swap) : undefined}
          onClick={() => act(swap!)}
        >
          {label}
        </ActionButton>
        {why !== undefined && <p className="why">{why}</p>}
      </form>
    </Panel>
  );
}
