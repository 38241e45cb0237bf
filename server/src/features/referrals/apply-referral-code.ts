import { eq } from 'drizzle-orm';
import {
  AppError,
  REFERRAL_APPLY_WINDOW_DAYS,
  type ErrorCode,
  type KeyedMessage,
  type ReferrerSummary,
  type ServerMessageKey,
} from '@ziver/shared';
import type { Database, Db } from '../../platform/db/client.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { applyReferral, type ApplyReferralRefusal } from './apply-referral.js';
import { findActiveReferralOf } from './find-referrer.js';
import { runReferralTransaction } from './run-transaction.js';

const REFUSALS: Record<ApplyReferralRefusal, [ErrorCode, ServerMessageKey]> = {
  invalid_code: ['NOT_FOUND', 'referrals.invalidCode'],
  user_not_found: ['NOT_FOUND', 'referrals.invalidCode'],
  own_code: ['BAD_REQUEST', 'referrals.ownCode'],
  circular: ['BAD_REQUEST', 'referrals.circular'],
  already_referred: ['CONFLICT', 'referrals.alreadyReferred'],
  referrer_full: ['CONFLICT', 'referrals.referrerFull'],
};

/** The API error for a refused application (unknown code 404, own code 400, taken/full 409). */
export function referralRefusalError(reason: ApplyReferralRefusal): AppError {
  const [code, messageKey] = REFUSALS[reason];
  return new AppError(code, messageKey);
}

/**
 * Throws when the user may not take a referrer now: they already have one, or they joined more
 * than 7 days ago (a late code would be a way to mint the bonus long after sign-up).
 */
export async function assertCanTakeReferrer(
  db: Db,
  user: Pick<UserRow, 'id' | 'createdAt'>,
  now = new Date(),
): Promise<void> {
  if (await findActiveReferralOf(db, user.id)) throw new AppError('CONFLICT', 'referrals.alreadyReferred');
  if (now.getTime() - user.createdAt.getTime() > REFERRAL_APPLY_WINDOW_DAYS * 86_400_000) {
    throw new AppError('CONFLICT', 'referrals.applyWindowClosed');
  }
}

/** Why the user may not take a referrer now (what assertCanTakeReferrer throws), or null when they may. */
export async function referrerRefusal(
  db: Db,
  user: Pick<UserRow, 'id' | 'createdAt'>,
  now = new Date(),
): Promise<KeyedMessage | null> {
  try {
    await assertCanTakeReferrer(db, user, now);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT')
      return { message: error.message, messageKey: error.messageKey, params: error.params };
    throw error;
  }
}

/** POST /referrals/apply: the signed-in user applies a code to themself, with the bonus. */
export async function applyReferralCode(
  db: Database,
  options: { userId: string; code: string; source: 'apply' | 'suggestion'; invalidations: InvalidationBus },
): Promise<{ user: UserRow; referrer: ReferrerSummary; bonus: number }> {
  return runReferralTransaction(db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, options.userId));
    if (!user) throw referralRefusalError('user_not_found');
    await assertCanTakeReferrer(tx, user);
    const result = await applyReferral(tx, {
      referredUserId: user.id,
      code: options.code,
      source: options.source,
      invalidations: options.invalidations,
    });
    if (!result.referralApplied) throw referralRefusalError(result.reason);
    const [updated] = await tx.select().from(users).where(eq(users.id, options.userId));
    return { user: updated!, referrer: result.referrer, bonus: result.bonus };
  });
}
