import { Router } from 'express';
import { ECONOMY_MESSAGES, SERVER_MESSAGES, miningSettingsUpdateSchema, roundAmount } from '@ziver/shared';
import { authOf, requireAdmin, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { presentUser } from '../users/present-user.js';
import { claimMiningReward } from './claim-mining-reward.js';
import { describeMiningStatus, findOpenCycle } from './get-mining-status.js';
import { getMiningSettings, updateMiningSettings } from './mining-settings.js';
import { startMining } from './start-mining.js';
import { findUserById } from '../users/find-user.js';

export function createMiningRouter(deps: AppDeps): Router {
  const { db } = deps.database;
  const router = Router();
  router.use(requireAuth({ db, config: deps.config }));

  const statusOf = async (userId: string) => {
    const [user, cycle, settings] = await Promise.all([
      findUserById(db, userId),
      findOpenCycle(db, userId),
      getMiningSettings(db, deps.config.mining),
    ]);
    return describeMiningStatus(user!, cycle, settings);
  };

  router.get('/config', async (_req, res) => {
    res.json({ success: true, settings: await getMiningSettings(db, deps.config.mining) });
  });

  // Saved values apply to cycles started afterwards: a running cycle keeps its end and reward.
  router.put('/settings', requireAdmin, async (req, res) => {
    const input = parseWith(miningSettingsUpdateSchema, req.body);
    await db.transaction((tx) =>
      updateMiningSettings(tx, {
        ...(input.MINING_CYCLE_HOURS !== undefined ? { MINING_CYCLE_HOURS: input.MINING_CYCLE_HOURS } : {}),
        ...(input.MINING_REWARD !== undefined ? { MINING_REWARD: roundAmount(input.MINING_REWARD) } : {}),
      }),
    );
    deps.logger.info({ adminId: authOf(req).userId, settings: input }, 'mining settings updated');
    res.json({
      success: true,
      message: ECONOMY_MESSAGES.miningSettingsUpdated,
      settings: await getMiningSettings(db, deps.config.mining),
    });
  });

  router.get('/status', async (req, res) => {
    res.json(await statusOf(authOf(req).userId));
  });

  router.post('/start', async (req, res) => {
    const { userId } = authOf(req);
    await startMining(db, { userId, settings: await getMiningSettings(db, deps.config.mining) });
    res.status(201).json({ ...(await statusOf(userId)), message: SERVER_MESSAGES.miningStarted });
  });

  router.post('/claim', async (req, res) => {
    const { user, reward } = await claimMiningReward(db, { userId: authOf(req).userId });
    res.json({ success: true, message: SERVER_MESSAGES.rewardClaimed, reward, user: presentUser(user) });
  });

  return router;
}
