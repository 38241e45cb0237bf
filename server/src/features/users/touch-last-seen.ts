import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { recordActiveDay } from '../../platform/active-day.js';

/** Heartbeats arrive every 60 s; a write is skipped when the last one is fresher than this. */
const MIN_WRITE_INTERVAL_SECONDS = 30;

/**
 * Records that the user is active now (one conditional UPDATE; no write when recently done), and
 * the active day (when it wrote: the presence flush's rule, see presence.ts).
 */
export async function touchLastSeen(db: Db, options: { userId: string }): Promise<void> {
  const touched = await db
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(users.id, options.userId),
        or(
          isNull(users.lastSeenAt),
          lt(users.lastSeenAt, sql`now() - make_interval(secs => ${MIN_WRITE_INTERVAL_SECONDS})`),
        ),
      ),
    )
    .returning({ id: users.id });
  if (touched.length > 0) await recordActiveDay(db, options.userId);
}
