import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SERVER_MESSAGES } from '@ziver/shared';
import { registerUser } from '../testing/factories.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { users } from './db/schema.js';
import { INVALIDATION_CHANNEL, USER_STATUS_TOPIC, type Invalidation } from './invalidation.js';

// Two instances on one database: what one revokes or saves, the other's caches drop as soon as
// its NOTIFY arrives.
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  const env = { RATE_LIMITS: 'off', JWT_SECRET: randomBytes(32).toString('hex') };
  a = await startTestServer(env);
  b = await startTestServer(env, { database: a.database });
});
afterAll(async () => {
  await b.stop();
  await a.stop();
});

const expectSignedOut = (res: { status: number; body: any }) => {
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ success: false, code: 'SESSION_EXPIRED', message: SERVER_MESSAGES.sessionExpired });
};

/**
 * What another instance changed reaches this one by its NOTIFY, milliseconds after the commit;
 * on a loaded machine PostgreSQL may deliver it after the test's next request, so the check
 * waits for it, up to 10 s: less than the caches' own lifetime (15 s), so only the NOTIFY can
 * pass it.
 */
const soon = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 10 });

describe('the cached session on GET /api/mining/status', () => {
  it('is served from the cache only while the instance hears invalidations', () => {
    expect(a.deps.invalidations.isReceiving()).toBe(true);
  });

  it('ends within milliseconds when the session logs out on another instance', async () => {
    const { token } = await registerUser(a);
    expect((await a.get('/api/mining/status', token)).status).toBe(200);
    expect((await a.get('/api/mining/status', token)).status).toBe(200);
    expect((await b.post('/api/auth/logout', {}, token)).status).toBe(200);
    // The instance that logged out drops its copy before it answers.
    expectSignedOut(await b.get('/api/mining/status', token));
    await soon(async () => (await a.get('/api/mining/status', token)).status).toBe(401);
    expectSignedOut(await a.get('/api/mining/status', token));
  });

  it('ends the other sessions within milliseconds when the password changes', async () => {
    const first = await registerUser(a);
    const second = await a.post('/api/auth/login', { email: first.email, password: first.password });
    expect(second.status).toBe(200);
    expect((await a.get('/api/mining/status', first.token)).status).toBe(200);
    const changed = await b.request('PUT', '/api/settings/security/password', {
      token: second.body.token,
      body: { currentPassword: first.password, newPassword: 'Another-pass-2!' },
    });
    expect(changed.status).toBe(200);
    await soon(async () => (await a.get('/api/mining/status', first.token)).status).toBe(401);
    expectSignedOut(await a.get('/api/mining/status', first.token));
    expect((await a.get('/api/mining/status', second.body.token)).status).toBe(200);
  });

  it('shows the balance as it is now, not as it was when the session was cached', async () => {
    const { token, user } = await registerUser(a);
    expect((await a.get('/api/mining/status', token)).body.userData.zp_balance).toBe(0);
    // A write from outside the app (SQL here) reaches the caches when the database's trigger is
    // heard on the bus (PostgreSQL: a NOTIFY, a few ms after the commit); the app's own writers
    // drop their copies before answering. Asked before it is heard, the old balance was a race.
    const heard: Invalidation[] = [];
    const unsubscribe = a.deps.invalidations.subscribe((message) => heard.push(message));
    try {
      await a.database.db.update(users).set({ zpBalance: 125.5 }).where(eq(users.id, user.id));
      await expect.poll(() => heard).toContainEqual({ topic: USER_STATUS_TOPIC, key: user.id });
    } finally {
      unsubscribe();
    }
    expect((await a.get('/api/mining/status', token)).body.userData.zp_balance).toBe(125.5);
  });

  it('refuses a forged or malformed token as before', async () => {
    const { token } = await registerUser(a);
    expect((await a.get('/api/mining/status', token)).status).toBe(200);
    expectSignedOut(await a.get('/api/mining/status', `${token.slice(0, -2)}xx`));
    expect((await a.get('/api/mining/status')).status).toBe(401);
  });
});

describe('cached mining settings', () => {
  it('follow an admin save on another instance within milliseconds', async () => {
    const admin = await registerUser(a);
    await a.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.user.id));
    const before = await a.get('/api/mining/status', admin.token);
    expect(before.body.appSettings).toEqual({ MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 });
    const saved = await b.request('PUT', '/api/mining/settings', { token: admin.token, body: { MINING_REWARD: 75 } });
    expect(saved.status).toBe(200);
    await soon(async () => (await a.get('/api/mining/status', admin.token)).body.appSettings).toEqual({
      MINING_CYCLE_HOURS: 4,
      MINING_REWARD: 75,
    });
    expect((await a.get('/api/mining/config', admin.token)).body.settings.MINING_REWARD).toBe(75);
  });
});

describe('the invalidation bus', () => {
  it('delivers a NOTIFY sent by another connection to the subscribers', async () => {
    const received: Invalidation[] = [];
    const unsubscribe = a.deps.invalidations.subscribe((message) => received.push(message));
    try {
      const payload = JSON.stringify({ topic: 'session', key: 'from-elsewhere' });
      await a.database.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`);
      await expect.poll(() => received).toContainEqual({ topic: 'session', key: 'from-elsewhere' });
    } finally {
      unsubscribe();
    }
  });
});
