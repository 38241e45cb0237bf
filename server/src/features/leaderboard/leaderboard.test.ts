import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CONTRACT } from '@ziver/shared';
import { referrals, transactions, users } from '../../platform/db/schema.js';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { postLedgerEntries } from '../transactions/post-ledger-entries.js';
import { LEADERBOARD_PAGE_SIZE, weekOf } from './get-leaderboard.js';

type LeaderboardResponse = z.output<(typeof CONTRACT)['leaderboards']['response']>;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

// Each test reads the global boards of its own accounts only.
beforeEach(async () => {
  await server.database.db.execute(sql`truncate users cascade`);
});

const db = () => server.database.db;
const MINUTE = 60_000;
const week = () => weekOf(new Date());

type Account = Awaited<ReturnType<typeof insertUser>>;

/** Credits through the ledger (so the balance invariant holds), then dates the entry `at`. */
async function earn(account: Account, currency: 'ZP' | 'SEB', amount: number, at: Date, type = 'daily_login') {
  const idempotencyKey = `test:${randomBytes(8).toString('hex')}`;
  await db().transaction((tx) =>
    postLedgerEntries(tx, server.deps.invalidations, account.user.id, [
      { type: type as 'daily_login', currency, amount, description: 'test entry', idempotencyKey },
    ]),
  );
  await db().update(transactions).set({ createdAt: at }).where(eq(transactions.idempotencyKey, idempotencyKey));
}

async function refer(referrer: Account, friend: Account, at: Date, removed = false) {
  await db()
    .insert(referrals)
    .values({
      referrerId: referrer.user.id,
      referredId: friend.user.id,
      source: 'signup',
      createdAt: at,
      removedAt: removed ? at : null,
    });
}

async function board(account: Account, query: string) {
  const res = await server.get<LeaderboardResponse>(`/api/leaderboard?${query}`, account.token);
  expect(res.status).toBe(200);
  return res.body;
}
const names = (body: LeaderboardResponse) => body.entries.map((e) => e.username);

describe('GET /api/leaderboard', () => {
  it('ranks ZP earned this week, ties going to who got there first, with my rank pinned', async () => {
    const start = week().start;
    const [early, late, slow, me] = await Promise.all([1, 2, 3, 4].map(() => insertUser(server)));
    await earn(late!, 'ZP', 40, new Date(start.getTime() + 30 * MINUTE));
    await earn(early!, 'ZP', 40, new Date(start.getTime() + 10 * MINUTE));
    await earn(slow!, 'ZP', 25, new Date(start.getTime() + 5 * MINUTE));
    // 15 more later: the same 40, reached last.
    await earn(slow!, 'ZP', 15, new Date(start.getTime() + 50 * MINUTE));
    await earn(me!, 'ZP', 5, new Date(start.getTime() + MINUTE));

    const body = await board(me!, 'board=zp&period=week');
    expect(body.entries).toEqual([
      { rank: 1, userId: early!.user.id, username: early!.user.username, avatarUrl: null, value: 40 },
      { rank: 2, userId: late!.user.id, username: late!.user.username, avatarUrl: null, value: 40 },
      { rank: 3, userId: slow!.user.id, username: slow!.user.username, avatarUrl: null, value: 40 },
      { rank: 4, userId: me!.user.id, username: me!.user.username, avatarUrl: null, value: 5 },
    ]);
    expect(body.me).toEqual({ rank: 4, value: 5 });
    expect(body.period).toEqual({ start: start.toISOString(), end: week().end.toISOString() });
    expect(body).toMatchObject({ success: true, page: 1, hasMore: false });
  });

  it('counts Monday 00:00 UTC in the new week and Sunday 23:59 in the week before (all time has both)', async () => {
    const start = week().start;
    const [sunday, monday] = await Promise.all([insertUser(server), insertUser(server)]);
    await earn(sunday!, 'SEB', 70, new Date(start.getTime() - MINUTE));
    await earn(monday!, 'SEB', 20, start);

    const thisWeek = await board(sunday!, 'board=seb&period=week');
    expect(names(thisWeek)).toEqual([monday!.user.username]);
    expect(thisWeek.me).toEqual({ rank: null, value: 0 });
    expect(new Date(thisWeek.period.start).getUTCDay()).toBe(1);

    const allTime = await board(sunday!, 'board=seb&period=all');
    expect(allTime.entries.map((e) => [e.username, e.value])).toEqual([
      [sunday!.user.username, 70],
      [monday!.user.username, 20],
    ]);
    expect(allTime.me).toEqual({ rank: 1, value: 70 });
    expect(allTime.period.start).toBe('1970-01-01T00:00:00.000Z');
  });

  it('counts ZP earned, not spent, and nets reversals of what was earned', async () => {
    const start = week().start;
    const [buyer, reversed] = await Promise.all([insertUser(server), insertUser(server)]);
    await earn(buyer!, 'ZP', 30, new Date(start.getTime() + MINUTE));
    await earn(buyer!, 'ZP', -20, new Date(start.getTime() + 2 * MINUTE), 'purchase');
    await earn(reversed!, 'ZP', 150, new Date(start.getTime() + MINUTE), 'referral_reward');
    await earn(reversed!, 'ZP', -150, new Date(start.getTime() + 2 * MINUTE), 'referral_reward_reversal');

    const body = await board(buyer!, 'board=zp&period=week');
    expect(body.entries.map((e) => [e.username, e.value])).toEqual([[buyer!.user.username, 30]]);
  });

  it('ranks referrals made in the period, active ones only', async () => {
    const start = week().start;
    const [a, b, ...friends] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => insertUser(server)));
    await refer(a!, friends[0]!, new Date(start.getTime() + MINUTE));
    await refer(a!, friends[1]!, new Date(start.getTime() - MINUTE)); // last week
    await refer(b!, friends[2]!, new Date(start.getTime() + 2 * MINUTE));
    await refer(b!, friends[3]!, new Date(start.getTime() + 3 * MINUTE), true); // removed

    const thisWeek = await board(a!, 'board=referrals&period=week');
    expect(thisWeek.entries.map((e) => [e.username, e.value])).toEqual([
      [a!.user.username, 1],
      [b!.user.username, 1],
    ]);
    const allTime = await board(b!, 'board=referrals&period=all');
    expect(allTime.entries.map((e) => [e.username, e.value])).toEqual([
      [a!.user.username, 2],
      [b!.user.username, 1],
    ]);
    expect(allTime.me).toEqual({ rank: 2, value: 1 });
  });

  it('friends: the referrer, the referrals and me, not the referrals of my referrer', async () => {
    const at = new Date(week().start.getTime() + MINUTE);
    const [referrer, me, mine, sibling, stranger] = await Promise.all([1, 2, 3, 4, 5].map(() => insertUser(server)));
    await refer(referrer!, me!, at);
    await refer(referrer!, sibling!, at);
    await refer(me!, mine!, at);
    for (const [account, amount] of [
      [referrer, 10],
      [me, 20],
      [mine, 30],
      [sibling, 40],
      [stranger, 50],
    ] as const) {
      await earn(account!, 'SEB', amount, at);
    }
    const friends = await board(me!, 'board=seb&period=week&scope=friends');
    expect(names(friends)).toEqual([mine!.user.username, me!.user.username, referrer!.user.username]);
    expect(friends.me).toEqual({ rank: 2, value: 20 });
    const global = await board(me!, 'board=seb&period=week&scope=global');
    expect(global.me).toEqual({ rank: 4, value: 20 });
  });

  it('leaves out suspended and hidden accounts; a hidden account still sees the rank it would hold', async () => {
    const at = new Date(week().start.getTime() + MINUTE);
    const [top, suspended, hidden, last] = await Promise.all([1, 2, 3, 4].map(() => insertUser(server)));
    await earn(top!, 'ZP', 100, at);
    await earn(suspended!, 'ZP', 90, at);
    await earn(hidden!, 'ZP', 80, at);
    await earn(last!, 'ZP', 70, at);
    await db()
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'farm' })
      .where(eq(users.id, suspended!.user.id));

    const hide = await server.request('PUT', '/api/settings/notifications', {
      body: { hideFromBoards: true },
      token: hidden!.token,
    });
    expect(hide.status).toBe(200);
    expect(hide.body.settings).toMatchObject({ hideFromBoards: true });
    expect((await server.get('/api/settings/notifications', hidden!.token)).body.settings.hideFromBoards).toBe(true);

    const seen = await board(last!, 'board=zp&period=week');
    expect(names(seen)).toEqual([top!.user.username, last!.user.username]);
    expect(seen.me).toEqual({ rank: 2, value: 70 });
    const mine = await board(hidden!, 'board=zp&period=week');
    expect(names(mine)).toEqual([top!.user.username, last!.user.username]);
    expect(mine.me).toEqual({ rank: 2, value: 80 });

    // The suspended account has no session to ask with.
    expect((await server.get('/api/leaderboard', suspended!.token)).status).toBeGreaterThanOrEqual(401);
  });

  it('pages by 50 with hasMore, and ranks continue on the next page', async () => {
    const at = new Date(week().start.getTime() + MINUTE);
    const count = LEADERBOARD_PAGE_SIZE + 5;
    const accounts = await Promise.all(Array.from({ length: count }, () => insertUser(server)));
    for (const [i, account] of accounts.entries()) await earn(account, 'ZP', i + 1, at);
    const me = accounts[0]!;

    const first = await board(me, 'board=zp&period=week&page=1');
    expect(first.entries).toHaveLength(LEADERBOARD_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({ rank: 1, value: count });
    expect(first.hasMore).toBe(true);
    const second = await board(me, 'board=zp&period=week&page=2');
    expect(second.entries.map((e) => [e.rank, e.value])).toEqual([
      [51, 5],
      [52, 4],
      [53, 3],
      [54, 2],
      [55, 1],
    ]);
    expect(second).toMatchObject({ page: 2, hasMore: false, me: { rank: 55, value: 1 } });
    expect((await board(me, 'board=zp&period=week&page=3')).entries).toEqual([]);
  });

  it('defaults to the SEB board of this week, everyone, page 1', async () => {
    const me = await insertUser(server);
    await earn(me, 'SEB', 3, new Date());
    const body = await board(me, '');
    expect(body).toMatchObject({ page: 1, me: { rank: 1, value: 3 } });
    expect(body.period.start).toBe(week().start.toISOString());
  });

  it.each([
    'board=gold',
    'period=month',
    'scope=world',
    'page=0',
    'page=201',
    'page=1.5',
    'page=abc',
    'board=seb&board=zp',
  ])('refuses %s with 400 VALIDATION_FAILED', async (query) => {
    const me = await insertUser(server);
    const res = await server.get(`/api/leaderboard?${query}`, me.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
      messageKey: expect.any(String),
    });
  });

  it('answers 401 signed out', async () => {
    const res = await server.get('/api/leaderboard');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false });
  });
});

describe('weekOf', () => {
  it('runs Monday 00:00 UTC to the next Monday: Sunday 23:59 is the week before', () => {
    const monday = weekOf(new Date('2026-11-30T00:00:00.000Z'));
    expect(monday.start.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(monday.end.toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect(weekOf(new Date('2026-11-29T23:59:59.999Z')).start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekOf(new Date('2026-12-06T23:59:00.000Z')).start.toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });
});
