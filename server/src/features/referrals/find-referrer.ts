import { and, count, eq, isNull, or } from 'drizzle-orm';
import { normaliseReferralCode } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { referrals, users, type UserRow } from '../../platform/db/schema.js';

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** The user owning a referral code (typed codes are matched case-insensitively); undefined when none. */
export async function findUserByReferralCode(db: Db, code: string): Promise<UserRow | undefined> {
  const typed = code.trim();
  if (!CODE_PATTERN.test(typed)) return undefined;
  const upper = normaliseReferralCode(typed);
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.referralCode, upper), eq(users.referralCode, typed)))
    .limit(1);
  return row;
}

/** Active (not removed) referrals a user has made. */
export async function countActiveReferrals(db: Db, referrerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), isNull(referrals.removedAt)));
  return Number(row?.n ?? 0);
}

/** The active referral naming this user as the invited friend, if any. */
export async function findActiveReferralOf(db: Db, referredId: string) {
  const [row] = await db
    .select()
    .from(referrals)
    .where(and(eq(referrals.referredId, referredId), isNull(referrals.removedAt)))
    .limit(1);
  return row;
}
