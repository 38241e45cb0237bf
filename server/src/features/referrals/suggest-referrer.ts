import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { MAX_REFERRALS, REFERRAL_SUGGESTION_ACTIVITY_DAYS, type ReferrerSummary } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { miningSessions, referrals, users } from '../../platform/db/schema.js';

export type ReferrerSuggestion = { referrer: ReferrerSummary; reason: string };

/**
 * A referrer for someone who joined without one: the member who mined most often over the last
 * 7 days, among those with room under the 50-referral cap (ties: more active referrals, then
 * seen most recently). Never the user themself or someone they invited (`userId` null when signed
 * out). Null when nobody qualifies.
 */
export async function suggestReferrer(db: Db, options: { userId: string | null }): Promise<ReferrerSuggestion | null> {
  // Signed out (the register screen) there is no "you" to leave out; a nil id matches nobody.
  const userId = options.userId ?? '00000000-0000-0000-0000-000000000000';
  const activity = db.$with('activity').as(
    db
      .select({ userId: miningSessions.userId, sessions: sql<number>`count(*)`.mapWith(Number).as('sessions') })
      .from(miningSessions)
      .where(gt(miningSessions.startedAt, sql`now() - make_interval(days => ${REFERRAL_SUGGESTION_ACTIVITY_DAYS})`))
      .groupBy(miningSessions.userId),
  );
  const load = db.$with('load').as(
    db
      .select({ referrerId: referrals.referrerId, active: sql<number>`count(*)`.mapWith(Number).as('active') })
      .from(referrals)
      .where(isNull(referrals.removedAt))
      .groupBy(referrals.referrerId),
  );
  const activeReferrals = sql<number>`coalesce(${load.active}, 0)`.mapWith(Number);

  const [best] = await db
    .with(activity, load)
    .select({
      username: users.username,
      referralCode: users.referralCode,
      sessions: activity.sessions,
      activeReferrals,
    })
    .from(activity)
    .innerJoin(users, eq(users.id, activity.userId))
    .leftJoin(load, eq(load.referrerId, users.id))
    .where(
      and(
        ne(users.id, userId),
        sql`${activeReferrals} < ${MAX_REFERRALS}`,
        sql`not exists (select 1 from ${referrals} r where r.referrer_id = ${userId} and r.referred_id = ${users.id} and r.removed_at is null)`,
      ),
    )
    .orderBy(desc(activity.sessions), desc(activeReferrals), sql`${users.lastSeenAt} desc nulls last`, users.createdAt)
    .limit(1);
  if (!best) return null;

  const sessions = `${best.sessions} mining session${best.sessions === 1 ? '' : 's'}`;
  return {
    referrer: { username: best.username, referral_code: best.referralCode },
    reason:
      `${best.username} is one of the most active miners right now (${sessions} in the last ` +
      `${REFERRAL_SUGGESTION_ACTIVITY_DAYS} days) and has room for more referrals ` +
      `(${best.activeReferrals}/${MAX_REFERRALS}).`,
  };
}
