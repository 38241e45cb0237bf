import { AppError, keyedMessage, type MiningClaimResponse } from '@ziver/shared';
import { readSession } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import type { HotRoute } from '../../platform/hot-routes.js';
import { presentUser } from '../users/present-user.js';
import { answerOnce, type IdempotentRequest } from '../../platform/idempotency.js';
import {
  announceClaim,
  claimMiningReward,
  claimMiningRewardIn,
  claimRefusal,
  claimResultOf,
  type ClaimResult,
} from './claim-mining-reward.js';
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
  return claimAnswerOf({ user, reward });
}

function claimAnswerOf({ user, reward }: ClaimResult): MiningClaimResponse {
  return {
    success: true,
    ...keyedMessage('server.rewardClaimed'),
    reward,
    user: presentUser(user),
    userData: miningUserData(user, undefined),
  };
}

/**
 * POST /api/mining/claim with an Idempotency-Key (Express only): the claim and its stored answer
 * in one transaction, so a retry of a claim whose answer was lost gets that answer, credited
 * once. The claim's statement is the batcher's, run alone in that transaction.
 */
export async function miningClaimAnswerOnce(deps: AppDeps, request: IdempotentRequest): Promise<MiningClaimResponse> {
  const { db } = deps.database;
  let row: Record<string, unknown> | undefined;
  const { answer, isReplay } = await answerOnce(db, request, async (tx) => {
    const outcome = await claimMiningRewardIn(tx, request.userId);
    if ('refused' in outcome) throw claimRefusal(outcome.refused);
    row = outcome.row;
    return claimAnswerOf(claimResultOf(outcome.row));
  });
  if (!isReplay && row) {
    announceClaim(db, deps.invalidations, request.userId, row);
    deps.metrics?.countClaim();
  }
  return answer;
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
