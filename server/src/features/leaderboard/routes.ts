import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { getLeaderboard } from './get-leaderboard.js';

/** GET /api/leaderboard: the boards, read for the signed-in user (docs/decisions.md "Leaderboards"). */
export function leaderboardRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return {
    leaderboards: { handle: ({ auth, query }) => getLeaderboard(db, { userId: auth.userId, query }) },
  } satisfies Partial<ApiHandlers>;
}
