import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';
import { emailAnnouncementRecipients } from '../notices/announcement-mail.js';
import { isInAppRecipient } from '../notices/notice-audience.js';

/**
 * Who an announcement reaches, the same rule the mining-ready notifications honour: Telegram
 * linked, push notifications on (`notify_push`), the bot not blocked; and not suspended.
 * `language` narrows it to users whose language is that one.
 */
export function eligibleRecipients(language: Language | null): SQL {
  return sql`u.telegram_id IS NOT NULL AND u.notify_push AND u.telegram_blocked_at IS NULL
    AND u.suspended_at IS NULL ${language ? sql`AND u.language = ${language}` : sql``}`;
}

/** The in-app notice's audience rule for an announcement to `language` (null: everyone). */
export function inAppRecipients(language: Language | null): SQL {
  return isInAppRecipient(sql`${language}::text`);
}

export type AudienceCounts = {
  /** Reached through the bot. */
  telegram: number;
  /** Shown the in-app notice (web-only users included). */
  inApp: number;
  /** In-app recipients the bot does not reach: the notice is all they get. */
  inAppOnly: number;
  /** Reached by email (0 with mail off). */
  email: number;
};

/** How many users an announcement to `language` (null: everyone) would reach now, by channel (email only with `isMailOn`). */
export async function countAnnouncementAudience(
  db: Db,
  options: { language: Language | null; isMailOn?: boolean },
): Promise<AudienceCounts> {
  const { language } = options;
  const isMailOn = options.isMailOn ?? false;
  const result = await db.execute(sql`
    SELECT count(*) FILTER (WHERE ${eligibleRecipients(language)})::int AS telegram,
           count(*) FILTER (WHERE ${inAppRecipients(language)})::int AS in_app,
           count(*) FILTER (WHERE ${inAppRecipients(language)} AND NOT (${eligibleRecipients(language)}))::int AS in_app_only,
           count(*) FILTER (WHERE ${isMailOn} AND ${emailAnnouncementRecipients(language)})::int AS email
    FROM users u`);
  const [row] = rowsOf<{ telegram: number; in_app: number; in_app_only: number; email: number }>(result);
  return {
    telegram: Number(row?.telegram ?? 0),
    inApp: Number(row?.in_app ?? 0),
    inAppOnly: Number(row?.in_app_only ?? 0),
    email: Number(row?.email ?? 0),
  };
}
