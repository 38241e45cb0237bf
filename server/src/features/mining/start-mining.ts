import { eq, sql } from 'drizzle-orm';
import { AppError, type AppSettings } from '@ziver/shared';
import { isUniqueViolation, type Database } from '../../platform/db/client.js';
import { miningSessions, users } from '../../platform/db/schema.js';
import { USER_STATUS_TOPIC, type InvalidationBus } from '../../platform/invalidation.js';
import { recordActiveDay } from '../../platform/active-day.js';

/**
 * Starts a cycle of the configured length. The partial unique index on open cycles makes a
 * second start (even a concurrent one) fail, answered as "already running".
 */
export async function startMining(
  db: Database,
  invalidations: InvalidationBus,
  options: { userId: string; settings: AppSettings },
): Promise<void> {
  const seconds = Math.round(options.settings.MINING_CYCLE_HOURS * 3600 * 1000) / 1000;
  try {
    await db.transaction(async (tx) => {
      const [cycle] = await tx
        .insert(miningSessions)
        .values({
          userId: options.userId,
          endsAt: sql`now() + make_interval(secs => ${seconds})`,
          reward: options.settings.MINING_REWARD,
        })
        .returning({ startedAt: miningSessions.startedAt });
      await tx.update(users).set({ miningSessionStartTime: cycle!.startedAt }).where(eq(users.id, options.userId));
      await recordActiveDay(tx, options.userId);
      invalidations.invalidateAfterCommit(USER_STATUS_TOPIC, options.userId);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'mining_sessions_one_open_per_user')) {
      throw new AppError('MINING_ALREADY_ACTIVE', 'server.miningAlreadyActive');
    }
    throw error;
  }
}
