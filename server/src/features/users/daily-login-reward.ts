import { eq, sql } from 'drizzle-orm';
import { DAILY_LOGIN_SEB, DAILY_LOGIN_ZP, type DailyLoginReward } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { appSettings } from '../../platform/db/schema.js';

export const DAILY_LOGIN_SETTING_KEY = 'DAILY_LOGIN_REWARD';

/** The daily-login reward in force: what an admin saved, else the spec's 5 ZP and 1 SEB. */
export async function getDailyLoginReward(db: Db): Promise<DailyLoginReward> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, DAILY_LOGIN_SETTING_KEY)).limit(1);
  const value = (row?.value ?? {}) as { zp?: unknown; seb?: unknown };
  const amountOr = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback;
  return { zp: amountOr(value.zp, DAILY_LOGIN_ZP), seb: amountOr(value.seb, DAILY_LOGIN_SEB) };
}

/** Saves the daily-login reward (applies from the next claim). */
export async function setDailyLoginReward(db: Db, reward: DailyLoginReward): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: DAILY_LOGIN_SETTING_KEY, value: reward })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: reward, updatedAt: sql`now()` } });
}
