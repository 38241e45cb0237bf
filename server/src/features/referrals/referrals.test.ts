import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MAX_REFERRALS, REFERRAL_MESSAGES, keyedMessage } from '@ziver/shared';
import { miningSessions, pendingReferrals, referrals, transactions, users } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { creditUser, insertUser, ledgerInvariantViolations } from '../../testing/growth-factories.js';
import { generatedCases } from '../../testing/cases.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { postLedgerEntries } from '../transactions/post-ledger-entries.js';
import { applyPendingReferral, applyReferral } from './apply-referral.js';
import { savePendingReferral } from './pending-referrals.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

const db = () => server.database.db;

/**
 * `n` users in one insert, without sessions: friends who only need a row (insertUser when a
 * test signs in as the user).
 */
async function insertFriends(n: number) {
  if (n === 0) return [];
  const tag = randomBytes(4).toString('hex');
  return db()
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => {
        const name = `f_${tag}_${i.toString(36)}`;
        return { username: name, email: `${name}@example.com`, referralCode: `F${tag}${i.toString(36)}`.toUpperCase() };
      }),
    )
    .returning();
}
/** Active referral rows written directly (no bonus, no cap check): a referrer's existing friends. */
async function insertReferrals(referrerId: string, friends: Array<{ id: string }>) {
  if (friends.length === 0) return;
  await db()
    .insert(referrals)
    .values(friends.map((f) => ({ referrerId, referredId: f.id, source: 'signup' as const })));
}

/** Applies `code` to `userId` as a sign-up would (sign-up wiring is the lead's). */
function refer(userId: string, code: string) {
  return db().transaction((tx) =>
    applyReferral(tx, { referredUserId: userId, code, source: 'signup', invalidations: server.deps.invalidations }),
  );
}
/** ZP of the friend's cycles below. */
const FRIEND_CYCLE_ZP = 5;
/** A mining claim of a finished cycle, over HTTP (a friend's first one pays the referrer). */
async function claimCycle(friend: { user: { id: string }; token: string }) {
  await db()
    .insert(miningSessions)
    .values({
      userId: friend.user.id,
      startedAt: new Date(Date.now() - 61_000),
      endsAt: new Date(Date.now() - 1_000),
      reward: FRIEND_CYCLE_ZP,
    });
  const res = await server.post('/api/mining/claim', {}, friend.token);
  expect(res.status).toBe(200);
}
async function balanceOf(userId: string) {
  const [row] = await db().select().from(users).where(eq(users.id, userId));
  return Number(row!.zpBalance);
}
async function ledgerOf(userId: string) {
  return db().select().from(transactions).where(eq(transactions.userId, userId));
}

// First in the file: nobody in the database has mined yet.
describe('GET /api/referrals/smart-suggestion with nobody to suggest', () => {
  it('answers success false with referrer null and the message, signed in or out', async () => {
    expect(await db().select().from(miningSessions)).toEqual([]);
    const me = await insertUser(server);
    for (const token of [undefined, me.token]) {
      const res = await server.get('/api/referrals/smart-suggestion', token);
      expect([res.status, res.body]).toEqual([
        200,
        { success: false, canApply: true, referrer: null, reason: null, ...keyedMessage('referrals.noSuggestion') },
      ]);
    }
  });
});

describe('applyReferral (the sign-up use case)', () => {
  it('records the referral, sets referred_by and credits the new user 100 ZP once', async () => {
    const referrer = await insertUser(server);
    const friend = await insertUser(server);
    const result = await refer(friend.user.id, referrer.user.referralCode.toLowerCase());
    expect(result).toMatchObject({
      referralApplied: true,
      bonus: 100,
      referrer: { username: referrer.user.username, referral_code: referrer.user.referralCode },
    });
    const [row] = await db().select().from(users).where(eq(users.id, friend.user.id));
    expect(row!.referredBy).toBe(referrer.user.id);
    expect(Number(row!.zpBalance)).toBe(100);
    const entries = await ledgerOf(friend.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'referral_bonus',
      currency: 'ZP',
      idempotencyKey: `referral_bonus:${(result as { referralId: string }).referralId}`,
    });
    expect(await balanceOf(referrer.user.id)).toBe(0);
  });

  it('refuses unknown codes, own codes, a second referrer and a circular referral without throwing', async () => {
    const a = await insertUser(server);
    const b = await insertUser(server);
    expect(await refer(a.user.id, 'NOPE1234')).toMatchObject({
      referralApplied: false,
      reason: 'invalid_code',
      referrer: null,
    });
    expect(await refer(a.user.id, 'bad code!')).toMatchObject({ referralApplied: false, reason: 'invalid_code' });
    expect(await refer(a.user.id, a.user.referralCode)).toMatchObject({ referralApplied: false, reason: 'own_code' });
    expect(await refer(b.user.id, a.user.referralCode)).toMatchObject({ referralApplied: true });
    const c = await insertUser(server);
    expect(await refer(b.user.id, c.user.referralCode)).toMatchObject({
      referralApplied: false,
      reason: 'already_referred',
    });
    expect(await refer(a.user.id, b.user.referralCode)).toMatchObject({ referralApplied: false, reason: 'circular' });
    expect(await balanceOf(b.user.id)).toBe(100);
  });

  it(`stops at ${MAX_REFERRALS} referrals: the code stays valid but nothing is recorded`, async () => {
    const referrer = await insertUser(server);
    for (const friend of await insertFriends(MAX_REFERRALS)) {
      expect((await refer(friend.id, referrer.user.referralCode)).referralApplied).toBe(true);
    }
    const late = await insertUser(server);
    expect(await refer(late.user.id, referrer.user.referralCode)).toEqual({
      referralApplied: false,
      reason: 'referrer_full',
      referrer: { username: referrer.user.username, referral_code: referrer.user.referralCode },
    });
    expect(await balanceOf(late.user.id)).toBe(0);

    const info = await server.get(`/api/referrals/referrer-info/${referrer.user.referralCode}`);
    expect(info.body).toMatchObject({ success: true, isValid: true, referrer: { referralCount: MAX_REFERRALS } });
    const apply = await server.post('/api/referrals/apply', { referralCode: referrer.user.referralCode }, late.token);
    expect(apply.status).toBe(409);
    expect(apply.body.message).toBe(REFERRAL_MESSAGES.referrerFull);
  });

  // The race for a referrer's last `OPEN_PLACES` places (all of them in the full run), by more
  // sign-ups than there are places.
  const OPEN_PLACES = generatedCases(3, MAX_REFERRALS);
  const SIGN_UPS = OPEN_PLACES + 5;
  it(`holds the cap under ${SIGN_UPS} concurrent sign-ups with one code (${OPEN_PLACES} places left)`, async () => {
    const referrer = await insertUser(server);
    await insertReferrals(referrer.user.id, await insertFriends(MAX_REFERRALS - OPEN_PLACES));
    const friends = await insertFriends(SIGN_UPS);
    const results = await Promise.all(friends.map((f) => refer(f.id, referrer.user.referralCode)));
    expect(results.filter((r) => r.referralApplied)).toHaveLength(OPEN_PLACES);
    expect(results.filter((r) => !r.referralApplied && r.reason === 'referrer_full')).toHaveLength(
      SIGN_UPS - OPEN_PLACES,
    );
    const active = await db()
      .select()
      .from(referrals)
      .where(and(eq(referrals.referrerId, referrer.user.id), isNull(referrals.removedAt)));
    expect(active).toHaveLength(MAX_REFERRALS);
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });

  const CODES_AT_ONCE = generatedCases(3, 6);
  it(`records one referral when the same user applies ${CODES_AT_ONCE} codes at once`, async () => {
    const friend = await insertUser(server);
    const referrers = await insertFriends(CODES_AT_ONCE);
    const results = await Promise.all(referrers.map((r) => refer(friend.user.id, r.referralCode)));
    expect(results.filter((r) => r.referralApplied)).toHaveLength(1);
    expect(await balanceOf(friend.user.id)).toBe(100);
  });

  const MUTUAL_ROUNDS = generatedCases(2, 5);
  it(`settles two users applying each other’s codes at once without an error (${MUTUAL_ROUNDS} rounds)`, async () => {
    for (let round = 0; round < MUTUAL_ROUNDS; round++) {
      const x = await insertUser(server);
      const y = await insertUser(server);
      const results = await Promise.all([refer(x.user.id, y.user.referralCode), refer(y.user.id, x.user.referralCode)]);
      expect(results.filter((r) => r.referralApplied)).toHaveLength(1);
      expect(results.find((r) => !r.referralApplied)).toMatchObject({ reason: 'circular' });
    }
  });
});

describe('GET /api/referrals', () => {
  it('needs a session', async () => {
    expect((await server.get('/api/referrals')).status).toBe(401);
  });

  it('answers the empty page for a new user', async () => {
    const { token, user } = await registerUser(server);
    const res = await server.get('/api/referrals', token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      referralCount: 0,
      totalEarnings: 0,
      maxReferrals: 50,
      referrals: [],
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(res.body.referralCode).toBe(row!.referralCode);
  });

  it('lists active referrals with activity, mining state, reward state and net earnings', async () => {
    const referrer = await insertUser(server);
    const miner = await insertUser(server, {
      miningSessionStartTime: new Date(Date.now() - 3 * 3_600_000),
      dailyStreakCount: 4,
      lastSeenAt: new Date(),
    });
    const idle = await insertUser(server, { miningSessionStartTime: new Date(Date.now() - 5 * 3_600_000) });
    await refer(miner.user.id, referrer.user.referralCode);
    await refer(idle.user.id, referrer.user.referralCode);
    await claimCycle(miner);
    // Mining again, as the row below shows.
    await db()
      .update(users)
      .set({ miningSessionStartTime: new Date(Date.now() - 3 * 3_600_000), dailyStreakCount: 4 })
      .where(eq(users.id, miner.user.id));

    const res = await server.get('/api/referrals', referrer.token);
    expect(res.body).toMatchObject({ referralCount: 2, totalEarnings: 150, maxReferrals: 50 });
    const byName = Object.fromEntries(res.body.referrals.map((r: { username: string }) => [r.username, r]));
    expect(byName[miner.user.username]).toEqual({
      id: expect.any(String),
      username: miner.user.username,
      avatar_url: null,
      created_at: expect.any(String),
      mining_session_start_time: expect.any(String),
      daily_streak_count: 4,
      last_seen: expect.any(String),
      isMining: true,
      rewardPaid: true,
    });
    expect(byName[idle.user.username]).toMatchObject({ isMining: false, rewardPaid: false, last_seen: null });
  });
});

describe('referrer info', () => {
  it('answers a valid code without a session, under /referrals and /auth, case-insensitively', async () => {
    const referrer = await insertUser(server);
    for (const path of ['/api/referrals/referrer-info/', '/api/auth/referrer-info/']) {
      const res = await server.get(`${path}${referrer.user.referralCode.toLowerCase()}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        isValid: true,
        referrer: { username: referrer.user.username, referral_code: referrer.user.referralCode, referralCount: 0 },
      });
    }
  });

  it.each(['NOPE2345', 'bad%20code', 'x'.repeat(40)])('answers 404 Invalid referral code for %s', async (code) => {
    for (const path of ['/api/referrals/referrer-info/', '/api/auth/referrer-info/']) {
      const res = await server.get(`${path}${code}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'Invalid referral code' });
    }
  });
});

describe('POST /api/referrals/apply', () => {
  it('applies to the signed-in user and ignores a userId in the body', async () => {
    const referrer = await insertUser(server);
    const victim = await insertUser(server);
    const me = await insertUser(server);
    const res = await server.post(
      '/api/referrals/apply',
      { referralCode: referrer.user.referralCode, userId: victim.user.id },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      referralApplied: true,
      bonus: 100,
      referrer: { username: referrer.user.username, referral_code: referrer.user.referralCode },
      user: { id: me.user.id, zp_balance: 100 },
    });
    expect(await balanceOf(victim.user.id)).toBe(0);
    const [victimRow] = await db().select().from(users).where(eq(users.id, victim.user.id));
    expect(victimRow!.referredBy).toBeNull();
    const [meRow] = await db().select().from(users).where(eq(users.id, me.user.id));
    expect(meRow!.referredBy).toBe(referrer.user.id);
    const [row] = await db().select().from(referrals).where(eq(referrals.referredId, me.user.id));
    expect(row!.source).toBe('apply');
  });

  it('refuses a second referrer, an own code, an unknown or missing code', async () => {
    const referrer = await insertUser(server);
    const other = await insertUser(server);
    const me = await insertUser(server);
    const cases: [unknown, number, string][] = [
      [{ referralCode: me.user.referralCode }, 400, REFERRAL_MESSAGES.ownCode],
      [{ referralCode: 'NOPE2345' }, 404, REFERRAL_MESSAGES.invalidCode],
      [{}, 400, REFERRAL_MESSAGES.codeRequired],
      [{ referralCode: 'a b' }, 400, REFERRAL_MESSAGES.invalidCode],
    ];
    for (const [body, status, message] of cases) {
      const res = await server.post('/api/referrals/apply', body, me.token);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect(
      (await server.post('/api/referrals/apply', { referralCode: referrer.user.referralCode }, me.token)).status,
    ).toBe(200);
    const again = await server.post('/api/referrals/apply', { referralCode: other.user.referralCode }, me.token);
    expect([again.status, again.body.message]).toEqual([409, REFERRAL_MESSAGES.alreadyReferred]);
    expect(await balanceOf(me.user.id)).toBe(100);
  });

  it('refuses users who joined more than 7 days ago', async () => {
    const referrer = await insertUser(server);
    const old = await insertUser(server, { createdAt: new Date(Date.now() - 8 * 86_400_000) });
    const res = await server.post('/api/referrals/apply', { referralCode: referrer.user.referralCode }, old.token);
    expect([res.status, res.body.message]).toEqual([409, REFERRAL_MESSAGES.applyWindowClosed]);
  });

  const APPLICATIONS = generatedCases(3, 10);
  it(`credits one bonus for ${APPLICATIONS} concurrent applications by one user`, async () => {
    const referrer = await insertUser(server);
    const me = await insertUser(server);
    const results = await Promise.all(
      Array.from({ length: APPLICATIONS }, () =>
        server.post('/api/referrals/apply', { referralCode: referrer.user.referralCode }, me.token),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(APPLICATIONS - 1);
    expect(await balanceOf(me.user.id)).toBe(100);
  });
});

describe('DELETE /api/referrals/:id', () => {
  async function referredPair(options: { rewardPaid: boolean }) {
    const referrer = await insertUser(server);
    const friend = await insertUser(server);
    const applied = await refer(friend.user.id, referrer.user.referralCode);
    if (!applied.referralApplied) throw new Error('referral not applied');
    if (options.rewardPaid) await claimCycle(friend);
    return { referrer, friend, referralId: applied.referralId };
  }

  it('reverses the bonus and the reward with compensating entries and keeps the ledger invariant', async () => {
    const { referrer, friend, referralId } = await referredPair({ rewardPaid: true });
    await creditUser(server, referrer.user.id, { zp: 10 });
    // The row describes the friend (docs/spec.md §7): its id is theirs, and DELETE takes it.
    const before = await server.get('/api/referrals', referrer.token);
    expect(before.body.referrals.map((r: { id: string; username: string }) => [r.id, r.username])).toEqual([
      [friend.user.id, friend.user.username],
    ]);
    const res = await server.request('DELETE', `/api/referrals/${friend.user.id}`, { token: referrer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      ...keyedMessage('referrals.removed'),
      reversal: { bonus: { requested: 100, reversed: 100 }, reward: { requested: 150, reversed: 150 } },
    });
    expect(await balanceOf(friend.user.id)).toBe(FRIEND_CYCLE_ZP);
    expect(await balanceOf(referrer.user.id)).toBe(10);
    const friendEntries = (await ledgerOf(friend.user.id)).filter((e) => e.type.startsWith('referral_'));
    expect(friendEntries.map((e) => [e.type, Number(e.amount)]).sort()).toEqual([
      ['referral_bonus', 100],
      ['referral_bonus_reversal', -100],
    ]);
    expect((await ledgerOf(referrer.user.id)).find((e) => e.type === 'referral_reward_reversal')).toMatchObject({
      amount: -150,
      idempotencyKey: `referral_reward_reversal:${referralId}`,
    });
    const [row] = await db().select().from(referrals).where(eq(referrals.id, referralId));
    expect(row!.removedAt).not.toBeNull();
    const [friendRow] = await db().select().from(users).where(eq(users.id, friend.user.id));
    expect(friendRow!.referredBy).toBeNull();

    const page = await server.get('/api/referrals', referrer.token);
    expect(page.body).toMatchObject({ referralCount: 0, totalEarnings: 0, referrals: [] });
    expect(await ledgerInvariantViolations(db())).toEqual([]);
    // A later claim pays nothing for a removed referral.
    await claimCycle(friend);
    expect(await balanceOf(referrer.user.id)).toBe(10);
  });

  it('reverses only the bonus when the reward was not paid yet', async () => {
    const { referrer, friend } = await referredPair({ rewardPaid: false });
    const res = await server.request('DELETE', `/api/referrals/${friend.user.id}`, { token: referrer.token });
    expect(res.body.reversal).toEqual({
      bonus: { requested: 100, reversed: 100 },
      reward: { requested: 0, reversed: 0 },
    });
  });

  it('takes back only what a spent balance allows, records the shortfall, and never goes negative', async () => {
    const { referrer, friend } = await referredPair({ rewardPaid: true });
    await db().transaction(async (tx) => {
      await postLedgerEntries(tx, server.deps.invalidations, friend.user.id, [
        {
          type: 'purchase',
          currency: 'ZP',
          amount: -(70 + FRIEND_CYCLE_ZP),
          description: 'test purchase',
          idempotencyKey: `test-purchase:${friend.user.id}`,
        },
      ]);
      await postLedgerEntries(tx, server.deps.invalidations, referrer.user.id, [
        {
          type: 'purchase',
          currency: 'ZP',
          amount: -150,
          description: 'test purchase',
          idempotencyKey: `test-purchase:${referrer.user.id}`,
        },
      ]);
    });
    const res = await server.request('DELETE', `/api/referrals/${friend.user.id}`, { token: referrer.token });
    expect(res.status).toBe(200);
    expect(res.body.reversal).toEqual({
      bonus: { requested: 100, reversed: 30 },
      reward: { requested: 150, reversed: 0 },
    });
    const reversal = (await ledgerOf(friend.user.id)).find((e) => e.type === 'referral_bonus_reversal');
    expect(reversal).toMatchObject({ amount: -30, metadata: { requested: 100, reversed: 30, shortfall: 70 } });
    expect(await balanceOf(friend.user.id)).toBe(0);
    expect(await balanceOf(referrer.user.id)).toBe(0);
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });

  const DELETES = generatedCases(3, 10);
  it(`removes once under ${DELETES} concurrent deletes`, async () => {
    const { referrer, friend } = await referredPair({ rewardPaid: true });
    const results = await Promise.all(
      Array.from({ length: DELETES }, () =>
        server.request('DELETE', `/api/referrals/${friend.user.id}`, { token: referrer.token }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 404)).toHaveLength(DELETES - 1);
    expect(await balanceOf(friend.user.id)).toBe(FRIEND_CYCLE_ZP);
    expect(await balanceOf(referrer.user.id)).toBe(0);
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });

  const REMOVAL_ROUNDS = generatedCases(2, 5);
  it(`either reverses the reward or stops it when removal races the first claim (${REMOVAL_ROUNDS} rounds)`, async () => {
    for (let round = 0; round < REMOVAL_ROUNDS; round++) {
      const { referrer, friend } = await referredPair({ rewardPaid: false });
      const [removal] = await Promise.all([
        server.request('DELETE', `/api/referrals/${friend.user.id}`, { token: referrer.token }),
        claimCycle(friend),
      ]);
      expect(removal.status).toBe(200);
      expect(await balanceOf(referrer.user.id)).toBe(0);
      expect(await balanceOf(friend.user.id)).toBe(FRIEND_CYCLE_ZP);
    }
    expect(await ledgerInvariantViolations(db())).toEqual([]);
  });

  it('answers 404 for malformed, unknown, already removed, or someone else’s referrals', async () => {
    const { referrer, friend, referralId } = await referredPair({ rewardPaid: false });
    const stranger = await insertUser(server);
    for (const [id, token] of [
      ['not-a-uuid', referrer.token],
      ['00000000-0000-4000-8000-000000000000', referrer.token],
      [friend.user.id, stranger.token],
      [friend.user.id, friend.token],
      [referrer.user.id, referrer.token],
      // The referral's own id is not a row's id.
      [referralId, referrer.token],
    ] as const) {
      const res = await server.request('DELETE', `/api/referrals/${id}`, { token });
      expect([res.status, res.body.message]).toEqual([404, REFERRAL_MESSAGES.referralNotFound]);
    }
    const remove = () => server.request('DELETE', `/api/referrals/${friend.user.id}`, { token: referrer.token });
    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(404);
  });

  it('removes only the active referral when the same friend was referred again', async () => {
    const { referrer, friend } = await referredPair({ rewardPaid: false });
    const remove = () => server.request('DELETE', `/api/referrals/${friend.user.id}`, { token: referrer.token });
    expect((await remove()).status).toBe(200);
    const again = await refer(friend.user.id, referrer.user.referralCode);
    if (!again.referralApplied) throw new Error('referral not applied again');
    expect((await server.get('/api/referrals', referrer.token)).body.referrals[0].id).toBe(friend.user.id);
    expect((await remove()).status).toBe(200);
    const rows = await db().select().from(referrals).where(eq(referrals.referredId, friend.user.id));
    expect(rows.map((r) => r.removedAt === null)).toEqual([false, false]);
  });
});

describe('GET /api/referrals/leaderboard', () => {
  // Everyone earlier in this file has referrals too (at most the cap); these three go above them.
  const TIED = generatedCases(MAX_REFERRALS + 1, 55);
  const TOP = TIED + 5;
  it(`ranks referrers by active referrals (${TOP}, ${TIED}, ${TIED}), shares ranks on ties, and shows my standing`, async () => {
    const top = await insertUser(server);
    const tieA = await insertUser(server);
    const tieB = await insertUser(server);
    for (const [referrer, n] of [
      [top, TOP],
      [tieA, TIED],
      [tieB, TIED],
    ] as const) {
      // Bypass the cap on purpose: the leaderboard only counts rows.
      await insertReferrals(referrer.user.id, await insertFriends(n));
    }
    const res = await server.get('/api/referrals/leaderboard', tieB.token);
    expect(res.status).toBe(200);
    expect(res.body.leaderboard.slice(0, 3)).toEqual([
      { rank: 1, username: top.user.username, referralCount: TOP, isMe: false },
      { rank: 2, username: tieA.user.username, referralCount: TIED, isMe: false },
      { rank: 2, username: tieB.user.username, referralCount: TIED, isMe: true },
    ]);
    expect(res.body.leaderboard.length).toBeLessThanOrEqual(20);
    expect(res.body.me).toEqual({ rank: 2, referralCount: TIED });

    const nobody = await insertUser(server);
    expect((await server.get('/api/referrals/leaderboard', nobody.token)).body.me).toEqual({
      rank: null,
      referralCount: 0,
    });
  });
});

describe('GET /api/referrals/smart-suggestion', () => {
  it('suggests the most active miner with room, never the user themself, and says why', async () => {
    const me = await insertUser(server);
    const busy = await insertUser(server);
    const full = await insertUser(server);
    const insertSessions = (userId: string, n: number) =>
      db().execute(sql`
        insert into mining_sessions (user_id, started_at, ends_at, reward, claimed_at)
        select ${userId}, now() - make_interval(hours => g * 5), now() - make_interval(hours => g * 5 - 4), 50, now() - make_interval(hours => g * 5 - 4)
        from generate_series(1, ${n}) g`);
    await insertSessions(me.user.id, 30);
    await insertSessions(busy.user.id, 20);
    await insertSessions(full.user.id, 25);
    await insertReferrals(full.user.id, await insertFriends(MAX_REFERRALS));

    const res = await server.get('/api/referrals/smart-suggestion', me.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      canApply: true,
      referrer: { username: busy.user.username, referral_code: busy.user.referralCode },
      reason: expect.stringContaining('20 mining sessions in the last 7 days'),
    });

    // Taking it: source 'suggestion'; afterwards there is nothing more to suggest.
    const applied = await server.post(
      '/api/referrals/apply',
      { referralCode: busy.user.referralCode, source: 'suggestion' },
      me.token,
    );
    expect(applied.status).toBe(200);
    const [row] = await db().select().from(referrals).where(eq(referrals.referredId, me.user.id));
    expect(row!.source).toBe('suggestion');
    const again = await server.get('/api/referrals/smart-suggestion', me.token);
    expect([again.status, again.body]).toEqual([
      200,
      { success: false, canApply: false, referrer: null, reason: null, ...keyedMessage('referrals.alreadyReferred') },
    ]);
  });

  it('answers signed out (the register screen), leaving nobody out but the full', async () => {
    const miner = await insertUser(server);
    await db().execute(sql`
      insert into mining_sessions (user_id, started_at, ends_at, reward, claimed_at)
      select ${miner.user.id}, now() - make_interval(hours => g * 5), now() - make_interval(hours => g * 5 - 4), 50, now()
      from generate_series(1, 40) g`);
    const res = await server.get('/api/referrals/smart-suggestion');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      canApply: true,
      referrer: { username: miner.user.username, referral_code: miner.user.referralCode },
    });
  });
});

describe('pending referrals (bot /start CODE)', () => {
  it('saves a valid code, replaces it, and applies it once at first sign-in', async () => {
    const referrer = await insertUser(server);
    const other = await insertUser(server);
    expect(await savePendingReferral(db(), { telegramId: 7001, code: 'NOPE2345' })).toEqual({
      saved: false,
      reason: 'invalid_code',
    });
    expect(await savePendingReferral(db(), { telegramId: 7001, code: other.user.referralCode })).toMatchObject({
      saved: true,
    });
    expect(
      await savePendingReferral(db(), { telegramId: 7001, code: referrer.user.referralCode.toLowerCase() }),
    ).toMatchObject({
      saved: true,
      referrer: { username: referrer.user.username },
    });
    const [pending] = await db().select().from(pendingReferrals).where(eq(pendingReferrals.telegramId, 7001n));
    expect(pending!.referralCode).toBe(referrer.user.referralCode);

    const newcomer = await insertUser(server, { telegramId: 7001n });
    const result = await db().transaction((tx) =>
      applyPendingReferral(tx, {
        userId: newcomer.user.id,
        telegramId: 7001n,
        invalidations: server.deps.invalidations,
      }),
    );
    expect(result).toMatchObject({ referralApplied: true, referrer: { username: referrer.user.username } });
    const [row] = await db().select().from(referrals).where(eq(referrals.referredId, newcomer.user.id));
    expect(row!.source).toBe('telegram');
    expect(await balanceOf(newcomer.user.id)).toBe(100);
    expect(
      await db().transaction((tx) =>
        applyPendingReferral(tx, {
          userId: newcomer.user.id,
          telegramId: 7001n,
          invalidations: server.deps.invalidations,
        }),
      ),
    ).toBeNull();
  });

  it('does not save a code for a Telegram user who already has an account', async () => {
    const referrer = await insertUser(server);
    await insertUser(server, { telegramId: 7002n });
    expect(await savePendingReferral(db(), { telegramId: 7002, code: referrer.user.referralCode })).toEqual({
      saved: false,
      reason: 'already_registered',
    });
  });

  it('lets a Telegram-linked user delete their own pending referral, and only theirs', async () => {
    const referrer = await insertUser(server);
    await savePendingReferral(db(), { telegramId: 7003, code: referrer.user.referralCode });
    await savePendingReferral(db(), { telegramId: 7004, code: referrer.user.referralCode });
    const linked = await insertUser(server, { telegramId: 7003n });
    const unlinked = await insertUser(server);

    const notMine = await server.request('DELETE', `/api/referrals/pending/${referrer.user.referralCode}`, {
      token: unlinked.token,
    });
    const nothing = { success: true, removed: false, ...keyedMessage('referrals.noPendingReferral') };
    expect([notMine.status, notMine.body]).toEqual([200, nothing]);
    const wrongCode = await server.request('DELETE', '/api/referrals/pending/OTHER234', { token: linked.token });
    expect([wrongCode.status, wrongCode.body]).toEqual([200, nothing]);
    // Signed out (the register screen) there is no own pending referral: nothing is removed.
    const anonymous = await server.request('DELETE', `/api/referrals/pending/${referrer.user.referralCode}`);
    expect([anonymous.status, anonymous.body]).toEqual([200, nothing]);
    const res = await server.request('DELETE', `/api/referrals/pending/${referrer.user.referralCode.toLowerCase()}`, {
      token: linked.token,
    });
    expect(res.body).toEqual({ success: true, removed: true, ...keyedMessage('referrals.pendingRemoved') });
    const rest = await db().select().from(pendingReferrals);
    expect(rest.map((p) => p.telegramId)).toContain(7004n);
    expect(rest.map((p) => p.telegramId)).not.toContain(7003n);
  });
});
