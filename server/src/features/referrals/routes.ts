import { Router, type Request, type Response } from 'express';
import { AppError, REFERRAL_MESSAGES, applyReferralRequestSchema } from '@ziver/shared';
import { authOf, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { limitRequests } from '../../platform/rate-limit.js';
import { presentUser } from '../users/present-user.js';
import { applyReferralCode, assertCanTakeReferrer } from './apply-referral-code.js';
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
      if (!referrer) throw new AppError('NOT_FOUND', REFERRAL_MESSAGES.invalidCode);
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
  router.use(requireAuth({ db, config: deps.config }));

  router.get('/', async (req, res) => {
    res.json(await getReferralData(db, { userId: authOf(req).userId }));
  });

  router.get('/leaderboard', async (req, res) => {
    res.json(await getReferralLeaderboard(db, { userId: authOf(req).userId }));
  });

  router.get('/smart-suggestion', async (req, res) => {
    const { user } = authOf(req);
    await assertCanTakeReferrer(db, user);
    const suggestion = await suggestReferrer(db, { userId: user.id });
    if (!suggestion) throw new AppError('NOT_FOUND', REFERRAL_MESSAGES.noSuggestion);
    res.json({ success: true, ...suggestion });
  });

  router.post('/apply', limitRequests(deps, { windowMs: 15 * 60_000, limit: 30 }), async (req, res) => {
    const input = parseWith(applyReferralRequestSchema, req.body);
    const { user, referrer, bonus } = await applyReferralCode(db, {
      userId: authOf(req).userId,
      code: input.referralCode,
      source: input.source ?? 'apply',
    });
    res.json({
      success: true,
      message: REFERRAL_MESSAGES.applied,
      referralApplied: true,
      referrer,
      bonus,
      user: presentUser(user),
    });
  });

  router.delete('/pending/:code', async (req: Request<{ code: string }>, res: Response) => {
    const { user } = authOf(req);
    const removed = await removePendingReferral(db, { telegramId: user.telegramId, code: req.params.code });
    if (!removed) throw new AppError('NOT_FOUND', REFERRAL_MESSAGES.pendingNotFound);
    res.json({ success: true, message: REFERRAL_MESSAGES.pendingRemoved });
  });

  router.delete('/:id', async (req: Request<{ id: string }>, res: Response) => {
    const result = await removeReferral(db, { referrerId: authOf(req).userId, referralId: req.params.id });
    res.json({
      success: true,
      message: REFERRAL_MESSAGES.removed,
      reversal: { bonus: result.bonus, reward: result.reward },
    });
  });

  return router;
}
