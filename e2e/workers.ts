/**
 * How many browser test files run at once, each worker with its own built server and Chromium.
 * The files mostly wait (mining cycles, Telegram stand-ins, page loads): two workers kept under
 * half of two cores busy, so a third fills the waits (docs/performance.md, "Browser tests").
 * E2E_WORKERS=1 runs one at a time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 3);
