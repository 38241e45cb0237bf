import { sql, type SQL } from 'drizzle-orm';
import { AppError, REFERRAL_REWARD_ZP, type HeldReward } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import { rowsOf, type Database, type Db } from '../../platform/db/client.js';
import { USER_STATUS_TOPIC, type InvalidationBus } from '../../platform/invalidation.js';
import { flaggedCtes } from './flagged-accounts.js';

/**
 * Held referral rewards (docs/decisions.md "Integrity: held referral rewards"). The integrity
 * job holds the referral row of a flagged invitee (`reward_held_at`) while its reward is
 * unpaid; the claim's statement skips a held row, so the claim reads and writes nothing new. A
 * held reward is *held back* once it is due (the invitee has claimed). It is settled by
 * an operator (release: paid now; drop: never paid), by a review of the invitee or its ring
 * (released), or by the job when the invitee is no longer flagged (the hold is cleared; a due
 * reward is paid then).
 */

/** A held reward still waiting: held, not paid, not dropped, its referral not removed (alias `r`). */
const WAITING = sql.raw(
  `r.reward_held_at is not null and r.reward_paid_at is null and r.removed_at is null and r.reward_dropped_at is null`,
);
/** Due: the invitee has claimed (the claim would have paid it). */
const DUE = sql.raw(
  `exists (select 1 from transactions t where t.user_id = r.referred_id and t.type = 'mining_reward')`,
);

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

type Release = 'operator' | 'account_review' | 'ring_review' | 'hold_cleared';

/**
 * Pays the due waiting rewards among `referralIds`, each once: the referral row is marked paid
 * under its lock, the entry carries the claim's idempotency key `referral_reward:<referralId>`
 * (a racing release, a retry or a claim cannot pay it twice), then the referrers are locked in
 * id order and credited (the claim's lock order: referral, then users by id). The entry is the
 * claim's, with how it was released in its metadata. Returns what was paid.
 */
async function payHeldRewards(
  tx: Db,
  referralIds: readonly string[],
  release: Release,
  invalidations?: InvalidationBus,
): Promise<{ referralId: string; referrerId: string; zp: number }[]> {
  if (referralIds.length === 0) return [];
  const rows = rowsOf<{ referral_id: string; referrer_id: string; zp: number }>(
    await tx.execute(sql`
      with paid as (
        update referrals r set reward_paid_at = now()
        where r.id = any(${uuidArray(referralIds)}) and ${WAITING} and ${DUE}
        returning r.id, r.referrer_id, r.referred_id
      ),
      ledger as (
        insert into transactions (user_id, type, currency, amount, description, metadata, idempotency_key)
        select p.referrer_id, 'referral_reward', 'ZP', ${REFERRAL_REWARD_ZP}::numeric,
               'Referral reward: ' || coalesce(f.username, 'your friend') || ' started mining',
               jsonb_build_object('referralId', p.id, 'friendUsername', f.username, 'event', 'first_mining_claim',
                                  'heldBack', true, 'release', ${release}::text),
               'referral_reward:' || p.id
        from paid p left join users f on f.id = p.referred_id
        on conflict do nothing
        returning user_id, amount, metadata->>'referralId' as referral_id
      ),
      deltas as (select user_id as id, sum(amount) as zp from ledger group by user_id),
      locked as materialized (
        select u.id from users u where u.id in (select id from deltas) order by u.id for no key update
      ),
      changed as (
        update users set zp_balance = users.zp_balance + d.zp
        from deltas d where users.id = d.id and (select count(*) from locked) >= 0
        returning users.id
      )
      select l.referral_id, l.user_id as referrer_id, l.amount::float8 as zp
      from ledger l where (select count(*) from changed) >= 0`),
  );
  for (const row of rows) invalidations?.invalidateAfterCommit(USER_STATUS_TOPIC, row.referrer_id);
  return rows.map((r) => ({ referralId: r.referral_id, referrerId: r.referrer_id, zp: Number(r.zp) }));
}

/**
 * The job's step after scoring: holds the unpaid referral of every flagged invitee, and clears
 * the hold of an invitee no longer flagged (paying it when due). `onlyUsers` limits both to
 * those invitees (a sign-up's scoring). Runs last in the job's transaction, so the rows it
 * locks are held only until its commit.
 */
export async function syncRewardHolds(
  db: Db,
  options: { threshold: number; onlyUsers?: readonly string[] },
): Promise<{ held: number; cleared: number; paid: number }> {
  const only = options.onlyUsers ? uuidArray(options.onlyUsers) : undefined;
  const scope = only ? sql`and r.referred_id = any(${only})` : sql``;
  // One statement: the rows it holds were not waiting in its snapshot, and the waiting ones it
  // reads are of invitees not flagged, so the hold and the read never meet.
  const [row] = rowsOf<{ held: number; unflagged: string[] }>(
    await db.execute(sql`
      with ${flaggedCtes(options.threshold, only)},
      held as (
        update referrals r set reward_held_at = now()
        where r.removed_at is null and r.reward_paid_at is null and r.reward_held_at is null ${scope}
          and r.referred_id in (select user_id from flagged_accounts)
        returning r.id
      ),
      unflagged as (
        select r.id from referrals r
        where ${WAITING} ${scope} and r.referred_id not in (select user_id from flagged_accounts)
      )
      select (select count(*) from held)::int as held,
             coalesce((select array_agg(id::text) from unflagged), '{}') as unflagged`),
  );
  const { cleared, paid } = await releaseWaiting(db, row?.unflagged ?? [], 'hold_cleared');
  return { held: row?.held ?? 0, cleared, paid: paid.length };
}

/** Pays the due ones among these waiting rewards and clears the hold of the others (released before their first claim). */
async function releaseWaiting(
  db: Db,
  referralIds: readonly string[],
  release: Release,
  invalidations?: InvalidationBus,
) {
  if (referralIds.length === 0) return { cleared: 0, paid: [] };
  const paid = await payHeldRewards(db, referralIds, release, invalidations);
  const cleared = rowsOf<{ id: string }>(
    await db.execute(sql`
      update referrals r set reward_held_at = null
      where r.id = any(${uuidArray(referralIds)}) and ${WAITING} and not ${DUE}
      returning r.id`),
  );
  return { cleared: cleared.length, paid };
}

/** Releases the waiting rewards of these invitees (a review of them): see releaseWaiting. */
export async function releaseHeldRewardsOf(
  tx: Db,
  inviteeIds: SQL,
  release: 'account_review' | 'ring_review',
  invalidations: InvalidationBus,
) {
  const waiting = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select r.id from referrals r where ${WAITING} and r.referred_id in (${inviteeIds}) order by r.id for update`),
  );
  return releaseWaiting(
    tx,
    waiting.map((r) => r.id),
    release,
    invalidations,
  );
}

/** The waiting rewards `where` names (over `r`, the referral; `e`, the referrer; `f`, the invitee), oldest first. */
export async function readHeldRewards(db: Db, where: SQL): Promise<HeldReward[]> {
  const rows = rowsOf<{
    referral_id: string;
    referrer_id: string;
    referrer_username: string;
    invitee_id: string;
    invitee_username: string;
    held_at: string;
    due: boolean;
  }>(
    await db.execute(sql`
      select r.id as referral_id, e.id as referrer_id, e.username as referrer_username,
             f.id as invitee_id, f.username as invitee_username,
             to_char(r.reward_held_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as held_at, ${DUE} as due
      from referrals r join users e on e.id = r.referrer_id join users f on f.id = r.referred_id
      where ${WAITING} and (${where})
      order by r.reward_held_at, r.id
      limit 200`),
  );
  return rows.map((r) => ({
    referral_id: r.referral_id,
    referrer: { id: r.referrer_id, username: r.referrer_username },
    invitee: { id: r.invitee_id, username: r.invitee_username },
    zp: REFERRAL_REWARD_ZP,
    held_at: r.held_at,
    due: r.due,
  }));
}

/** The dashboard's figure: rewards held back now (due, waiting) and their ZP (by the partial index referrals_held_idx). */
export async function heldRewardsFigure(db: Db) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from referrals r where ${WAITING} and ${DUE}`),
  );
  const count = row?.n ?? 0;
  return { rewards_held: count, rewards_held_zp: count * REFERRAL_REWARD_ZP };
}

/**
 * An operator settles one held reward, named by its referral's id, with a reason, audited
 * (`integrity.reward_release` / `integrity.reward_drop`). Release pays a due reward now,
 * exactly once (payHeldRewards); drop marks it never to pay. A repeat of the same action
 * answers the state and changes nothing; the other action on a settled reward, a release of a
 * reward not due yet, or any action once the referral was removed is a 409, nothing changed.
 */
export async function settleHeldReward(
  db: Database,
  options: {
    adminId: string;
    referralId: string;
    action: 'release' | 'drop';
    reason: string;
    invalidations: InvalidationBus;
  },
): Promise<{ state: 'paid' | 'dropped'; affected: number; zp: number }> {
  const notFound = new AppError('NOT_FOUND', 'integrity.heldRewardNotFound');
  if (!isUuid(options.referralId)) throw notFound;
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{
      id: string;
      referrer_id: string;
      referred_id: string;
      held: boolean;
      paid: boolean;
      dropped: boolean;
      removed: boolean;
      due: boolean;
    }>(
      await tx.execute(sql`
        select r.id, r.referrer_id, r.referred_id, r.reward_held_at is not null as held,
               r.reward_paid_at is not null as paid, r.reward_dropped_at is not null as dropped,
               r.removed_at is not null as removed, ${DUE} as due
        from referrals r where r.id = ${options.referralId}::uuid for update`),
    );
    if (!row?.held) throw notFound;
    const settled = new AppError('CONFLICT', 'integrity.heldRewardAlreadySettled');
    if (options.action === 'release') {
      if (row.paid) return { state: 'paid', affected: 0, zp: 0 };
      if (row.dropped || row.removed) throw settled;
      if (!row.due) throw new AppError('CONFLICT', 'integrity.heldRewardNotDue');
      const paid = await payHeldRewards(tx, [row.id], 'operator', options.invalidations);
      const zp = paid.reduce((sum, p) => sum + p.zp, 0);
      await recordAdminAction(tx, {
        adminId: options.adminId,
        action: 'integrity.reward_release',
        targetType: 'user',
        targetId: row.referrer_id,
        before: { referralId: row.id, invitee: row.referred_id, held: true },
        after: { reason: options.reason, paid: paid.length, zp },
      });
      return { state: 'paid', affected: paid.length, zp };
    }
    if (row.dropped) return { state: 'dropped', affected: 0, zp: 0 };
    if (row.paid || row.removed) throw settled;
    await tx.execute(sql`update referrals set reward_dropped_at = now() where id = ${row.id}::uuid`);
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'integrity.reward_drop',
      targetType: 'user',
      targetId: row.referrer_id,
      before: { referralId: row.id, invitee: row.referred_id, held: true, due: row.due },
      after: { reason: options.reason, dropped: true },
    });
    return { state: 'dropped', affected: 1, zp: 0 };
  });
}
