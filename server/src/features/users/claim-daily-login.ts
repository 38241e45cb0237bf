import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { postLedgerEntries, type LedgerEntry } from '../transactions/post-ledger-entries.js';
import { recordActiveDay } from '../../platform/active-day.js';
import { getDailyLoginReward } from './daily-login-reward.js';
import type { InvalidationBus } from '../../platform/invalidation.js';

export type DailyLoginResult = {
  isCredited: boolean;
  /** The UTC day (YYYY-MM-DD, by the database's clock) the reward belongs to. */
  day: string;
  reward: { zp: number; seb: number };
  user: UserRow;
};

/**
 * Credits the daily-login reward at most once per user per UTC day. The day is the database's,
 * so every instance agrees; the ledger's unique idempotency keys decide under concurrency (a
 * racing second call waits on the first insert, then skips).
 */
export async function claimDailyLogin(
  db: Database,
  options: { userId: string; invalidations: InvalidationBus },
): Promise<DailyLoginResult> {
  const { userId } = options;
  return db.transaction(async (tx) => {
    const [clock] = await tx
      .select({ day: sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD')` })
      .from(users)
      .where(eq(users.id, userId));
    const day = clock!.day;
    const key = (currency: string) => `daily_login:${userId}:${day}:${currency}`;
    const metadata = { day };
    // The reward in force (an admin may change it); a zero amount posts no entry.
    const reward = await getDailyLoginReward(tx);
    const entries: LedgerEntry[] = [
      {
        type: 'daily_login',
        currency: 'ZP',
        amount: reward.zp,
        description: 'Daily login reward',
        metadata,
        idempotencyKey: key('ZP'),
      },
      {
        type: 'daily_login',
        currency: 'SEB',
        amount: reward.seb,
        description: 'Daily login SEB points',
        metadata,
        idempotencyKey: key('SEB'),
      },
    ];
    const inserted = await postLedgerEntries(
      tx,
      options.invalidations,
      userId,
      entries.filter((e) => e.amount > 0),
    );
    const [user] = await tx
      .update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    // It moved last_seen_at, so the next heartbeats may not write the day: this does.
    await recordActiveDay(tx, userId);
    return { isCredited: inserted.length > 0, day, reward, user: user! };
  });
}
