import { sql } from 'drizzle-orm';
import type { Db } from './db/client.js';

/**
 * Records that the user was active on the current UTC day (the database's clock), in
 * `user_activity_days`: the dashboard's "active", its retention and nothing else. Every signed-in
 * action that does not go through the presence flush calls it (daily login, a mining start) — the
 * flush only writes a day when it also moves `last_seen_at`, which those actions may have moved
 * first. The mining claim writes the same row inside its own statement (features/mining/claim-mining-reward.ts).
 * One primary-key insert; a repeat the same day is a no-op.
 */
export async function recordActiveDay(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    insert into user_activity_days (day, user_id)
    values ((now() at time zone 'UTC')::date, ${userId}::uuid)
    on conflict do nothing`);
}
