import type { Database } from '../../platform/db/client.js';
import { USER_STATUS_TOPIC, type Invalidation, type InvalidationBus } from '../../platform/invalidation.js';
import { createStatusRowReader, type StatusRow } from './get-mining-status.js';

/** Backstop: a cached status row is read again after this long even if nothing was heard. */
export const STATUS_CACHE_MS = 60_000;
const MAX_ENTRIES = 100_000;
// Users dropped while reads were under way, remembered up to this many (then: as if all were).
const MAX_DROPPED = 10_000;

type Entry = { row: StatusRow; cachedUntil: number };

export type StatusCache = {
  /** The user's status row: from the cache when it may be served, otherwise read (and cached). */
  read(userId: string): Promise<StatusRow | undefined>;
  clear(): void;
  readonly size: number;
};

/**
 * The status row per user (balances, streak, open cycle and the database clock's offset), so
 * that most status polls touch no database. Never stale after a change: every change of what
 * it shows reaches it on the invalidation bus (USER_STATUS_TOPIC, sent by database triggers on
 * commit to every instance, and delivered in this process by the writers before they answer),
 * and entries are served only while the app hears the bus (`isReceiving`). A read that was
 * under way when its user was dropped is not cached (it may predate the change). One per app
 * (AppDeps.statusCache), reading the app's database through its own batching reader.
 */
export function createStatusCache(db: Database, invalidations: InvalidationBus, ttlMs = STATUS_CACHE_MS): StatusCache {
  const findStatusRow = createStatusRowReader(db);
  const entries = new Map<string, Entry>();
  let sequence = 0;
  let allDroppedAt = 0;
  const droppedAt = new Map<string, number>();
  let readsUnderWay = 0;

  const dropAll = () => {
    allDroppedAt = ++sequence;
    entries.clear();
    droppedAt.clear();
  };
  const drop = (message: Invalidation) => {
    if (message.topic === '*') return dropAll();
    if (message.topic !== USER_STATUS_TOPIC) return;
    if (message.key === undefined) return dropAll();
    entries.delete(message.key);
    if (readsUnderWay === 0) return;
    if (droppedAt.size >= MAX_DROPPED) return dropAll();
    droppedAt.set(message.key, ++sequence);
  };
  invalidations.subscribe(drop);

  const fromCache = (userId: string): StatusRow | undefined => {
    const entry = entries.get(userId);
    if (!entry) return undefined;
    if (Date.now() >= entry.cachedUntil) {
      entries.delete(userId);
      return undefined;
    }
    const { row } = entry;
    // The cycle's `now` is the database's clock: local time plus the offset measured at the read.
    return row.cycle ? { ...row, cycle: { ...row.cycle, now: new Date(Date.now() + row.clockOffsetMs) } } : row;
  };

  return {
    async read(userId) {
      if (!invalidations.isReceiving()) return findStatusRow(userId);
      const cached = fromCache(userId);
      if (cached) return cached;
      const startedAt = sequence;
      readsUnderWay++;
      let row: StatusRow | undefined;
      try {
        row = await findStatusRow(userId);
      } finally {
        readsUnderWay--;
      }
      const isCurrent = allDroppedAt <= startedAt && (droppedAt.get(userId) ?? 0) <= startedAt;
      if (readsUnderWay === 0) droppedAt.clear();
      if (row && isCurrent && invalidations.isReceiving()) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(userId, { row, cachedUntil: Date.now() + ttlMs });
      }
      return row;
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
