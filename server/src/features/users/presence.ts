import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { PresenceRecorder } from '../../platform/deps.js';

/**
 * `users.last_seen_at` is written at most once per this interval per user: at the spec's one
 * heartbeat a minute that is ≤ 0.2 row writes per heartbeat. Readers (profile `last_seen`,
 * the referral list, referrer suggestions) see a value at most this plus one flush old.
 */
export const LAST_SEEN_WRITE_INTERVAL_SECONDS = 300;

export type { PresenceRecorder };

/** Flushes are chunked so one statement never carries an unbounded VALUES list. */
const FLUSH_CHUNK = 5_000;

/**
 * Keeps heartbeats in memory and writes them in batches every `flushIntervalMs`: one
 * `UPDATE … FROM (VALUES …)` per chunk, changing only rows whose stored last_seen_at is older
 * than LAST_SEEN_WRITE_INTERVAL_SECONDS or from an earlier UTC day. The condition is checked by
 * the database, so several instances receiving one user's heartbeats still write at that rate at
 * most, without sharing memory. last_seen_at has no index, so the updates can be HOT.
 *
 * The same statement records the user's active day in `user_activity_days` (the dashboard's
 * "daily active"), only for the rows it updated: the first heartbeat of a UTC day always updates
 * (the day changed), so every active day gets its row, at ≤ one insert per user per 5 minutes.
 */
export function createPresenceRecorder(options: {
  db: Db;
  logger: Logger;
  flushIntervalMs: number;
  /** The time a heartbeat is recorded at (the benchmark simulates minutes with it). */
  clock?: () => Date;
}): PresenceRecorder {
  const clock = options.clock ?? (() => new Date());
  const { db, logger } = options;
  let pending = new Map<string, Date>();
  let flushing: Promise<void> = Promise.resolve();

  const writeChunk = async (entries: [string, Date][]) => {
    const rows = sql.join(
      entries.map(([userId, seenAt]) => sql`(${userId}::uuid, ${seenAt.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await db.execute(sql`
      with seen as (
        update users set last_seen_at = v.seen_at
        from (values ${rows}) as v(id, seen_at)
        where users.id = v.id
          and (users.last_seen_at is null
            or users.last_seen_at < v.seen_at - make_interval(secs => ${LAST_SEEN_WRITE_INTERVAL_SECONDS})
            or (users.last_seen_at at time zone 'UTC')::date < (v.seen_at at time zone 'UTC')::date)
        returning users.id, v.seen_at
      )
      insert into user_activity_days (day, user_id)
      select (seen_at at time zone 'UTC')::date, id from seen
      on conflict do nothing`);
  };

  const flushNow = async () => {
    if (pending.size === 0) return;
    const batch = [...pending];
    pending = new Map();
    for (let i = 0; i < batch.length; i += FLUSH_CHUNK) {
      try {
        await writeChunk(batch.slice(i, i + FLUSH_CHUNK));
      } catch (error) {
        // Presence is best effort: a failed flush is retried with the next one.
        for (const [userId, seenAt] of batch.slice(i, i + FLUSH_CHUNK)) {
          if (!pending.has(userId)) pending.set(userId, seenAt);
        }
        logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'presence flush failed');
        return;
      }
    }
  };

  const flush = () => (flushing = flushing.then(flushNow));
  const timer = setInterval(() => void flush(), options.flushIntervalMs);
  timer.unref();

  return {
    record(userId) {
      pending.set(userId, clock());
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
