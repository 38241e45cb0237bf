import { Router } from 'express';
import { ECONOMY_MESSAGES, userActivityRequestSchema } from '@ziver/shared';
import { authOf, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { claimDailyLogin } from './claim-daily-login.js';
import { presentUser } from './present-user.js';
import { touchLastSeen } from './touch-last-seen.js';

export function createUserRouter(deps: AppDeps): Router {
  const router = Router();
  router.use(requireAuth({ db: deps.database.db, config: deps.config }));

  router.get('/verify-token', (req, res) => {
    res.json({ success: true, valid: true, user: presentUser(authOf(req).user) });
  });

  router.get('/me', (req, res) => {
    res.json({ success: true, user: presentUser(authOf(req).user) });
  });

  // DAILY_LOGIN (sent after login and on session start) credits once per UTC day; repeats succeed
  // with credited:false.
  router.post('/activity', async (req, res) => {
    const { activityType } = parseWith(userActivityRequestSchema, req.body);
    const result = await claimDailyLogin(deps.database.db, { userId: authOf(req).userId });
    res.json({
      success: true,
      activityType,
      credited: result.isCredited,
      message: result.isCredited ? ECONOMY_MESSAGES.dailyLoginCredited : ECONOMY_MESSAGES.dailyLoginAlreadyCredited,
      day: result.day,
      reward: result.isCredited ? result.reward : null,
      user: presentUser(result.user),
    });
  });

  router.post('/heartbeat', async (req, res) => {
    await touchLastSeen(deps.database.db, { userId: authOf(req).userId });
    res.json({ success: true });
  });

  return router;
}
