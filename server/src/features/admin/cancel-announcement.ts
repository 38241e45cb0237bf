import { sql } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import { rowsOf, type Database } from '../../platform/db/client.js';
import { recordAdminAction } from '../../platform/audit-log.js';

/**
 * Cancels a running announcement: its status first (a worker commits no new 'sending' marker for
 * a cancelled announcement), then every delivery still pending becomes 'cancelled'. Messages
 * already being sent finish. 409 when it is not running (done, or already cancelled).
 */
export async function cancelAnnouncement(
  db: Database,
  options: { adminId: string; announcementId: string },
): Promise<void> {
  const notFound = new AppError('NOT_FOUND', 'announcements.notFound');
  if (!isUuid(options.announcementId)) throw notFound;
  await db.transaction(async (tx) => {
    const found = await tx.execute(
      sql`SELECT status FROM announcements WHERE id = ${options.announcementId} FOR UPDATE`,
    );
    const [row] = rowsOf<{ status: string }>(found);
    if (!row) throw notFound;
    if (row.status !== 'running') throw new AppError('CONFLICT', 'announcements.notRunning');
    await tx.execute(sql`
      UPDATE announcements SET status = 'cancelled', cancelled_at = now(), finished_at = now()
      WHERE id = ${options.announcementId}`);
    const cancelled = await tx.execute(sql`
      UPDATE outbox_messages SET state = 'cancelled', next_at = NULL
      WHERE announcement_id = ${options.announcementId} AND state = 'pending'
      RETURNING id`);
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'announcement.cancel',
      targetType: 'announcement',
      targetId: options.announcementId,
      before: { status: 'running' },
      after: { status: 'cancelled', cancelledDeliveries: rowsOf(cancelled).length },
    });
  });
}
