import { sql, type SQL } from 'drizzle-orm';

/**
 * Who an announcement's in-app notice is for (issue 29, item 8), the one rule of it: every user
 * `u` not suspended, in the announcement's target language when it has one (`targetLanguage`, an
 * SQL text that may be NULL: everyone). Web-only users (no Telegram) included.
 */
export function isInAppRecipient(targetLanguage: SQL): SQL {
  return sql`u.suspended_at IS NULL AND (${targetLanguage} IS NULL OR u.language = ${targetLanguage})`;
}
