import { eq, sql } from 'drizzle-orm';
import { AppError, type CreateAnnouncementRequest, type TextTranslations } from '@ziver/shared';
import { rowsOf, type Database } from '../../platform/db/client.js';
import { announcements } from '../../platform/db/schema.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import { emailAnnouncementRecipients } from '../notices/announcement-mail.js';
import { eligibleRecipients, inAppRecipients } from './announcement-audience.js';

/**
 * Starts an announcement: in one transaction the announcement row, one delivery row per eligible
 * Telegram recipient (unique per announcement and user) and, with mail on, one per email
 * recipient (marketing mail on, a verified or registered address), the in-app audience's size and the audit
 * entry. The workers send from there; nothing is sent in the request. The in-app notice needs no
 * row per user (GET /api/notices applies the same rule). Refused (409) when no one would get it
 * by either channel. While the bot is off (`isBotOn` false) no Telegram delivery is queued; an
 * announcement with no delivery on any channel is 'done' at once (its notice is all there is to send),
 * never left 'running' with nothing for a worker to do.
 */
export async function startAnnouncement(
  db: Database,
  options: {
    adminId: string;
    /** Whether the bot runs (a worker will send the Telegram deliveries). */
    isBotOn: boolean;
    /** Whether mail is on (the mail lane will send the email deliveries). */
    isMailOn?: boolean;
    request: Omit<CreateAnnouncementRequest, 'translations'> & { translations?: TextTranslations };
  },
): Promise<string> {
  const { request } = options;
  const translations = request.translations ?? {};
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        createdBy: options.adminId,
        text: request.text,
        translations,
        format: request.format,
        withButton: request.withButton,
        targetLanguage: request.language,
      })
      .returning({ id: announcements.id });
    const id = row!.id;
    const inserted = await tx.execute(sql`
      WITH added AS (
        INSERT INTO outbox_messages (channel, kind, announcement_id, user_id, dedupe_key)
        SELECT 'telegram', 'announcement', ${id}::uuid, u.id, 'announcement:' || ${id}::text || ':' || u.id
        FROM users u WHERE ${options.isBotOn} AND ${eligibleRecipients(request.language)}
        ORDER BY u.id
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM added`);
    const mailed = await tx.execute(sql`
      WITH added AS (
        INSERT INTO outbox_messages (channel, kind, announcement_id, user_id, dedupe_key)
        SELECT 'email', 'announcement', ${id}::uuid, u.id, 'announcement:' || ${id}::text || ':' || u.id || ':email'
        FROM users u WHERE ${options.isMailOn ?? false} AND ${emailAnnouncementRecipients(request.language)}
        ORDER BY u.id
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM added`);
    const recipients =
      Number(rowsOf<{ n: number }>(inserted)[0]?.n ?? 0) + Number(rowsOf<{ n: number }>(mailed)[0]?.n ?? 0);
    const inAppCounted = await tx.execute(
      sql`SELECT count(*)::int AS n FROM users u WHERE ${inAppRecipients(request.language)}`,
    );
    const inApp = Number(rowsOf<{ n: number }>(inAppCounted)[0]?.n ?? 0);
    if (recipients === 0 && inApp === 0) throw new AppError('CONFLICT', 'announcements.noRecipients');
    await tx
      .update(announcements)
      .set({
        recipientCount: recipients,
        inAppRecipientCount: inApp,
        ...(recipients === 0 ? { status: 'done' as const, finishedAt: sql`now()` } : {}),
      })
      .where(eq(announcements.id, id));
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'announcement.send',
      targetType: 'announcement',
      targetId: id,
      before: null,
      after: {
        language: request.language,
        format: request.format,
        withButton: request.withButton,
        recipients,
        inAppRecipients: inApp,
        languages: ['en', ...Object.keys(translations)],
        textLength: request.text.length,
      },
    });
    return id;
  });
}
