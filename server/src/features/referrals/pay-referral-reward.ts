import { and, eq, isNull, sql } from 'drizzle-orm';
import { REFERRAL_REWARD_ZP } from '@ziver/shared';
import type { Tx } from '../../platform/db/client.js';
import { referrals, users } from '../../platform/db/schema.js';
import { postLedgerEntries } from '../ledger/post-ledger-entries.js';
import type { InvalidationBus } from '../../platform/invalidation.js';

export type ReferralRewardResult =
  { paid: false } | { paid: true; referralId: string; referrerId: string; amount: number };

/**
 * Pays the referrer of `userId` the referral reward (150 ZP `referral_reward`) the first time
 * this friend completes a mining claim while the referral is active. Call it in the claim's
 * transaction on every claim: the conditional UPDATE on `reward_paid_at` makes it pay once (a
 * racing call waits on the referral row and then finds nothing to do), and the ledger's
 * idempotency key `referral_reward:<referralId>` is the second guard.
 */
export async function payReferralRewardOnFirstClaim(
  tx: Tx,
  options: { userId: string; invalidations: InvalidationBus },
): Promise<ReferralRewardResult> {
  const [referral] = await tx
    .update(referrals)
    .set({ rewardPaidAt: sql`now()` })
    .where(and(eq(referrals.referredId, options.userId), isNull(referrals.removedAt), isNull(referrals.rewardPaidAt)))
    .returning({ id: referrals.id, referrerId: referrals.referrerId });
  if (!referral) return { paid: false };

  const [friend] = await tx.select({ username: users.username }).from(users).where(eq(users.id, options.userId));
  await postLedgerEntries(tx, options.invalidations, referral.referrerId, [
    {
      type: 'referral_reward',
      currency: 'ZP',
      amount: REFERRAL_REWARD_ZP,
      description: `Referral reward: ${friend?.username ?? 'your friend'} started mining`,
      metadata: { referralId: referral.id, friendUsername: friend?.username ?? null, event: 'first_mining_claim' },
      idempotencyKey: `referral_reward:${referral.id}`,
    },
  ]);
  return { paid: true, referralId: referral.id, referrerId: referral.referrerId, amount: REFERRAL_REWARD_ZP };
}
