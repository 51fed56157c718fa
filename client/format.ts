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
