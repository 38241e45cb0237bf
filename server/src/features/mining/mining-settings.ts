import { inArray, sql } from 'drizzle-orm';
import type { AppSettings } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { appSettings } from '../../platform/db/schema.js';
import { isReceivingInvalidations, publishInvalidation, subscribeInvalidations } from '../../platform/invalidation.js';

const KEYS = ['MINING_CYCLE_HOURS', 'MINING_REWARD'] as const;

/** The invalidation topic published when app settings are saved. */
export const SETTINGS_TOPIC = 'settings';
/** How long an instance keeps the saved values without asking again (saves invalidate at once). */
const SETTINGS_CACHE_MS = 30_000;

type Cached = { rows: Promise<{ key: string; value: unknown }[]>; until: number; generation: number };
const cached = new WeakMap<object, Cached>();
// Bumped by every settings invalidation: entries read before it are dropped.
let generation = 0;
subscribeInvalidations((message) => {
  if (message.topic === SETTINGS_TOPIC || message.topic === '*') generation++;
});

/** The saved rows, cached per database while this process hears every instance's saves. */
function savedRows(db: Db): Promise<{ key: string; value: unknown }[]> {
  const read = async () =>
    db
      .select()
      .from(appSettings)
      .where(inArray(appSettings.key, [...KEYS]));
  if (!isReceivingInvalidations(db)) return read();
  const hit = cached.get(db);
  if (hit && hit.generation === generation && Date.now() < hit.until) return hit.rows;
  // Tagged with the generation it started in: a save during the read makes it stale at once.
  const entry: Cached = { rows: read(), until: Date.now() + SETTINGS_CACHE_MS, generation };
  cached.set(db, entry);
  entry.rows.catch(() => {
    if (cached.get(db) === entry) cached.delete(db);
  });
  return entry.rows;
}

/**
 * The mining settings in force: values an admin saved, else the configured defaults
 * (`MINING_CYCLE_HOURS`, `MINING_REWARD`).
 */
export async function getMiningSettings(
  db: Db,
  defaults: { cycleHours: number; reward: number },
): Promise<AppSettings> {
  const rows = await savedRows(db);
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
  await publishInvalidation(db, SETTINGS_TOPIC);
}
