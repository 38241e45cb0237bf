import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dashboardResponseSchema } from '@ziver/shared';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

/**
 * "Active today" counts every user with any signed-in activity that UTC day, whichever it was:
 * a daily login, a mining start, a claim, a heartbeat (through the presence flush or without it).
 * Each user here does one of them, through the real routes.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
});
afterAll(() => server.stop());

const activeToday = async (token: string) => {
  const body = dashboardResponseSchema.parse((await server.get('/api/admin/dashboard?days=7', token)).body);
  return body.series.at(-1)!.users_active;
};

describe('the dashboard counts every signed-in activity as active', () => {
  it('counts a daily login, a mining start, a claim and a heartbeat, each user once', async () => {
    const admin = await insertUser(server, { role: 'ADMIN' });
    expect(await activeToday(admin.token)).toBe(0);

    // Signs in (daily login) and mines: the login moves last_seen_at, so the flush of the
    // heartbeats that follow writes nothing (the reported "Active today: 0").
    const miner = await insertUser(server);
    expect((await server.post('/api/user/activity', { activityType: 'DAILY_LOGIN' }, miner.token)).status).toBe(200);
    expect((await server.post('/api/mining/start', {}, miner.token)).status).toBe(201);
    expect((await server.post('/api/user/heartbeat', {}, miner.token)).status).toBe(200);
    await server.deps.presence!.flush();

    const starter = await insertUser(server);
    expect((await server.post('/api/mining/start', {}, starter.token)).status).toBe(201);

    const claimer = await insertUser(server);
    await server.database.db.execute(sql`insert into mining_sessions (user_id, started_at, ends_at, reward)
      values (${claimer.user.id}, now() - interval '5 hours', now() - interval '1 hour', 10)`);
    expect((await server.post('/api/mining/claim', {}, claimer.token)).status).toBe(200);

    const watcher = await insertUser(server);
    expect((await server.post('/api/user/heartbeat', {}, watcher.token)).status).toBe(200);
    await server.deps.presence!.flush();

    expect(await activeToday(admin.token)).toBe(4);
  });
});
