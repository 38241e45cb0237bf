/**
 * How many generated cases a property test, fuzzer or seeded workload runs. `npm test` runs the
 * quick count; CI's PostgreSQL stage sets ZIVER_TEST_FULL_CASES=1 (.ci/run) and runs the full one,
 * so every count is reached on every CI run while the default run stays within its time
 * (docs/performance.md, `npm test`). The only place the variable is read.
 */
export const FULL_CASES = process.env.ZIVER_TEST_FULL_CASES === '1';

/** `quick` cases in the default run, `full` in CI's full run. */
export const generatedCases = (quick: number, full: number): number => (FULL_CASES ? full : quick);
