import { sql } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import { rowsOf, type Database } from '../../platform/db/client.js';
import { recordAdminAction } from '../../platform/audit-log.js';

/**
 * Withdraws an announcement's in-app notice: from now on no user sees it (GET /api/notices), on
 * every device. Its own confirmed action, apart from stopping the Telegram sending (which leaves
 * the notice). 409 when the announcement has no notice (sent before notices existed) or it is
 * already withdrawn; audited with the number of users it was addressed to.
 */
export async function withdrawNotice(db: Database, options: { adminId: string; announcementId: string }) {
  const notFound = new AppError('NOT_FOUND', 'announcements.notFound');
  if (!isUuid(options.announcementId)) throw notFound;
  await db.transaction(async (tx) => {
    const found = await tx.execute(sql`
      SELECT in_app_recipient_count, withdrawn_at FROM announcements WHERE id = ${options.announcementId} FOR UPDATE`);
    const [row] = rowsOf<{ in_app_recipient_count: number | null; withdrawn_at: unknown }>(found);
    if (!row) throw notFound;
    if (row.in_app_recipient_count === null) throw new AppError('CONFLICT', 'announcements.noNotice');
    if (row.withdrawn_at !== null) throw new AppError('CONFLICT', 'announcements.noticeAlreadyWithdrawn');
    await tx.execute(sql`UPDATE announcements SET withdrawn_at = now() WHERE id = ${options.announcementId}`);
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'announcement.withdraw_notice',
      targetType: 'announcement',
      targetId: options.announcementId,
      before: { notice: 'shown' },
      after: { notice: 'withdrawn', inAppRecipients: row.in_app_recipient_count },
    });
  });
}
