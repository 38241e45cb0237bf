import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Database } from '../../platform/db/client.js';
import { noticeDismissals } from '../../platform/db/schema.js';
import { isVisibleNotice } from './list-notices.js';

/**
 * Dismisses one of the user's notices for good (stored server-side: gone on every device).
 * Dismissing it again changes nothing; a notice that is not theirs, or unknown, is 404.
 */
export async function dismissNotice(db: Database, options: { userId: string; announcementId: string }): Promise<void> {
  const notFound = new AppError('NOT_FOUND', 'announcements.noticeNotFound');
  if (!isUuid(options.announcementId)) throw notFound;
  const [already] = await db
    .select({ at: noticeDismissals.dismissedAt })
    .from(noticeDismissals)
    .where(
      and(eq(noticeDismissals.userId, options.userId), eq(noticeDismissals.announcementId, options.announcementId)),
    );
  if (already) return;
  if (!(await isVisibleNotice(db, options))) throw notFound;
  await db
    .insert(noticeDismissals)
    .values({ userId: options.userId, announcementId: options.announcementId, dismissedAt: sql`now()` })
    .onConflictDoNothing();
}
