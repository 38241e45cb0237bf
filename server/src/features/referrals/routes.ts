import { AppError, keyedMessage, type SmartSuggestionResponse } from '@ziver/shared';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { limitRequests } from '../../platform/rate-limit.js';
import { presentUser } from '../users/present-user.js';
import { applyReferralCode, referrerRefusal } from './apply-referral-code.js';
import { countActiveReferrals, findUserByReferralCode } from './find-referrer.js';
import { getReferralData } from './get-referral-data.js';
import { getReferralLeaderboard } from './get-referral-leaderboard.js';
import { removePendingReferral } from './pending-referrals.js';
import { removeReferral } from './remove-referral.js';
import { suggestReferrer } from './suggest-referrer.js';
import { withIdempotencyKey } from '../../platform/idempotency.js';

/** Who owns a referral code: the register page's referral banner (public). */
async function referrerInfo(db: AppDeps['database']['db'], code: string) {
  const referrer = await findUserByReferralCode(db, code);
  if (!referrer) throw new AppError('NOT_FOUND', 'referrals.invalidCode');
  return {
    success: true as const,
    isValid: true as const,
    referrer: {
      username: referrer.username,
      referral_code: referrer.referralCode,
      referralCount: await countActiveReferrals(db, referrer.id),
    },
  };
}

/** The referral calls: each acts on the signed-in user; none reads a user id from the request. */
export function referralRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return {
    // Answered at /api/referrals and /api/auth; rate limited because it answers for anyone.
    referrerInfo: {
      use: [limitRequests(deps, { windowMs: 60_000, limit: 60 })],
      handle: ({ params }) => referrerInfo(db, params.code),
    },
    authReferrerInfo: {
      use: [limitRequests(deps, { windowMs: 60_000, limit: 60 })],
      handle: ({ params }) => referrerInfo(db, params.code),
    },

    // `success` pairs with a referrer (docs/spec.md §7). "No suggestion" is still an ordinary
    // answer (200): `success: false`, referrer null, with a message. `canApply` false tells a
    // signed-in user who cannot take a referrer any more (has one, or joined too long ago).
    // Answers signed out too: the register screen calls it before a session exists.
    smartSuggestion: {
      handle: async ({ auth }) => {
        const user = auth?.user;
        const refusal = user ? await referrerRefusal(db, user) : null;
        const suggestion = refusal ? null : await suggestReferrer(db, { userId: user?.id ?? null });
        const body: SmartSuggestionResponse = suggestion
          ? { success: true, canApply: true, ...suggestion }
          : {
              success: false,
              canApply: !refusal,
              referrer: null,
              reason: null,
              ...(refusal ?? keyedMessage('referrals.noSuggestion')),
            };
        return body;
      },
    },

    // Only ever the caller's own pending referral: signed out there is none, so nothing is removed.
    removePendingReferral: {
      handle: async ({ auth, params }) => {
        const telegramId = auth?.user.telegramId ?? null;
        const removed = await removePendingReferral(db, { telegramId, code: params.code });
        return {
          success: true,
          removed,
          ...keyedMessage(removed ? 'referrals.pendingRemoved' : 'referrals.noPendingReferral'),
        };
      },
    },

    referrals: { handle: ({ auth }) => getReferralData(db, { userId: auth.userId }) },

    leaderboard: { handle: ({ auth }) => getReferralLeaderboard(db, { userId: auth.userId }) },

    applyReferral: {
      use: [limitRequests(deps, { windowMs: 15 * 60_000, limit: 30 })],
      handle: ({ auth, body, req }) =>
        withIdempotencyKey(db, { req, userId: auth.userId }, async (inTx) => {
          const { user, referrer, bonus } = await applyReferralCode(inTx, {
            userId: auth.userId,
            code: body.referralCode,
            source: body.source ?? 'apply',
            invalidations: deps.invalidations,
          });
          return {
            success: true,
            ...keyedMessage('referrals.applied'),
            referralApplied: true,
            referrer,
            bonus,
            user: presentUser(user),
          };
        }),
    },

    removeReferral: {
      handle: async ({ auth, params }) => {
        const result = await removeReferral(db, {
          referrerId: auth.userId,
          referredUserId: params.id,
          invalidations: deps.invalidations,
        });
        return {
          success: true,
          ...keyedMessage('referrals.removed'),
          reversal: { bonus: result.bonus, reward: result.reward },
        };
      },
    },
  } satisfies Partial<ApiHandlers>;
}
