import { Router } from 'express';
import {
  AppError,
  miningSettingsUpdateSchema,
  roundAmount,
  type AppSettings,
  keyedMessage,
  type MiningStatus,
} from '@ziver/shared';
import { authOf, requireAdmin, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import type { HotRoute } from '../../platform/hot-routes.js';
import { parseWith } from '../../platform/http.js';
import { presentUser } from '../users/present-user.js';
import { claimMiningReward, type ClaimBatcher } from './claim-mining-reward.js';
import { describeMiningStatus, findOpenCycle, miningUserData } from './get-mining-status.js';
import type { StatusCache } from './status-cache.js';
import { getMiningSettings, updateMiningSettings } from './mining-settings.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import { startMining } from './start-mining.js';
import type { UserRow } from '../../platform/db/schema.js';

/** The mining feature's state, one per app (built in the composition root, app.ts). */
export type MiningState = { statusCache: StatusCache; claims: ClaimBatcher };

/** GET /api/mining/status for a signed-in user; undefined when the user no longer exists. */
export async function miningStatusAnswer(
  deps: AppDeps,
  mining: MiningState,
  userId: string,
): Promise<MiningStatus | undefined> {
  const [found, settings] = await Promise.all([mining.statusCache.read(userId), deps.miningSettings.get()]);
  return found ? describeMiningStatus(found.user, found.cycle, settings) : undefined;
}

/** The status poll answered before Express (platform/hot-routes.ts): every open app asks it every 5 s. */
export function miningStatusHotRoute(deps: AppDeps, mining: MiningState): HotRoute {
  return { path: '/api/mining/status', answer: (auth) => miningStatusAnswer(deps, mining, auth.userId) };
}

export function createMiningRouter(deps: AppDeps, mining: MiningState): Router {
  const { db } = deps.database;
  const router = Router();

  // The hot path (clients poll it): a cached session, cached settings and the cached status row
  // (one statement for the balances and the cycle when it is not cached). Registered before the
  // router-wide requireAuth.
  // The same answer is served before Express for the plain case (miningStatusHotRoute).
  router.get(
    '/status',
    requireAuth({ db, config: deps.config, auth: deps.auth }, { cached: true }),
    async (req, res) => {
      const status = await miningStatusAnswer(deps, mining, authOf(req).userId);
      if (!status) throw new AppError('SESSION_EXPIRED', 'server.sessionExpired');
      res.json(status);
    },
  );

  // The claim shows only what its own statement returns (the balances, streak and cycle it
  // changed), so it trusts a recently verified session too: the app has been polling the status
  // with it every 5 s. A revoked or suspended session is dropped from the cache at once.
  router.post(
    '/claim',
    requireAuth({ db, config: deps.config, auth: deps.auth }, { cached: true }),
    async (req, res) => {
      const { user, reward } = await claimMiningReward(
        db,
        { claims: mining.claims, invalidations: deps.invalidations },
        { userId: authOf(req).userId },
      );
      deps.metrics?.countClaim();
      res.json({
        success: true,
        ...keyedMessage('server.rewardClaimed'),
        reward,
        user: presentUser(user),
        userData: miningUserData(user, undefined),
      });
    },
  );

  router.use(requireAuth({ db, config: deps.config, auth: deps.auth }));

  // The user row is the one requireAuth loaded: starting a cycle changes nothing the status
  // reads from it (the start time comes from the cycle), so it is not fetched again.
  const statusOf = async (user: UserRow, settings?: AppSettings) => {
    const [cycle, inForce] = await Promise.all([findOpenCycle(db, user.id), settings ?? deps.miningSettings.get()]);
    return describeMiningStatus(user, cycle, inForce);
  };

  router.get('/config', async (_req, res) => {
    res.json({ success: true, settings: await deps.miningSettings.get() });
  });

  // Saved values apply to cycles started afterwards: a running cycle keeps its end and reward.
  router.put('/settings', requireAdmin, async (req, res) => {
    const input = parseWith(miningSettingsUpdateSchema, req.body);
    await db.transaction(async (tx) => {
      const before = await getMiningSettings(tx, deps.config.mining);
      await updateMiningSettings(tx, deps.invalidations, {
        ...(input.MINING_CYCLE_HOURS !== undefined ? { MINING_CYCLE_HOURS: input.MINING_CYCLE_HOURS } : {}),
        ...(input.MINING_REWARD !== undefined ? { MINING_REWARD: roundAmount(input.MINING_REWARD) } : {}),
      });
      await recordAdminAction(tx, {
        adminId: authOf(req).userId,
        action: 'system.mining',
        targetType: 'setting',
        targetId: 'mining',
        before,
        after: await getMiningSettings(tx, deps.config.mining),
      });
    });
    deps.logger.info({ adminId: authOf(req).userId, settings: input }, 'mining settings updated');
    res.json({
      success: true,
      ...keyedMessage('economy.miningSettingsUpdated'),
      settings: await deps.miningSettings.get(),
    });
  });

  router.post('/start', async (req, res) => {
    const { user } = authOf(req);
    const settings = await deps.miningSettings.get();
    await startMining(db, deps.invalidations, { userId: user.id, settings });
    res.status(201).json({ ...(await statusOf(user, settings)), ...keyedMessage('server.miningStarted') });
  });

  return router;
}
