import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MAX_REFERRALS, isReferralMining, type ReferralDataResponse, type ReferralEntry } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { referrals, transactions, users } from '../../platform/db/schema.js';

/** The signed-in user's referral page: code, active referrals with their activity, net earnings. */
export async function getReferralData(db: Db, options: { userId: string; now?: Date }): Promise<ReferralDataResponse> {
  const now = options.now ?? new Date();
  const [me] = await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, options.userId));
  const rows = await db
    .select({
      referredId: referrals.referredId,
      createdAt: referrals.createdAt,
      rewardPaidAt: referrals.rewardPaidAt,
      username: users.username,
      avatarUrl: users.avatarUrl,
      miningSessionStartTime: users.miningSessionStartTime,
      dailyStreakCount: users.dailyStreakCount,
      lastSeenAt: users.lastSeenAt,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(and(eq(referrals.referrerId, options.userId), isNull(referrals.removedAt)))
    .orderBy(desc(referrals.createdAt));

  const [earnings] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.amount}), 0)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, options.userId),
        eq(transactions.currency, 'ZP'),
        inArray(transactions.type, ['referral_reward', 'referral_reward_reversal']),
      ),
    );

  // A row describes the referred user (docs/spec.md §7), so its id is theirs: what DELETE /referrals/{id} takes.
  const list: ReferralEntry[] = rows.map((r) => ({
    id: r.referredId,
    username: r.username,
    avatar_url: r.avatarUrl,
    created_at: r.createdAt.toISOString(),
    mining_session_start_time: r.miningSessionStartTime?.toISOString() ?? null,
    daily_streak_count: r.dailyStreakCount,
    last_seen: r.lastSeenAt?.toISOString() ?? null,
    isMining: isReferralMining(r.miningSessionStartTime, now),
    rewardPaid: r.rewardPaidAt !== null,
  }));
  return {
    success: true,
    referralCode: me?.referralCode ?? '',
    referralCount: list.length,
    totalEarnings: Number(earnings?.total ?? 0),
    maxReferrals: MAX_REFERRALS,
    referrals: list,
  };
}
