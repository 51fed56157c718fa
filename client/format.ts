// Plain formatting shared by the tasks, the demo and the web app: amounts, addresses, numbers. No terminal code here
// (headings and progress bars stay in scripts/lib/log.ts).

/** A fixed-point amount with `decimals` decimals as a decimal string with up to `digits` decimals, trailing zeros dropped. */
export function formatFixed(amount: bigint, decimals = 18, digits = 6): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const frac = (abs % unit).toString().padStart(decimals, "0").slice(0, digits).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${frac ? "." + frac : ""}`;
}

/** Formats a wei amount as ETH with up to 6 decimals: 10n ** 16n -> "0.01 ETH". */
export function eth(wei: bigint): string {
  return `${formatFixed(wei, 18, 6)} ETH`;
}

/** Shortens an address for tables: 0x1234…abcd. */
export function short(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** An integer with thousands separators: 1204n -> "1,204". */
export function num(value: bigint | number): string {
  return typeof value === "bigint" ? value.toLocaleString("en-US") : Math.trunc(value).toLocaleString("en-US");
}

/** Basis points as a percentage: 250 -> "2.5%". */
export function bps(value: bigint | number): string {
  return `${Number(value) / 100}%`;
}

/** A count and its noun, singular for exactly one: plural(1, "point") → "1 point", plural(2, "card") → "2 cards". */
export function plural(count: bigint | number, word: string, many = `${word}s`): string {
  return `${typeof count === "bigint" ? count.toLocaleString("en-US") : count.toLocaleString("en-US")} ${
    Number(count) === 1 ? word : many
  }`;
}

/**
 * A randomness request id as a short label (the full id goes in a tooltip): ids of the block-hash sources
 * (`sequence << 64 | target block`) as "#2 (block 104)", small ids (a VRF coordinator's counter) as "#7", and
 * anything larger as its hex head and tail, "0x1a2b…9f3e".
 */
export function requestLabel(id: bigint): string {
  if (id < 1n << 64n) return `#${id}`;
  if (id < 1n << 128n) return `#${id >> 64n} (block ${(id & ((1n << 64n) - 1n)).toLocaleString("en-US")})`;
  const hex = id.toString(16);
  return `0x${hex.slice(0, 4)}…${hex.slice(-4)}`;
}
