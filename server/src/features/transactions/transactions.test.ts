import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { transactionListResponseSchema, transactionStatsResponseSchema } from '@ziver/shared';
import { transactions } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { postLedgerEntries, type LedgerEntry } from './post-ledger-entries.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

type Seed = Omit<LedgerEntry, 'idempotencyKey'> & { at: string };
let seq = 0;

/** Writes entries through the real ledger function, then dates each one. */
async function seedLedger(userId: string, seeds: Seed[]): Promise<void> {
  const db = server.database.db;
  for (const seed of seeds) {
    const { at, ...entry } = seed;
    const [row] = await db.transaction((tx) =>
      postLedgerEntries(tx, server.deps.invalidations, userId, [{ ...entry, idempotencyKey: `seed:${++seq}` }]),
    );
    await db
      .update(transactions)
      .set({ createdAt: new Date(at) })
      .where(eq(transactions.id, row!.id));
  }
}

const day = (d: number) => `2025-01-${String(d).padStart(2, '0')}T12:00:00Z`;

/** 26 entries: 20 mining rewards in January, then one of each other kind in February. */
function historySeeds(): Seed[] {
  return [
    ...Array.from({ length: 20 }, (_, i) => ({
      type: 'mining_reward' as const,
      currency: 'ZP' as const,
      amount: 50,
      description: 'Mining reward',
      metadata: { duration: 240, sebPoints: 11, streak: 1 },
      at: day(i + 1),
    })),
    {
      type: 'task_reward',
      currency: 'ZP',
      amount: 30,
      description: 'Task reward',
      metadata: { taskTitle: 'Join the Telegram channel' },
      at: '2025-02-01T10:00:00Z',
    },
    {
      type: 'feedback_reward',
      currency: 'SEB',
      amount: 7,
      description: 'Feedback reward',
      metadata: { feedbackTitle: 'Dark mode bug report' },
      at: '2025-02-02T23:59:59Z',
    },
    { type: 'purchase', currency: 'ZP', amount: -40, description: 'Purchase: 50% bundle', at: '2025-02-03T08:00:00Z' },
    {
      type: 'daily_login',
      currency: 'SEB',
      amount: 1,
      description: 'Daily login SEB points',
      at: '2025-02-04T08:00:00Z',
    },
    { type: 'referral_bonus', currency: 'ZP', amount: 100, description: 'Referral bonus', at: '2025-02-05T08:00:00Z' },
    {
      type: 'referral_bonus_reversal',
      currency: 'ZP',
      amount: -100,
      description: 'Referral removed',
      at: '2025-02-06T08:00:00Z',
    },
  ];
}

describe('transactions API', () => {
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let bob: Awaited<ReturnType<typeof registerUser>>;
  const list = (query = '', token = alice.token) => server.get(`/api/transactions${query}`, token);

  beforeAll(async () => {
    alice = await registerUser(server);
    bob = await registerUser(server);
    await seedLedger(alice.user.id, historySeeds());
    await seedLedger(bob.user.id, [
      { type: 'task_reward', currency: 'ZP', amount: 5, description: 'Task reward', at: '2025-01-10T00:00:00Z' },
    ]);
  });

  it('pages the history newest first with the pagination numbers', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(transactionListResponseSchema.parse(first.body)).toBeTruthy();
    expect(first.body.pagination).toEqual({ currentPage: 1, totalPages: 2, totalCount: 26, limit: 20 });
    expect(first.body.transactions).toHaveLength(20);
    expect(first.body.transactions[0]).toMatchObject({ type: 'referral_bonus_reversal', amount: -100, currency: 'ZP' });
    const times = first.body.transactions.map((t: { created_at: string }) => Date.parse(t.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const second = await list('?page=2');
    expect(second.body.pagination).toEqual({ currentPage: 2, totalPages: 2, totalCount: 26, limit: 20 });
    expect(second.body.transactions).toHaveLength(6);
    const ids = new Set([...first.body.transactions, ...second.body.transactions].map((t: { id: string }) => t.id));
    expect(ids.size).toBe(26);

    expect((await list('?limit=10&page=3')).body.pagination).toEqual({
      currentPage: 3,
      totalPages: 3,
      totalCount: 26,
      limit: 10,
    });
    expect((await list('?limit=10&page=3')).body.transactions).toHaveLength(6);
    const beyond = await list('?page=5');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({
      transactions: [],
      pagination: { currentPage: 5, totalPages: 2, totalCount: 26 },
    });
    expect((await list('?limit=100')).body.transactions).toHaveLength(26);
  });

  it('presents an entry with exactly the documented fields and a signed amount', async () => {
    const res = await list('?type=purchase');
    expect(res.body.transactions).toEqual([
      {
        id: expect.any(String),
        type: 'purchase',
        currency: 'ZP',
        amount: -40,
        description: 'Purchase: 50% bundle',
        created_at: '2025-02-03T08:00:00.000Z',
        metadata: {},
      },
    ]);
  });

  it('filters by type and currency, treating "all" and empty values as no filter', async () => {
    expect((await list('?type=mining_reward')).body.pagination.totalCount).toBe(20);
    expect((await list('?currency=SEB')).body.transactions.map((t: { type: string }) => t.type)).toEqual([
      'daily_login',
      'feedback_reward',
    ]);
    expect((await list('?type=all&currency=all')).body.pagination.totalCount).toBe(26);
    expect((await list('?type=&currency=&search=&startDate=&endDate=')).body.pagination.totalCount).toBe(26);
    expect((await list('?type=task_reward&currency=SEB')).body.pagination).toMatchObject({
      totalCount: 0,
      totalPages: 0,
    });
    expect((await list('?type=referral_bonus_reversal')).body.pagination.totalCount).toBe(1);
  });

  it('filters by date range with an inclusive end day, or exact ISO instants', async () => {
    const feb = await list('?startDate=2025-02-01&endDate=2025-02-02');
    expect(feb.body.transactions.map((t: { type: string }) => t.type)).toEqual(['feedback_reward', 'task_reward']);
    expect((await list('?startDate=2025-01-20&endDate=2025-01-20')).body.pagination.totalCount).toBe(1);
    expect((await list('?startDate=2025-02-02T23:59:59Z')).body.pagination.totalCount).toBe(5);
    expect((await list('?endDate=2025-02-02T23:59:58.999Z')).body.pagination.totalCount).toBe(21);
    expect((await list('?endDate=2025-01-05')).body.pagination.totalCount).toBe(5);
    expect((await list('?startDate=2025-02-03T09:00:00%2B01:00&endDate=2025-02-03')).body.pagination.totalCount).toBe(
      1,
    );
  });

  it('searches descriptions, types and task or feedback titles, case-insensitively and literally', async () => {
    const types = async (q: string) =>
      (await list(`?search=${encodeURIComponent(q)}&limit=100`)).body.transactions.map((t: { type: string }) => t.type);
    expect(await types('telegram')).toEqual(['task_reward']);
    expect(await types('DARK MODE')).toEqual(['feedback_reward']);
    expect(await types('mining')).toHaveLength(20);
    expect(await types('daily login')).toEqual(['daily_login']);
    expect(await types('reversal')).toEqual(['referral_bonus_reversal']);
    expect(await types('50%')).toEqual(['purchase']);
    expect(await types('%')).toEqual(['purchase']);
    expect(await types('nothing like this')).toEqual([]);
    const combined = await list('?search=reward&currency=ZP&startDate=2025-01-19');
    expect(combined.body.transactions.map((t: { type: string }) => t.type)).toEqual([
      'task_reward',
      'mining_reward',
      'mining_reward',
    ]);
  });

  it.each([
    ['?page=0', 'page must be a whole number from 1'],
    ['?page=abc', 'page must be a whole number'],
    ['?page=1.5', 'page must be a whole number'],
    ['?page=1&page=2', 'page must be a whole number'],
    ['?limit=101', 'limit must be a whole number from 1 to 100'],
    ['?limit=0', 'limit must be a whole number from 1 to 100'],
    ['?type=bogus', "type must be 'all' or one of"],
    ['?currency=BTC', "currency must be 'all' or one of: ZP, SEB"],
    ['?startDate=2025-13-01', 'startDate must be a date like 2025-01-31'],
    ['?startDate=2025-02-30', 'startDate must be a date'],
    ['?endDate=yesterday', 'endDate must be a date'],
    ['?startDate=2025-02-02&endDate=2025-02-01', 'endDate must not be before startDate'],
    [`?search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(res.body.message).toContain(message);
  });

  it('shows only the signed-in user’s entries; another user’s id or a malformed id is 404', async () => {
    expect((await list('', bob.token)).body.pagination.totalCount).toBe(1);
    const bobsEntry = (await list('', bob.token)).body.transactions[0];
    const own = await server.get(`/api/transactions/${bobsEntry.id}`, bob.token);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ success: true, transaction: bobsEntry });

    for (const id of [bobsEntry.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      const res = await server.get(`/api/transactions/${encodeURIComponent(id)}`, alice.token);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Transaction not found' });
    }
  });

  it('summarises balances: current equals the cached balance, earned minus spent equals it too', async () => {
    const res = await server.get('/api/transactions/summary/balance', alice.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      summary: [
        { currency: 'ZP', current_balance: 990, total_earned: 1030, total_spent: 40 },
        { currency: 'SEB', current_balance: 8, total_earned: 8, total_spent: 0 },
      ],
    });
    const me = await server.get('/api/user/me', alice.token);
    expect(me.body.user).toMatchObject({ zp_balance: 990, social_capital_score: 8 });

    const fresh = await registerUser(server);
    expect((await server.get('/api/transactions/summary/balance', fresh.token)).body.summary).toEqual([
      { currency: 'ZP', current_balance: 0, total_earned: 0, total_spent: 0 },
      { currency: 'SEB', current_balance: 0, total_earned: 0, total_spent: 0 },
    ]);
  });

  it('lists recent entries (default 10, at most 50)', async () => {
    const res = await server.get('/api/transactions/recent/list', alice.token);
    expect(res.status).toBe(200);
    expect(res.body.transactions).toHaveLength(10);
    expect(res.body.transactions[0].type).toBe('referral_bonus_reversal');
    expect((await server.get('/api/transactions/recent/list?limit=3', alice.token)).body.transactions).toHaveLength(3);
    expect((await server.get('/api/transactions/recent/list?limit=50', alice.token)).body.transactions).toHaveLength(
      26,
    );
    const tooMany = await server.get('/api/transactions/recent/list?limit=51', alice.token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('limit must be a whole number from 1 to 50');
  });

  it('requires a session for every transactions call', async () => {
    for (const path of ['', '/summary/balance', '/recent/list', '/stats/overview', `/${crypto.randomUUID()}`]) {
      expect((await server.get(`/api/transactions${path}`)).status, path).toBe(401);
    }
  });
});

describe('transaction stats', () => {
  let carol: Awaited<ReturnType<typeof registerUser>>;
  const stats = (query = '') => server.get(`/api/transactions/stats/overview${query}`, carol.token);

  beforeAll(async () => {
    carol = await registerUser(server);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await seedLedger(carol.user.id, [
      { type: 'mining_reward', currency: 'ZP', amount: 50, description: 'Mining reward', at: ago(0) },
      { type: 'mining_reward', currency: 'SEB', amount: 11, description: 'Mining SEB points', at: ago(0) },
      { type: 'task_reward', currency: 'ZP', amount: 20, description: 'Task reward', at: ago(3) },
      { type: 'purchase', currency: 'ZP', amount: -15, description: 'Purchase', at: ago(3) },
      { type: 'referral_bonus', currency: 'ZP', amount: 100, description: 'Referral bonus', at: ago(40) },
      { type: 'daily_login', currency: 'ZP', amount: 5, description: 'Daily login reward', at: ago(800) },
    ]);
  });

  it('defaults to the last 30 days by day, with totals, per-type sums and a zero-filled series', async () => {
    const res = await stats();
    expect(res.status).toBe(200);
    const body = transactionStatsResponseSchema.parse(res.body);
    expect(body).toMatchObject({ period: 'month', granularity: 'day' });
    expect(Date.parse(body.to) - Date.parse(body.from)).toBeLessThanOrEqual(30 * 86_400_000);
    expect(body.from).toMatch(/T00:00:00\.000Z$/);
    expect(body.totals).toEqual([
      { currency: 'ZP', earned: 70, spent: 15, net: 55, count: 3 },
      { currency: 'SEB', earned: 11, spent: 0, net: 11, count: 1 },
    ]);
    expect(body.byType).toEqual([
      { type: 'mining_reward', currency: 'ZP', amount: 50, count: 1 },
      { type: 'task_reward', currency: 'ZP', amount: 20, count: 1 },
      { type: 'purchase', currency: 'ZP', amount: -15, count: 1 },
      { type: 'mining_reward', currency: 'SEB', amount: 11, count: 1 },
    ]);
    expect(body.series).toHaveLength(60);
    const zp = body.series.filter((p) => p.currency === 'ZP');
    expect(zp.map((p) => p.date)).toEqual([...zp.map((p) => p.date)].sort());
    expect(zp.at(-1)).toMatchObject({ earned: 50, spent: 0, net: 50, count: 1 });
    expect(zp.at(-4)).toMatchObject({ earned: 20, spent: 15, net: 5, count: 2 });
    expect(zp.reduce((sum, p) => sum + p.earned, 0)).toBe(70);
  });

  it('covers each period with its own granularity', async () => {
    const day = (await stats('?period=day')).body;
    expect(day).toMatchObject({ period: 'day', granularity: 'hour' });
    expect(day.series).toHaveLength(48);
    expect(day.totals[0]).toMatchObject({ currency: 'ZP', earned: 50, count: 1 });

    const week = (await stats('?period=week')).body;
    expect(week.series).toHaveLength(14);
    expect(week.totals[0]).toMatchObject({ earned: 70, spent: 15 });

    const year = (await stats('?period=year')).body;
    expect(year).toMatchObject({ granularity: 'month' });
    expect(year.series).toHaveLength(24);
    expect(year.totals[0]).toMatchObject({ earned: 170, spent: 15, net: 155, count: 4 });

    const all = (await stats('?period=all')).body;
    expect(all.totals[0]).toMatchObject({ earned: 175, spent: 15, net: 160, count: 5 });
    expect(all.series.filter((p: { currency: string }) => p.currency === 'ZP').length).toBeGreaterThanOrEqual(26);

    const empty = await server.get('/api/transactions/stats/overview?period=week', (await registerUser(server)).token);
    expect(empty.body.totals).toEqual([
      { currency: 'ZP', earned: 0, spent: 0, net: 0, count: 0 },
      { currency: 'SEB', earned: 0, spent: 0, net: 0, count: 0 },
    ]);
    expect(empty.body.series).toHaveLength(14);
    expect(
      (await server.get('/api/transactions/stats/overview?period=all', (await registerUser(server)).token)).body.series,
    ).toHaveLength(2);
  });

  it('refuses an unknown period', async () => {
    const res = await stats('?period=decade');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('period must be one of: day, week, month, year, all');
  });

  it('uses the database clock for the window', async () => {
    const [row] = await server.database.db
      .select({ now: sql<string>`now()` })
      .from(transactions)
      .limit(1);
    const res = await stats('?period=day');
    expect(Math.abs(Date.parse(res.body.to) - new Date(row!.now).getTime())).toBeLessThan(60_000);
  });
});
