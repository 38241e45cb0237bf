import { desc, eq } from 'drizzle-orm';
import { ANNOUNCEMENT_HISTORY_MAX, AppError, readTranslations, type Announcement } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Db } from '../../platform/db/client.js';
import { announcements, users, type AnnouncementRow } from '../../platform/db/schema.js';
import { readPause } from '../../platform/outbox/runner.js';
import { countAnnouncementDeliveries, emptyDeliveryCounts } from '../telegram/announcement-deliveries.js';

type Listed = AnnouncementRow & { creatorUsername: string | null };

const selection = {
  announcement: announcements,
  creatorUsername: users.username,
};

/** The latest announcements, newest first, each with its delivery counts. */
export async function listAnnouncements(db: Db): Promise<Announcement[]> {
  const rows = await db
    .select(selection)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(ANNOUNCEMENT_HISTORY_MAX);
  return present(
    db,
    rows.map((r) => ({ ...r.announcement, creatorUsername: r.creatorUsername })),
  );
}

/** One announcement with its progress; 404 when unknown. */
export async function getAnnouncement(db: Db, announcementId: string): Promise<Announcement> {
  const notFound = new AppError('NOT_FOUND', 'announcements.notFound');
  if (!isUuid(announcementId)) throw notFound;
  const [row] = await db
    .select(selection)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .where(eq(announcements.id, announcementId));
  if (!row) throw notFound;
  const [presented] = await present(db, [{ ...row.announcement, creatorUsername: row.creatorUsername }]);
  return presented!;
}

async function present(db: Db, rows: Listed[]): Promise<Announcement[]> {
  const counts = await countAnnouncementDeliveries(db, { announcementIds: rows.map((r) => r.id) });
  const pause = rows.some((r) => r.status === 'running') ? await readPause(db, 'telegram') : null;
  return rows.map((r) => {
    const c = counts.get(r.id) ?? emptyDeliveryCounts();
    return {
      id: r.id,
      text: r.text,
      translations: readTranslations(r.translations),
      format: r.format,
      with_button: r.withButton,
      language: r.targetLanguage,
      status: r.status,
      created_by: { id: r.createdBy, username: r.creatorUsername },
      created_at: r.createdAt.toISOString(),
      finished_at: r.finishedAt?.toISOString() ?? null,
      cancelled_at: r.cancelledAt?.toISOString() ?? null,
      recipients: r.recipientCount,
      in_app_recipients: r.inAppRecipientCount,
      counts: c,
      remaining: c.pending + c.sending,
      withdrawn_at: r.withdrawnAt?.toISOString() ?? null,
      paused:
        pause && r.status === 'running' && c.pending > 0
          ? { until: pause.until.toISOString(), reason: pause.reason }
          : null,
    };
  });
}
