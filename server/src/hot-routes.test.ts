import { createServer, request, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { miningStatusSchema } from '@ziver/shared';
import { loadConfig } from './platform/config.js';
import type { DatabaseHandle } from './platform/db/client.js';
import { withHotRoutes, type HotRoute } from './platform/hot-routes.js';
import type { LockdownCache, LockdownState } from './platform/lockdown.js';
import { createLogger } from './platform/logger.js';
import { recordSecurityHeaders } from './platform/security-headers.js';
import { startServer, type RunningServer } from './server.js';
import { createTestDatabase } from './testing/test-database.js';

// The status poll is answered before Express in its plain case (platform/hot-routes.ts). It must
// be indistinguishable from Express's answer, and every other case must reach Express.

const lines: Record<string, any>[] = [];
const config = loadConfig(
  { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', MINIAPP_DIST: '/nonexistent-miniapp-dist' },
  { persistSecrets: false },
);
let server: RunningServer;
let database: DatabaseHandle;

beforeAll(async () => {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  database = await createTestDatabase();
  server = await startServer(config, { database, logger: createLogger(config, { destination }) });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function register(name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'hot-route-pass-1' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** The log lines of request `id`, once its first one has been written (fails if it never is). */
const waitForLines = async (id: string) => {
  await vi.waitFor(() => expect(lines.some((l) => l.req?.id === id)).toBe(true), { timeout: 5_000, interval: 20 });
  return lines.filter((l) => l.req?.id === id);
};

/** Headers that differ between any two answers (time, request id). */
const headersOf = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id').sort());

describe('the status poll before Express', () => {
  it("answers with Express's headers, body and log line", async () => {
    const token = await register('hot_same');
    const ask = (path: string, id: string) =>
      fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': id } });
    // A query string is not the plain case: Express answers it, for the same route.
    const viaExpress = await ask('/api/mining/status?via=express', 'hot-express');
    const hot = await ask('/api/mining/status', 'hot-fast');
    expect(hot.status).toBe(200);
    expect(viaExpress.status).toBe(200);
    expect(headersOf(hot)).toEqual(headersOf(viaExpress));
    expect(hot.headers.get('x-request-id')).toBe('hot-fast');
    expect(hot.headers.get('content-security-policy')).toMatch(/frame-ancestors/);
    expect(hot.headers.get('cache-control')).toBe('no-store');
    const body = await hot.json();
    expect(body).toEqual(await viaExpress.json());
    expect(miningStatusSchema.parse(body)).toBeTruthy();

    const [expressLine] = await waitForLines('hot-express');
    const fastLines = await waitForLines('hot-fast');
    expect(fastLines).toHaveLength(1);
    const strip = ({ time: _t, responseTime, req, ...rest }: Record<string, any>) => ({
      ...rest,
      req: { ...req, id: 'x', url: req.url.replace(/\?.*/, '') },
      responseTime: typeof responseTime,
    });
    expect(strip(fastLines[0]!)).toEqual(strip(expressLine!));
    expect(fastLines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { url: '/api/mining/status' } });
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('leaves a signed-out, revoked or refused caller to Express (401, 503)', async () => {
    const token = await register('hot_revoked');
    expect((await fetch(`${server.url}/api/mining/status`)).status).toBe(401);
    const bad = await fetch(`${server.url}/api/mining/status`, { headers: { authorization: `Bearer ${token}x` } });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { code: string }).code).toBe('SESSION_EXPIRED');
    const headers = { authorization: `Bearer ${token}` };
    expect((await fetch(`${server.url}/api/mining/status`, { headers })).status).toBe(200);
    expect((await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers })).status).toBe(200);
    expect((await fetch(`${server.url}/api/mining/status`, { headers })).status).toBe(401);
  });
});

describe('withHotRoutes', () => {
  let token: string;
  let listener: Server;
  let url: string;
  let toExpress = 0;
  let lockdown: LockdownState | undefined;
  let answer: HotRoute['answer'];

  beforeAll(async () => {
    token = await register('hot_unit');
    // Express stands aside: this app only counts what reaches it.
    const app = ((_req, res) => {
      toExpress++;
      res.writeHead(299).end('express');
    }) as RequestListener as unknown as Express;
    const lockdownCache = { peek: () => lockdown } as LockdownCache;
    const handler = withHotRoutes(
      app,
      {
        db: database.db,
        config,
        logger: createLogger(config),
        auth: server.deps.auth,
        lockdown: lockdownCache,
        headers: recordSecurityHeaders(),
      },
      [{ path: '/api/mining/status', answer: (auth) => answer(auth) }],
    );
    listener = createServer(handler);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));
  beforeEach(() => {
    toExpress = 0;
    lockdown = { isEnabled: false, message: null, translations: {}, updatedAt: null };
    answer = async (auth) => ({
      success: true,
      isMining: false,
      canClaim: false,
      timeRemaining: 0,
      progress: 0,
      cycleEndsAt: null,
      userData: {
        zp_balance: auth.user.zpBalance,
        social_capital_score: auth.user.socialCapitalScore,
        daily_streak_count: auth.user.dailyStreakCount,
        mining_session_start_time: null,
      },
      appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
    });
  });

  const ask = (path = '/api/mining/status', init: RequestInit = {}) =>
    fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

  it('answers the plain case itself', async () => {
    const res = await ask();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(miningStatusSchema.parse(await res.json())).toBeTruthy();
    expect(toExpress).toBe(0);
  });

  it.each([
    ['another path', '/api/mining/config', {}],
    ['a query string', '/api/mining/status?x=1', {}],
    ['a trailing slash', '/api/mining/status/', {}],
    ['another case', '/API/mining/status', {}],
    ['POST', '/api/mining/status', { method: 'POST' }],
    ['HEAD', '/api/mining/status', { method: 'HEAD' }],
    ['no token', '/api/mining/status', { headers: { authorization: '' } }],
    ['a malformed header', '/api/mining/status', { headers: { authorization: 'Token abc' } }],
    ['a forged token', '/api/mining/status', { headers: { authorization: 'Bearer a.b.c' } }],
  ] as const)('leaves %s to Express', async (_case, path, init) => {
    expect((await ask(path, init)).status).toBe(299);
    expect(toExpress).toBe(1);
  });

  it('leaves a GET with a body to Express (its JSON parser answers it)', async () => {
    // fetch sends no GET body: the request is written by hand.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${url}/api/mining/status`, {
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': 2 },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(299);
    expect(toExpress).toBe(1);
  });

  it('leaves lockdown, and a lockdown flag not known to be fresh, to Express', async () => {
    lockdown = { isEnabled: true, message: null, translations: {}, updatedAt: null };
    expect((await ask()).status).toBe(299);
    lockdown = undefined;
    expect((await ask()).status).toBe(299);
    expect(toExpress).toBe(2);
  });

  it('leaves no answer, a failure and an answer that breaks its contract to Express', async () => {
    answer = async () => undefined;
    expect((await ask()).status).toBe(299);
    answer = async () => {
      throw new Error('database gone');
    };
    expect((await ask()).status).toBe(299);
    answer = async () => ({ success: true, isMining: 'yes' });
    expect((await ask()).status).toBe(299);
    expect(toExpress).toBe(3);
  });

  it('hands a request whose answer cannot be written to Express, and logs why', async () => {
    const logged: Record<string, any>[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        logged.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = ((_req, res) => {
      toExpress++;
      res.writeHead(299).end('express');
    }) as RequestListener as unknown as Express;
    // A header value Node refuses to write: writeHead throws.
    const broken = createServer(
      withHotRoutes(
        app,
        {
          db: database.db,
          config,
          logger: createLogger(config, { destination }),
          auth: server.deps.auth,
          lockdown: { peek: () => lockdown } as LockdownCache,
          headers: { set: [['x-broken', 'a\nb']], removed: [] },
        },
        [{ path: '/api/mining/status', answer: (auth) => answer(auth) }],
      ),
    );
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(broken.address() as AddressInfo).port}/api/mining/status`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(299);
      expect(toExpress).toBe(1);
      expect(logged).toContainEqual(expect.objectContaining({ level: 50, msg: 'hot route failed' }));
    } finally {
      await new Promise<void>((resolve) => broken.close(() => resolve()));
    }
  });
});
