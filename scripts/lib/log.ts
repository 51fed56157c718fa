/** Terminal helpers shared by the demo, the CLI tasks and the simulations (plain formatting lives in client/format). */

export function heading(text: string): void {
  console.log(`\n=== ${text} ${"=".repeat(Math.max(0, 72 - text.length))}`);
}

export function step(text: string): void {
  console.log(`  • ${text}`);
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
