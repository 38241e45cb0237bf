import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DAILY_LOGIN_SEB, DAILY_LOGIN_ZP, ECONOMY_MESSAGES, userActivityResponseSchema } from '@ziver/shared';
import { transactions, users } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { TEST_PG_URL } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

if (!TEST_PG_URL) console.info('daily-login: DATABASE_URL not set; racing on embedded PGlite (serialised).');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

const dailyLogin = (token: string) => server.post('/api/user/activity', { activityType: 'DAILY_LOGIN' }, token);
const ledgerOf = (userId: string) =>
  server.database.db.select().from(transactions).where(eq(transactions.userId, userId));

describe('POST /api/user/activity DAILY_LOGIN', () => {
  it('credits 5 ZP and 1 SEB once per UTC day; a repeat succeeds without crediting', async () => {
    const { token, user } = await registerUser(server);
    const first = await dailyLogin(token);
    expect(first.status).toBe(200);
    expect(userActivityResponseSchema.parse(first.body)).toBeTruthy();
    expect(first.body).toMatchObject({
      success: true,
      activityType: 'DAILY_LOGIN',
      credited: true,
      message: ECONOMY_MESSAGES.dailyLoginCredited,
      reward: { zp: DAILY_LOGIN_ZP, seb: DAILY_LOGIN_SEB },
      user: { zp_balance: 5, social_capital_score: 1 },
    });
    expect(first.body.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const again = await dailyLogin(token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      success: true,
      credited: false,
      reward: null,
      message: ECONOMY_MESSAGES.dailyLoginAlreadyCredited,
    });
    expect(again.body.user).toMatchObject({ zp_balance: 5, social_capital_score: 1 });

    const entries = await ledgerOf(user.id);
    expect(entries.map((e) => [e.type, e.currency, Number(e.amount), e.idempotencyKey]).sort()).toEqual([
      ['daily_login', 'SEB', 1, `daily_login:${user.id}:${first.body.day}:SEB`],
      ['daily_login', 'ZP', 5, `daily_login:${user.id}:${first.body.day}:ZP`],
    ]);
  });

  it('credits again on the next UTC day (the day comes from the database clock)', async () => {
    const { token, user } = await registerUser(server);
    await dailyLogin(token);
    // Pretend the earlier credit belonged to yesterday: its keys no longer collide with today's.
    await server.database.db
      .update(transactions)
      .set({
        idempotencyKey: sql`replace(${transactions.idempotencyKey}, ':' || to_char(now() at time zone 'UTC', 'YYYY-MM-DD') || ':', ':yesterday:')`,
      })
      .where(eq(transactions.userId, user.id));
    const next = await dailyLogin(token);
    expect(next.body).toMatchObject({ credited: true, user: { zp_balance: 10, social_capital_score: 2 } });
    expect(await ledgerOf(user.id)).toHaveLength(4);
  });

  it('credits exactly once for 50 simultaneous calls', async () => {
    const { token, user } = await registerUser(server);
    const results = await Promise.all(Array.from({ length: 50 }, () => dailyLogin(token)));
    expect(results.map((r) => r.status).every((s) => s === 200)).toBe(true);
    expect(results.filter((r) => r.body.credited === true)).toHaveLength(1);
    expect(results.filter((r) => r.body.credited === false)).toHaveLength(49);

    const entries = await ledgerOf(user.id);
    expect(entries.filter((e) => e.currency === 'ZP').map((e) => Number(e.amount))).toEqual([DAILY_LOGIN_ZP]);
    expect(entries.filter((e) => e.currency === 'SEB').map((e) => Number(e.amount))).toEqual([DAILY_LOGIN_SEB]);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect([Number(row!.zpBalance), Number(row!.socialCapitalScore)]).toEqual([DAILY_LOGIN_ZP, DAILY_LOGIN_SEB]);
  });

  it.each([[{ activityType: 'DAILY_BONUS' }], [{ activityType: 'daily_login' }], [{}], [{ activityType: 5 }]])(
    'refuses %j with 400 and credits nothing',
    async (body) => {
      const { token, user } = await registerUser(server);
      const res = await server.post('/api/user/activity', body, token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'activityType must be one of: DAILY_LOGIN',
      });
      expect(await ledgerOf(user.id)).toHaveLength(0);
    },
  );

  it('requires a session', async () => {
    expect((await server.post('/api/user/activity', { activityType: 'DAILY_LOGIN' })).status).toBe(401);
    expect((await server.post('/api/user/heartbeat')).status).toBe(401);
  });
});
