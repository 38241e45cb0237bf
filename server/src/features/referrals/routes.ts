import { Router, type Request, type Response } from 'express';
import { AppError, applyReferralRequestSchema, keyedMessage, type SmartSuggestionResponse } from '@ziver/shared';
import { authOf, optionalAuth, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { limitRequests } from '../../platform/rate-limit.js';
import { presentUser } from '../users/present-user.js';
import { applyReferralCode, referrerRefusal } from './apply-referral-code.js';
import { countActiveReferrals, findUserByReferralCode } from './find-referrer.js';
import { getReferralData } from './get-referral-data.js';
import { getReferralLeaderboard } from './get-referral-leaderboard.js';
import { removePendingReferral } from './pending-referrals.js';
import { removeReferral } from './remove-referral.js';
import { suggestReferrer } from './suggest-referrer.js';

/**
 * GET /referrer-info/:code — public (the register page's referral banner). Mounted under both
 * /api/referrals and /api/auth; rate limited because it answers for anyone.
 */
export function createReferrerInfoRouter(deps: AppDeps): Router {
  const { db } = deps.database;
  const router = Router();
  router.get(
    '/referrer-info/:code',
    limitRequests(deps, { windowMs: 60_000, limit: 60 }),
    async (req: Request<{ code: string }>, res: Response) => {
      const referrer = await findUserByReferralCode(db, req.params.code);
      if (!referrer) throw new AppError('NOT_FOUND', 'referrals.invalidCode');
      res.json({
        success: true,
        isValid: true,
        referrer: {
          username: referrer.username,
          referral_code: referrer.referralCode,
          referralCount: await countActiveReferrals(db, referrer.id),
        },
      });
    },
  );
  return router;
}

/** /api/referrals: everything acts on the signed-in user; no route reads a user id from the request. */
export function createReferralsRouter(deps: AppDeps): Router {
  const { db } = deps.database;
  const router = Router();
  router.use(createReferrerInfoRouter(deps));

  // These two also answer signed out: the register screen calls them before a session exists.
  const maybeSignedIn = optionalAuth({ db, config: deps.config, auth: deps.auth });

  // `success` pairs with a referrer (docs/spec.md §7). "No suggestion" is still an ordinary answer (200):
  // `success: false`, referrer null, with a message. `canApply` false tells a signed-in user who
  // cannot take a referrer any more (has one, or joined too long ago).
  router.get('/smart-suggestion', maybeSignedIn, async (req, res) => {
    const user = req.auth?.user;
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
    res.json(body);
  });

  // Only ever the caller's own pending referral: signed out there is none, so nothing is removed.
  router.delete('/pending/:code', maybeSignedIn, async (req: Request<{ code: string }>, res: Response) => {
    const telegramId = req.auth?.user.telegramId ?? null;
    const removed = await removePendingReferral(db, { telegramId, code: req.params.code });
    res.json({
      success: true,
      removed,
      ...keyedMessage(removed ? 'referrals.pendingRemoved' : 'referrals.noPendingReferral'),
    });
  });

  router.use(requireAuth({ db, config: deps.config, auth: deps.auth }));

  router.get('/', async (req, res) => {
    res.json(await getReferralData(db, { userId: authOf(req).userId }));
  });

  router.get('/leaderboard', async (req, res) => {
    res.json(await getReferralLeaderboard(db, { userId: authOf(req).userId }));
  });

  router.post('/apply', limitRequests(deps, { windowMs: 15 * 60_000, limit: 30 }), async (req, res) => {
    const input = parseWith(applyReferralRequestSchema, req.body);
    const { user, referrer, bonus } = await applyReferralCode(db, {
      userId: authOf(req).userId,
      code: input.referralCode,
      source: input.source ?? 'apply',
      invalidations: deps.invalidations,
    });
    res.json({
      success: true,
      ...keyedMessage('referrals.applied'),
      referralApplied: true,
      referrer,
      bonus,
      user: presentUser(user),
    });
  });

  router.delete('/:id', async (req: Request<{ id: string }>, res: Response) => {
    const result = await removeReferral(db, {
      referrerId: authOf(req).userId,
      referredUserId: req.params.id,
      invalidations: deps.invalidations,
    });
    res.json({
      success: true,
      ...keyedMessage('referrals.removed'),
      reversal: { bonus: result.bonus, reward: result.reward },
    });
  });

  return router;
}
