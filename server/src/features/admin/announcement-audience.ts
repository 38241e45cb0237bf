import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';

/**
 * Who an announcement reaches, the same rule the mining-ready notifications honour: Telegram
 * linked, push notifications on (`notify_push`), the bot not blocked; and not suspended.
 * `language` narrows it to users whose language is that one.
 */
export function eligibleRecipients(language: Language | null): SQL {
  return sql`u.telegram_id IS NOT NULL AND u.notify_push AND u.telegram_blocked_at IS NULL
    AND u.suspended_at IS NULL ${language ? sql`AND u.language = ${language}` : sql``}`;
}

/** How many users an announcement to `language` (null: everyone) would reach now. */
export async function countAnnouncementAudience(db: Db, options: { language: Language | null }): Promise<number> {
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM users u WHERE ${eligibleRecipients(options.language)}`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
