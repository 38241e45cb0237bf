import { inArray, sql } from 'drizzle-orm';
import type { AppSettings } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { appSettings } from '../../platform/db/schema.js';
import type { InvalidationBus } from '../../platform/invalidation.js';

const KEYS = ['MINING_CYCLE_HOURS', 'MINING_REWARD'] as const;

/** The invalidation topic published when app settings are saved. */
export const SETTINGS_TOPIC = 'settings';
/** How long an instance keeps the saved values without asking again (saves invalidate at once). */
const SETTINGS_CACHE_MS = 30_000;

type SavedRows = { key: string; value: unknown }[];
type Cached = { rows: Promise<SavedRows>; until: number; generation: number };

const readSavedRows = async (db: Db): Promise<SavedRows> =>
  db
    .select()
    .from(appSettings)
    .where(inArray(appSettings.key, [...KEYS]));

/** The mining settings in force, read through the app's cache (AppDeps.miningSettings). */
export type MiningSettingsCache = { get(): Promise<AppSettings> };

/**
 * The app's cache of the saved settings, built in the composition root: kept while the app hears
 * every instance's saves (SETTINGS_TOPIC on its invalidation bus), for SETTINGS_CACHE_MS at most.
 */
export function createMiningSettingsCache(
  db: Db,
  invalidations: InvalidationBus,
  defaults: { cycleHours: number; reward: number },
): MiningSettingsCache {
  let cached: Cached | undefined;
  // Bumped by every settings invalidation: entries read before it are dropped.
  let generation = 0;
  invalidations.subscribe((message) => {
    if (message.topic === SETTINGS_TOPIC || message.topic === '*') generation++;
  });
  const savedRows = (): Promise<SavedRows> => {
    if (!invalidations.isReceiving()) return readSavedRows(db);
    const hit = cached;
    if (hit && hit.generation === generation && Date.now() < hit.until) return hit.rows;
    // Tagged with the generation it started in: a save during the read makes it stale at once.
    const entry: Cached = { rows: readSavedRows(db), until: Date.now() + SETTINGS_CACHE_MS, generation };
    cached = entry;
    entry.rows.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.rows;
  };
  return { get: async () => settingsFrom(await savedRows(), defaults) };
}

/**
 * The mining settings in force: values an admin saved, else the configured defaults
 * (`MINING_CYCLE_HOURS`, `MINING_REWARD`). Read now (inside a transaction); the app's
 * MiningSettingsCache serves everything else.
 */
export async function getMiningSettings(
  db: Db,
  defaults: { cycleHours: number; reward: number },
): Promise<AppSettings> {
  return settingsFrom(await readSavedRows(db), defaults);
}

function settingsFrom(rows: SavedRows, defaults: { cycleHours: number; reward: number }): AppSettings {
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
export async function updateMiningSettings(
  db: Db,
  invalidations: InvalidationBus,
  values: Partial<AppSettings>,
): Promise<void> {
  for (const key of KEYS) {
    const value = values[key];
    if (value === undefined) continue;
    await db
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
  }
  await invalidations.publish(db, SETTINGS_TOPIC);
}
