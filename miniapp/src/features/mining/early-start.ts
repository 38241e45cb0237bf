// What the early start (build/early.js) asks for the signed-in mining screen before the app
// runs: the GETs the screen makes first, as contract ids and args. build/route-preload.ts turns
// them into URLs from the contract at build time; src/lib/early-requests.test.ts checks the
// screen's own calls take those answers. No imports: the build reads this file too.

/** How many entries the recent activity shows. */
export const RECENT_ACTIVITY_LIMIT = 5;

/** The mining screen's first GETs: contract id and query. */
export const MINING_SCREEN_REQUESTS = [
  { id: 'miningStatus', query: {} },
  { id: 'recentTransactions', query: { limit: RECENT_ACTIVITY_LIMIT } },
] as const;
