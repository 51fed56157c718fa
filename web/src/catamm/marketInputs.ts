// The markets' form inputs read as the contract's numbers.
import { parseAmount } from "../../../client/catamm/market";

/** Slippage in percent ("0.5") to basis points; null when not a number from 0 to 100. */
export function slippageBps(text: string): bigint | null {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > 100) return null;
  return BigInt(Math.round(n * 100));
}

/** An amount in cards ("1.5") to 18 decimals, or null. */
export function amountOf(text: string): bigint | null {
  try {
    return parseAmount(text);
  } catch {
    return null;
  }
}
