import { eq, sql } from 'drizzle-orm';
import { readTranslations, type LaunchText, type LaunchTextRequest } from '@ziver/shared';
import type { Database, Db } from '../../platform/db/client.js';
import { appSettings } from '../../platform/db/schema.js';
import { recordAdminAction } from '../../platform/audit-log.js';

/** Kept in app_settings beside the lockdown text (the operator texts' storage): no table of its own. */
export const LAUNCH_TEXT_SETTING_KEY = 'launch_text';

const NONE: LaunchText = { message: null, translations: {}, updatedAt: null };

/** The coming-soon pages' launch text an operator set, or none (`message` null). */
export async function readLaunchText(db: Db): Promise<LaunchText> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, LAUNCH_TEXT_SETTING_KEY)).limit(1);
  if (!row || typeof row.value !== 'object' || row.value === null) return NONE;
  const value = row.value as { message?: unknown; translations?: unknown };
  const message = typeof value.message === 'string' && value.message.trim() !== '' ? value.message : null;
  return {
    message,
    translations: message ? readTranslations(value.translations) : {},
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Saves (or, with a null message, clears) the launch text, with an audit entry, in one transaction. */
export async function setLaunchText(
  db: Database,
  options: { adminId: string; text: LaunchTextRequest },
): Promise<LaunchText> {
  return db.transaction(async (tx) => {
    const before = await readLaunchText(tx);
    const value = { ...options.text, updatedBy: options.adminId };
    const [row] = await tx
      .insert(appSettings)
      .values({ key: LAUNCH_TEXT_SETTING_KEY, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } })
      .returning({ updatedAt: appSettings.updatedAt });
    const after: LaunchText = { ...options.text, updatedAt: row!.updatedAt.toISOString() };
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'system.launch_text',
      targetType: 'setting',
      targetId: LAUNCH_TEXT_SETTING_KEY,
      before: { message: before.message, translations: before.translations },
      after: { message: after.message, translations: after.translations },
    });
    return after;
  });
}
