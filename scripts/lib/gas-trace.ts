// Where a transaction's gas goes: its trace (debug_traceTransaction, opcode by opcode) summed into the categories the
// docs' "Where the gas goes" sections use. `BENCH_TRACE=1 npm run bench` records one for every single-transaction
// scenario (reports/gas-breakdown.json), and traces every transaction of the whole runs (the 200-player tournament, the
// CATAMM bot game) into a breakdown per kind of transaction and its floor (reports/gas-floor.json).
import type { EthereumProvider } from "hardhat/types";
import { num } from "../../client/format";

/** Count and gas of one kind of operation. */
export interface Tally {
  count: number;
  gas: number;
}

/** A transaction's gas by kind; the parts add up to `total` (the receipt's gasUsed). */
export interface GasBreakdown {
  total: number;
  /** The 21,000 every transaction pays. */
  base: number;
  /** Calldata: 4 gas per zero byte, 16 per other byte. */
  calldata: number;
  /** SSTORE of a slot that was zero when the transaction began (20,000, +2,100 if cold). */
  newSlots: Tally;
  /** SSTORE that changes a slot that was non-zero when the transaction began (2,900, +2,100 if cold). */
  slotUpdates: Tally;
  /** Other SSTOREs: a slot already written in this transaction, or rewritten with its value (100, +2,100 if cold). */
  slotRewrites: Tally;
  /** SLOAD of a slot not yet touched in the transaction (2,100). */
  coldReads: Tally;
  /** SLOAD of a slot already touched (100). */
  warmReads: Tally;
  /** TLOAD and TSTORE (the reentrancy guards). */
  transient: Tally;
  /** LOG0..LOG4 (375 + 375 per topic + 8 per data byte). */
  logs: Tally;
  /** The calls' own cost (cold account 2,600, value 9,000, new account 25,000), without what the callee runs. */
  calls: Tally;
  /** BALANCE, EXTCODESIZE, EXTCODEHASH, EXTCODECOPY (cold account 2,600). */
  accounts: Tally;
  /** KECCAK256 (mapping keys, hashes). */
  keccak: Tally;
  /** Everything else the code runs: arithmetic, memory, jumps, stack. */
  execution: number;
  /** What refunds gave back (a slot set back to zero or to its value at the start). */
  refund: number;
}

interface StructLog {
  depth: number;
  gas: number;
  gasCost: number;
  op: string;
}

const CALLS = new Set(["CALL", "CALLCODE", "DELEGATECALL", "STATICCALL", "CREATE", "CREATE2"]);
const ACCOUNTS = new Set(["BALANCE", "EXTCODESIZE", "EXTCODEHASH", "EXTCODECOPY"]);

function emptyBreakdown(base = 21_000): GasBreakdown {
  const t = (): Tally => ({ count: 0, gas: 0 });
  return {
    total: 0,
    base,
    calldata: 0,
    newSlots: t(),
    slotUpdates: t(),
    slotRewrites: t(),
    coldReads: t(),
    warmReads: t(),
    transient: t(),
    logs: t(),
    calls: t(),
    accounts: t(),
    keccak: t(),
    execution: 0,
    refund: 0,
  };
}

/** The calldata cost of `data` (a 0x-prefixed hex string). */
export function calldataGas(data: string): number {
  let gas = 0;
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === "00" ? 4 : 16;
  return gas;
}

function add(tally: Tally, gas: number): void {
  tally.count++;
  tally.gas += gas;
}

/** Sums a trace's opcodes into a breakdown (exported for tests of the summing itself). */
export function summarise(logs: StructLog[], gasUsed: number, data: string): GasBreakdown {
  const b = emptyBreakdown();
  b.total = gasUsed;
  b.calldata = calldataGas(data);
  // Open calls: the gas left before the call op, and the gas their callee's operations used.
  const frames: { before: number; inside: number }[] = [];
  let outside = 0; // gas of the top-level frame's operations (calls counted with their callee)
  const spend = (gas: number) => {
    if (frames.length > 0) frames[frames.length - 1].inside += gas;
    else outside += gas;
  };
  for (let i = 0; i < logs.length; i++) {
    const s = logs[i];
    const next = logs[i + 1];
    if (next && next.depth > s.depth) {
      frames.push({ before: s.gas, inside: 0 });
      continue;
    }
    // An operation that did not enter a call (a call to an account without code, or a precompile, included).
    const own = next && next.depth === s.depth ? s.gas - next.gas : s.gasCost;
    classify(b, s.op, own);
    spend(own);
    if (next && next.depth < s.depth) {
      // The callee returned: what the call op cost beyond its callee's operations is the call's own cost.
      const frame = frames.pop()!;
      const inclusive = frame.before - next.gas;
      add(b.calls, inclusive - frame.inside);
      spend(inclusive);
    }
  }
  b.refund = b.base + b.calldata + outside - gasUsed;
  const counted =
    b.newSlots.gas +
    b.slotUpdates.gas +
    b.slotRewrites.gas +
    b.coldReads.gas +
    b.warmReads.gas +
    b.transient.gas +
    b.logs.gas +
    b.calls.gas +
    b.accounts.gas +
    b.keccak.gas;
  b.execution = outside - counted;
  return b;
}

function classify(b: GasBreakdown, op: string, gas: number): void {
  if (op === "SSTORE") add(gas >= 20_000 ? b.newSlots : gas >= 2_900 ? b.slotUpdates : b.slotRewrites, gas);
  else if (op === "SLOAD") add(gas >= 2_100 ? b.coldReads : b.warmReads, gas);
  else if (op === "TLOAD" || op === "TSTORE") add(b.transient, gas);
  else if (op.startsWith("LOG")) add(b.logs, gas);
  else if (CALLS.has(op)) add(b.calls, gas);
  else if (ACCOUNTS.has(op)) add(b.accounts, gas);
  else if (op === "KECCAK256" || op === "SHA3") add(b.keccak, gas);
}

/** The breakdown of mined transaction `hash`, from the node's trace. */
export async function gasBreakdown(provider: EthereumProvider, hash: string): Promise<GasBreakdown> {
  const receipt = (await provider.send("eth_getTransactionReceipt", [hash])) as { gasUsed: string };
  const tx = (await provider.send("eth_getTransactionByHash", [hash])) as { input: string };
  const trace = (await provider.send("debug_traceTransaction", [
    hash,
    { disableStack: true, disableMemory: true, disableStorage: true },
  ])) as { structLogs: StructLog[] };
  return summarise(trace.structLogs, Number(receipt.gasUsed), tx.input);
}

/** One line per kind that cost anything, largest first: "2 new slots 44,200; ...". */
export function describeBreakdown(b: GasBreakdown): string {
  const parts: [string, number][] = [
    ["base", b.base],
    ["calldata", b.calldata],
    [`${b.newSlots.count} new slots`, b.newSlots.gas],
    [`${b.slotUpdates.count} slot updates`, b.slotUpdates.gas],
    [`${b.slotRewrites.count} slot rewrites`, b.slotRewrites.gas],
    [`${b.coldReads.count} cold reads`, b.coldReads.gas],
    [`${b.warmReads.count} warm reads`, b.warmReads.gas],
    [`${b.transient.count} transient`, b.transient.gas],
    [`${b.logs.count} logs`, b.logs.gas],
    [`${b.calls.count} calls`, b.calls.gas],
    [`${b.accounts.count} account reads`, b.accounts.gas],
    [`${b.keccak.count} keccak`, b.keccak.gas],
    ["execution", b.execution],
  ];
  const shown = parts
    .filter(([, gas]) => gas !== 0)
    .sort((x, y) => y[1] - x[1])
    .map(([label, gas]) => `${label} ${num(gas)}`);
  if (b.refund !== 0) shown.push(`refund −${num(b.refund)}`);
  return shown.join("; ");
}

/** The tallies of a breakdown, by field name. */
const TALLIES = [
  "newSlots",
  "slotUpdates",
  "slotRewrites",
  "coldReads",
  "warmReads",
  "transient",
  "logs",
  "calls",
  "accounts",
  "keccak",
] as const;

/** Adds `b` into `sum` (a breakdown of several transactions: its base is 21,000 times their count). */
export function addBreakdown(sum: GasBreakdown, b: GasBreakdown): void {
  for (const k of ["total", "base", "calldata", "execution", "refund"] as const) sum[k] += b[k];
  for (const k of TALLIES) {
    sum[k].count += b[k].count;
    sum[k].gas += b[k].gas;
  }
}

/**
 * What a breakdown pays before any instruction runs: the base, calldata, cold reads, new words, updates, logs, calls
 * and code checks, less refunds. The rest (execution, warm reads, rewrites of words written in the transaction,
 * transient storage, keccak) is what the code's own work costs.
 */
export function floorOf(b: GasBreakdown): number {
  return (
    b.base +
    b.calldata +
    b.coldReads.gas +
    b.newSlots.gas +
    b.slotUpdates.gas +
    b.logs.gas +
    b.calls.gas +
    b.accounts.gas -
    b.refund
  );
}

/** A whole run's transactions of one kind: how many, and their summed breakdown. */
export interface KindBreakdown {
  transactions: number;
  floor: number;
  breakdown: GasBreakdown;
}

/** A whole run traced: per kind, and in all. */
export interface RunBreakdown {
  transactions: number;
  total: number;
  floor: number;
  /** Wall-clock seconds the tracing took. */
  seconds: number;
  /** The run's players, for its figures per player (none: 0). */
  players?: number;
  kinds: Record<string, KindBreakdown>;
}

/** Sums the breakdowns of a run's transactions by kind (largest kind first). */
export function sumByKind(txs: { kind: string; breakdown: GasBreakdown }[]): Omit<RunBreakdown, "seconds"> {
  const kinds: Record<string, KindBreakdown> = {};
  for (const { kind, breakdown } of txs) {
    kinds[kind] ??= { transactions: 0, floor: 0, breakdown: emptyBreakdown(0) };
    kinds[kind].transactions++;
    addBreakdown(kinds[kind].breakdown, breakdown);
  }
  for (const k of Object.values(kinds)) k.floor = floorOf(k.breakdown);
  const sorted = Object.entries(kinds).sort((a, b) => b[1].breakdown.total - a[1].breakdown.total);
  return {
    transactions: txs.length,
    total: sorted.reduce((a, [, k]) => a + k.breakdown.total, 0),
    floor: sorted.reduce((a, [, k]) => a + k.floor, 0),
    kinds: Object.fromEntries(sorted),
  };
}

/** Traces every transaction of a run (hashes with their kind) and sums them by kind. */
export async function traceRun(
  provider: EthereumProvider,
  txs: { hash: string; kind: string }[],
): Promise<RunBreakdown> {
  const started = Date.now();
  const traced: { kind: string; breakdown: GasBreakdown }[] = [];
  for (const { hash, kind } of txs) traced.push({ kind, breakdown: await gasBreakdown(provider, hash) });
  return { ...sumByKind(traced), seconds: Math.round((Date.now() - started) / 100) / 10 };
}

/** Markdown rows: a header, its alignment row, then one row per line of cells. */
function markdown(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(" | ")} |`,
    `| --- | ${header
      .slice(1)
      .map(() => "---:")
      .join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ];
}

/** A run's kinds and the whole run ("all") as [kind, count, floor, breakdown]. */
function runRows(run: RunBreakdown): [string, number, number, GasBreakdown][] {
  const all = emptyBreakdown(0);
  for (const k of Object.values(run.kinds)) addBreakdown(all, k.breakdown);
  return [
    ...Object.entries(run.kinds).map(([kind, k]): [string, number, number, GasBreakdown] => [
      kind,
      k.transactions,
      k.floor,
      k.breakdown,
    ]),
    ["**all**", run.transactions, run.floor, all],
  ];
}

/**
 * A run's breakdown as two Markdown tables, one row per kind and one for the whole run: count, gas, floor (before
 * any execution) and what is above it; then the categories, in millions.
 */
export function runTables(run: RunBreakdown): string[] {
  const m = (x: number) => (x / 1e6).toFixed(2);
  const rows = runRows(run);
  return [
    ...markdown(
      ["kind", "n", "gas", "floor", "above floor", "each", "floor each", "above floor each"],
      rows.map(([kind, count, floor, b]) => [
        kind,
        num(count),
        num(b.total),
        num(floor),
        num(b.total - floor),
        num(Math.round(b.total / count)),
        num(Math.round(floor / count)),
        num(Math.round((b.total - floor) / count)),
      ]),
    ),
    "",
    ...markdown(
      [
        "kind (M gas)",
        "base",
        "calldata",
        "cold reads",
        "new words",
        "updates",
        "logs",
        "calls, code",
        "refund",
        "execution",
        "warm reads",
        "rewrites, keccak, transient",
      ],
      rows.map(([kind, , , b]) => [
        kind,
        m(b.base),
        m(b.calldata),
        m(b.coldReads.gas),
        m(b.newSlots.gas),
        m(b.slotUpdates.gas),
        m(b.logs.gas),
        m(b.calls.gas + b.accounts.gas),
        b.refund === 0 ? "" : "−" + m(b.refund),
        m(b.execution),
        m(b.warmReads.gas),
        m(b.slotRewrites.gas + b.keccak.gas + b.transient.gas),
      ]),
    ),
  ];
}
