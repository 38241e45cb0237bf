import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { openDatabase, type DatabaseHandle } from './platform/db/client.js';
import { miningSessions, users } from './platform/db/schema.js';
import {
  startAppInstance,
  startRoundRobinProxy,
  type AppInstance,
  type RoundRobinProxy,
} from './testing/app-instances.js';
import { buildRegistration } from './testing/factories.js';
import { nextTelegramId } from './testing/telegram-init-data.js';

/**
 * Three app instances (separate Node processes) behind a round-robin proxy, on one PostgreSQL
 * database and one Redis: rate limits, sessions, revocation, lockdown and notifications must
 * behave as one system (docs/scaling.md). Needs both services, so it runs only when
 * DATABASE_URL and REDIS_URL are set (CI's PostgreSQL stage sets both).
 */
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const ready = Boolean(DATABASE_URL && REDIS_URL);
if (!ready) {
  console.warn(
    'scale-out.test.ts skipped: set DATABASE_URL and REDIS_URL to run three instances on PostgreSQL and Redis',
  );
}

const TOKEN = `654321:${'S'.repeat(35)}`;
const INSTANCES = 3;

let dbName: string;
let database: DatabaseHandle;
let recorder: BotApiRecorder;
let instances: AppInstance[] = [];
let proxy: RoundRobinProxy;
let dataDir: string;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function call(base: string, method: string, route: string, options: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${base}${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe.skipIf(!ready)('three instances behind a load balancer, one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    dbName = `ziver_scale_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${dbName}`;
    database = await openDatabase({ url: url.toString(), poolMax: 5 }); // migrates before the instances start
    recorder = await startBotApiRecorder({ token: TOKEN });
    dataDir = mkdtempSync(path.join(tmpdir(), 'ziver-scale-'));
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: url.toString(),
      DATABASE_POOL_MAX: '5',
      REDIS_URL: REDIS_URL!,
      // This run's own keys, so reruns and parallel runs never share counters.
      REDIS_KEY_PREFIX: `ziver-test:${dbName}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      MINIAPP_DIST: '/nonexistent-miniapp-dist',
      TRUST_PROXY: 'loopback',
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: recorder.url,
      PUBLIC_URL: 'https://ziver.test',
      MINIAPP_URL: 'https://ziver.test',
      NOTIFY_POLL_SECONDS: '0.2',
    };
    instances = await Promise.all(Array.from({ length: INSTANCES }, () => startAppInstance(env)));
    proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await recorder?.close();
    await database?.close();
    if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('counts a rate limit across instances: the 11th failed login for one account is refused, whichever instance gets it', async () => {
    // POST /api/auth/login allows 10 tries per account per 15 minutes. Round-robin spreads 12
    // tries over three instances (4 each): only a shared counter can refuse any of them.
    const email = `nobody_${randomBytes(4).toString('hex')}@example.com`;
    const before = [...proxy.served];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await call(proxy.url, 'POST', '/api/auth/login', { body: { email, password: 'wrong-pass-1' } })).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(proxy.served.map((n, i) => n - before[i]!)).toEqual([4, 4, 4]);
  });

  it('keeps sessions and revocation common: sign in on one, use on the others, sign out on one, 401 on all within milliseconds', async () => {
    const [a, b, c] = instances.map((instance) => instance.url) as [string, string, string];
    const registered = await call(a, 'POST', '/api/auth/register', { body: buildRegistration() });
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;

    for (const base of [a, b, c]) {
      const status = await call(base, 'GET', '/api/mining/status', { token });
      expect(status.status, base).toBe(200);
    }

    expect((await call(b, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    // The instance that logged out refuses the session before it answers; the others as soon as
    // its NOTIFY arrives (milliseconds; up to 2 s allowed on a loaded machine, far under the
    // session cache's 15 s), and from then on every request to any of them.
    expect((await call(b, 'GET', '/api/mining/status', { token })).status).toBe(401);
    for (const base of [a, c]) {
      await expect
        .poll(async () => (await call(base, 'GET', '/api/mining/status', { token })).status, {
          // Less than the session cache's 15 s: only the invalidation can pass it.
          timeout: 10_000,
          interval: 10,
        })
        .toBe(401);
    }
    for (const base of [a, c, b, proxy.url, proxy.url, proxy.url]) {
      const status = await call(base, 'GET', '/api/mining/status', { token });
      expect(status.status, base).toBe(401);
    }
  });

  it('shares the lockdown switch: set on one instance, seen there at once and by the others when their cache lapses', async () => {
    const input = buildRegistration();
    const [a, b, c] = instances.map((instance) => instance.url) as [string, string, string];
    expect((await call(a, 'POST', '/api/auth/register', { body: input })).status).toBe(201);
    await database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, input.email));
    const login = await call(b, 'POST', '/api/auth/login', { body: { email: input.email, password: input.password } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;

    for (const enabled of [true, false]) {
      const toggled = await call(a, 'PUT', '/api/system/lockdown', { token, body: { enabled } });
      expect(toggled.status).toBe(200);
      const lockdownMode = async (base: string) => (await call(base, 'GET', '/api/system/status')).body.lockdownMode;
      // The instance that saved it knows at once: its next answer says so.
      expect(await lockdownMode(a)).toBe(enabled);
      // The others read the switch again once their copy is LOCKDOWN_CACHE_MS old. Waited for,
      // not timed: on a loaded machine a request alone can take longer than the cache lives.
      for (const base of [b, c]) await expect.poll(() => lockdownMode(base), { interval: 50 }).toBe(enabled);
    }
  });

  it('sends one "reward ready" message per finished cycle with three schedulers running', async () => {
    /** A Telegram-linked user whose mining cycle has just ended; returns the chat id. */
    const finishedCycleFor = async (telegramId: number) => {
      const n = randomBytes(5).toString('hex');
      const [user] = await database.db
        .insert(users)
        .values({
          username: `s_${n}`,
          email: `s_${n}@example.com`,
          referralCode: `S${n.toUpperCase()}`,
          telegramId: BigInt(telegramId),
          notifyPush: true,
          language: 'en',
        })
        .returning();
      await database.db.insert(miningSessions).values({
        userId: user!.id,
        startedAt: sql`now() - interval '4 hours'`,
        endsAt: sql`now() - interval '1 second'`,
        reward: 50,
      });
      return telegramId;
    };
    const telegramIds: number[] = [];
    for (let i = 0; i < 12; i++) telegramIds.push(await finishedCycleFor(nextTelegramId()));
    const sentTo = () =>
      recorder
        .callsTo('sendMessage')
        .map((call) => Number(call.payload.chat_id))
        .filter((id) => telegramIds.includes(id));
    await expect.poll(() => sentTo().length, { interval: 100 }).toBe(telegramIds.length);
    // More polls after that: canary cycles, one at a time, each notified only by a poll that
    // started after the previous one was out. (The schedulers share a bot token, so which one
    // polled is not observable; six rounds make it likely that every one has.)
    for (let round = 0; round < 2 * INSTANCES; round++) {
      const canary = await finishedCycleFor(nextTelegramId());
      await recorder.waitForCall((c) => c.method === 'sendMessage' && c.payload.chat_id === canary, {
        timeoutMs: 10_000,
      });
    }
    // Nothing was sent twice.
    expect(sentTo().sort()).toEqual([...telegramIds].sort());
  });
});
