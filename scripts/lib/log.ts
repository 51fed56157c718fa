/** Small console helpers shared by the demo, the CLI tasks and the simulations. */

export function heading(text: string): void {
  console.log(`\n=== ${text} ${"=".repeat(Math.max(0, 72 - text.length))}`);
}

export function step(text: string): void {
  console.log(`  • ${text}`);
}

/** Formats a wei amount as ETH with up to 6 decimals. */
export function eth(wei: bigint): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const whole = abs / 10n ** 18n;
  const frac = (abs % 10n ** 18n).toString().padStart(18, "0").slice(0, 6).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${frac ? "." + frac : ""} ETH`;
}

/** Shortens an address for tables: 0x1234…abcd. */
export function short(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** A one-line progress bar written in place (no newline until done). */
export function progress(label: string, done: number, total: number): void {
  if (!process.stdout.isTTY && done !== total && done % Math.max(1, Math.floor(total / 10)) !== 0) return;
  const width = 30;
  const filled = Math.round((done / Math.max(1, total)) * width);
  const bar = "#".repeat(filled) + "-".repeat(width - filled);
  const line = `  ${label} [${bar}] ${done}/${total}`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}${done === total ? "\n" : ""}`);
  else console.log(line);
}
