import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError, roundAmount } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Database, Tx } from '../../platform/db/client.js';
import { referrals, transactions, users } from '../../platform/db/schema.js';
import { postLedgerEntries, type LedgerEntry } from '../transactions/post-ledger-entries.js';
import { runReferralTransaction } from './run-transaction.js';
import type { InvalidationBus } from '../../platform/invalidation.js';

export type Reversal = { requested: number; reversed: number };
export type RemoveReferralResult = { referralId: string; bonus: Reversal; reward: Reversal };

/**
 * A referrer removes one of their referrals, named by the referred user's id (the id of a row of
 * GET /referrals; a user has at most one active referral). The referral is marked removed (never
 * deleted), the friend loses their referrer, and what the referral credited is taken back with
 * compensating entries: the friend's `referral_bonus` (`referral_bonus_reversal`) and, if it
 * was paid, the referrer's `referral_reward` (`referral_reward_reversal`).
 *
 * A reversal never drives a balance below zero: if the points were already spent, only what the
 * balance allows is taken back, and the entry's metadata records requested / reversed /
 * shortfall. Removal is never refused for it: the referrer's choice stands.
 *
 * Locks follow the claim's order (the referral, then both users in id order: the ring reversal
 * and the held reward's release lock users in id order too), so a removal racing the friend's
 * first claim, a release or a ring reversal either sees the reward paid and reverses it, or
 * stops it being paid, and never deadlocks with them.
 */
export async function removeReferral(
  db: Database,
  options: { referrerId: string; referredUserId: string; invalidations: InvalidationBus },
): Promise<RemoveReferralResult> {
  const { referrerId, referredUserId } = options;
  if (!isUuid(referredUserId)) throw new AppError('NOT_FOUND', 'referrals.referralNotFound');

  return runReferralTransaction(db, async (tx) => {
    const [found] = await tx
      .select({ id: referrals.id, referredId: referrals.referredId })
      .from(referrals)
      .where(
        and(
          eq(referrals.referredId, referredUserId),
          eq(referrals.referrerId, referrerId),
          isNull(referrals.removedAt),
        ),
      );
    if (!found) throw new AppError('NOT_FOUND', 'referrals.referralNotFound');
    const referralId = found.id;

    const [removed] = await tx
      .update(referrals)
      .set({ removedAt: sql`now()` })
      .where(and(eq(referrals.id, referralId), eq(referrals.referrerId, referrerId), isNull(referrals.removedAt)))
      .returning();
    // A concurrent removal got there first.
    if (!removed) throw new AppError('NOT_FOUND', 'referrals.referralNotFound');
    // Both users locked in one statement in id order, after the referral row: the claim's order
    // (referral, then users by id) and the ring reversal's and the held reward's release (users by id).
    const locked = await tx
      .select({ id: users.id, zp: users.zpBalance, username: users.username })
      .from(users)
      .where(inArray(users.id, [found.referredId, referrerId]))
      .orderBy(users.id)
      .for('update');
    const friend = locked.find((u) => u.id === found.referredId);
    const referrer = locked.find((u) => u.id === referrerId);
    if (!friend) throw new AppError('NOT_FOUND', 'referrals.referralNotFound');

    await tx
      .update(users)
      .set({ referredBy: null })
      .where(and(eq(users.id, removed.referredId), eq(users.referredBy, referrerId)));

    const bonus = await reverseCredit(tx, options.invalidations, {
      userId: removed.referredId,
      balance: Number(friend.zp),
      creditKey: `referral_bonus:${referralId}`,
      reversalKey: `referral_bonus_reversal:${referralId}`,
      type: 'referral_bonus_reversal',
      description: 'Referral bonus reversed: the referral was removed',
      referralId,
      // The bonus's own metadata key: the friend's entry names who referred them.
      names: { referrerUsername: referrer?.username ?? null },
    });

    const reward = await reverseCredit(tx, options.invalidations, {
      userId: referrerId,
      balance: Number(referrer?.zp ?? 0),
      creditKey: `referral_reward:${referralId}`,
      reversalKey: `referral_reward_reversal:${referralId}`,
      type: 'referral_reward_reversal',
      description: 'Referral reward reversed: the referral was removed',
      referralId,
      names: { friendUsername: friend.username },
    });

    return { referralId, bonus, reward };
  });
}

/** Takes back what the ledger entry with `creditKey` credited, as far as `balance` allows. */
async function reverseCredit(
  tx: Tx,
  invalidations: InvalidationBus,
  options: {
    userId: string;
    balance: number;
    creditKey: string;
    reversalKey: string;
    type: LedgerEntry['type'];
    description: string;
    referralId: string;
    /** Who the entry is about, under the key the reversed entry uses (so it renders the same way). */
    names: Record<string, string | null>;
  },
): Promise<Reversal> {
  const [credit] = await tx
    .select({ amount: transactions.amount })
    .from(transactions)
    .where(and(eq(transactions.idempotencyKey, options.creditKey), eq(transactions.userId, options.userId)));
  const requested = credit ? Number(credit.amount) : 0;
  const reversed = roundAmount(Math.max(0, Math.min(requested, options.balance)));
  if (reversed > 0) {
    await postLedgerEntries(tx, invalidations, options.userId, [
      {
        type: options.type,
        currency: 'ZP',
        amount: -reversed,
        description: options.description,
        metadata: {
          referralId: options.referralId,
          ...options.names,
          event: 'referral_removed',
          requested,
          reversed,
          shortfall: roundAmount(requested - reversed),
        },
        idempotencyKey: options.reversalKey,
      },
    ]);
  }
  return { requested, reversed };
}
