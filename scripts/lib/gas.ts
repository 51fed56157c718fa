import type { ContractTransactionResponse } from "ethers";
import { num } from "../../client/format";
import { gasBreakdown, traceRun, type GasBreakdown, type RunBreakdown } from "./gas-trace";

/** Transactions above this much gas are not traced (their traces take too much memory to be worth it). */
const TRACE_LIMIT = 3_000_000;

/**
 * With BENCH_TRACE=1, every transaction {gasOf} measures (up to {TRACE_LIMIT} gas) with its breakdown; the bench
 * empties it before each module and matches scenarios to it by their figure.
 */
export const traced: { gas: number; hash: string; breakdown: GasBreakdown }[] = [];

/** Gas used by a mined transaction, as a plain number (bench figures are JSON integers). */
export async function gasOf(tx: ContractTransactionResponse | Promise<ContractTransactionResponse>): Promise<number> {
  const receipt = await (await tx).wait();
  if (!receipt) throw new Error("transaction was not mined");
  const gas = Number(receipt.gasUsed);
  if (process.env.BENCH_TRACE === "1" && gas <= TRACE_LIMIT) {
    const hre = (await import("hardhat")).default;
    traced.push({ gas, hash: receipt.hash, breakdown: await gasBreakdown(hre.network.provider, receipt.hash) });
  }
  return gas;
}

/** With BENCH_TRACE=1, the whole runs traced transaction by transaction, by scenario (reports/gas-floor.json). */
export const tracedRuns: Record<string, RunBreakdown> = {};

/**
 * With BENCH_TRACE=1, traces every transaction of whole run `name` of `players` players (hashes with their kind) and
 * keeps the sums by kind in {tracedRuns}; throws unless the traces add up to `total`, the run's untraced figure.
 */
export async function traceWholeRun(
  name: string,
  txs: { hash: string; kind: string }[],
  total: number,
  players: number,
): Promise<void> {
  if (process.env.BENCH_TRACE !== "1") return;
  const hre = (await import("hardhat")).default;
  const run = { ...(await traceRun(hre.network.provider, txs)), players };
  if (run.total !== total) throw new Error(`${name}: the traces add up to ${run.total}, the run measured ${total}`);
  console.log(
    `  ${name}: ${run.transactions} transactions traced in ${run.seconds} s, ${num(run.total)} gas (= ${name}), ` +
      `${num(run.floor)} before any execution`,
  );
  tracedRuns[name] = run;
}

/** A scenario's goal as the issue states it; `max` makes the bench flag a figure above it. */
export interface Goal {
  text: string;
  max?: number;
}

/** One game's bench: scenarios measured on a fresh snapshot of the in-process network. */
export interface BenchModule {
  /** Shown as a section title. */
  title: string;
  /** Runs every scenario and returns name -> gas. */
  run(): Promise<Record<string, number>>;
  /** Goals per scenario (scenarios without one are "report"). */
  goals?: Record<string, Goal>;
  /** Relations between figures that must hold (e.g. linear growth); each returns an error text or null. */
  checks?: ((figures: Record<string, number>) => string | null)[];
}
