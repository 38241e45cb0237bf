import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../testing/factories.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { routeLabel } from './metrics.js';

const TOKEN = 'metrics-token-for-the-tests-0123';
const CYCLE_SECONDS = 1;

type Sample = { name: string; labels: Record<string, string>; value: number };

/**
 * Prometheus' text exposition format (version 0.0.4), strictly: every sample line is
 * `name{label="value",…} number`, and every metric family has its # HELP and # TYPE first.
 */
function parseExposition(text: string): Sample[] {
  const described = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) .+$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') described.add(meta[2]!);
      continue;
    }
    // Values as Go's ParseFloat reads them (Prometheus' parser): NaN and Inf in any case.
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-]?[Ii][Nn][Ff])$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const [, name, rawLabels, value] = sample;
    const family = name!.replace(/_(bucket|sum|count|total)$/, '');
    if (!described.has(name!) && !described.has(family)) throw new Error(`no # TYPE before ${name}`);
    const labels: Record<string, string> = {};
    for (const match of (rawLabels ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[match[1]!] = match[2]!;
    }
    samples.push({ name: name!, labels, value: Number(value) });
  }
  return samples;
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('GET /metrics', () => {
  let server: TestServer;
  const scrape = async () => {
    const res = await server.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parseExposition(res.body as string);
  };

  beforeAll(async () => {
    server = await startTestServer({
      METRICS_TOKEN: TOKEN,
      RATE_LIMITS: 'off',
      MINING_CYCLE_HOURS: String(CYCLE_SECONDS / 3600),
    });
  });
  afterAll(() => server.stop());

  it('answers 401 without the token or with another, and tells which scheme it wants', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await server.request('GET', '/metrics', authorization ? { headers: { authorization } } : {});
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it("is Prometheus' text format, with the process's default metrics, the pool and the queues", async () => {
    const samples = await scrape();
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    for (const state of ['in_use', 'waiting']) {
      expect(valueOf(samples, 'ziver_db_pool_connections', { state })).toBeGreaterThanOrEqual(0);
    }
    for (const [channel, kind] of [
      ['telegram', 'mining_ready'],
      ['telegram', 'announcement'],
      ['telegram', 'password_reset'],
      ['email', 'mining_ready'],
      ['email', 'mail'],
      ['email', 'announcement'],
      ['push', 'mining_ready'],
    ] as const) {
      for (const state of ['pending', 'due', 'sending', 'failed', 'unconfirmed']) {
        expect(valueOf(samples, 'ziver_outbox_messages', { channel, kind, state })).toBe(0);
      }
    }
  });

  it('times requests by their contract route and status, and counts sign-ups and claims', async () => {
    const before = await scrape();
    const claimsBefore = valueOf(before, 'ziver_claims_total') ?? 0;
    const signUpsBefore = valueOf(before, 'ziver_sign_ups_total', { method: 'password' }) ?? 0;

    const { token } = await registerUser(server);
    expect((await server.post('/api/mining/start', {}, token)).status).toBe(201);
    // The status poll is answered before Express (platform/hot-routes.ts): it is timed there too.
    await expect
      .poll(async () => (await server.get('/api/mining/status', token)).body.canClaim, { interval: 100 })
      .toBe(true);
    expect((await server.post('/api/mining/claim', {}, token)).status).toBe(200);
    expect((await server.request('DELETE', '/api/referrals/no-such-user', { token })).status).toBe(404);

    const after = await scrape();
    expect(valueOf(after, 'ziver_claims_total')).toBe(claimsBefore + 1);
    expect(valueOf(after, 'ziver_sign_ups_total', { method: 'password' })).toBe(signUpsBefore + 1);
    const requests = (route: string, method: string, status: string) =>
      valueOf(after, 'http_request_duration_seconds_count', { route, method, status }) ?? 0;
    expect(requests('/api/auth/register', 'POST', '201')).toBeGreaterThanOrEqual(1);
    expect(requests('/api/mining/claim', 'POST', '200')).toBe(1);
    expect(requests('/api/mining/status', 'GET', '200')).toBeGreaterThanOrEqual(1);
    expect(requests('/api/referrals/{id}', 'DELETE', '404')).toBe(1);
    expect(after.some((s) => s.labels.route?.includes('no-such-user'))).toBe(false);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('answers 404, token or not', async () => {
    expect((await server.get('/metrics')).status).toBe(404);
    const withToken = await server.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(404);
  });
});

describe('routeLabel', () => {
  it('names API calls by their contract path, and keeps every other URL to a few labels', () => {
    expect(routeLabel('GET', '/api/mining/status?x=1')).toBe('/api/mining/status');
    expect(routeLabel('DELETE', '/api/referrals/5d1c')).toBe('/api/referrals/{id}');
    expect(routeLabel('GET', '/api/referrals/leaderboard')).toBe('/api/referrals/leaderboard');
    expect(routeLabel('GET', '/api/nope/123')).toBe('/api/*');
    expect(routeLabel('GET', '/assets/index-abc.js')).toBe('static');
    expect(routeLabel('GET', '/metrics')).toBe('/metrics');
  });
});
