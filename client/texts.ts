// The shape of the error sentences (client/*/errors.ts) and small helpers they share.
import { num } from "./format";

/** What a sentence may add when the caller knows it. */
export interface ErrorContext {
  /** The chain's latest block: "it is block 1,210". */
  block?: number;
  /** A Forking Hex board's side: cells read as "e7" instead of an index. */
  hexSize?: number;
}

/**
 * A sentence for one error: `a` holds the arguments as people read them (enum names, units, short addresses,
 * numbers with separators), `raw` the decoded values.
 */
export type ErrorText = (a: Record<string, string>, ctx: ErrorContext, raw: Record<string, unknown>) => string;
export type ErrorTexts = Record<string, ErrorText>;

/** "; it is block 1,210" when the block is known. */
export function itIs(ctx: ErrorContext): string {
  return ctx.block !== undefined ? `; it is block ${num(ctx.block)}` : "";
}

/** " (it is block 1,210)" when the block is known. */
export function atBlock(ctx: ErrorContext): string {
  return ctx.block !== undefined ? ` (it is block ${num(ctx.block)})` : "";
}
