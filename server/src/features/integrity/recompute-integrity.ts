import { createHash } from 'node:crypto';
import { and, inArray, notInArray, sql } from 'drizzle-orm';
import type { RiskReason } from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';
import { accountRisk, integrityRingMembers, integrityRings } from '../../platform/db/schema.js';
import { readHeldRewards, syncRewardHolds } from './held-rewards.js';
import { readIntegrityThreshold, readJobCursor, writeJobCursor } from './integrity-settings.js';
import {
  FARM_ACTIVE_SHARE_MAX,
  FAST_CLAIM_SECONDS,
  MIN_GROUP_SIZE,
  isFlagged,
  isExemptFromRing,
  scoreAccount,
  type AccountFeatures,
} from './score-account.js';

/** How far back sign-ups and referrals are grouped. */
const WINDOW_DAYS = 30;
/** Sign-ups of one network block closer than this to the previous one are one burst. */
const BURST_GAP_SECONDS = 10 * 60;
/** Sign-ups sharing a fingerprint closer than this to the previous one are one group. */
const FINGERPRINT_GAP_SECONDS = 60 * 60;
/** Claims read per account for its rhythm (the newest). */
const CLAIMS_READ = 20;

type Group = { kind: 'network_burst' | 'shared_fingerprint' | 'referrer_farm'; value: string; members: string[] };
type SignUp = { userId: string; network: string | null; fingerprint: string | null; at: number };
type Claims = { count: number; medianDelaySeconds: number | null };

const uuidList = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The integrity job's run (docs/decisions.md "Integrity: risk score"): scores the accounts with
 * events (sign-ups and sign-ins, claims, referrals) since the last run, with the other members
 * of the groups they are in, then recomputes the rings from every group of the window. Reads
 * the claims from the ledger (the claim path writes nothing for it). `onlyUsers` scores those
 * accounts now (a sign-up) and leaves the rings and the cursor to the next periodic run. Last,
 * the referral rewards of flagged invitees are held, and those of invitees no longer flagged
 * released (held-rewards.ts syncRewardHolds).
 */
export async function recomputeIntegrity(
  db: Db,
  options: { onlyUsers?: string[] } = {},
): Promise<{ scored: number; rings: number; holds: { held: number; cleared: number; paid: number } }> {
  const [{ now }] = rowsOf<{ now: number }>(await db.execute(sql`select extract(epoch from now())::float8 as now`)) as [
    { now: number },
  ];
  const cursor = options.onlyUsers ? null : await readJobCursor(db);
  const signUps = await readSignUps(db, options.onlyUsers);
  const claims = await readClaimRhythm(db, [...new Set(signUps.map((s) => s.userId))]);
  // A new account has no claim yet: it is in no referral farm until the periodic run.
  const farms = options.onlyUsers ? [] : await farmGroups(db);
  const groups = [...burstGroups(signUps), ...fingerprintGroups(signUps, claims), ...farms];

  const dirty = options.onlyUsers ?? (await dirtyAccounts(db, cursor));
  const dirtySet = new Set(dirty);
  const target = new Set(dirty);
  if (!options.onlyUsers) {
    for (const group of groups)
      if (group.members.some((m) => dirtySet.has(m))) group.members.forEach((m) => target.add(m));
  }
  const scored = await scoreAccounts(db, [...target], groups, claims, now);
  const threshold = await readIntegrityThreshold(db);
  if (options.onlyUsers) {
    const holds = await syncRewardHolds(db, { threshold, onlyUsers: options.onlyUsers });
    return { scored, rings: 0, holds };
  }
  const rings = await writeRings(db, groups);
  await writeJobCursor(db, new Date(now * 1000));
  // Last, so the referral rows it locks are held only until the run's commit.
  const holds = await syncRewardHolds(db, { threshold });
  return { scored, rings, holds };
}

/** The window's sign-ups; with `forUsers`, only those sharing a network block or a client with them. */
async function readSignUps(db: Db, forUsers?: string[]): Promise<SignUp[]> {
  const related = forUsers
    ? sql`and (network in (select network from account_signals where user_id = any(${uuidList(forUsers)}))
          or user_agent in (select user_agent from account_signals where user_id = any(${uuidList(forUsers)})))`
    : sql``;
  const rows = rowsOf<{ user_id: string; network: string | null; ua: string | null; al: string | null; at: number }>(
    await db.execute(sql`
      select user_id, network, user_agent as ua, accept_language as al, extract(epoch from created_at)::float8 as at
      from account_signals
      where kind = 'signup' and created_at > now() - make_interval(days => ${WINDOW_DAYS}) ${related}
      order by created_at`),
  );
  return rows.map((r) => ({
    userId: r.user_id,
    network: r.network,
    fingerprint: r.ua ? `${r.ua}\n${r.al ?? ''}` : null,
    at: r.at,
  }));
}

/** Each account's claims (the newest CLAIMS_READ) and the median seconds from its cycle's end to the claim. */
async function readClaimRhythm(db: Db, userIds: string[]): Promise<Map<string, Claims>> {
  const result = new Map<string, Claims>();
  if (userIds.length === 0) return result;
  const rows = rowsOf<{ user_id: string; delays: number[] }>(
    await db.execute(sql`
      select u.id as user_id, coalesce(array_agg(c.delay) filter (where c.delay is not null), '{}') as delays
      from unnest(${uuidList(userIds)}) as u(id)
      cross join lateral (
        select extract(epoch from t.created_at - m.ends_at)::float8 as delay
        from transactions t
        join mining_sessions m on m.id = (t.metadata->>'cycleId')::uuid
        where t.user_id = u.id and t.type = 'mining_reward' and t.currency = 'ZP'
        order by t.created_at desc
        limit ${CLAIMS_READ}
      ) c
      group by u.id`),
  );
  for (const row of rows) {
    const delays = row.delays.map(Number).sort((a, b) => a - b);
    const median = delays.length === 0 ? null : delays[Math.floor((delays.length - 1) / 2)]!;
    result.set(row.user_id, { count: delays.length, medianDelaySeconds: median });
  }
  return result;
}

/** Runs of sign-ups from one network block, each within BURST_GAP_SECONDS of the previous. */
function burstGroups(signUps: SignUp[]): Group[] {
  return clusters(signUps, (s) => s.network, BURST_GAP_SECONDS).map(([network, members]) => ({
    kind: 'network_burst',
    value: network,
    members,
  }));
}

/**
 * Sign-ups with the same User-Agent, Accept-Language and claim rhythm, close in time. Accounts
 * that claim late ("slow") make no group: a popular client in a popular language is shared by
 * many people in any hour of a busy app, and only a script's rhythm (at once, or not yet) makes
 * one client string a signal (docs/decisions.md §40).
 */
function fingerprintGroups(signUps: SignUp[], claims: Map<string, Claims>): Group[] {
  const rhythmOf = (userId: string) => {
    const c = claims.get(userId);
    if (!c || c.medianDelaySeconds === null) return 'none';
    return c.medianDelaySeconds <= FAST_CLAIM_SECONDS ? 'fast' : 'slow';
  };
  return clusters(
    signUps,
    (s) => {
      const rhythm = rhythmOf(s.userId);
      return s.fingerprint && rhythm !== 'slow' ? `${s.fingerprint}\n${rhythm}` : null;
    },
    FINGERPRINT_GAP_SECONDS,
  ).map(([fingerprint, members]) => ({
    kind: 'shared_fingerprint',
    value: createHash('sha256').update(fingerprint).digest('hex').slice(0, 16),
    members,
  }));
}

/** Splits sign-ups (in time order) by key into runs whose consecutive gaps are at most `gap`; runs of MIN_GROUP_SIZE or more. */
function clusters(signUps: SignUp[], keyOf: (s: SignUp) => string | null, gap: number): [string, string[]][] {
  const open = new Map<string, { last: number; members: string[] }[]>();
  for (const s of signUps) {
    const key = keyOf(s);
    if (key === null) continue;
    const runs = open.get(key) ?? [];
    const run = runs.at(-1);
    if (run && s.at - run.last <= gap) {
      run.last = s.at;
      run.members.push(s.userId);
    } else runs.push({ last: s.at, members: [s.userId] });
    open.set(key, runs);
  }
  return [...open].flatMap(([key, runs]) =>
    runs.filter((r) => r.members.length >= MIN_GROUP_SIZE).map((r): [string, string[]] => [key, r.members]),
  );
}

/**
 * Referrers whose invitees (of the window, with a first claim) did nothing after that claim:
 * no later claim, no cycle started, no heartbeat, no active day after its day.
 */
async function farmGroups(db: Db): Promise<Group[]> {
  const rows = rowsOf<{ referrer_id: string; claimed: number; active: number; invitees: string[] }>(
    await db.execute(sql`
      with invitee as (
        select r.referrer_id, r.referred_id, fc.first_claim
        from referrals r
        cross join lateral (
          select min(t.created_at) as first_claim from transactions t
          where t.user_id = r.referred_id and t.type = 'mining_reward' and t.currency = 'ZP'
        ) fc
        where r.removed_at is null and r.created_at > now() - make_interval(days => ${WINDOW_DAYS})
          and fc.first_claim is not null
      )
      select i.referrer_id, count(*)::int as claimed,
        (count(*) filter (where exists (
            select 1 from transactions t where t.user_id = i.referred_id and t.type = 'mining_reward'
              and t.currency = 'ZP' and t.created_at > i.first_claim)
          or exists (
            select 1 from users u where u.id = i.referred_id
              and (u.last_seen_at > i.first_claim or u.mining_session_start_time > i.first_claim))
          or exists (
            select 1 from user_activity_days d where d.user_id = i.referred_id
              and d.day > (i.first_claim at time zone 'UTC')::date)))::int as active,
        array_agg(i.referred_id) as invitees
      from invitee i
      group by i.referrer_id
      having count(*) >= ${MIN_GROUP_SIZE}`),
  );
  return rows
    .filter((r) => r.active <= r.claimed * FARM_ACTIVE_SHARE_MAX)
    .map((r) => ({
      kind: 'referrer_farm' as const,
      value: r.referrer_id,
      members: [r.referrer_id, ...r.invitees],
      claimed: r.claimed,
      active: r.active,
    }));
}

/** Accounts with a sign-in signal, a claim or a referral since the cursor (all of the window on a first run). */
async function dirtyAccounts(db: Db, cursor: Date | null): Promise<string[]> {
  const since = cursor ? sql`${cursor.toISOString()}::timestamptz` : sql`now() - make_interval(days => ${WINDOW_DAYS})`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select user_id as id from account_signals where created_at > ${since}
      union select user_id from transactions where type = 'mining_reward' and created_at > ${since}
      union select referred_id from referrals where created_at > ${since}
      union select referrer_id from referrals where created_at > ${since}`),
  );
  return rows.map((r) => r.id);
}

async function scoreAccounts(
  db: Db,
  userIds: string[],
  groups: Group[],
  claimsByUser: Map<string, Claims>,
  now: number,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const list = uuidList(userIds);
  const accounts = rowsOf<{
    id: string;
    opened: boolean;
    tg_year: number | null;
    tg_premium: boolean | null;
    reviewed: string[] | null;
  }>(
    await db.execute(sql`
      select u.id, u.last_seen_at is not null as opened, s.telegram_year as tg_year, s.telegram_premium as tg_premium,
             r.reviewed_reasons as reviewed
      from users u
      left join lateral (
        select telegram_year, telegram_premium from account_signals
        where user_id = u.id and telegram_id is not null order by id desc limit 1
      ) s on true
      left join account_risk r on r.user_id = u.id
      where u.id = any(${list})`),
  );
  const missing = accounts.filter((a) => !claimsByUser.has(a.id)).map((a) => a.id);
  const claims = new Map([...claimsByUser, ...(await readClaimRhythm(db, missing))]);
  const largest = (kind: Group['kind'], userId: string) =>
    groups
      .filter((g) => g.kind === kind && g.members.includes(userId))
      .sort((a, b) => b.members.length - a.members.length)[0];
  const currentYear = new Date(now * 1000).getUTCFullYear();
  const scores = accounts.map((a) => {
    const burst = largest('network_burst', a.id);
    const farm = largest('referrer_farm', a.id) as (Group & { claimed: number; active: number }) | undefined;
    const features: AccountFeatures = {
      burstSize: burst?.members.length ?? 0,
      network: burst?.value ?? null,
      fingerprintSize: largest('shared_fingerprint', a.id)?.members.length ?? 0,
      farm: farm ? { referrerId: farm.value, claimedInvitees: farm.claimed, activeAfterFirstClaim: farm.active } : null,
      claims: claims.get(a.id) ?? { count: 0, medianDelaySeconds: null },
      hasOpenedApp: a.opened,
      telegram: a.tg_year === null ? null : { year: a.tg_year, isPremium: a.tg_premium === true },
      reviewed: a.reviewed ?? [],
      currentYear,
    };
    return { userId: a.id, ...scoreAccount(features) };
  });
  for (let i = 0; i < scores.length; i += 500) {
    await db
      .insert(accountRisk)
      .values(scores.slice(i, i + 500).map((s) => ({ userId: s.userId, score: s.score, reasons: s.reasons })))
      .onConflictDoUpdate({
        target: accountRisk.userId,
        set: { score: sql`excluded.score`, reasons: sql`excluded.reasons`, computedAt: sql`now()` },
      });
  }
  return scores.length;
}

/**
 * Rings: the groups' members joined where groups overlap (union-find), one ring per connected
 * set; its score is the members' mean score; its key (its smallest member id) keeps its id
 * across runs while that member stays in it.
 */
async function writeRings(db: Db, groups: Group[]): Promise<number> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root) ?? (parent.set(root, root), root);
    parent.set(x, root);
    return root;
  };
  for (const g of groups) {
    for (const m of g.members) if (!parent.has(m)) parent.set(m, m);
    for (const m of g.members.slice(1)) {
      const [a, b] = [find(g.members[0]!), find(m)];
      if (a !== b) parent.set(a < b ? b : a, a < b ? a : b);
    }
  }
  const rings = new Map<
    string,
    { members: Set<string>; signals: Map<string, { kind: string; value: string; accounts: number }> }
  >();
  for (const g of groups) {
    const root = find(g.members[0]!);
    const ring = rings.get(root) ?? { members: new Set(), signals: new Map() };
    g.members.forEach((m) => ring.members.add(m));
    const key = `${g.kind}:${g.value}`;
    const seen = ring.signals.get(key);
    if (!seen || seen.accounts < g.members.length)
      ring.signals.set(key, { kind: g.kind, value: g.value, accounts: g.members.length });
    rings.set(root, ring);
  }
  const memberIds = [...parent.keys()];
  const scoreOf = new Map<string, number>();
  if (memberIds.length > 0) {
    const risk = await db
      .select({ userId: accountRisk.userId, score: accountRisk.score })
      .from(accountRisk)
      .where(inArray(accountRisk.userId, memberIds));
    for (const r of risk) scoreOf.set(r.userId, r.score);
  }
  await db.transaction(async (tx) => {
    const keys = [...rings.keys()];
    await tx.delete(integrityRings).where(keys.length > 0 ? notInArray(integrityRings.key, keys) : sql`true`);
    for (const [key, ring] of rings) {
      const members = [...ring.members];
      const score = Math.round(members.reduce((sum, m) => sum + (scoreOf.get(m) ?? 0), 0) / members.length);
      const signals = [...ring.signals.values()];
      const [row] = await tx
        .insert(integrityRings)
        .values({ key, score, signals, memberCount: members.length })
        .onConflictDoUpdate({
          target: integrityRings.key,
          set: { score, signals, memberCount: members.length, computedAt: sql`now()` },
        })
        .returning({ id: integrityRings.id });
      await tx.delete(integrityRingMembers).where(and(sql`${integrityRingMembers.ringId} = ${row!.id}`));
      for (let i = 0; i < members.length; i += 1000) {
        await tx
          .insert(integrityRingMembers)
          .values(members.slice(i, i + 1000).map((userId) => ({ ringId: row!.id, userId })));
      }
    }
  });
  return rings.size;
}

/** The account's stored risk, and whether it is flagged (its score, or a flagged ring: list-rings.ts). */
export async function readAccountRisk(db: Db, userId: string) {
  const threshold = await readIntegrityThreshold(db);
  const [risk] = rowsOf<{ score: number; reasons: RiskReason[]; computed_at: string; reviewed_at: string | null }>(
    await db.execute(sql`
      select score, reasons, to_char(computed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as computed_at,
             to_char(reviewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as reviewed_at
      from account_risk where user_id = ${userId}::uuid`),
  );
  const [ring] = rowsOf<{ id: string }>(
    await db.execute(sql`
      select r.id from integrity_ring_members m join integrity_rings r on r.id = m.ring_id
      where m.user_id = ${userId}::uuid and r.score >= ${threshold} and r.reviewed_at is null limit 1`),
  );
  const score = risk?.score ?? 0;
  const reasons = risk?.reasons ?? [];
  return {
    score,
    threshold,
    // A flagged ring flags its members, except those only network reasons of a trusted account put
    // there and those reviewed with no reason since.
    flagged:
      isFlagged(score, reasons, threshold) ||
      (ring !== undefined && !isExemptFromRing(reasons, risk?.reviewed_at ?? null)),
    reasons,
    computed_at: risk?.computed_at ?? null,
    reviewed_at: risk?.reviewed_at ?? null,
    held_rewards: await readHeldRewards(db, sql`r.referred_id = ${userId}::uuid or r.referrer_id = ${userId}::uuid`),
  };
}
