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

/**
 * `TEST_FULL=1` (`npm run test:full`): the long versions of the random simulations. `npm test` runs a small version of
 * each (enough to exercise every case, on a fresh random seed each run); the full counts are for a quiet machine, a
 * nightly job, or after changing a contract the simulation covers.
 */
export const FULL = /^(1|true)$/i.test(process.env.TEST_FULL ?? "");

/** Random runs: `quick` in `npm test`, `full` under TEST_FULL=1, `underCoverage` under `npm run coverage`. */
export function runs(quick: number, full: number, underCoverage = quick): number {
  return UNDER_COVERAGE ? underCoverage : FULL ? full : quick;
}
