import hre from "hardhat";

/**
 * True under `npm run coverage`: contracts are instrumented and unoptimised, every step is traced, and long
 * simulations that prove behaviour (not reach code) would take tens of minutes and gigabytes. Such tests either
 * scale down with {scaled} or carry the `[no-coverage]` tag, which .solcover.js skips.
 */
export const UNDER_COVERAGE =
  (hre as unknown as { __SOLIDITY_COVERAGE_RUNNING?: boolean }).__SOLIDITY_COVERAGE_RUNNING === true;

/** `normal` in a normal run, `underCoverage` under `npm run coverage`. */
export function scaled(normal: number, underCoverage: number): number {
  return UNDER_COVERAGE ? underCoverage : normal;
}
