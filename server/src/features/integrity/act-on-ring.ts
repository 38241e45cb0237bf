import { sql, type SQL } from 'drizzle-orm';
import { AppError, roundAmount } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import { rowsOf, type Database, type Db } from '../../platform/db/client.js';
import { USER_STATUS_TOPIC, type InvalidationBus } from '../../platform/invalidation.js';
import { USER_TOPIC } from '../../platform/session-cache.js';
import { releaseHeldRewardsOf } from './held-rewards.js';

/** Members suspended per transaction: a restart part-way keeps the batches done, a repeat does the rest. */
export const SUSPEND_BATCH_SIZE = 100;

async function lockRing(tx: Db, ringId: string) {
  const notFound = new AppError('NOT_FOUND', 'integrity.ringNotFound');
  if (!isUuid(ringId)) throw notFound;
  const [ring] = rowsOf<{ id: string; score: number; reviewed: boolean }>(
    await tx.execute(sql`
      select id, score, reviewed_at is not null as reviewed from integrity_rings where id = ${ringId}::uuid for update`),
  );
  if (!ring) throw notFound;
  return ring;
}

/**
 * Adds each account's current reasons to its reviewed reasons (they no longer count: score-account.ts)
 * and marks it reviewed now; `accounts` is a query of user ids. Returns the accounts it changed
 * (a repeat with no new reasons changes none).
 */
export async function markAccountsReviewed(tx: Db, adminId: string, accounts: SQL) {
  return rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      insert into account_risk as r (user_id, score, reasons, reviewed_at, reviewed_by, reviewed_reasons)
      select a.id, 0, '[]'::jsonb, now(), ${adminId}::uuid, '[]'::jsonb from (${accounts}) as a(id)
      on conflict (user_id) do update set
        reviewed_reasons = (
          select coalesce(jsonb_agg(distinct code), '[]'::jsonb) from (
            select jsonb_array_elements_text(r.reviewed_reasons) as code
            union select x->>'code' from jsonb_array_elements(r.reasons) x) codes),
        score = 0, reasons = '[]'::jsonb, reviewed_at = now(), reviewed_by = ${adminId}::uuid
      where r.reviewed_at is null or jsonb_array_length(r.reasons) > 0
      returning r.user_id`),
  );
}

/**
 * Marks a ring legitimate: the ring is reviewed, and each member's current reasons are added to
 * its reviewed reasons (they no longer count, at this run and the next: score-account.ts), so
 * its score drops by them; the referral rewards held for its members' referrers are released
 * (held-rewards.ts). Audited once when it changes something; a repeat changes nothing.
 */
export async function reviewRing(
  db: Database,
  options: { adminId: string; ringId: string; reason: string; invalidations: InvalidationBus },
): Promise<{ affected: number }> {
  return db.transaction(async (tx) => {
    const ring = await lockRing(tx, options.ringId);
    const changed = await markAccountsReviewed(
      tx,
      options.adminId,
      sql`select m.user_id from integrity_ring_members m where m.ring_id = ${ring.id}::uuid`,
    );
    // Its members are no longer flagged: the rewards held for their referrers are released.
    const released = await releaseHeldRewardsOf(
      tx,
      sql`select m.user_id from integrity_ring_members m where m.ring_id = ${ring.id}::uuid`,
      'ring_review',
      options.invalidations,
    );
    if (ring.reviewed && changed.length === 0 && released.paid.length === 0 && released.cleared === 0) {
      return { affected: 0 };
    }
    await tx.execute(sql`
      update integrity_rings set score = 0, reviewed_at = now(), reviewed_by = ${options.adminId}::uuid
      where id = ${ring.id}::uuid`);
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'integrity.ring_review',
      targetType: 'integrity_ring',
      targetId: ring.id,
      before: { score: ring.score, reviewed: ring.reviewed },
      after: {
        reviewed: true,
        reason: options.reason,
        members: changed.map((c) => c.user_id),
        releasedRewards: released.paid.length,
        clearedHolds: released.cleared,
      },
    });
    return { affected: changed.length };
  });
}

/**
 * Suspends every member of a ring that is not suspended yet, except admins and the caller: one
 * transaction per batch (members locked, skipped when another call holds them), each suspension
 * audited as `user.suspend` with the ring, each batch as `integrity.ring_suspend`, sessions
 * revoked. Resumable and idempotent: it works from "not suspended yet", so a repeat or a run
 * after a restart part-way suspends only the rest.
 */
export async function suspendRing(
  db: Database,
  options: {
    adminId: string;
    ringId: string;
    reason: string;
    invalidations: InvalidationBus;
    batchSize?: number;
    /** Stops after this many batches (tests: a run cut short by a restart). */
    maxBatches?: number;
  },
): Promise<{ affected: number }> {
  const batchSize = options.batchSize ?? SUSPEND_BATCH_SIZE;
  await db.transaction((tx) => lockRing(tx, options.ringId));
  let affected = 0;
  for (let round = 0; round < (options.maxBatches ?? Infinity); round++) {
    const batch = await db.transaction(async (tx) => {
      const ring = await lockRing(tx, options.ringId);
      const members = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select u.id from integrity_ring_members m join users u on u.id = m.user_id
          where m.ring_id = ${ring.id}::uuid and u.suspended_at is null and u.role <> 'ADMIN'
            and u.id <> ${options.adminId}::uuid
          order by u.id limit ${batchSize}
          for update of u skip locked`),
      );
      if (members.length === 0) return [];
      const ids = sql`${`{${members.map((m) => m.id).join(',')}}`}::uuid[]`;
      await tx.execute(sql`
        update users set suspended_at = now(), suspension_reason = ${options.reason} where id = any(${ids})`);
      const revoked = rowsOf<{ user_id: string; n: number }>(
        await tx.execute(sql`
          with ended as (
            update auth_sessions set revoked_at = now()
            where user_id = any(${ids}) and revoked_at is null returning user_id)
          select user_id, count(*)::int as n from ended group by user_id`),
      );
      const revokedOf = new Map(revoked.map((r) => [r.user_id, r.n]));
      for (const member of members) {
        await recordAdminAction(tx, {
          adminId: options.adminId,
          action: 'user.suspend',
          targetType: 'user',
          targetId: member.id,
          before: { suspendedAt: null, reason: null },
          after: {
            suspended: true,
            reason: options.reason,
            ring: ring.id,
            revokedSessions: revokedOf.get(member.id) ?? 0,
          },
        });
      }
      await recordAdminAction(tx, {
        adminId: options.adminId,
        action: 'integrity.ring_suspend',
        targetType: 'integrity_ring',
        targetId: ring.id,
        before: null,
        after: { reason: options.reason, suspended: members.map((m) => m.id) },
      });
      return members.map((m) => m.id);
    });
    if (batch.length === 0) return { affected };
    affected += batch.length;
    for (const userId of batch) await options.invalidations.publish(db, USER_TOPIC, userId);
  }
  return { affected };
}

/** Referral rewards reversed per transaction (like the suspension's batches). */
export const REVERSE_BATCH_SIZE = 100;

type RewardRow = {
  id: string;
  user_id: string;
  amount: string;
  referral_id: string;
  friend_username: string | null;
};

/**
 * Reverses the referral rewards the ring's members earned their referrers (the referrer's
 * `referral_reward` of each member's referral): one `referral_reward_reversal` entry per reward,
 * negative, naming the reward in `reverses_id` (unique: a reward is reversed at most once, whoever
 * races) and sharing the idempotency key a referral's removal uses (so a removed referral's
 * reward is not reversed twice). The existing rows are never edited. Like a removal, it never
 * drives a balance below zero: a spent reward is reversed as far as the balance allows and the
 * entry records requested / reversed / shortfall; a reward with nothing to take back gets no
 * entry and is tried again by the next call. One transaction per batch (rewards locked `FOR
 * UPDATE SKIP LOCKED`, then the referrers in id order, the claim's order), each batch audited as
 * `integrity.ring_reverse_rewards` with its counts. Resumable and idempotent: it works from
 * "rewards without a reversal", so a repeat or a run after a restart part-way reverses only the rest.
 */
export async function reverseRingReferralRewards(
  db: Database,
  options: {
    adminId: string;
    ringId: string;
    reason: string;
    invalidations: InvalidationBus;
    batchSize?: number;
    /** Stops after this many batches (tests: a run cut short by a restart). */
    maxBatches?: number;
  },
): Promise<{ affected: number; zp: number }> {
  const batchSize = options.batchSize ?? REVERSE_BATCH_SIZE;
  await db.transaction((tx) => lockRing(tx, options.ringId));
  let affected = 0;
  let zp = 0;
  // Rewards at or below the cursor were seen by this call (a fully spent one is not retried in it).
  let cursor = '00000000-0000-0000-0000-000000000000';
  for (let round = 0; round < (options.maxBatches ?? Infinity); round++) {
    const batch = await db.transaction(async (tx) => {
      const ring = await lockRing(tx, options.ringId);
      const rewards = rowsOf<RewardRow>(
        await tx.execute(sql`
          select t.id, t.user_id, t.amount::text as amount, r.id as referral_id, f.username as friend_username
          from integrity_ring_members m
          join referrals r on r.referred_id = m.user_id
          join users f on f.id = m.user_id
          join transactions t on t.idempotency_key = 'referral_reward:' || r.id
          where m.ring_id = ${ring.id}::uuid and t.type = 'referral_reward' and t.id > ${cursor}::uuid
            and not exists (select 1 from transactions x where x.reverses_id = t.id)
            and not exists (select 1 from transactions x where x.idempotency_key = 'referral_reward_reversal:' || r.id)
          order by t.id limit ${batchSize}
          for update of t skip locked`),
      );
      if (rewards.length === 0) return null;
      const referrerIds = [...new Set(rewards.map((r) => r.user_id))].sort();
      const balances = new Map(
        rowsOf<{ id: string; zp: string }>(
          await tx.execute(sql`
            select id, zp_balance::text as zp from users
            where id = any(${`{${referrerIds.join(',')}}`}::uuid[]) order by id for update`),
        ).map((u) => [u.id, Number(u.zp)]),
      );
      const entries: { reward: RewardRow; requested: number; reversed: number }[] = [];
      for (const reward of rewards) {
        const requested = Number(reward.amount);
        const balance = balances.get(reward.user_id) ?? 0;
        const reversed = roundAmount(Math.max(0, Math.min(requested, balance)));
        balances.set(reward.user_id, roundAmount(balance - reversed));
        if (reversed > 0) entries.push({ reward, requested, reversed });
      }
      const last = rewards[rewards.length - 1]!.id;
      if (entries.length === 0) return { last, reversed: [] as { user_id: string; amount: number }[] };
      const values = entries.map(
        ({ reward, requested, reversed }) =>
          sql`(${reward.user_id}::uuid, 'referral_reward_reversal', 'ZP', ${(-reversed).toFixed(4)}::numeric,
               'Referral reward reversed: an integrity review', ${JSON.stringify({
                 referralId: reward.referral_id,
                 friendUsername: reward.friend_username,
                 event: 'integrity_ring',
                 ringId: ring.id,
                 requested,
                 reversed,
                 shortfall: roundAmount(requested - reversed),
               })}::jsonb, ${`referral_reward_reversal:${reward.referral_id}`}, ${reward.id}::uuid)`,
      );
      // Either unique index (the reward's reversal, the referral's reversal key) makes a raced insert a no-op.
      const inserted = rowsOf<{ user_id: string; amount: string }>(
        await tx.execute(sql`
          insert into transactions (user_id, type, currency, amount, description, metadata, idempotency_key, reverses_id)
          values ${sql.join(values, sql`, `)}
          on conflict do nothing
          returning user_id, amount::text as amount`),
      ).map((row) => ({ user_id: row.user_id, amount: Number(row.amount) }));
      if (inserted.length === 0) return { last, reversed: [] };
      const deltas = new Map<string, number>();
      for (const row of inserted) deltas.set(row.user_id, roundAmount((deltas.get(row.user_id) ?? 0) + row.amount));
      for (const [userId, delta] of deltas) {
        await tx.execute(sql`
          update users set zp_balance = zp_balance + ${delta.toFixed(4)}::numeric where id = ${userId}::uuid`);
        options.invalidations.invalidateAfterCommit(USER_STATUS_TOPIC, userId);
      }
      const total = roundAmount(-inserted.reduce((sum, row) => sum + row.amount, 0));
      await recordAdminAction(tx, {
        adminId: options.adminId,
        action: 'integrity.ring_reverse_rewards',
        targetType: 'integrity_ring',
        targetId: ring.id,
        before: null,
        after: {
          reason: options.reason,
          reversed: inserted.length,
          zp: total,
          shortfall: roundAmount(entries.reduce((sum, e) => sum + e.requested - e.reversed, 0)),
          referrers: deltas.size,
        },
      });
      return { last, reversed: inserted };
    });
    if (batch === null) break;
    cursor = batch.last;
    affected += batch.reversed.length;
    zp = roundAmount(zp - batch.reversed.reduce((sum, row) => sum + row.amount, 0));
  }
  return { affected, zp };
}
