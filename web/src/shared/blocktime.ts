// Time that means time: every window of the games is counted in blocks, and people think in minutes. Forms take
// minutes and send blocks (converted at the chain's block time), countdowns show time with the blocks beside them.
// The block time is the class stack's (`blockTime` of /stack.json: it mines a block every N seconds), or, on a public
// chain, measured from recent blocks; a development node that mines a block per transaction has none (its windows
// last as long as the players' activity), so there forms and countdowns stay in blocks. Pure: no DOM, no React.
import { formatDuration } from "./countdown";

/** Counts as "1,234": one formatter (a number's toLocaleString makes one per call, the console's 100 rooms a block). */
const COUNT = new Intl.NumberFormat("en-US");

/** Chain ids of development nodes (31337 Hardhat and anvil, 1337 ganache). */
const DEV_CHAINS = [31337, 1337];

/**
 * Seconds per block for forms and countdowns, or null when blocks are not time (a development node mining a block
 * per transaction): the stack's block time on its own chain, else the measured one on any other chain.
 */
export function chainBlockTime(
  chainId: number | null,
  stack: { chainId: number; blockTime: number | null } | null,
  measured: number,
): number | null {
  if (chainId === null) return null;
  if (stack && stack.chainId === chainId && stack.blockTime) return stack.blockTime;
  if (DEV_CHAINS.includes(chainId)) return null;
  return measured > 0 ? measured : null;
}

/** The blocks that last `minutes` at `secondsPerBlock` (rounded up: a window never ends early; at least 1). */
export function minutesToBlocks(minutes: number, secondsPerBlock: number): number {
  if (!(secondsPerBlock > 0) || !Number.isFinite(minutes) || minutes <= 0) return 0;
  // Rounded to the millisecond first, so 0.1 min at 0.2 s is 30 blocks, not 31 from a float's tail.
  const ms = Math.round(minutes * 60_000);
  return Math.max(1, Math.ceil(ms / Math.round(secondsPerBlock * 1000)));
}

/** How many minutes `blocks` last at `secondsPerBlock`, to two decimals (the form shows what the blocks mean). */
export function blocksToMinutes(blocks: number, secondsPerBlock: number): number {
  return Math.round(((blocks * secondsPerBlock) / 60) * 100) / 100;
}

/** A typed number of minutes ("2", "1.5", "0,5"), or null when it is not one (negative, empty, letters). */
export function parseMinutes(text: string): number | null {
  const t = text.trim().replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,4})?$|^\.\d{1,4}$/.test(t)) return null;
  return Number(t);
}

/** "120 blocks", "1 block". */
export function blocksText(n: number): string {
  return `${COUNT.format(n)} block${n === 1 ? "" : "s"}`;
}

/**
 * What a minutes field will send: "= 120 blocks at 1 s a block" (`blocks`: what the form holds, when it was not
 * typed as these minutes: a default shown rounded), or why it sends nothing.
 */
export function minutesHint(minutes: number | null, secondsPerBlock: number, sent?: number): string {
  if (minutes === null) return "minutes, e.g. 2 or 0.5";
  const blocks = sent ?? minutesToBlocks(minutes, secondsPerBlock);
  const rate = secondsPerBlock === 1 ? "1 s" : `${Number(secondsPerBlock.toFixed(2))} s`;
  return `= ${blocksText(blocks)} at ${rate} a block`;
}

/** A countdown as people read it: the time first, the blocks beside it (for a tooltip or small print). */
export interface TimeLeft {
  /** "2 min 10 s left", "last block (~1 s)", "passed 40 s ago"; in blocks when the chain has no block time. */
  text: string;
  /** "130 blocks left", "passed 3 blocks ago". */
  blocks: string;
  /** Blocks that can still include a transaction (negative once passed). */
  left: number;
}

/**
 * The countdown to `deadline` (the last block in which something is accepted) at block `block`. The next block to be
 * mined is `block + 1`, so `deadline - block` blocks can still include a transaction; at `secondsPerBlock` (null: a
 * block per transaction, no time) they last that long.
 */
export function timeLeft(deadline: number, block: number, secondsPerBlock: number | null): TimeLeft {
  const left = deadline - block;
  const blocks =
    left < 0
      ? `passed ${blocksText(-left)} ago`
      : left === 0
        ? "passed (this was the last block)"
        : left === 1
          ? "last block"
          : `${blocksText(left)} left`;
  if (secondsPerBlock === null) return { text: blocks, blocks, left };
  const text =
    left < 0
      ? `passed ${formatDuration(-left * secondsPerBlock)} ago`
      : left === 0
        ? "passed (this was the last block)"
        : left === 1
          ? `last block (~${formatDuration(secondsPerBlock)})`
          : `${formatDuration(left * secondsPerBlock)} left`;
  return { text, blocks, left };
}

/**
 * {@link timeLeft} in steps a glance needs, for lists of many deadlines (the console's 100 rooms): exact in the last
 * five seconds (blocks, without a block time), above that rounded up to 5 s (5 blocks) up to a minute and to 15 s
 * (15 blocks) beyond, so most rows keep their text for several blocks and are not drawn again each block; a passed
 * window says so without counting. `blocks` is the deadline's block, which does not change with the block.
 */
export function roughTimeLeft(deadline: number, block: number, secondsPerBlock: number | null): TimeLeft {
  const left = deadline - block;
  const blocks = `the window's last block is ${COUNT.format(deadline)}`;
  if (left <= 1) {
    const text = left < 0 ? "passed" : timeLeft(deadline, block, secondsPerBlock).text;
    return { text, blocks, left };
  }
  const unit = secondsPerBlock ?? 1;
  const exact = left * unit;
  const step = exact <= 5 ? 1 : exact <= 60 ? 5 : 15;
  const rough = Math.ceil(exact / step) * step;
  const text =
    secondsPerBlock === null
      ? `${step > 1 ? "under " : ""}${blocksText(rough)} left`
      : `${step > 1 ? "under " : ""}${formatDuration(rough)} left`;
  return { text, blocks, left };
}

/** A window's length as people read it: "2 min (120 blocks)" at a block time, "120 blocks" without one. */
export function windowWords(blocks: number, secondsPerBlock: number | null): string {
  if (secondsPerBlock === null) return blocksText(blocks);
  return `${formatDuration(blocks * secondsPerBlock)} (${blocksText(blocks)})`;
}
