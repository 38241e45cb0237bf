import { eq, sql } from 'drizzle-orm';
import { DAILY_LOGIN_SEB, DAILY_LOGIN_ZP } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { postLedgerEntries } from '../ledger/post-ledger-entries.js';

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
export async function claimDailyLogin(db: Database, options: { userId: string }): Promise<DailyLoginResult> {
  const { userId } = options;
  return db.transaction(async (tx) => {
    const [clock] = await tx
      .select({ day: sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD')` })
      .from(users)
      .where(eq(users.id, userId));
    const day = clock!.day;
    const key = (currency: string) => `daily_login:${userId}:${day}:${currency}`;
    const metadata = { day };
    const inserted = await postLedgerEntries(tx, userId, [
      {
        type: 'daily_login',
        currency: 'ZP',
        amount: DAILY_LOGIN_ZP,
        description: 'Daily login reward',
        metadata,
        idempotencyKey: key('ZP'),
      },
      {
        type: 'daily_login',
        currency: 'SEB',
        amount: DAILY_LOGIN_SEB,
        description: 'Daily login SEB points',
        metadata,
        idempotencyKey: key('SEB'),
      },
    ]);
    const [user] = await tx
      .update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    return { isCredited: inserted.length > 0, day, reward: { zp: DAILY_LOGIN_ZP, seb: DAILY_LOGIN_SEB }, user: user! };
  });
}
