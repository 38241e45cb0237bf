import { and, eq, sql } from 'drizzle-orm';
import { normaliseReferralCode, type ReferrerSummary } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { pendingReferrals, users } from '../../platform/db/schema.js';
import { findUserByReferralCode } from './find-referrer.js';

export type SavePendingReferralResult =
  { saved: true; referrer: ReferrerSummary } | { saved: false; reason: 'invalid_code' | 'already_registered' };

/**
 * Remembers the code a Telegram user started the bot with (`/start CODE`), to be applied by
 * applyPendingReferral when they first sign in. The code must exist; a later /start with
 * another code replaces it. Nothing is stored for a Telegram user who already has an account.
 */
export async function savePendingReferral(
  db: Db,
  options: { telegramId: bigint | number | string; code: string },
): Promise<SavePendingReferralResult> {
  const telegramId = BigInt(options.telegramId);
  const referrer = await findUserByReferralCode(db, options.code);
  if (!referrer) return { saved: false, reason: 'invalid_code' };
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId)).limit(1);
  if (existing) return { saved: false, reason: 'already_registered' };
  await db
    .insert(pendingReferrals)
    .values({ telegramId, referralCode: referrer.referralCode })
    .onConflictDoUpdate({
      target: pendingReferrals.telegramId,
      set: { referralCode: referrer.referralCode, createdAt: sql`now()` },
    });
  return { saved: true, referrer: { username: referrer.username, referral_code: referrer.referralCode } };
}

/** Deletes the signed-in Telegram user's own pending referral with this code; false when there is none. */
export async function removePendingReferral(
  db: Db,
  options: { telegramId: bigint | null; code: string },
): Promise<boolean> {
  if (options.telegramId === null) return false;
  const deleted = await db
    .delete(pendingReferrals)
    .where(
      and(
        eq(pendingReferrals.telegramId, options.telegramId),
        sql`upper(${pendingReferrals.referralCode}) = ${normaliseReferralCode(options.code)}`,
      ),
    )
    .returning({ telegramId: pendingReferrals.telegramId });
  return deleted.length > 0;
}
