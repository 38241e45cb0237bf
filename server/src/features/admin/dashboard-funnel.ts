import { sql } from 'drizzle-orm';
import type { DashboardReferralFunnel } from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';

/**
 * The referral funnel of the referrals that began in [from, now] (issue 29):
 * - invited: everyone who arrived with a referral link: those who signed up (below) plus Telegram
 *   arrivals whose code still waits for their first sign-in (pending_referrals);
 * - signed_up: referrals recorded in the period and not removed (the friend has an account);
 * - first_claim: those whose friend then claimed a mining cycle (reward_paid_at, set by the
 *   friend's first claim after the referral).
 * Live (a friend may claim any day later, so a closed day's funnel is never final); both tables
 * are read by their created_at index over the period only.
 */
export async function referralFunnel(db: Db, from: Date): Promise<DashboardReferralFunnel> {
  const since = sql`${from.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select (select count(*) from pending_referrals where created_at >= ${since})::int as pending,
           count(*)::int as signed_up,
           count(*) filter (where reward_paid_at is not null)::int as first_claim
    from referrals
    where created_at >= ${since} and removed_at is null`);
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  const signedUp = Number(row.signed_up ?? 0);
  return {
    invited: signedUp + Number(row.pending ?? 0),
    signed_up: signedUp,
    first_claim: Number(row.first_claim ?? 0),
  };
}
