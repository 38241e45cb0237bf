import pg from 'pg';
import { AppError, MINING_SEB_BASE, MINING_SEB_MAX, REFERRAL_REWARD_ZP } from '@ziver/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, isTransientConflict, type Database, type Tx } from '../../platform/db/client.js';
import { LIVE_SESSION_CONDITIONS } from '../../platform/auth.js';
import { createCoalescer, type BatchAnswers } from '../../platform/coalesce.js';
import { runPrepared, tableRowMapper } from '../../platform/db/prepared.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { USER_STATUS_TOPIC, type InvalidationBus } from '../../platform/invalidation.js';

export type ClaimResult = {
  user: UserRow;
  reward: { zp: number; seb: number; streak: number; durationMinutes: number };
};

/** Reads the statement's `users.*` columns (snapshot column names, driver values) as Drizzle's UserRow. */
const userRows = tableRowMapper(users);

/**
 * The claim statement for a batch of users; $1 is an array of distinct user ids and $2, beside
 * it, the session each claimer's caller has not checked yet (null where it has): such a claimer
 * is credited only if that session is live at $3 (LIVE_SESSION_CONDITIONS, the session read's
 * rule), so a claimer's first request on this instance needs no session read first. Constants
 * are inlined: the text is fixed, so it is prepared once per connection. One row per credited
 * claimer; a user it does not return was refused (or, with a session to check, that session may
 * not be live).
 */
const CLAIM_SQL = `
    with quiet as (
      -- The status triggers leave this transaction's invalidations to claimMiningReward (migration 0019).
      select set_config('ziver.status_published', 'on', true) as published
    ),
    cycle as (
      update mining_sessions
      -- A notice not yet sent is cancelled by the claim (its sending marker checks claimed_at).
      set claimed_at = now()
      where user_id = any($1::uuid[]) and claimed_at is null and ends_at <= now() and (select published from quiet) = 'on'
        and user_id not in (
          select k.user_id from unnest($1::uuid[], $2::uuid[]) as k(user_id, session_id)
          where k.session_id is not null and not exists (
            select 1 from auth_sessions s join users u on u.id = s.user_id
            where s.id = k.session_id and s.user_id = k.user_id and ${LIVE_SESSION_CONDITIONS('s', 'u', '$3')}))
      returning id, user_id, reward, started_at, ends_at, (claimed_at at time zone 'UTC')::date as claim_day
    ),
    claimed as (
      select c.*, s.streak, least(${MINING_SEB_MAX}::int, ${MINING_SEB_BASE}::int + greatest(0, s.streak)) as seb,
             -- In minutes (docs/spec.md §3) but exact to the second: a 72 s cycle is 1.2, not 1.
             round(round(extract(epoch from c.ends_at - c.started_at)) / 60, 4) as duration_minutes
      from cycle c
      join users u on u.id = c.user_id
      cross join lateral (
        select case
          when u.last_claim_day is null then 1
          when c.claim_day - u.last_claim_day = 0 then greatest(1, u.daily_streak_count)
          when c.claim_day - u.last_claim_day = 1 then u.daily_streak_count + 1
          else 1
        end as streak
      ) s
    ),
    ledger as (
      insert into transactions (user_id, type, currency, amount, description, metadata, idempotency_key)
      select c.user_id, 'mining_reward', e.currency, e.amount, e.description,
             jsonb_build_object('duration', c.duration_minutes, 'sebPoints', c.seb, 'streak', c.streak, 'cycleId', c.id),
             'mining:' || c.id || ':' || e.currency
      from claimed c
      cross join lateral (values ('ZP', c.reward, 'Mining reward'), ('SEB', c.seb::numeric, 'Mining SEB points'))
        as e(currency, amount, description)
      returning id
    ),
    -- The claimer was active on the claim's UTC day (the dashboard's "active"; platform/active-day.ts).
    active_day as (
      insert into user_activity_days (day, user_id)
      select claim_day, user_id from cycle
      on conflict do nothing
    ),
    referral as (
      update referrals
      set reward_paid_at = now()
      from claimed c
      -- A held reward (a flagged invitee's: the integrity job holds it) waits for an operator's review.
      where referrals.referred_id = c.user_id and referrals.removed_at is null and referrals.reward_paid_at is null
        and referrals.reward_held_at is null
      returning referrals.id, referrals.referrer_id, referrals.referred_id
    ),
    referral_ledger as (
      insert into transactions (user_id, type, currency, amount, description, metadata, idempotency_key)
      select r.referrer_id, 'referral_reward', 'ZP', ${REFERRAL_REWARD_ZP}::numeric,
             'Referral reward: ' || coalesce(f.username, 'your friend') || ' started mining',
             jsonb_build_object('referralId', r.id, 'friendUsername', f.username, 'event', 'first_mining_claim'),
             'referral_reward:' || r.id
      from referral r
      left join users f on f.id = r.referred_id
      returning id
    ),
    -- One change per users row: a claimer may also be the referrer of another claimer in the
    -- batch, and a row updated twice in one statement keeps only one of the updates.
    deltas as (
      select id, sum(zp) as zp, sum(seb) as seb
      from (
        select user_id as id, reward as zp, seb::numeric as seb from claimed
        union all
        select referrer_id, ${REFERRAL_REWARD_ZP}::numeric, 0::numeric from referral
      ) d
      group by id
    ),
    -- Rows locked in id order, so two batches that share a user (a referrer) cannot deadlock.
    locked as materialized (
      select u.id from users u where u.id in (select id from deltas) order by u.id for no key update
    ),
    changed as (
      update users
      set daily_streak_count = coalesce(c.streak, users.daily_streak_count),
          last_claim_day = coalesce(c.claim_day, users.last_claim_day),
          mining_session_start_time = case when c.user_id is null then users.mining_session_start_time end,
          zp_balance = users.zp_balance + d.zp,
          social_capital_score = users.social_capital_score + d.seb
      from deltas d
      left join claimed c on c.user_id = d.id
      where users.id = d.id and (select count(*) from locked) >= 0
      returning users.*
    )
    select ch.*, c.reward as claim_zp, c.seb as claim_seb, c.streak as claim_streak,
           c.duration_minutes as claim_duration_minutes, r.referrer_id as claim_referrer_id
    from claimed c
    join changed ch on ch.id = c.user_id
    left join referral r on r.referred_id = c.user_id
`;

/** Users with an open cycle among $1 (for refused claims: "not finished" or "not started"). */
const OPEN_CYCLES_SQL = `select user_id from mining_sessions where user_id = any($1::uuid[]) and claimed_at is null`;

export type ClaimOutcome = { row: Record<string, unknown> } | { refused: 'MINING_NOT_FINISHED' | 'MINING_NOT_STARTED' };

/**
 * Credits a finished cycle exactly once (docs/architecture.md §3): a conditional UPDATE closes the
 * cycle only if it has ended and is still open, and its RETURNING feeds the user's streak and
 * balances, the two ledger entries and, on the friend's first claim, the referrer's reward. These
 * rules (streak, SEB points, entries, the referral reward) live only here; claim-rules.test.ts
 * checks them against an oracle, with postLedgerEntries as the ledger's (docs/decisions.md §27).
 * Under Read Committed a racing second claim
 * waits on the cycle row, re-checks the WHERE on the new row and finds nothing to do; the
 * ledger's unique idempotency keys are the second guard (a duplicate aborts the statement).
 *
 * Claims arriving together share that one statement (createClaimBatcher): most of a lone
 * claim's cost is the statement itself (its plan's start, ~25 relation locks, the commit and
 * its WAL flush), not its rows. Only refused claims cost a second statement, one per batch.
 */
export async function claimMiningReward(
  db: Database,
  state: { claims: ClaimBatcher; invalidations: InvalidationBus },
  options: { userId: string; uncheckedSessionId?: string | undefined },
): Promise<ClaimResult> {
  const { userId } = options;
  const { invalidations } = state;
  const outcome = await state.claims(userId, options.uncheckedSessionId);
  if ('refused' in outcome) throw claimRefusal(outcome.refused);
  announceClaim(db, invalidations, userId, outcome.row);
  return claimResultOf(outcome.row);
}

/**
 * After the claim's commit: drops this process's copies of the claimer's and the referrer's
 * status and tells the other instances (batched; the triggers stayed quiet).
 */
export function announceClaim(
  db: Database,
  invalidations: InvalidationBus,
  userId: string,
  row: Record<string, unknown>,
): void {
  const changed = [userId, ...(typeof row.claim_referrer_id === 'string' ? [row.claim_referrer_id] : [])];
  for (const id of changed) invalidations.invalidateAfterCommit(USER_STATUS_TOPIC, id);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    invalidations.publishToOtherInstances(
      client,
      changed.map((key) => ({ topic: USER_STATUS_TOPIC, key })),
    );
  }
}

/** The claim statement's row for one credited claimer, read. */
export function claimResultOf(row: Record<string, unknown>): ClaimResult {
  return {
    user: userRows.fromObject(row),
    reward: {
      zp: Number(row.claim_zp),
      seb: Number(row.claim_seb),
      streak: Number(row.claim_streak),
      durationMinutes: Number(row.claim_duration_minutes),
    },
  };
}

/** A fixed statement's text with `$n` placeholders as a Drizzle query over `values`. */
function boundStatement(text: string, values: unknown[]) {
  return sql.join(
    text.split(/\$(\d+)/).map((part, i) => (i % 2 === 1 ? sql`${values[Number(part) - 1]}` : sql.raw(part))),
  );
}

/**
 * The claim of one user inside the caller's transaction (tx), with the same statement as the
 * batcher's: for a claim whose answer is stored in that transaction (an Idempotency-Key). The
 * session was checked by the caller. Nothing is published: the caller calls claimResultOf
 * once the transaction has committed.
 */
export async function claimMiningRewardIn(tx: Tx, userId: string): Promise<ClaimOutcome> {
  // Arrays as array literals: Drizzle would spread a JavaScript array into one parameter per item.
  const users = `{${userId}}`;
  const [row] = rowsOf(await tx.execute(boundStatement(CLAIM_SQL, [users, '{NULL}', new Date().toISOString()])));
  if (row) return { row };
  const open = rowsOf(await tx.execute(boundStatement(OPEN_CYCLES_SQL, [users])));
  return { refused: open.length > 0 ? 'MINING_NOT_FINISHED' : 'MINING_NOT_STARTED' };
}

/** The claim's refusal as the AppError the route answers. */
export function claimRefusal(refused: 'MINING_NOT_FINISHED' | 'MINING_NOT_STARTED'): AppError {
  const key = refused === 'MINING_NOT_FINISHED' ? 'server.miningNotFinished' : 'server.miningNotStarted';
  return new AppError(refused, key);
}

/** The app's claim batcher (AppDeps.claims): one per app and database, built in the composition root. */
export type ClaimBatcher = (userId: string, uncheckedSessionId?: string) => Promise<ClaimOutcome>;

/** Most claims one statement carries. */
const MAX_BATCH = 100;

/** How many times a lone claim runs when PostgreSQL rolls it back as a deadlock victim. */
const CLAIM_ATTEMPTS = 3;

type ClaimRequest = { userId: string; sessionId: string | null };

/**
 * The claims of the app, coalesced (platform/coalesce.ts, as session and status reads are): a
 * lone claim runs at once; claims that arrive while `maxInFlight` statements are under way go
 * together in the next one. A batch holds each user once, and a user is never in two statements
 * at once (`onePerKey`): a second claim of the same user waits for the first's statement and
 * then gets its own answer (refused: the cycle is claimed). If a batch statement fails (a
 * deadlock with another instance's batch, a broken connection), each of its claims is tried
 * again alone, so one bad claim never fails the others.
 */
export function createClaimBatcher(db: Database): ClaimBatcher {
  const client = (db as unknown as { $client: unknown }).$client;

  const settle = async (
    batch: readonly ClaimRequest[],
    answers: BatchAnswers<ClaimOutcome>,
    attempt = 1,
  ): Promise<void> => {
    let rows: Record<string, unknown>[];
    try {
      rows = await runPrepared(db, 'claim_mining_rewards', CLAIM_SQL, [
        batch.map((claim) => claim.userId),
        batch.map((claim) => claim.sessionId),
        new Date(),
      ]);
    } catch (error) {
      if (batch.length === 1) {
        // A deadlock victim (a referral removed while the friend's first claim pays it) was rolled
        // back in full: the claim is run again, as every transaction that can cross another is.
        if (attempt < CLAIM_ATTEMPTS && isTransientConflict(error)) return settle(batch, answers, attempt + 1);
        answers.reject(batch[0]!.userId, error);
        return;
      }
      await Promise.all(batch.map((claim) => settle([claim], answers)));
      return;
    }
    // Committed: the credited claims are answered now, whatever happens to the look-up below.
    const credited = new Map(rows.map((row) => [String(row.id), row]));
    const refused = batch.filter((claim) => !credited.has(claim.userId));
    for (const [userId, row] of credited) answers.resolve(userId, { row });
    if (refused.length === 0) return;
    try {
      const open = await runPrepared(db, 'mining_open_cycles', OPEN_CYCLES_SQL, [refused.map((c) => c.userId)]);
      const withOpenCycle = new Set(open.map((r) => String(r.user_id)));
      for (const { userId } of refused) {
        answers.resolve(userId, { refused: withOpenCycle.has(userId) ? 'MINING_NOT_FINISHED' : 'MINING_NOT_STARTED' });
      }
    } catch (error) {
      for (const { userId } of refused) answers.reject(userId, error);
    }
  };

  const claim = createCoalescer<ClaimRequest, ClaimOutcome>({
    key: (request) => request.userId,
    maxBatch: MAX_BATCH,
    maxInFlight: client instanceof pg.Pool ? 2 : 1,
    onePerKey: true,
    run: (batch, answers) => settle(batch, answers),
  });
  return (userId, uncheckedSessionId) => claim({ userId, sessionId: uncheckedSessionId ?? null });
}
