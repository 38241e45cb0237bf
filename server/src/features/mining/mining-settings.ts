import { inArray, sql } from 'drizzle-orm';
import type { AppSettings } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { appSettings } from '../../platform/db/schema.js';

const KEYS = ['MINING_CYCLE_HOURS', 'MINING_REWARD'] as const;

/**
 * The mining settings in force: values an admin saved, else the configured defaults
 * (`MINING_CYCLE_HOURS`, `MINING_REWARD`).
 */
export async function getMiningSettings(db: Db, defaults: { cycleHours: number; reward: number }): Promise<AppSettings> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, [...KEYS]));
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  const numberOr = (key: string, fallback: number) => {
    const v = saved.get(key);
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return {
    MINING_CYCLE_HOURS: numberOr('MINING_CYCLE_HOURS', defaults.cycleHours),
    MINING_REWARD: numberOr('MINING_REWARD', defaults.reward),
  };
}

/** Saves mining settings; only the given keys change. */
export async function updateMiningSettings(db: Db, values: Partial<AppSettings>): Promise<void> {
  for (const key of KEYS) {
    const value = values[key];
    if (value === undefined) continue;
    await db
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
  }
}
