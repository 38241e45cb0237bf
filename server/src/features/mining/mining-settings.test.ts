import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SERVER_MESSAGES, keyedMessage } from '@ziver/shared';
import { miningSessions, transactions, users } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { TEST_PG_URL } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { rowsOf } from '../../platform/db/client.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', MINING_CYCLE_HOURS: '4', MINING_REWARD: '50' });
});
afterAll(() => server.stop());

const put = (body: unknown, token?: string) => server.request('PUT', '/api/mining/settings', { body, token });

async function registerAdmin() {
  const admin = await registerUser(server);
  await server.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.user.id));
  return admin;
}

/** Ends the user's open cycle now, as if its time had passed. */
async function finishCycle(userId: string) {
  await server.database.db
    .update(miningSessions)
    .set({ endsAt: sql`now() - interval '1 second'` })
    .where(eq(miningSessions.userId, userId));
}

describe('PUT /api/mining/settings', () => {
  it('is refused to signed-out users, users and testers', async () => {
    expect((await put({ MINING_REWARD: 60 })).status).toBe(401);
    const user = await registerUser(server);
    const asUser = await put({ MINING_REWARD: 60 }, user.token);
    expect(asUser.status).toBe(403);
    expect(asUser.body).toEqual({ success: false, code: 'FORBIDDEN', ...keyedMessage('server.forbidden') });
    await server.database.db.update(users).set({ role: 'TESTER' }).where(eq(users.id, user.user.id));
    expect((await put({ MINING_REWARD: 60 }, user.token)).status).toBe(403);
    expect((await server.get('/api/mining/config', user.token)).body.settings).toEqual({
      MINING_CYCLE_HOURS: 4,
      MINING_REWARD: 50,
    });
  });

  it.each([
    [{}, 'Give MINING_CYCLE_HOURS and/or MINING_REWARD'],
    [{ MINING_REWARD: 0 }, 'MINING_REWARD must be at least'],
    [{ MINING_REWARD: -5 }, 'MINING_REWARD must be at least'],
    [{ MINING_REWARD: 2_000_000 }, 'MINING_REWARD must be at most 1000000'],
    [{ MINING_REWARD: '60' }, 'MINING_REWARD must be a number of ZP'],
    [{ MINING_CYCLE_HOURS: 0 }, 'MINING_CYCLE_HOURS must be at least'],
    [{ MINING_CYCLE_HOURS: 721 }, 'MINING_CYCLE_HOURS must be at most 720'],
    [{ MINING_CYCLE_HOURS: null }, 'MINING_CYCLE_HOURS must be a number of hours'],
    [{ MINING_REWARDS: 60 }, 'Unknown setting: MINING_REWARDS'],
    ['not json', SERVER_MESSAGES.invalidJson],
  ])('refuses %j with a clear 400', async (body, message) => {
    const admin = await registerAdmin();
    const res = await put(body, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('lets an admin change the cycle and reward (fractions allowed); only later cycles use them', async () => {
    const admin = await registerAdmin();
    const miner = await registerUser(server);
    await server.post('/api/mining/start', {}, miner.token);

    const res = await put({ MINING_CYCLE_HOURS: 0.5, MINING_REWARD: 12.34567 }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      ...keyedMessage('economy.miningSettingsUpdated'),
      settings: { MINING_CYCLE_HOURS: 0.5, MINING_REWARD: 12.3457 },
    });
    expect((await server.get('/api/mining/config', miner.token)).body.settings).toEqual({
      MINING_CYCLE_HOURS: 0.5,
      MINING_REWARD: 12.3457,
    });
    expect((await put({ MINING_REWARD: 75 }, admin.token)).body.settings).toEqual({
      MINING_CYCLE_HOURS: 0.5,
      MINING_REWARD: 75,
    });

    // The running cycle keeps its 4 hours and 50 ZP.
    const running = await server.get('/api/mining/status', miner.token);
    expect(running.body.timeRemaining).toBeGreaterThan(3.9 * 3_600_000);
    await finishCycle(miner.user.id);
    expect((await server.post('/api/mining/claim', {}, miner.token)).body.reward.zp).toBe(50);

    const next = await server.post('/api/mining/start', {}, miner.token);
    expect(next.body.timeRemaining).toBeGreaterThan(1_790_000);
    expect(next.body.timeRemaining).toBeLessThanOrEqual(1_800_000);
    await finishCycle(miner.user.id);
    expect((await server.post('/api/mining/claim', {}, miner.token)).body.reward.zp).toBe(75);
    const zp = await server.database.db.select().from(transactions).where(eq(transactions.userId, miner.user.id));
    expect(
      zp
        .filter((t) => t.currency === 'ZP')
        .map((t) => Number(t.amount))
        .sort(),
    ).toEqual([50, 75]);

    // Put the defaults back for the other tests in this file.
    await put({ MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 }, admin.token);
  });
});

// Two connections are needed to hold the save open while another request reads (PostgreSQL).
describe.skipIf(!TEST_PG_URL)('PUT /api/mining/settings while another request reads', () => {
  it('answers what it wrote, not the cache a concurrent read filled with the old value', async () => {
    const admin = await registerAdmin();
    const db = server.database.db;
    const before = (await server.get('/api/mining/config', admin.token)).body.settings;
    const { answer } = await db.transaction(async (tx) => {
      // Holds the save after it wrote and told this app (the cache forgot), before it commits.
      await tx.execute(sql`LOCK TABLE admin_audit_log IN SHARE MODE`);
      const answer = put({ MINING_REWARD: before.MINING_REWARD + 7 }, admin.token);
      await expect
        .poll(
          async () => {
            const waiting = await db.execute(
              sql`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into "admin_audit_log"%'`,
            );
            return rowsOf(waiting).length;
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      // This read sees the committed (old) rows and caches them.
      expect((await server.get('/api/mining/config', admin.token)).body.settings).toEqual(before);
      return { answer }; // wrapped: the lock is released before the save is awaited
    });
    const save = await answer;
    expect(save.status).toBe(200);
    expect(save.body.settings).toEqual({ ...before, MINING_REWARD: before.MINING_REWARD + 7 });
    await put(before, admin.token);
  });
});
