import { count, desc, eq, isNull, min, sql } from 'drizzle-orm';
import { REFERRAL_LEADERBOARD_LIMIT, type ReferralLeaderboardResponse } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { referrals, users } from '../../platform/db/schema.js';
import { countActiveReferrals } from './find-referrer.js';

/**
 * Top referrers by active referrals. Ties share a rank (1, 1, 3) and are listed by who got
 * there first. `me` gives the signed-in user's own standing even outside the top list.
 */
export async function getReferralLeaderboard(
  db: Db,
  options: { userId: string },
): Promise<ReferralLeaderboardResponse> {
  const referralCount = count(referrals.id);
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      referralCount,
      rank: sql<string>`rank() over (order by count(${referrals.id}) desc)`,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(isNull(referrals.removedAt))
    .groupBy(users.id, users.username)
    .orderBy(desc(referralCount), min(referrals.createdAt), users.username)
    .limit(REFERRAL_LEADERBOARD_LIMIT);

  const mine = await countActiveReferrals(db, options.userId);
  let myRank: number | null = null;
  if (mine > 0) {
    const ahead = db
      .select({ referrerId: referrals.referrerId })
      .from(referrals)
      .where(isNull(referrals.removedAt))
      .groupBy(referrals.referrerId)
      .having(sql`count(*) > ${mine}`)
      .as('ahead');
    const [row] = await db.select({ n: count() }).from(ahead);
    myRank = Number(row?.n ?? 0) + 1;
  }

  return {
    success: true,
    leaderboard: rows.map((r) => ({
      rank: Number(r.rank),
      username: r.username,
      referralCount: Number(r.referralCount),
      isMe: r.userId === options.userId,
    })),
    me: { rank: myRank, referralCount: mine },
  };
}
