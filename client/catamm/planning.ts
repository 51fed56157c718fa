// Planning helpers for the CATAMM bots: the swaps that pay a cost, simulated with the
// markets' exact math (./market.ts).
import { ONE_CARD, getAmountIn, getAmountOut, poolOf, type PoolView } from "./market";

/** One planned swap: `amountIn` of `from` for at least `minOut` of `to`. */
export interface PlannedSwap {
  from: number;
  to: number;
  amountIn: bigint;
  minOut: bigint;
}

/** Fees of the game: without the pool's port and with it (basis points). */
export interface Fees {
  feeBps: bigint;
  portFeeBps: bigint;
}

/**
 * The swaps that let `balances` pay `cost` (whole cards per resource), simulated on copies of the pools with the
 * markets' exact math: each missing amount is bought from the resources held beyond the cost, largest surplus
 * first, through active pools only. Returns null if the surplus cannot cover it. Amounts are exact: the chain will
 * pay each swap's `minOut` or more, as long as nobody trades in between (only the player whose turn it is trades).
 */
export function planTrades(
  balances: readonly bigint[],
  cost: readonly number[],
  pools: readonly PoolView[],
  portsOwned: bigint,
  fees: Fees,
): PlannedSwap[] | null {
  const bal = [...balances];
  const need = cost.map((c) => BigInt(c) * ONE_CARD);
  const reserves = pools.map((p) => [p.reserve0, p.reserve1]);
  const swaps: PlannedSwap[] = [];
  const missingOrder = [0, 1, 2, 3, 4]
    .filter((r) => bal[r] < need[r])
    .sort((a, b) => Number(need[b] - bal[b] - (need[a] - bal[a])));
  for (const r of missingOrder) {
    let missing = need[r] - bal[r];
    const sources = [0, 1, 2, 3, 4]
      .filter((s) => s !== r && bal[s] > need[s] && pools[poolOf(s, r).pool].active)
      .sort((a, b) => Number(bal[b] - need[b] - (bal[a] - need[a])) || a - b);
    for (const s of sources) {
      if (missing === 0n) break;
      const { pool, aIsSide0 } = poolOf(s, r);
      const fee = (portsOwned >> BigInt(pools[pool].port)) & 1n ? fees.portFeeBps : fees.feeBps;
      const [rIn, rOut] = aIsSide0 ? reserves[pool] : [reserves[pool][1], reserves[pool][0]];
      const surplus = bal[s] - need[s];
      let amountIn: bigint;
      let out: bigint;
      if (missing < rOut && getAmountIn(missing, rIn, rOut, fee) <= surplus) {
        amountIn = getAmountIn(missing, rIn, rOut, fee);
        out = getAmountOut(amountIn, rIn, rOut, fee).amountOut;
      } else {
        if (surplus < ONE_CARD / 20n) continue; // dust is not worth a transaction
        amountIn = surplus;
        out = getAmountOut(amountIn, rIn, rOut, fee).amountOut;
        if (out === 0n) continue;
      }
      const netIn = amountIn - (amountIn * fee + 9999n) / 10000n;
      reserves[pool] = aIsSide0 ? [rIn + netIn, rOut - out] : [rOut - out, rIn + netIn];
      bal[s] -= amountIn;
      bal[r] += out;
      missing = out >= missing ? 0n : missing - out;
      swaps.push({ from: s, to: r, amountIn, minOut: out });
    }
    if (missing > 0n) return null;
  }
  return swaps;
}
