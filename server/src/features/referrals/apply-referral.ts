import { eq, inArray, sql } from 'drizzle-orm';
import { MAX_REFERRALS, REFERRAL_BONUS_ZP, type ReferrerSummary } from '@ziver/shared';
import { rowsOf, type Db, type Tx } from '../../platform/db/client.js';
import { pendingReferrals, referrals, users, type ReferralRow } from '../../platform/db/schema.js';
import { postLedgerEntries } from '../transactions/post-ledger-entries.js';
import { countActiveReferrals, findActiveReferralOf, findUserByReferralCode } from './find-referrer.js';
import type { InvalidationBus } from '../../platform/invalidation.js';

export type ReferralSource = ReferralRow['source'];

export type ApplyReferralRefusal =
  'invalid_code' | 'own_code' | 'already_referred' | 'circular' | 'referrer_full' | 'user_not_found';

export type ApplyReferralResult =
  | { referralApplied: true; referralId: string; bonus: number; referrer: ReferrerSummary }
  /** `referrer` is set when the code itself is valid (e.g. the referrer is full). */
  | { referralApplied: false; reason: ApplyReferralRefusal; referrer: ReferrerSummary | null };

/**
 * Records that `referredUserId` was invited with `code` and credits them the referral bonus
 * (100 ZP `referral_bonus`), in the caller's transaction. Business refusals (unknown code, own
 * code, already referred, referrer at the 50 cap) are returned, never thrown, so a sign-up
 * transaction can call it and carry on: the account is created either way.
 *
 * Both users' rows are locked (in id order, so two opposite applications cannot deadlock) and
 * the referrer's active referrals are counted under that lock: concurrent sign-ups with one
 * code cannot push a referrer past the cap.
 *
 * A cycle of any length (A→B→C→A) is refused: the referrer's whole chain is walked under the
 * locks. Two links of one future cycle can involve four different users, so the row locks
 * alone cannot order them: every application first takes one transaction-scoped advisory
 * lock, so each chain walk sees every link committed before it (applications are short).
 */
export async function applyReferral(
  tx: Tx,
  options: { referredUserId: string; code: string; source: ReferralSource; invalidations: InvalidationBus },
): Promise<ApplyReferralResult> {
  const { referredUserId } = options;
  const referrerRow = await findUserByReferralCode(tx, options.code);
  if (!referrerRow) return { referralApplied: false, reason: 'invalid_code', referrer: null };
  const referrer: ReferrerSummary = { username: referrerRow.username, referral_code: referrerRow.referralCode };
  if (referrerRow.id === referredUserId) return { referralApplied: false, reason: 'own_code', referrer };

  // Cheap checks before taking locks; repeated under the locks below.
  const refusal = await refusalFor(tx, referredUserId, referrerRow.id);
  if (refusal) return { referralApplied: false, reason: refusal, referrer };

  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CYCLE_LOCK_KEY})`);
  const locked = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [referredUserId, referrerRow.id]))
    .orderBy(users.id)
    .for('update');
  if (!locked.some((u) => u.id === referredUserId))
    return { referralApplied: false, reason: 'user_not_found', referrer };
  if (!locked.some((u) => u.id === referrerRow.id))
    return { referralApplied: false, reason: 'invalid_code', referrer: null };

  const lockedRefusal = await refusalFor(tx, referredUserId, referrerRow.id);
  if (lockedRefusal) return { referralApplied: false, reason: lockedRefusal, referrer };
  if ((await countActiveReferrals(tx, referrerRow.id)) >= MAX_REFERRALS) {
    return { referralApplied: false, reason: 'referrer_full', referrer };
  }

  // The partial unique index on active referred_id is the last guard; DO NOTHING keeps the
  // caller's transaction usable if it ever fires.
  const [referral] = await tx
    .insert(referrals)
    .values({ referrerId: referrerRow.id, referredId: referredUserId, source: options.source })
    .onConflictDoNothing()
    .returning();
  if (!referral) return { referralApplied: false, reason: 'already_referred', referrer };

  await tx.update(users).set({ referredBy: referrerRow.id }).where(eq(users.id, referredUserId));
  await postLedgerEntries(tx, options.invalidations, referredUserId, [
    {
      type: 'referral_bonus',
      currency: 'ZP',
      amount: REFERRAL_BONUS_ZP,
      description: `Referral bonus: joined with ${referrerRow.username}'s code`,
      metadata: { referralId: referral.id, referrerUsername: referrerRow.username, event: 'joined_with_code' },
      idempotencyKey: `referral_bonus:${referral.id}`,
    },
  ]);
  return { referralApplied: true, referralId: referral.id, bonus: REFERRAL_BONUS_ZP, referrer };
}

/** The advisory lock that orders referral applications (see applyReferral). */
const CYCLE_LOCK_KEY = 0x7a1fe4;

async function refusalFor(db: Db, referredUserId: string, referrerId: string): Promise<ApplyReferralRefusal | null> {
  if (await findActiveReferralOf(db, referredUserId)) return 'already_referred';
  return (await isInReferrerChain(db, { userId: referredUserId, referrerId })) ? 'circular' : null;
}

/** Whether `userId` is the referrer or anywhere above it in its chain of referrers. */
async function isInReferrerChain(db: Db, options: { userId: string; referrerId: string }): Promise<boolean> {
  // UNION (not UNION ALL) stops the walk even on a cycle left by older data.
  const result = await db.execute(sql`
    WITH RECURSIVE chain(id) AS (
      SELECT ${options.referrerId}::uuid
      UNION
      SELECT r.referrer_id FROM ${referrals} r JOIN chain ON r.referred_id = chain.id WHERE r.removed_at IS NULL
    )
    SELECT 1 AS found FROM chain WHERE id = ${options.userId}::uuid LIMIT 1`);
  return rowsOf(result).length > 0;
}

/**
 * Applies the referral a Telegram user arrived with (bot `/start CODE`), consuming the pending
 * row so it is applied at most once. Returns null when there was none. Call it in the
 * transaction that creates (or first signs in) the Telegram user.
 */
export async function applyPendingReferral(
  tx: Tx,
  options: { userId: string; telegramId: bigint | number | string; invalidations: InvalidationBus },
): Promise<ApplyReferralResult | null> {
  const telegramId = BigInt(options.telegramId);
  const [pending] = await tx.delete(pendingReferrals).where(eq(pendingReferrals.telegramId, telegramId)).returning();
  if (!pending) return null;
  return applyReferral(tx, {
    referredUserId: options.userId,
    code: pending.referralCode,
    source: 'telegram',
    invalidations: options.invalidations,
  });
}
