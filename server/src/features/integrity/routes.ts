import {
  keyedMessage,
  type AccountReviewResponse,
  type HeldRewardActionResponse,
  type IntegrityRingActionResponse,
  type IntegrityRingResponse,
  type IntegrityRingsResponse,
} from '@ziver/shared';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { reverseRingReferralRewards, reviewRing, suspendRing } from './act-on-ring.js';
import { settleHeldReward } from './held-rewards.js';
import { getRing, listRings } from './list-rings.js';
import { readAccountRisk } from './recompute-integrity.js';
import { reviewAccount } from './review-account.js';

/** /api/admin/integrity: rings of accounts sharing strong signals (ADMIN only, by the entries' access). */
export function integrityRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return {
    adminIntegrityRings: {
      handle: async ({ query }) => {
        const body: IntegrityRingsResponse = { success: true, ...(await listRings(db, { page: query.page })) };
        return body;
      },
    },
    adminIntegrityRing: {
      handle: async ({ params }) => {
        const body: IntegrityRingResponse = { success: true, ...(await getRing(db, params.id)) };
        return body;
      },
    },
    adminIntegrityReviewRing: {
      handle: async ({ auth, params, body: input }) => {
        const { affected } = await reviewRing(deps.database.db, {
          adminId: auth.userId,
          ringId: params.id,
          reason: input.reason,
          invalidations: deps.invalidations,
        });
        const body: IntegrityRingActionResponse = {
          success: true,
          ...keyedMessage('integrity.ringReviewed'),
          ...(await getRing(db, params.id)),
          affected,
        };
        return body;
      },
    },
    adminIntegritySuspendRing: {
      handle: async ({ auth, params, body: input }) => {
        const { affected } = await suspendRing(deps.database.db, {
          adminId: auth.userId,
          ringId: params.id,
          reason: input.reason,
          invalidations: deps.invalidations,
        });
        const body: IntegrityRingActionResponse = {
          success: true,
          ...keyedMessage('integrity.ringSuspended', { count: affected }),
          ...(await getRing(db, params.id)),
          affected,
        };
        return body;
      },
    },
    adminIntegrityReverseRingRewards: {
      handle: async ({ auth, params, body: input }) => {
        const { affected, zp } = await reverseRingReferralRewards(deps.database.db, {
          adminId: auth.userId,
          ringId: params.id,
          reason: input.reason,
          invalidations: deps.invalidations,
        });
        const body: IntegrityRingActionResponse = {
          success: true,
          ...keyedMessage('integrity.rewardsReversed', { count: affected, zp }),
          ...(await getRing(db, params.id)),
          affected,
        };
        return body;
      },
    },
    adminIntegrityHeldReward: {
      handle: async ({ auth, params, body: input }) => {
        const { state, affected, zp } = await settleHeldReward(deps.database.db, {
          adminId: auth.userId,
          referralId: params.id,
          action: input.action,
          reason: input.reason,
          invalidations: deps.invalidations,
        });
        const body: HeldRewardActionResponse = {
          success: true,
          ...(state === 'paid'
            ? keyedMessage('integrity.heldRewardReleased', { zp })
            : keyedMessage('integrity.heldRewardDropped')),
          referral_id: params.id,
          state,
          affected,
        };
        return body;
      },
    },
    adminIntegrityReviewAccount: {
      handle: async ({ auth, params, body: input }) => {
        const { affected } = await reviewAccount(deps.database.db, {
          adminId: auth.userId,
          userId: params.id,
          reason: input.reason,
          invalidations: deps.invalidations,
        });
        const body: AccountReviewResponse = {
          success: true,
          ...keyedMessage('integrity.accountReviewed', { count: affected }),
          risk: await readAccountRisk(db, params.id),
          affected,
        };
        return body;
      },
    },
  } satisfies Partial<ApiHandlers>;
}
