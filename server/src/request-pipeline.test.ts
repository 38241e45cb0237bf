import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import express from 'express';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './platform/config.js';
import type { DatabaseHandle } from './platform/db/client.js';
import { appSettings } from './platform/db/schema.js';
import { LOCKDOWN_SETTING_KEY } from './platform/lockdown.js';
import { createLogger } from './platform/logger.js';
import { SECURITY_HEADER_OPTIONS } from './platform/security-headers.js';
import { startServer, type RunningServer } from './server.js';
import { createTestDatabase } from './testing/test-database.js';

// The per-request middleware every API call passes (security headers, request ids and request
// logs, the body parser): the same answers as with helmet and pino-http, for less per request.

const lines: Record<string, any>[] = [];
let server: RunningServer;
let database: DatabaseHandle;
let reference: { url: string; close: () => void };

beforeAll(async () => {
  const config = loadConfig(
    { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', MINIAPP_DIST: '/nonexistent-miniapp-dist' },
    { persistSecrets: false },
  );
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  database = await createTestDatabase();
  server = await startServer(config, { database, logger: createLogger(config, { destination }) });

  // What helmet itself answers with the app's settings.
  const app = express();
  app.disable('x-powered-by');
  app.use(helmet(SECURITY_HEADER_OPTIONS));
  app.use((_req, res) => {
    res.json({ ok: true });
  });
  const listener = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listener.once('listening', resolve));
  reference = {
    url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
    close: () => listener.close(),
  };
});

afterAll(async () => {
  reference?.close();
  await server?.close();
  await database?.close();
});

/** Headers that depend on the answer, not on the security settings. */
const PER_ANSWER = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'etag',
  'x-request-id',
  'cache-control',
  'vary',
  'retry-after',
]);
const securityHeadersOf = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => !PER_ANSWER.has(name)).sort());

/** The first log line matching `predicate`, once written (fails if it never is). */
const waitForLine = async (predicate: (line: Record<string, any>) => boolean) => {
  await expect.poll(() => lines.some(predicate), { interval: 20 }).toBe(true);
  return lines.find(predicate)!;
};

describe('security headers', () => {
  it("are exactly helmet's, on API answers, errors and pages", async () => {
    const expected = securityHeadersOf(await fetch(`${reference.url}/`));
    expect(expected['content-security-policy']).toMatch(/frame-ancestors 'self' https:\/\/web.telegram.org/);
    expect(expected['strict-transport-security']).toBeDefined();
    for (const path of ['/api/health', '/api/system/status', '/api/nope', '/api/mining/status', '/']) {
      const res = await fetch(`${server.url}${path}`);
      expect(securityHeadersOf(res), path).toEqual(expected);
    }
  });
});

describe('request ids and request logs', () => {
  it('logs each API request once with its id, method, url, status and time; not /api/health', async () => {
    const ok = await fetch(`${server.url}/api/system/status`, { headers: { 'x-request-id': 'trace-ok.1' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('trace-ok.1');
    const line = await waitForLine((l) => l.req?.id === 'trace-ok.1');
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'trace-ok.1', method: 'GET', url: '/api/system/status' },
      res: { statusCode: 200 },
    });
    expect(typeof line!.responseTime).toBe('number');
    expect(lines.filter((l) => l.req?.id === 'trace-ok.1')).toHaveLength(1);

    const missing = await fetch(`${server.url}/api/nope?x=1`, { headers: { 'x-request-id': 'trace-404' } });
    expect(missing.status).toBe(404);
    expect(await waitForLine((l) => l.req?.id === 'trace-404')).toMatchObject({
      level: 40,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/nope?x=1' },
      res: { statusCode: 404 },
    });

    const health = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'trace-health' } });
    expect(health.headers.get('x-request-id')).toBe('trace-health');
    await fetch(`${server.url}/api/system/status`, { headers: { 'x-request-id': 'trace-after-health' } });
    await waitForLine((l) => l.req?.id === 'trace-after-health');
    expect(lines.some((l) => l.req?.id === 'trace-health')).toBe(false);
  });

  it('replaces an unsafe incoming request id with a UUID', async () => {
    const res = await fetch(`${server.url}/api/system/status`, { headers: { 'x-request-id': 'a b<script>' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('still parses JSON bodies, refuses bad ones with 400, and never logs the body or the token', async () => {
    const bad = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-bad-json' },
      body: '{"email":',
    });
    expect(bad.status).toBe(400);
    const wrong = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': 'trace-login',
        authorization: 'Bearer secret-token-value',
      },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'very-secret-password' }),
    });
    expect(wrong.status).toBe(401);
    const line = await waitForLine((l) => l.req?.id === 'trace-login');
    expect(line).toMatchObject({ level: 40, res: { statusCode: 401 } });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('very-secret-password');
    expect(text).not.toContain('secret-token-value');
  });

  it('logs a lockdown refusal (planned maintenance) as one warn line without a stack', async () => {
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lockdown_user', email: 'lockdown@example.com', password: 'lockdown-pass-1' }),
    });
    const { token } = (await registered.json()) as { token: string };
    await database.db.insert(appSettings).values({ key: LOCKDOWN_SETTING_KEY, value: { enabled: true } });
    try {
      // Asked again until the lockdown cache has read the switch; the last id is the refused one.
      let attempt = 0;
      let id = '';
      await expect
        .poll(async () => {
          id = `trace-lockdown-${++attempt}`;
          const res = await fetch(`${server.url}/api/mining/status`, {
            headers: { 'x-request-id': id, authorization: `Bearer ${token}` },
          });
          return res.status;
        })
        .toBe(503);
      const line = await waitForLine((l) => l.req?.id === id);
      expect(line).toMatchObject({ level: 40, msg: 'request refused: lockdown', res: { statusCode: 503 } });
      expect(line.err).toBeUndefined();
      expect(lines.filter((l) => l.req?.id === id)).toHaveLength(1);
    } finally {
      await database.db.delete(appSettings).where(eq(appSettings.key, LOCKDOWN_SETTING_KEY));
      // The next test needs the switch off in the lockdown cache too.
      await expect
        .poll(
          async () =>
            (await fetch(`${server.url}/api/mining/status`, { headers: { authorization: `Bearer ${token}` } })).status,
        )
        .toBe(200);
    }
  });

  it('logs a server error at error level, with the request fields on the error line', async () => {
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'pipeline_user', email: 'pipeline@example.com', password: 'pipeline-pass-1' }),
    });
    const { token } = (await registered.json()) as { token: string };
    // A broken schema: the session look-up fails with a plain database error (500).
    await database.db.execute(sql`alter table users rename to users_gone`);
    const res = await fetch(`${server.url}/api/user/me`, {
      headers: { 'x-request-id': 'trace-db-down', authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(500);
    const errored = await waitForLine((l) => l.req?.id === 'trace-db-down' && l.msg === 'request errored');
    expect(errored).toMatchObject({ level: 50, req: { method: 'GET', url: '/api/user/me' } });
    expect(errored!.err.message).toBe(`failed with status code ${res.status}`);
    // The error handler's own line goes through req.log: it carries the request too.
    const cause = lines.find((l) => l.req?.id === 'trace-db-down' && l.msg !== 'request errored');
    expect(cause?.level).toBe(50);
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});
