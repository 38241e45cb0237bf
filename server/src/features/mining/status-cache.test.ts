import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { DAILY_LOGIN_ZP, REFERRAL_BONUS_ZP, REFERRAL_REWARD_ZP } from '@ziver/shared';
import { openDatabase } from '../../platform/db/client.js';
import type { Db } from '../../platform/db/client.js';
import { miningSessions, tasks, users } from '../../platform/db/schema.js';
import {
  createInvalidationBus,
  INVALIDATION_CHANNEL,
  USER_STATUS_TOPIC,
  type Invalidation,
} from '../../platform/invalidation.js';
import { buildRegistration, registerUser } from '../../testing/factories.js';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { createStatusCache } from './status-cache.js';

// The status row is cached per user; every change of what it shows must be on the very next
// status of this instance (read-your-writes), and on other instances within a moment.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', JWT_SECRET: randomBytes(32).toString('hex') });
});
afterAll(() => server.stop());

const db = () => server.database.db;
const status = async (token: string) => {
  const res = await server.get('/api/mining/status', token);
  expect(res.status).toBe(200);
  return res.body;
};
/** Reads the status twice, so the next one would come from the cache. */
const warm = async (token: string) => {
  await status(token);
  return status(token);
};
/**
 * Ends the user's cycle by SQL. The cache hears such a write through the database trigger's
 * NOTIFY, a few ms after the commit (the app's own writers drop their copies before answering),
 * so this waits until it is heard: a status asked at once was a race.
 */
const finishCycle = async (userId: string) => {
  const heard: Invalidation[] = [];
  const unsubscribe = server.deps.invalidations.subscribe((message) => heard.push(message));
  try {
    await db()
      .update(miningSessions)
      .set({ startedAt: sql`now() - interval '61 seconds'`, endsAt: sql`now() - interval '1 second'` })
      .where(eq(miningSessions.userId, userId));
    await expect.poll(() => heard).toContainEqual({ topic: USER_STATUS_TOPIC, key: userId });
  } finally {
    unsubscribe();
  }
};
/** A write that fires no trigger: only this process's own invalidation (or none) can reveal it. */
const writeWithoutTriggers = (target: Db, userId: string, zp: number) =>
  target.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(users).set({ zpBalance: zp }).where(eq(users.id, userId));
  });

describe('the cached mining status', () => {
  it('is served from the cache: a write that fires no trigger is not seen', async () => {
    expect(server.deps.invalidations.isReceiving()).toBe(true);
    const { token, user } = await registerUser(server);
    expect((await warm(token)).userData.zp_balance).toBe(0);
    await writeWithoutTriggers(db(), user.id, 42);
    expect((await status(token)).userData.zp_balance).toBe(0);
  });

  it('shows a start and then a claim on the very next call', async () => {
    const { token, user } = await registerUser(server);
    expect((await warm(token)).isMining).toBe(false);
    expect((await server.post('/api/mining/start', {}, token)).status).toBe(201);
    expect(await status(token)).toMatchObject({ isMining: true, canClaim: false });
    await finishCycle(user.id);
    expect((await warm(token)).canClaim).toBe(true);
    expect((await server.post('/api/mining/claim', {}, token)).status).toBe(200);
    expect(await status(token)).toMatchObject({
      isMining: false,
      canClaim: false,
      userData: { zp_balance: 50, daily_streak_count: 1, mining_session_start_time: null },
    });
  });

  it('counts the time down from the database clock while cached', async () => {
    const { token } = await registerUser(server);
    await server.post('/api/mining/start', {}, token);
    const first = await status(token);
    // Asked again until the clock has moved on: the cached answer must count down with it.
    const later = async () => {
      const next = await status(token);
      expect(next.progress).toBeGreaterThanOrEqual(first.progress);
      return next.timeRemaining;
    };
    await expect.poll(later, { interval: 20 }).toBeLessThan(first.timeRemaining);
  });

  it('shows a daily login on the very next call', async () => {
    const { token } = await registerUser(server);
    await warm(token);
    const res = await server.post('/api/user/activity', { activityType: 'DAILY_LOGIN' }, token);
    expect(res.status).toBe(200);
    expect((await status(token)).userData.zp_balance).toBe(DAILY_LOGIN_ZP);
  });

  it('shows a task reward on the very next call', async () => {
    const [task] = await db().select().from(tasks).where(eq(tasks.slug, 'visit-ziver-website'));
    const { token } = await registerUser(server);
    await warm(token);
    expect((await server.post(`/api/tasks/${task!.id}/complete`, {}, token)).status).toBe(200);
    expect((await status(token)).userData.zp_balance).toBe(Number(task!.zpReward));
  });

  it("shows an admin's adjustment on the very next call", async () => {
    const admin = await insertUser(server, { role: 'ADMIN' });
    const { token, user } = await registerUser(server);
    await warm(token);
    const res = await server.post(
      `/api/admin/users/${user.id}/adjustments`,
      { currency: 'ZP', amount: 7, reason: 'Support ticket #1' },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect((await status(token)).userData.zp_balance).toBe(7);
  });

  it("shows the referrer's reward on the referrer's very next call after the friend's first claim", async () => {
    const referrer = await registerUser(server);
    const signup = await server.post(
      '/api/auth/register',
      buildRegistration({ referralCode: referrer.user.referral_code as string }),
    );
    expect(signup.status).toBe(201);
    const friend = { token: signup.body.token as string, id: signup.body.user.id as string };
    expect((await status(friend.token)).userData.zp_balance).toBe(REFERRAL_BONUS_ZP);
    await server.post('/api/mining/start', {}, friend.token);
    await finishCycle(friend.id);
    expect((await warm(referrer.token)).userData.zp_balance).toBe(0);
    expect((await server.post('/api/mining/claim', {}, friend.token)).status).toBe(200);
    expect((await status(referrer.token)).userData.zp_balance).toBe(REFERRAL_REWARD_ZP);
  });

  it('sees a write made elsewhere (another connection, any SQL) within a moment', async () => {
    const { token, user } = await registerUser(server);
    await warm(token);
    const url = process.env.DATABASE_URL ? await databaseUrlOf(server) : undefined;
    if (url) {
      // Another instance's connection: only the trigger's NOTIFY can tell this one.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        await other.query('update users set zp_balance = 12.5 where id = $1', [user.id]);
        await other.query(
          "insert into mining_sessions (user_id, ends_at, reward) values ($1, now() + interval '1 hour', 50)",
          [user.id],
        );
      } finally {
        await other.end();
      }
    } else {
      // PGlite has one client: the trigger's notification arrives as the statement commits.
      await db().update(users).set({ zpBalance: 12.5 }).where(eq(users.id, user.id));
      await db()
        .insert(miningSessions)
        .values({ userId: user.id, endsAt: sql`now() + interval '1 hour'`, reward: 50 });
    }
    await expect
      .poll(
        async () => {
          const body = await status(token);
          return [body.userData.zp_balance, body.isMining];
        },
        { interval: 20 },
      )
      .toEqual([12.5, true]);
  });
});

describe('a claim, for the other instances', () => {
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "publishes the claimer's and the referrer's invalidations on the database's channel",
    async () => {
      const listener = new pg.Client({ connectionString: await databaseUrlOf(server) });
      const heard: string[] = [];
      await listener.connect();
      try {
        listener.on('notification', (message) => heard.push(message.payload ?? ''));
        await listener.query(`LISTEN ${INVALIDATION_CHANNEL}`);
        const referrer = await registerUser(server);
        const signup = await server.post(
          '/api/auth/register',
          buildRegistration({ referralCode: referrer.user.referral_code as string }),
        );
        const friend = { token: signup.body.token as string, id: signup.body.user.id as string };
        await server.post('/api/mining/start', {}, friend.token);
        await finishCycle(friend.id);
        heard.length = 0;
        expect((await server.post('/api/mining/claim', {}, friend.token)).status).toBe(200);
        const expected = [friend.id, referrer.user.id].map((key) => JSON.stringify({ topic: USER_STATUS_TOPIC, key }));
        await expect.poll(() => expected.every((payload) => heard.includes(payload))).toBe(true);
      } finally {
        await listener.end();
      }
    },
  );
});

describe('without the invalidation listener', () => {
  it('reads every status from the database', async () => {
    const handle = process.env.DATABASE_URL
      ? await openDatabase({ url: await databaseUrlOf(server), poolMax: 2 })
      : server.database;
    // An app's bus that never listened: its caches must not serve anything.
    const invalidations = createInvalidationBus();
    const cache = createStatusCache(handle.db, invalidations);
    try {
      const { user } = await insertUser(server);
      expect(invalidations.isReceiving()).toBe(false);
      expect((await cache.read(user.id))?.user.zpBalance).toBe(0);
      await writeWithoutTriggers(handle.db, user.id, 9);
      expect((await cache.read(user.id))?.user.zpBalance).toBe(9);
      expect(cache.size).toBe(0);
    } finally {
      if (handle !== server.database) await handle.close();
    }
  });
});

/** The test server's database URL (PostgreSQL runs): its pool's connection string. */
async function databaseUrlOf(target: TestServer): Promise<string> {
  const client = (target.database.db as unknown as { $client: pg.Pool }).$client;
  return (client as unknown as { options: { connectionString: string } }).options.connectionString;
}
