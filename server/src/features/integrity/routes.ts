import {
  keyedMessage,
  type IntegrityRingActionResponse,
  type IntegrityRingResponse,
  type IntegrityRingsResponse,
} from '@ziver/shared';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { reverseRingReferralRewards, reviewRing, suspendRing } from './act-on-ring.js';
import { getRing, listRings } from './list-rings.js';

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
  } satisfies Partial<ApiHandlers>;
}
