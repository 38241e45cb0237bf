import { sql } from 'drizzle-orm';
import { NOTICE_MAX_AGE_DAYS, NOTICES_SHOWN_MAX, readTranslations, textForLanguage, type Notice } from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';
import { isInAppRecipient } from './notice-audience.js';

/**
 * The announcements shown to user `u` in the app: addressed to them (isInAppRecipient), sent
 * after they signed up and within NOTICE_MAX_AGE_DAYS, not withdrawn by an operator (stopping
 * the sending leaves the notice), not sent before in-app notices existed, and not dismissed by
 * them. `announcementId` narrows it to one.
 */
function visibleNotices(userId: string, announcementId?: string) {
  return sql`
    FROM announcements a JOIN users u ON u.id = ${userId}::uuid
    WHERE a.in_app_recipient_count IS NOT NULL AND a.withdrawn_at IS NULL
      AND a.created_at > now() - make_interval(days => ${NOTICE_MAX_AGE_DAYS}) AND a.created_at >= u.created_at
      AND ${isInAppRecipient(sql`a.target_language`)}
      ${announcementId ? sql`AND a.id = ${announcementId}::uuid` : sql``}
      AND NOT EXISTS (
        SELECT 1 FROM notice_dismissals n WHERE n.user_id = u.id AND n.announcement_id = a.id
      )`;
}

/** The caller's notices, newest first, each in their language (English when it has none). */
export async function listNotices(db: Db, options: { userId: string }): Promise<Notice[]> {
  const result = await db.execute(sql`
    SELECT a.id, a.text, a.translations, a.format, a.created_at, u.language
    ${visibleNotices(options.userId)}
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${NOTICES_SHOWN_MAX}`);
  const rows = rowsOf<Record<string, unknown>>(result);
  return rows.map((r) => ({
    id: String(r.id),
    text: textForLanguage(String(r.text), readTranslations(r.translations), String(r.language)),
    format: r.format === 'html' ? 'html' : 'plain',
    created_at: new Date(r.created_at as string | Date).toISOString(),
  }));
}

/** Whether `announcementId` is a notice the user sees now (dismissed ones are not). */
export async function isVisibleNotice(db: Db, options: { userId: string; announcementId: string }): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 ${visibleNotices(options.userId, options.announcementId)}`);
  return rowsOf(result).length > 0;
}
