import type { ContractTransactionResponse } from "ethers";

/** Gas used by a mined transaction, as a plain number (bench figures are JSON integers). */
export async function gasOf(tx: ContractTransactionResponse | Promise<ContractTransactionResponse>): Promise<number> {
  const receipt = await (await tx).wait();
  if (!receipt) throw new Error("transaction was not mined");
  return Number(receipt.gasUsed);
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
