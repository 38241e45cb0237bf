import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SERVER_MESSAGES } from '@ziver/shared';
import { transactions, users } from '../../platform/db/schema.js';
import { registerUser, waitForClaimableCycle } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

const CYCLE_SECONDS = 1.5;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMITS: 'off',
    MINING_CYCLE_HOURS: String(CYCLE_SECONDS / 3600),
    MINING_REWARD: '50',
  });
});
afterAll(() => server.stop());

async function ledgerOf(userId: string) {
  return server.database.db.select().from(transactions).where(eq(transactions.userId, userId));
}

// Each test has its own user, and most wait for real cycles to end: they wait side by side.
describe.concurrent('mining', () => {
  it('exposes the configured cycle as fractional hours', async () => {
    const { token } = await registerUser(server);
    const res = await server.get('/api/mining/config', token);
    expect(res.body).toEqual({
      success: true,
      settings: { MINING_CYCLE_HOURS: CYCLE_SECONDS / 3600, MINING_REWARD: 50 },
    });
  });

  it('runs ready -> in progress -> claimable -> claimed, crediting ZP and SEB in the ledger', async () => {
    const { token, user } = await registerUser(server);
    const idle = await server.get('/api/mining/status', token);
    expect(idle.body).toMatchObject({ success: true, isMining: false, canClaim: false, progress: 0, timeRemaining: 0 });

    const started = await server.post('/api/mining/start', {}, token);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ isMining: true, canClaim: false, message: SERVER_MESSAGES.miningStarted });
    expect(started.body.timeRemaining).toBeGreaterThan(0);
    // Milliseconds (the client counts down from it each second).
    expect(started.body.timeRemaining).toBeLessThanOrEqual(CYCLE_SECONDS * 1000);
    expect(started.body.timeRemaining).toBeGreaterThan(CYCLE_SECONDS * 1000 - 1000);
    expect(started.body.userData.mining_session_start_time).toEqual(expect.any(String));

    // Too early: held an hour further while it is asked (a loaded machine can take the whole
    // 1.5 s cycle between two requests), then back to its real end.
    const moveEnd = (by: string) =>
      server.database.db.execute(
        sql`UPDATE mining_sessions SET ends_at = ends_at + ${by}::interval WHERE user_id = ${user.id} AND claimed_at IS NULL`,
      );
    await moveEnd('1 hour');
    const early = await server.post('/api/mining/claim', {}, token);
    await moveEnd('-1 hour');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      success: false,
      code: 'MINING_NOT_FINISHED',
      message: SERVER_MESSAGES.miningNotFinished,
    });

    await waitForClaimableCycle(server, token);
    const ready = await server.get('/api/mining/status', token);
    expect(ready.body).toMatchObject({ canClaim: true, isMining: false, progress: 1, timeRemaining: 0 });

    const claim = await server.post('/api/mining/claim', {}, token);
    expect(claim.status).toBe(200);
    expect(claim.body).toMatchObject({
      success: true,
      reward: { zp: 50, seb: 11, streak: 1 },
      user: { zp_balance: 50, social_capital_score: 11, daily_streak_count: 1, mining_session_start_time: null },
      userData: { zp_balance: 50, social_capital_score: 11, daily_streak_count: 1, mining_session_start_time: null },
    });
    // The cycle's length in minutes, exact to the second (a 1.5 s cycle is 1 or 2 s, not 0 minutes).
    expect([1, 2]).toContain(Math.round(claim.body.reward.durationMinutes * 60));

    const entries = await ledgerOf(user.id);
    expect(entries.map((e) => [e.type, e.currency, Number(e.amount)]).sort()).toEqual([
      ['mining_reward', 'SEB', 11],
      ['mining_reward', 'ZP', 50],
    ]);
    expect(entries[0]!.metadata).toMatchObject({ sebPoints: 11, streak: 1 });

    const after = await server.get('/api/mining/status', token);
    expect(after.body).toMatchObject({ isMining: false, canClaim: false, progress: 0 });
  });

  it('refuses a second start while a cycle runs, and a claim with no cycle', async () => {
    const { token } = await registerUser(server);
    expect((await server.post('/api/mining/claim', {}, token)).body).toMatchObject({ code: 'MINING_NOT_STARTED' });
    await server.post('/api/mining/start', {}, token);
    const again = await server.post('/api/mining/start', {}, token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'MINING_ALREADY_ACTIVE', message: SERVER_MESSAGES.miningAlreadyActive });
  });

  it('refuses a second claim of the same cycle', async () => {
    const { token, user } = await registerUser(server);
    await server.post('/api/mining/start', {}, token);
    await waitForClaimableCycle(server, token);
    expect((await server.post('/api/mining/claim', {}, token)).status).toBe(200);
    const second = await server.post('/api/mining/claim', {}, token);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('MINING_NOT_STARTED');
    expect(await ledgerOf(user.id)).toHaveLength(2);
  });

  it('keeps the streak on a second cycle the same UTC day', async () => {
    const { token } = await registerUser(server);
    for (let i = 0; i < 2; i++) {
      await server.post('/api/mining/start', {}, token);
      await waitForClaimableCycle(server, token);
      const claim = await server.post('/api/mining/claim', {}, token);
      expect(claim.body.reward.streak).toBe(1);
    }
    const me = await server.get('/api/auth/me', token);
    expect(me.body.user).toMatchObject({ zp_balance: 100, social_capital_score: 22, daily_streak_count: 1 });
  });

  it('grows the streak after a claim on the previous UTC day and resets it after a gap', async () => {
    const { token, user } = await registerUser(server);
    const db = server.database.db;
    const dayBefore = (days: number) => sql`(now() at time zone 'utc')::date - ${days}::int`;
    await db
      .update(users)
      .set({ dailyStreakCount: 4, lastClaimDay: dayBefore(1) })
      .where(eq(users.id, user.id));
    await server.post('/api/mining/start', {}, token);
    await waitForClaimableCycle(server, token);
    expect((await server.post('/api/mining/claim', {}, token)).body.reward).toMatchObject({ streak: 5, seb: 15 });

    await db
      .update(users)
      .set({ dailyStreakCount: 9, lastClaimDay: dayBefore(2) })
      .where(eq(users.id, user.id));
    await server.post('/api/mining/start', {}, token);
    await waitForClaimableCycle(server, token);
    expect((await server.post('/api/mining/claim', {}, token)).body.reward).toMatchObject({ streak: 1, seb: 11 });
  });

  it('requires a session for every mining call', async () => {
    for (const [method, path] of [
      ['GET', '/api/mining/status'],
      ['GET', '/api/mining/config'],
      ['POST', '/api/mining/start'],
      ['POST', '/api/mining/claim'],
    ] as const) {
      const res = await server.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
