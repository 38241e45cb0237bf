/**
 * How many browser test files run at once, each worker with its own built server and Chromium:
 * the files mostly wait (mining cycles, Telegram stand-ins, page loads), so two share two cores
 * and halve the stage (docs/performance.md, "Browser tests"). E2E_WORKERS=1 runs one at a time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
