import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';

/** Heartbeats arrive every 60 s; a write is skipped when the last one is fresher than this. */
const MIN_WRITE_INTERVAL_SECONDS = 30;

/** Records that the user is active now (one conditional UPDATE; no write when recently done). */
export async function touchLastSeen(db: Db, options: { userId: string }): Promise<void> {
  await db
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
    );
}
