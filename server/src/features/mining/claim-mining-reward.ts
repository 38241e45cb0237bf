import type { PGlite } from '@electric-sql/pglite';
import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import pg from 'pg';
import { AppError, MINING_SEB_BASE, MINING_SEB_MAX, REFERRAL_REWARD_ZP } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { miningSessions, users, type UserRow } from '../../platform/db/schema.js';
import { invalidateAfterCommit, publishToOtherInstances, USER_STATUS_TOPIC } from '../../platform/invalidation.js';

export type ClaimResult = {
  user: UserRow;
  reward: { zp: number; seb: number; streak: number; durationMinutes: number };
};

/** The claim statement; $1 is the user id. Constants are inlined: the text is fixed, so it is prepared once per connection. */
const CLAIM_SQL = `
    with quiet as (
      -- The status triggers leave this transaction's invalidations to claimMiningReward (migration 0019).
      select set_config('ziver.status_published', 'on', true) as published
    ),
    cycle as (
      update mining_sessions
      set claimed_at = now(),
          -- Claimed before the "reward ready" message went out: it is no longer needed.
          notify_status = case when notify_status = 'pending' then 'skipped' else notify_status end
      where user_id = $1 and claimed_at is null and ends_at <= now() and (select published from quiet) = 'on'
      returning id, reward, started_at, ends_at, (claimed_at at time zone 'UTC')::date as claim_day
    ),
    claimed as (
      select c.*, s.streak, least(${MINING_SEB_MAX}::int, ${MINING_SEB_BASE}::int + greatest(0, s.streak)) as seb,
             round(extract(epoch from c.ends_at - c.started_at) / 60)::int as duration_minutes
      from cycle c
      cross join users u
      cross join lateral (
        select case
          when u.last_claim_day is null then 1
          when c.claim_day - u.last_claim_day = 0 then greatest(1, u.daily_streak_count)
          when c.claim_day - u.last_claim_day = 1 then u.daily_streak_count + 1
          else 1
        end as streak
      ) s
      where u.id = $1
    ),
    ledger as (
      insert into transactions (user_id, type, currency, amount, description, metadata, idempotency_key)
      select $1::uuid, 'mining_reward', e.currency, e.amount, e.description,
             jsonb_build_object('duration', c.duration_minutes, 'sebPoints', c.seb, 'streak', c.streak, 'cycleId', c.id),
             'mining:' || c.id || ':' || e.currency
      from claimed c
      cross join lateral (values ('ZP', c.reward, 'Mining reward'), ('SEB', c.seb::numeric, 'Mining SEB points'))
        as e(currency, amount, description)
      returning id
    ),
    referral as (
      update referrals
      set reward_paid_at = now()
      where referred_id = $1 and removed_at is null and reward_paid_at is null
        and exists (select 1 from claimed)
      returning id, referrer_id
    ),
    referral_ledger as (
      insert into transactions (user_id, type, currency, amount, description, metadata, idempotency_key)
      select r.referrer_id, 'referral_reward', 'ZP', ${REFERRAL_REWARD_ZP}::numeric,
             'Referral reward: ' || coalesce(f.username, 'your friend') || ' started mining',
             jsonb_build_object('referralId', r.id, 'friendUsername', f.username, 'event', 'first_mining_claim'),
             'referral_reward:' || r.id
      from referral r
      left join users f on f.id = $1
      returning id
    ),
    referrer as (
      update users
      set zp_balance = zp_balance + ${REFERRAL_REWARD_ZP}::numeric
      from referral r
      where users.id = r.referrer_id
      returning users.id
    ),
    claimer as (
      update users
      set daily_streak_count = c.streak,
          last_claim_day = c.claim_day,
          mining_session_start_time = null,
          zp_balance = zp_balance + c.reward,
          social_capital_score = social_capital_score + c.seb
      from claimed c
      where users.id = $1
      returning users.*
    )
    select claimer.*, c.reward as claim_zp, c.seb as claim_seb, c.streak as claim_streak,
           c.duration_minutes as claim_duration_minutes,
           (select count(*) from ledger) + (select count(*) from referral_ledger) + (select count(*) from referrer) as side_effects,
           (select id from referrer limit 1) as claim_referrer_id
    from claimer cross join claimed c
`;

/**
 * Credits a finished cycle exactly once, in ONE statement (ARCHITECTURE §3): a conditional
 * UPDATE closes the cycle only if it has ended and is still open, and its RETURNING feeds the
 * user's streak and balances, the two ledger entries and, on the friend's first claim, the
 * referrer's reward (the same rules as nextStreak, miningSebPoints, postLedgerEntries and
 * payReferralRewardOnFirstClaim, written in SQL). Under Read Committed a racing second claim
 * waits on the cycle row, re-checks the WHERE on the new row and finds nothing to do; the
 * ledger's unique idempotency keys are the second guard (a duplicate aborts the statement).
 * Only a refused claim costs a second statement, to tell "not finished" from "not started".
 */
export async function claimMiningReward(db: Database, options: { userId: string }): Promise<ClaimResult> {
  const { userId } = options;
  const [row] = await runClaimStatement(db, userId);
  if (!row) {
    const [open] = await db
      .select({ endsAt: miningSessions.endsAt })
      .from(miningSessions)
      .where(and(eq(miningSessions.userId, userId), isNull(miningSessions.claimedAt)))
      .limit(1);
    if (open) throw new AppError('MINING_NOT_FINISHED', 'server.miningNotFinished');
    throw new AppError('MINING_NOT_STARTED', 'server.miningNotStarted');
  }
  // The statement has committed: drop this process's copies of the claimer's and the
  // referrer's status, then tell the other instances (batched; the triggers stayed quiet).
  const changed = [userId, ...(typeof row.claim_referrer_id === 'string' ? [row.claim_referrer_id] : [])];
  for (const id of changed) invalidateAfterCommit(USER_STATUS_TOPIC, id);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    publishToOtherInstances(
      client,
      changed.map((key) => ({ topic: USER_STATUS_TOPIC, key })),
    );
  }
  return {
    user: userFromRow(row),
    reward: {
      zp: Number(row.claim_zp),
      seb: Number(row.claim_seb),
      streak: Number(row.claim_streak),
      durationMinutes: Number(row.claim_duration_minutes),
    },
  };
}

let userColumns: [string, (typeof users)['_']['columns'][keyof (typeof users)['_']['columns']]][] | undefined;

/** Maps a raw `users.*` row (snapshot column names, driver values) to Drizzle's UserRow. */
function userFromRow(row: Record<string, unknown>): UserRow {
  const user: Record<string, unknown> = {};
  userColumns ??= Object.entries(getTableColumns(users));
  for (const [key, column] of userColumns) {
    const value = row[column.name];
    user[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return user as UserRow;
}

/** Driver values as text for dates and timestamps, as Drizzle reads them (mapFromDriverValue expects that). */
const RAW_TYPE_IDS = new Set([1082, 1114, 1184, 1186]);

const keepText = (value: string) => value;
const RAW_DATE_TYPES = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    RAW_TYPE_IDS.has(typeId) ? keepText : pg.types.getTypeParser(typeId, format)) as never,
};
const PGLITE_PARSERS = Object.fromEntries([...RAW_TYPE_IDS].map((id) => [id, keepText]));

/** Runs CLAIM_SQL as a named prepared statement on node-postgres (parsed and planned once per connection). */
async function runClaimStatement(db: Database, userId: string): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query({
      name: 'claim_mining_reward',
      text: CLAIM_SQL,
      values: [userId],
      types: RAW_DATE_TYPES,
    });
    return result.rows as Record<string, unknown>[];
  }
  const pglite = client as PGlite;
  const result = await pglite.query<Record<string, unknown>>(CLAIM_SQL, [userId], { parsers: PGLITE_PARSERS });
  return result.rows;
}
