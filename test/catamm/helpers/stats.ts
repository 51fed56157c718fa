/** Small statistics helpers for the CATAMM board tests. */

/** Pearson's chi-square statistic of observed counts against expected counts. */
export function chiSquare(observed: readonly number[], expected: readonly number[]): number {
  return observed.reduce((sum, o, i) => sum + (o - expected[i]) ** 2 / expected[i], 0);
}

/**
 * Upper critical values of the chi-square distribution at p = 0.001 (a statistic above it has less than a 0.1%
 * chance under the null hypothesis), from standard tables, for the degrees of freedom the tests use.
 */
export const CHI2_CRITICAL_P001: Readonly<Record<number, number>> = {
  9: 27.877,
  10: 29.588,
  18: 42.312,
  35: 66.619,
};
