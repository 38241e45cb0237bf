import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, type Currency, type RewardFeedbackRequest } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Database } from '../../platform/db/client.js';
import { feedback } from '../../platform/db/schema.js';
import { postLedgerEntries, type LedgerEntry } from '../transactions/post-ledger-entries.js';
import { findAdminFeedback, type AdminFeedbackRow } from './list-admin-feedback.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import type { InvalidationBus } from '../../platform/invalidation.js';

/**
 * Rewards a feedback's author once: a conditional update claims `rewarded_at` (only one of any
 * number of concurrent calls matches `rewarded_at IS NULL`), then one `feedback_reward` ledger
 * entry per currency keyed `feedback:<id>:<currency>` (a second safety net), with an audit
 * entry, all in one transaction. A second reward is refused with 409.
 */
export async function rewardFeedback(
  db: Database,
  options: { adminId: string; feedbackId: string; reward: RewardFeedbackRequest; invalidations: InvalidationBus },
): Promise<AdminFeedbackRow> {
  const notFound = new AppError('NOT_FOUND', 'feedback.notFound');
  if (!isUuid(options.feedbackId)) throw notFound;
  const { zp, seb } = options.reward;
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(feedback)
      .set({ rewardZp: zp, rewardSeb: seb, rewardedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(feedback.id, options.feedbackId), isNull(feedback.rewardedAt)))
      .returning({ userId: feedback.userId, title: feedback.title });
    if (!claimed) {
      const [exists] = await tx.select({ id: feedback.id }).from(feedback).where(eq(feedback.id, options.feedbackId));
      throw exists ? new AppError('CONFLICT', 'admin.feedbackAlreadyRewarded') : notFound;
    }
    const entry = (currency: Currency, amount: number): LedgerEntry => ({
      type: 'feedback_reward',
      currency,
      amount,
      description: `Feedback reward: ${claimed.title}`.slice(0, 200),
      metadata: { feedbackId: options.feedbackId, feedbackTitle: claimed.title },
      idempotencyKey: `feedback:${options.feedbackId}:${currency}`,
    });
    const entries = [...(zp > 0 ? [entry('ZP', zp)] : []), ...(seb > 0 ? [entry('SEB', seb)] : [])];
    await postLedgerEntries(tx, options.invalidations, claimed.userId, entries);
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'feedback.reward',
      targetType: 'feedback',
      targetId: options.feedbackId,
      before: { rewardedAt: null },
      after: { zp, seb, userId: claimed.userId },
    });
  });
  return findAdminFeedback(db, options.feedbackId);
}
