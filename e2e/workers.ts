/**
 * How many browser test files run at once, each worker with its own built server and Chromium:
 * the files mostly wait (mining cycles, Telegram stand-ins, page loads), so two share two cores
 * and halve the stage (docs/performance.md, "Browser tests"). One by one is the default until the
 * two files that failed only with two workers are understood; E2E_WORKERS=2 runs two at once.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);
