import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { users } from '../../platform/db/schema.js';
import { buildRegistration } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { SIGN_UP_BURST, SIGN_UP_BURST_MINUTES } from './routes.js';

// Rate limits on (as in production), X-Forwarded-For trusted from the loopback client: each
// sign-up comes from its own address, so the per-IP limits never decide, only the block's.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'loopback' });
});
afterAll(() => server.stop());

const register = (ip: string, body: unknown = buildRegistration()) =>
  server.request('POST', '/api/auth/register', { body, headers: { 'x-forwarded-for': ip } });
const accounts = async () => (await server.database.db.select({ n: count() }).from(users))[0]!.n;

describe('sign-up bursts from one network block', () => {
  it(`are slowed past ${SIGN_UP_BURST} accounts: 429 with Retry-After, nothing created, other blocks and sign-ins untouched`, async () => {
    // Refused sign-ups do not count: a bad body from the block, then the accounts it may create.
    for (let i = 0; i < 3; i++) expect((await register(`203.0.113.${200 + i}`, { username: 'x' })).status).toBe(400);
    const created: { email: string; password: string }[] = [];
    for (let i = 0; i < SIGN_UP_BURST; i++) {
      const input = buildRegistration();
      const res = await register(`203.0.113.${i + 1}`, input);
      expect(res.status, `sign-up ${i + 1}`).toBe(201);
      created.push(input);
    }
    const before = await accounts();

    const slowed = await register('203.0.113.99');
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    const retryAfter = Number(slowed.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_UP_BURST_MINUTES * 60);
    expect(await accounts()).toBe(before);

    // Another /24 signs up; the block's people still sign in.
    expect((await register('198.51.100.7')).status).toBe(201);
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: created[0]!.email, password: created[0]!.password },
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    expect(login.status).toBe(200);
    // Still slowed while the window lasts, from any address of the block.
    expect((await register('203.0.113.250')).status).toBe(429);
  });

  it('groups IPv6 clients by /48', async () => {
    for (let i = 0; i < SIGN_UP_BURST; i++) expect((await register(`2001:db8:7:${i}::1`)).status).toBe(201);
    expect((await register('2001:db8:7:ffff::2')).status).toBe(429);
    expect((await register('2001:db8:8::1')).status).toBe(201);
  });
});
