import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { UserTaskStats } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { miningSessions, referrals, taskCompletions, users } from '../../platform/db/schema.js';

/**
 * The numbers task rules are checked against (see UserTaskStats in @ziver/shared for what each
 * means). mining_session_duration is the total length of claimed cycles, in whole minutes.
 */
export async function getUserTaskStats(db: Db, userId: string): Promise<UserTaskStats> {
  const [user] = await db
    .select({ streak: users.dailyStreakCount, zp: users.zpBalance, seb: users.socialCapitalScore })
    .from(users)
    .where(eq(users.id, userId));
  const [referralRow] = await db
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, userId), isNull(referrals.removedAt)));
  const [completionRow] = await db
    .select({ n: count() })
    .from(taskCompletions)
    .where(eq(taskCompletions.userId, userId));
  const [miningRow] = await db
    .select({
      seconds: sql<string>`coalesce(sum(extract(epoch from (${miningSessions.endsAt} - ${miningSessions.startedAt}))), 0)`,
    })
    .from(miningSessions)
    .where(and(eq(miningSessions.userId, userId), isNotNull(miningSessions.claimedAt)));

  return {
    mining_streak: user?.streak ?? 0,
    referral_count: Number(referralRow?.n ?? 0),
    zp_balance: Number(user?.zp ?? 0),
    tasks_completed: Number(completionRow?.n ?? 0),
    social_capital_score: Number(user?.seb ?? 0),
    mining_session_duration: Math.floor(Number(miningRow?.seconds ?? 0) / 60),
  };
}
