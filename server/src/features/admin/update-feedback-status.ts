import { eq, sql } from 'drizzle-orm';
import { AppError, type UpdateFeedbackStatusRequest } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Database } from '../../platform/db/client.js';
import { feedback } from '../../platform/db/schema.js';
import { findAdminFeedback, type AdminFeedbackRow } from './list-admin-feedback.js';
import { recordAdminAction } from '../../platform/audit-log.js';

/** Sets a feedback's status and the reply its author sees, with an audit entry. */
export async function updateFeedbackStatus(
  db: Database,
  options: { adminId: string; feedbackId: string; input: UpdateFeedbackStatusRequest },
): Promise<AdminFeedbackRow> {
  if (!isUuid(options.feedbackId)) throw new AppError('NOT_FOUND', 'feedback.notFound');
  await db.transaction(async (tx) => {
    // Locks the row so the before/after pair describes this change, not a concurrent one.
    const [before] = await tx
      .select({ status: feedback.status, reply: feedback.adminReply })
      .from(feedback)
      .where(eq(feedback.id, options.feedbackId))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'feedback.notFound');
    const after = { status: options.input.status, reply: options.input.reply };
    await tx
      .update(feedback)
      .set({ status: after.status, adminReply: after.reply, updatedAt: sql`now()` })
      .where(eq(feedback.id, options.feedbackId));
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'feedback.update',
      targetType: 'feedback',
      targetId: options.feedbackId,
      before,
      after,
    });
  });
  return findAdminFeedback(db, options.feedbackId);
}
