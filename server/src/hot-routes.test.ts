import { createServer, request, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express, { type Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AppError, miningClaimResponseSchema, miningStatusSchema } from '@ziver/shared';
import { createSession } from './platform/auth.js';
import { hotRoutesOf, type ApiHandlers } from './platform/contract-routes.js';
import { createLimiterNames, limitRequests } from './platform/rate-limit.js';
import { loadConfig } from './platform/config.js';
import type { DatabaseHandle } from './platform/db/client.js';
import { miningSessions, users } from './platform/db/schema.js';
import { withHotRoutes, type HotRoute } from './platform/hot-routes.js';
import type { LockdownCache, LockdownState } from './platform/lockdown.js';
import { createLogger } from './platform/logger.js';
import { recordSecurityHeaders } from './platform/security-headers.js';
import type { PipelineEnd, RequestConcern } from './platform/request-concern.js';
import { expressDoor, requestConcerns } from './platform/request-pipeline.js';
import { startServer, type RunningServer } from './server.js';
import { createTestDatabase } from './testing/test-database.js';

// The status poll and the claim are answered before Express in their plain case
// (platform/hot-routes.ts). They must be indistinguishable from Express's answer, and every other
// case must reach Express.

const lines: Record<string, any>[] = [];
const config = loadConfig(
  {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MINIAPP_DIST: '/nonexistent-miniapp-dist',
    // Sign-ups say where they come from (X-Forwarded-For), each from its own network block: the
    // burst limit counts accounts per block (features/auth/routes.ts).
    TRUST_PROXY: 'loopback',
  },
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

let signUps = 0;
async function registerWithId(name: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${++signUps}.1` },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'hot-route-pass-1' }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

const register = async (name: string) => (await registerWithId(name)).token;

/** A user whose mining cycle has ended (started through the API, then moved back in time). */
async function registerWithFinishedCycle(name: string): Promise<string> {
  const { token, userId } = await registerWithId(name);
  const started = await fetch(`${server.url}/api/mining/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(started.status).toBe(201);
  await database.db
    .update(miningSessions)
    .set({ startedAt: sql`now() - interval '4 hours'`, endsAt: sql`now() - interval '1 second'` })
    .where(eq(miningSessions.userId, userId));
  return token;
}

/** The log lines of request `id`, once its first one has been written (fails if it never is). */
const waitForLines = async (id: string) => {
  await expect.poll(() => lines.some((l) => l.req?.id === id), { interval: 20 }).toBe(true);
  return lines.filter((l) => l.req?.id === id);
};

/** A log line without what differs between any two requests (time, id, query string, duration). */
const sameLine = ({ time: _t, responseTime, req, ...rest }: Record<string, any>) => ({
  ...rest,
  req: { ...req, id: 'x', url: req.url.replace(/\?.*/, '') },
  responseTime: typeof responseTime,
});

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
    expect(sameLine(fastLines[0]!)).toEqual(sameLine(expressLine!));
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

describe('the heartbeat before Express', () => {
  it("answers with Express's headers, body and log line, and the user is seen", async () => {
    const { token, userId } = await registerWithId('hot_beat');
    const beat = (path: string, id: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-request-id': id },
      });
    const seenAt = async () =>
      (await database.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, userId)))[0]!.at;
    const viaExpress = await beat('/api/user/heartbeat?via=express', 'beat-express');
    await database.db
      .update(users)
      .set({ lastSeenAt: sql`now() - interval '1 hour'` })
      .where(eq(users.id, userId));
    const hot = await beat('/api/user/heartbeat', 'beat-fast');
    expect(hot.status).toBe(200);
    expect(viaExpress.status).toBe(200);
    expect(headersOf(hot)).toEqual(headersOf(viaExpress));
    expect(await hot.json()).toEqual(await viaExpress.json());
    const [expressLine] = await waitForLines('beat-express');
    const fastLines = await waitForLines('beat-fast');
    expect(fastLines).toHaveLength(1);
    expect(sameLine(fastLines[0]!)).toEqual(sameLine(expressLine!));
    // Recorded as Express records it: buffered (presence) and written by the next flush.
    await server.deps.presence!.flush();
    expect(Date.now() - (await seenAt())!.getTime()).toBeLessThan(60_000);
  });
});

describe('the claim before Express', () => {
  const claim = (token: string, path: string, id: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': id },
    });

  it("answers with Express's headers, body and log line", async () => {
    const viaExpress = await claim(
      await registerWithFinishedCycle('hot_claim_e'),
      '/api/mining/claim?via=express',
      'claim-express',
    );
    const hot = await claim(await registerWithFinishedCycle('hot_claim_h'), '/api/mining/claim', 'claim-fast');
    expect(hot.status).toBe(200);
    expect(viaExpress.status).toBe(200);
    expect(headersOf(hot)).toEqual(headersOf(viaExpress));
    expect(hot.headers.get('x-request-id')).toBe('claim-fast');
    const [body, expressBody] = [await hot.json(), await viaExpress.json()];
    // Two users: everything but who they are is the same.
    const anonymous = ({ user, ...rest }: any) => ({
      ...rest,
      userFields: Object.keys(user).sort(),
      balances: [user.zp_balance, user.social_capital_score, user.daily_streak_count],
    });
    expect(anonymous(body)).toEqual(anonymous(expressBody));
    expect(miningClaimResponseSchema.parse(body)).toBeTruthy();
    expect(body).toMatchObject({ success: true, messageKey: 'server.rewardClaimed', reward: { zp: 50 } });

    const [expressLine] = await waitForLines('claim-express');
    const fastLines = await waitForLines('claim-fast');
    expect(fastLines).toHaveLength(1);
    expect(sameLine(fastLines[0]!)).toEqual(sameLine(expressLine!));
  });

  describe('with a session this instance has not seen (checked by the claim statement)', () => {
    type Cold = Awaited<ReturnType<typeof coldSession>>;

    /** A user with a running cycle (`finish` ends it), and a second session of theirs the session cache does not know. */
    async function coldSession(name: string) {
      const { token: warm, userId } = await registerWithId(name);
      const headers = { authorization: `Bearer ${warm}` };
      expect((await fetch(`${server.url}/api/mining/start`, { method: 'POST', headers })).status).toBe(201);
      const [row] = await database.db.select().from(users).where(eq(users.id, userId));
      const { token, sessionId } = await createSession(database.db, config, {
        userId,
        method: 'password',
        passwordVersion: row!.passwordVersion,
      });
      const finish = () =>
        database.db
          .update(miningSessions)
          .set({ startedAt: sql`now() - interval '4 hours'`, endsAt: sql`now() - interval '1 second'` })
          .where(eq(miningSessions.userId, userId));
      const credited = async () =>
        (await database.db.select().from(miningSessions).where(eq(miningSessions.userId, userId)))[0]!.claimedAt !==
        null;
      return { token, sessionId, userId, finish, credited };
    }

    it('credits the claim of a live session', async () => {
      const cold = await coldSession('hot_cold_live');
      await cold.finish();
      const res = await claim(cold.token, '/api/mining/claim', 'claim-cold');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, reward: { zp: 50 } });
      expect(await cold.credited()).toBe(true);
    });

    it('answers a live session whose cycle has not ended 409, and credits nothing', async () => {
      const cold = await coldSession('hot_cold_early');
      const res = await claim(cold.token, '/api/mining/claim', 'claim-cold-early');
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'MINING_NOT_FINISHED' });
      expect(await cold.credited()).toBe(false);
    });

    it.each([
      ['revoked', (c: Cold) => sql`update auth_sessions set revoked_at = now() where id = ${c.sessionId}`],
      [
        'expired',
        (c: Cold) => sql`update auth_sessions set expires_at = now() - interval '1 second' where id = ${c.sessionId}`,
      ],
      ['of a suspended account', (c: Cold) => sql`update users set suspended_at = now() where id = ${c.userId}`],
      [
        'proven with an old password',
        (c: Cold) => sql`update users set password_version = password_version + 1 where id = ${c.userId}`,
      ],
    ] as const)('answers a session %s 401 and credits nothing', async (state, kill) => {
      const cold = await coldSession(`hot_cold_${state.split(' ').at(-1)}`);
      await cold.finish();
      await database.db.execute(kill(cold));
      const res = await claim(cold.token, '/api/mining/claim', `claim-cold-${state.split(' ').at(-1)}`);
      expect(res.status).toBe(401);
      expect(await cold.credited()).toBe(false);
    });
  });

  it("answers a refusal with Express's headers, body and log line: nothing is credited twice", async () => {
    const token = await registerWithFinishedCycle('hot_claim_twice');
    expect((await claim(token, '/api/mining/claim', 'claim-once')).status).toBe(200);
    const again = await claim(token, '/api/mining/claim', 'claim-again');
    const viaExpress = await claim(token, '/api/mining/claim?via=express', 'claim-again-express');
    expect(again.status).toBe(409);
    expect(viaExpress.status).toBe(409);
    expect(headersOf(again)).toEqual(headersOf(viaExpress));
    const body = await again.json();
    expect(body).toEqual(await viaExpress.json());
    expect(body).toMatchObject({ success: false, code: 'MINING_NOT_STARTED', messageKey: 'server.miningNotStarted' });
    const [line] = await waitForLines('claim-again');
    const [expressLine] = await waitForLines('claim-again-express');
    expect(line).toMatchObject({ level: 40, res: { statusCode: 409 } });
    expect(sameLine(line!)).toEqual(sameLine(expressLine!));
    const notFinished = await register('hot_claim_early');
    const headers = { authorization: `Bearer ${notFinished}` };
    expect((await fetch(`${server.url}/api/mining/start`, { method: 'POST', headers })).status).toBe(201);
    const early = await claim(notFinished, '/api/mining/claim', 'claim-early');
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'MINING_NOT_FINISHED' });
    const history = await fetch(`${server.url}/api/transactions`, { headers: { authorization: `Bearer ${token}` } });
    const entries = ((await history.json()) as { transactions: { type: string }[] }).transactions;
    expect(entries.filter((entry) => entry.type === 'mining_reward')).toHaveLength(2); // ZP and SEB, once
  });
});

describe('withHotRoutes', () => {
  let token: string;
  let listener: Server;
  let url: string;
  let toExpress = 0;
  let lockdown: LockdownState | undefined;
  let answer: HotRoute['answer'];
  let claimAnswer: HotRoute['answer'];
  const unitLines: Record<string, any>[] = [];

  beforeAll(async () => {
    token = await register('hot_unit');
    // Express stands aside: this app only counts what reaches it.
    const app = ((_req, res) => {
      toExpress++;
      res.writeHead(299).end('express');
    }) as RequestListener as unknown as Express;
    const lockdownCache = { peek: () => lockdown } as LockdownCache;
    const destination = new Writable({
      write(chunk, _encoding, done) {
        unitLines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = createLogger(config, { destination });
    const handler = withHotRoutes(
      app,
      {
        config,
        logger,
        auth: server.deps.auth,
        lockdown: lockdownCache,
        concerns: requestConcerns({ logger, headers: recordSecurityHeaders() }),
      },
      [
        { id: 'miningStatus', answer: (auth) => answer(auth) },
        { id: 'miningClaim', answer: (auth) => claimAnswer(auth) },
      ],
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
    claimAnswer = async () => ({ success: true });
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

  it('answers a POST without a body itself, and leaves one with a body to Express', async () => {
    const post = (init: RequestInit = {}) => ask('/api/mining/claim', { method: 'POST', ...init });
    claimAnswer = async () => undefined;
    expect((await post()).status).toBe(299);
    expect(toExpress).toBe(1);
    claimAnswer = async () => ({ success: true, message: 'x', messageKey: 'server.rewardClaimed', params: {} });
    // Not a claim's answer: a POST has written, so the breach is answered here (strict: 500).
    const breach = await post({ headers: { 'x-request-id': 'post-breach' } });
    expect(breach.status).toBe(500);
    expect(await breach.json()).toMatchObject({ success: false, code: 'INTERNAL' });
    expect(toExpress).toBe(1);
    expect(unitLines).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'API answer breaks its contract',
        req: expect.objectContaining({ id: 'post-breach' }),
      }),
    );
    expect(unitLines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'request errored', res: { statusCode: 500 } }),
    );
    const withBody = await post({ body: '{}', headers: { 'content-type': 'application/json' } });
    expect(withBody.status).toBe(299);
    expect(toExpress).toBe(2);
  });

  it.each([
    ['another path', '/api/mining/config', {}],
    ['a query string', '/api/mining/status?x=1', {}],
    ['a trailing slash', '/api/mining/status/', {}],
    ['another case', '/API/mining/status', {}],
    ['POST', '/api/mining/status', { method: 'POST' }],
    ['GET of a POST route', '/api/mining/claim', {}],
    ['PUT', '/api/mining/claim', { method: 'PUT' }],
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

  it("answers a route's refusal itself, and leaves a 5xx to Express", async () => {
    claimAnswer = async () => {
      throw new AppError('MINING_NOT_FINISHED', 'server.miningNotFinished');
    };
    const refused = await ask('/api/mining/claim', { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ success: false, code: 'MINING_NOT_FINISHED' });
    expect(toExpress).toBe(0);
    for (const error of [
      new AppError('SERVER_BUSY', 'upload.busy'),
      new AppError('DATABASE_UNAVAILABLE', 'server.databaseUnavailable'),
    ]) {
      claimAnswer = async () => {
        throw error;
      };
      expect((await ask('/api/mining/claim', { method: 'POST' })).status).toBe(299);
    }
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
          config,
          logger: createLogger(config, { destination }),
          auth: server.deps.auth,
          lockdown: { peek: () => lockdown } as LockdownCache,
          concerns: [{ name: 'broken', headers: () => ['x-broken', 'a\nb'] }],
        },
        [{ id: 'miningStatus', answer: (auth) => answer(auth) }],
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

describe('hotRoutesOf', () => {
  it('refuses a hot route with middleware of its own: a rate limit runs only in Express', () => {
    const heartbeat = {
      cachedSession: true,
      handle: () => ({ success: true as const }),
      hot: { answer: async () => ({ success: true }) },
    };
    expect(hotRoutesOf({ heartbeat } as unknown as ApiHandlers).map((route) => route.id)).toEqual(['heartbeat']);
    const limited = {
      ...heartbeat,
      use: [
        limitRequests(
          { config: { isRateLimited: true }, limiterNames: createLimiterNames() },
          { windowMs: 60_000, limit: 1 },
        ),
      ],
    };
    expect(() => hotRoutesOf({ heartbeat: limited } as unknown as ApiHandlers)).toThrow(/heartbeat: a hot route/);
  });
});

describe('the one list of concerns', () => {
  it("is run by both doors: a concern added to the list is applied to the hot answer and to Express's", async () => {
    const token = await register('hot_concern');
    const ended: { id: string; url: string; status: number }[] = [];
    const added: RequestConcern = {
      name: 'added by the test',
      headers: (request) => ['x-added', `seen ${request.method}`],
      end: (request, end: PipelineEnd) => ended.push({ id: request.id, url: request.url, status: end.status }),
    };
    const logger = createLogger(config, { destination: new Writable({ write: (_c, _e, done) => done() }) });
    const concerns = [...requestConcerns({ logger, headers: recordSecurityHeaders() }), added];
    // An Express app behind the list's Express door, answering the status route as the hot one does.
    const app = express();
    app.set('etag', false);
    app.use(expressDoor(concerns));
    const status = { success: true, isMining: false };
    app.get('/api/mining/status', (_req, res) => void res.json(status));
    const door = createServer(
      withHotRoutes(
        app,
        {
          config: { ...config, contractCheck: 'off' },
          logger,
          auth: server.deps.auth,
          lockdown: { peek: () => ({ isEnabled: false, message: null, translations: {}, updatedAt: null }) },
          concerns,
        },
        [{ id: 'miningStatus', answer: async () => status }],
      ),
    );
    await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(door.address() as AddressInfo).port}`;
      const ask = (path: string, id: string) =>
        fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': id } });
      const viaExpress = await ask('/api/mining/status?via=express', 'concern-express');
      const hot = await ask('/api/mining/status', 'concern-hot');
      expect(await hot.json()).toEqual(await viaExpress.json());
      expect(hot.headers.get('x-added')).toBe('seen GET');
      expect(headersOf(hot)).toEqual(headersOf(viaExpress));
      await vi.waitFor(() => expect(ended).toHaveLength(2), { timeout: 30_000, interval: 20 });
      expect(ended).toContainEqual({ id: 'concern-hot', url: '/api/mining/status', status: 200 });
      expect(ended).toContainEqual({ id: 'concern-express', url: '/api/mining/status?via=express', status: 200 });
    } finally {
      await new Promise<void>((resolve) => door.close(() => resolve()));
    }
  });
});
