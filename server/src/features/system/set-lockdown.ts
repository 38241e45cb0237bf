import { sql } from 'drizzle-orm';
import type { TextTranslations } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { appSettings } from '../../platform/db/schema.js';
import { LOCKDOWN_SETTING_KEY, type LockdownState } from '../../platform/lockdown.js';

/** Saves the lockdown switch (who changed it is kept beside it for the record). */
export async function setLockdown(
  db: Db,
  options: { isEnabled: boolean; message: string | null; translations: TextTranslations; adminId: string },
): Promise<LockdownState> {
  // Translations only go with an English message (the request schema refuses them alone).
  const translations = options.message ? options.translations : {};
  const value = { enabled: options.isEnabled, message: options.message, translations, updatedBy: options.adminId };
  const [row] = await db
    .insert(appSettings)
    .values({ key: LOCKDOWN_SETTING_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } })
    .returning({ updatedAt: appSettings.updatedAt });
  return { isEnabled: options.isEnabled, message: options.message, translations, updatedAt: row!.updatedAt };
}
