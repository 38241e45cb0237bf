import { AppError, keyedMessage, type MiningClaimResponse } from '@ziver/shared';
import { readSession } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import type { HotRoute } from '../../platform/hot-routes.js';
import { presentUser } from '../users/present-user.js';
import { claimMiningReward } from './claim-mining-reward.js';
import { miningUserData } from './get-mining-status.js';
import type { MiningState } from './mining-state.js';

/**
 * POST /api/mining/claim for a signed-in user: the claim (refused with an AppError that changed
 * nothing), counted, and what its own statement returned (the balances, streak and cycle it
 * changed), so the caller's session may be a cached one.
 */
export async function miningClaimAnswer(
  deps: AppDeps,
  mining: MiningState,
  userId: string,
  uncheckedSessionId?: string,
): Promise<MiningClaimResponse> {
  const { user, reward } = await claimMiningReward(
    deps.database.db,
    { claims: mining.claims, invalidations: deps.invalidations },
    { userId, uncheckedSessionId },
  );
  deps.metrics?.countClaim();
  return {
    success: true,
    ...keyedMessage('server.rewardClaimed'),
    reward,
    user: presentUser(user),
    userData: miningUserData(user, undefined),
  };
}

/**
 * The claim answered before Express (platform/hot-routes.ts) in its plain case. A refusal (not
 * finished, not started) throws before anything is credited and is answered there as Express
 * would; a failure also throws before anything is credited, so Express runs the request again.
 */
export function miningClaimHotAnswer(deps: AppDeps, mining: MiningState): Omit<HotRoute, 'id'> {
  return {
    answer: (auth) => miningClaimAnswer(deps, mining, auth.userId),
    // A session the cache does not know is checked by the claim statement itself: no session
    // read before it. A refusal then may mean the session is not live, so the session is read
    // before the refusal is answered (a dead one is Express's 401).
    answerCheckingSession: async (claims) => {
      try {
        return await miningClaimAnswer(deps, mining, claims.userId, claims.sessionId);
      } catch (error) {
        if (error instanceof AppError && !(await readSession(deps.auth, claims))) return undefined;
        throw error;
      }
    },
  };
}
