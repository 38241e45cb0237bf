import { AppError, roundAmount, type AppSettings, keyedMessage, type MiningStatus } from '@ziver/shared';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { miningClaimAnswer, miningClaimAnswerOnce, miningClaimHotAnswer } from './claim-answer.js';
import { idempotencyKeyOf, requestFingerprint } from '../../platform/idempotency.js';
import { describeMiningStatus, findOpenCycle } from './get-mining-status.js';
import type { MiningState } from './mining-state.js';
import { getMiningSettings, updateMiningSettings } from './mining-settings.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import { startMining } from './start-mining.js';
import type { UserRow } from '../../platform/db/schema.js';

/** GET /api/mining/status for a signed-in user; undefined when the user no longer exists. */
export async function miningStatusAnswer(
  deps: AppDeps,
  mining: MiningState,
  userId: string,
): Promise<MiningStatus | undefined> {
  const [found, settings] = await Promise.all([mining.statusCache.read(userId), deps.miningSettings.get()]);
  return found ? describeMiningStatus(found.user, found.cycle, settings) : undefined;
}

/** The mining calls: each acts on the signed-in user (the settings on the app's, by an admin). */
export function miningRoutes(deps: AppDeps, mining: MiningState) {
  const { db } = deps.database;

  // The user row is the one requireAuth loaded: starting a cycle changes nothing the status
  // reads from it (the start time comes from the cycle), so it is not fetched again.
  const statusOf = async (user: UserRow, settings?: AppSettings) => {
    const [cycle, inForce] = await Promise.all([findOpenCycle(db, user.id), settings ?? deps.miningSettings.get()]);
    return describeMiningStatus(user, cycle, inForce);
  };

  return {
    // The hot path (clients poll it): a cached session, cached settings and the cached status row
    // (one statement for the balances and the cycle when it is not cached).
    // The same answer is served before Express for the plain case (`hot`): every open app asks
    // it every 5 s.
    miningStatus: {
      cachedSession: true,
      hot: { answer: (auth) => miningStatusAnswer(deps, mining, auth.userId) },
      handle: async ({ auth }) => {
        const status = await miningStatusAnswer(deps, mining, auth.userId);
        if (!status) throw new AppError('SESSION_EXPIRED', 'server.sessionExpired');
        return status;
      },
    },

    // The claim shows only what its own statement returns (the balances, streak and cycle it
    // changed), so it trusts a recently verified session too: the app has been polling the status
    // with it every 5 s. A revoked or suspended session is dropped from the cache at once.
    miningClaim: {
      cachedSession: true,
      // The plain case is answered before Express by the same function (`hot`).
      // With an Idempotency-Key (never answered hot) the answer is stored with the credit.
      handle: ({ auth, req }) => {
        const key = idempotencyKeyOf(req);
        if (key === undefined) return miningClaimAnswer(deps, mining, auth.userId);
        return miningClaimAnswerOnce(deps, { userId: auth.userId, key, fingerprint: requestFingerprint(req) });
      },
      hot: miningClaimHotAnswer(deps, mining),
    },

    miningConfig: {
      handle: async () => ({ success: true, settings: await deps.miningSettings.get() }),
    },

    // Saved values apply to cycles started afterwards: a running cycle keeps its end and reward.
    // The answer is what this transaction wrote, not the cache: a read racing the save may have
    // cached the old rows until the change notification arrives, after this answer.
    miningSettings: {
      handle: async ({ auth, body: input }) => {
        const written = await db.transaction(async (tx) => {
          const before = await getMiningSettings(tx, deps.config.mining);
          await updateMiningSettings(tx, deps.invalidations, {
            ...(input.MINING_CYCLE_HOURS !== undefined ? { MINING_CYCLE_HOURS: input.MINING_CYCLE_HOURS } : {}),
            ...(input.MINING_REWARD !== undefined ? { MINING_REWARD: roundAmount(input.MINING_REWARD) } : {}),
          });
          const after = await getMiningSettings(tx, deps.config.mining);
          await recordAdminAction(tx, {
            adminId: auth.userId,
            action: 'system.mining',
            targetType: 'setting',
            targetId: 'mining',
            before,
            after,
          });
          return after;
        });
        deps.logger.info({ adminId: auth.userId, settings: input }, 'mining settings updated');
        return {
          success: true,
          ...keyedMessage('economy.miningSettingsUpdated'),
          settings: written,
        };
      },
    },

    miningStart: {
      handle: async ({ auth }) => {
        const settings = await deps.miningSettings.get();
        await startMining(db, deps.invalidations, { userId: auth.userId, settings });
        return { ...(await statusOf(auth.user, settings)), ...keyedMessage('server.miningStarted') };
      },
    },
  } satisfies Partial<ApiHandlers>;
}
