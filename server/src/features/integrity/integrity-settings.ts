import { eq, sql } from 'drizzle-orm';
import { INTEGRITY_THRESHOLD_DEFAULT } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { appSettings } from '../../platform/db/schema.js';

/** The operator's setting (app_settings `integrity`): the score at or over which an account is flagged. */
const SETTING_KEY = 'integrity';
/** The integrity job's progress (app_settings `integrity.job`): events up to `cursor` are scored. */
const CURSOR_KEY = 'integrity.job';

export async function readIntegrityThreshold(db: Db): Promise<number> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SETTING_KEY)).limit(1);
  const value = (row?.value as { threshold?: unknown } | undefined)?.threshold;
  return typeof value === 'number' && value >= 1 && value <= 100 ? value : INTEGRITY_THRESHOLD_DEFAULT;
}

export async function writeIntegrityThreshold(db: Db, threshold: number): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: SETTING_KEY, value: { threshold } })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: { threshold }, updatedAt: sql`now()` } });
}

export async function readJobCursor(db: Db): Promise<Date | null> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, CURSOR_KEY)).limit(1);
  const value = (row?.value as { cursor?: unknown } | undefined)?.cursor;
  return typeof value === 'string' ? new Date(value) : null;
}

export async function writeJobCursor(db: Db, cursor: Date): Promise<void> {
  const value = { cursor: cursor.toISOString() };
  await db
    .insert(appSettings)
    .values({ key: CURSOR_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}
