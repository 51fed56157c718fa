// Where a transaction's gas goes: its trace (debug_traceTransaction, opcode by opcode) summed into the categories the
// docs' "Where the gas goes" sections use. `BENCH_TRACE=1 npm run bench` records one for every single-transaction
// scenario (reports/gas-breakdown.json).
import type { EthereumProvider } from "hardhat/types";

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

function emptyBreakdown(): GasBreakdown {
  const t = (): Tally => ({ count: 0, gas: 0 });
  return {
    total: 0,
    base: 21_000,
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
  const n = (x: number) => x.toLocaleString("en-US");
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
    .map(([label, gas]) => `${label} ${n(gas)}`);
  if (b.refund !== 0) shown.push(`refund −${n(b.refund)}`);
  return shown.join("; ");
}
