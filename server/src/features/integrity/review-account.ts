import { sql } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import { rowsOf, type Database } from '../../platform/db/client.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { markAccountsReviewed } from './act-on-ring.js';
import { releaseHeldRewardsOf } from './held-rewards.js';

/**
 * Marks one account legitimate: its current reasons stop counting (markAccountsReviewed), a
 * ring it is in no longer flags it for them, and the referral reward held for its referrer is
 * released (paid when due). Audited as `integrity.account_review` when it changes something; a
 * repeat changes nothing.
 */
export async function reviewAccount(
  db: Database,
  options: { adminId: string; userId: string; reason: string; invalidations: InvalidationBus },
): Promise<{ affected: number }> {
  const notFound = new AppError('NOT_FOUND', 'integrity.accountNotFound');
  if (!isUuid(options.userId)) throw notFound;
  return db.transaction(async (tx) => {
    const [before] = rowsOf<{ id: string; score: number | null; reasons: { code: string }[] | null }>(
      await tx.execute(sql`
        select u.id, a.score, a.reasons from users u left join account_risk a on a.user_id = u.id
        where u.id = ${options.userId}::uuid`),
    );
    if (!before) throw notFound;
    const changed = await markAccountsReviewed(tx, options.adminId, sql`select ${options.userId}::uuid`);
    const released = await releaseHeldRewardsOf(
      tx,
      sql`select ${options.userId}::uuid`,
      'account_review',
      options.invalidations,
    );
    if (changed.length === 0 && released.paid.length === 0 && released.cleared === 0) return { affected: 0 };
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'integrity.account_review',
      targetType: 'user',
      targetId: options.userId,
      before: { score: before.score ?? 0, reasons: (before.reasons ?? []).map((r) => r.code) },
      after: {
        reviewed: true,
        reason: options.reason,
        releasedRewards: released.paid.length,
        clearedHolds: released.cleared,
      },
    });
    return { affected: released.paid.length };
  });
}
