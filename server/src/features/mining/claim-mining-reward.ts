import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { AppError, SERVER_MESSAGES, miningSebPoints, nextStreak, utcDay } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { miningSessions, users, type UserRow } from '../../platform/db/schema.js';
import { postLedgerEntries } from '../ledger/post-ledger-entries.js';
import { payReferralRewardOnFirstClaim } from '../referrals/pay-referral-reward.js';

export type ClaimResult = {
  user: UserRow;
  reward: { zp: number; seb: number; streak: number; durationMinutes: number };
};

/**
 * Credits a finished cycle exactly once. The conditional UPDATE closes the cycle only if it
 * has ended and is still open; a racing second claim waits on the row lock, re-checks the
 * WHERE, and finds nothing. The ledger's idempotency key is the second guard.
 */
export async function claimMiningReward(db: Database, options: { userId: string }): Promise<ClaimResult> {
  const { userId } = options;
  return db.transaction(async (tx) => {
    const [cycle] = await tx
      .update(miningSessions)
      .set({
        claimedAt: sql`now()`,
        // Claimed before the "reward ready" message went out: it is no longer needed.
        notifyStatus: sql`case when ${miningSessions.notifyStatus} = 'pending' then 'skipped' else ${miningSessions.notifyStatus} end`,
      })
      .where(
        and(eq(miningSessions.userId, userId), isNull(miningSessions.claimedAt), lte(miningSessions.endsAt, sql`now()`)),
      )
      .returning();

    if (!cycle) {
      const [open] = await tx
        .select({ endsAt: miningSessions.endsAt })
        .from(miningSessions)
        .where(and(eq(miningSessions.userId, userId), isNull(miningSessions.claimedAt)))
        .limit(1);
      if (open) throw new AppError('MINING_NOT_FINISHED', SERVER_MESSAGES.miningNotFinished);
      throw new AppError('MINING_NOT_STARTED', SERVER_MESSAGES.miningNotStarted);
    }

    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    const claimDay = utcDay(cycle.claimedAt!);
    const streak = nextStreak({ streak: before!.dailyStreakCount, lastClaimDay: before!.lastClaimDay }, claimDay);
    const seb = miningSebPoints(streak);
    const zp = Number(cycle.reward);
    const durationMinutes = Math.round((cycle.endsAt.getTime() - cycle.startedAt.getTime()) / 60_000);
    const metadata = { duration: durationMinutes, sebPoints: seb, streak, cycleId: cycle.id };

    await postLedgerEntries(tx, userId, [
      {
        type: 'mining_reward',
        currency: 'ZP',
        amount: zp,
        description: 'Mining reward',
        metadata,
        idempotencyKey: `mining:${cycle.id}:ZP`,
      },
      {
        type: 'mining_reward',
        currency: 'SEB',
        amount: seb,
        description: 'Mining SEB points',
        metadata,
        idempotencyKey: `mining:${cycle.id}:SEB`,
      },
    ]);
    // The friend's first claim pays their referrer, once, in this same transaction.
    await payReferralRewardOnFirstClaim(tx, { userId });
    const [user] = await tx
      .update(users)
      .set({ dailyStreakCount: streak, lastClaimDay: claimDay, miningSessionStartTime: null })
      .where(eq(users.id, userId))
      .returning();
    return { user: user!, reward: { zp, seb, streak, durationMinutes } };
  });
}
