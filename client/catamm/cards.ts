// Whole cards and fractions. Balances have 18 decimals so that pools can price fractions, but only whole cards build,
// buy development cards and count in the hand (floor(balance / 1e18)); a fraction only trades. These helpers say what
// a balance, or the result of a swap, is good for, in the words the web app and the tasks show.
import { COSTS, type Build } from "./game";
import { ONE_CARD, RESOURCE_NAMES, getAmountIn, getAmountOut } from "./market";

export const BUILD_NAMES: Record<Build, string> = {
  road: "a road",
  settlement: "a settlement",
  city: "a city",
  devCard: "a development card",
};

/** A balance as its whole cards and the fraction beside them: 1.25 cards → { whole: 1n, fraction: 0.25e18 }. */
export function splitCards(balance: bigint): { whole: bigint; fraction: bigint } {
  return { whole: balance / ONE_CARD, fraction: balance % ONE_CARD };
}

/** A fraction of a card with up to `digits` decimals, rounded down (never shows a whole card that is not there):
 *  0.996e18 → "0.99"; 0 → "0". */
export function fractionText(fraction: bigint, digits = 2): string {
  const scaled = (fraction * 10n ** BigInt(digits)) / ONE_CARD;
  const text = scaled.toString().padStart(digits, "0").replace(/0+$/, "");
  return text ? `0.${text}` : "0";
}

/** An amount of cards rounded up to `digits` decimals (what it takes: never less than needed): 1.121e18 → "1.13". */
export function amountUpText(amount: bigint, digits = 2): string {
  const unit = ONE_CARD / 10n ** BigInt(digits);
  const up = ((amount + unit - 1n) / unit) * unit;
  const { whole, fraction } = splitCards(up);
  const f = fractionText(fraction, digits);
  return f === "0" ? whole.toString() : `${whole}${f.slice(1)}`;
}

/** The builds whose whole-card cost `balances` covers, in COSTS order. */
export function affordable(balances: readonly bigint[]): Build[] {
  return (Object.keys(COSTS) as Build[]).filter((b) => COSTS[b].every((n, r) => balances[r] / ONE_CARD >= BigInt(n)));
}

/** The whole cards `balances` lacks for `build`, per resource. */
export function shortFor(balances: readonly bigint[], build: Build): number[] {
  return COSTS[build].map((n, r) => Math.max(0, n - Number(balances[r] / ONE_CARD)));
}

/** A pool side pair as a swap sees it: reserves in and out, and the fee the player pays there (basis points). */
export interface SwapSide {
  reserveIn: bigint;
  reserveOut: bigint;
  feeBps: bigint;
}

export interface SwapOutcome {
  /** The balances after the swap. */
  after: bigint[];
  /** Whole cards of the bought resource before and after, and the fraction left beside them after. */
  wholeBefore: bigint;
  wholeAfter: bigint;
  fractionAfter: bigint;
  /** Builds the swap makes affordable (not affordable before it). */
  gained: Build[];
  /** Builds that use the bought resource and are still out of reach after the swap. */
  stillShort: Build[];
  /**
   * The input that would bring the bought resource to its next whole card after this swap's own whole cards (for a
   * swap that leaves a fraction), with the output it buys; null when the pool cannot deliver it.
   */
  nextWhole: { amountIn: bigint; amountOut: bigint; cards: bigint } | null;
}

/**
 * What a swap of `amountIn` of `from` for `amountOut` of `to` leaves the player with: whole cards and the fraction of
 * what it buys, the builds it makes affordable, and how much input would reach the next whole card instead.
 */
export function swapOutcome(
  balances: readonly bigint[],
  from: number,
  to: number,
  amountIn: bigint,
  amountOut: bigint,
  side: SwapSide,
): SwapOutcome {
  const after = [...balances];
  after[from] -= amountIn;
  after[to] += amountOut;
  const before = affordable(balances);
  const now = affordable(after);
  const wholeBefore = balances[to] / ONE_CARD;
  const { whole: wholeAfter, fraction: fractionAfter } = splitCards(after[to]);
  let nextWhole: SwapOutcome["nextWhole"] = null;
  if (fractionAfter > 0n) {
    const cards = wholeAfter + 1n;
    const want = cards * ONE_CARD - balances[to];
    if (want < side.reserveOut) {
      const need = getAmountIn(want, side.reserveIn, side.reserveOut, side.feeBps);
      nextWhole = {
        amountIn: need,
        amountOut: getAmountOut(need, side.reserveIn, side.reserveOut, side.feeBps).amountOut,
        cards,
      };
    }
  }
  return {
    after,
    wholeBefore,
    wholeAfter,
    fractionAfter,
    gained: now.filter((b) => !before.includes(b)),
    stillShort: (Object.keys(COSTS) as Build[]).filter((b) => COSTS[b][to] > 0 && !now.includes(b)),
    nextWhole,
  };
}

/** Names a list: ["a road", "a city"] → "a road or a city" (`joiner` "and" for all of them). */
function list(items: string[], joiner = "or"): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${joiner} ${items[items.length - 1]}`;
}

/**
 * The swap's result in words, for the quote: "0.89 Brick: not enough for a road; 1.13 Wood would get you 1 Brick".
 * Whole cards build; the fraction left beside them only trades.
 */
export function swapOutcomeText(o: SwapOutcome, from: number, to: number, amountOut: bigint): string {
  const A = RESOURCE_NAMES[from];
  const B = RESOURCE_NAMES[to];
  const got = `${fractionOrCards(amountOut)} ${B}`;
  const parts: string[] = [];
  if (o.wholeAfter > o.wholeBefore) {
    const n = o.wholeAfter - o.wholeBefore;
    parts.push(`${got}: ${n} more whole ${n === 1n ? "card" : "cards"} of ${B} (you will hold ${o.wholeAfter})`);
  } else {
    parts.push(
      `${got}: no new whole card of ${B} (you will hold ${o.wholeAfter} whole + ${fractionText(o.fractionAfter)})`,
    );
  }
  if (o.gained.length > 0) parts.push(`enough for ${list(o.gained.map((b) => BUILD_NAMES[b]))}`);
  else if (o.stillShort.length > 0) parts.push(`not enough for ${list(o.stillShort.map((b) => BUILD_NAMES[b]))}`);
  if (o.nextWhole) {
    const verb = o.nextWhole.amountOut >= o.nextWhole.cards * ONE_CARD ? "get you" : "bring you to";
    parts.push(`${amountUpText(o.nextWhole.amountIn)} ${A} would ${verb} ${o.nextWhole.cards} ${B}`);
  }
  return parts.join("; ");
}

/** An amount of cards as shown in sentences: up to 2 decimals, rounded down ("0.89", "1", "2.5"). */
export function fractionOrCards(amount: bigint): string {
  const { whole, fraction } = splitCards(amount);
  const f = fractionText(fraction);
  return f === "0" ? whole.toString() : `${whole}${f.slice(1)}`;
}
