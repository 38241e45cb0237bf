import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@ziver/shared';
import { enableTwoFactorFor } from '../../testing/authenticator.js';
import { buildRegistration, registerUser } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

// Limits are on here (the other suites run with RATE_LIMITS=off). All requests come from one
// IP, so each test stays under the per-IP budgets and shows the per-account one biting first.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'on' });
});
afterAll(() => server.stop());

const limited = { status: 429, body: { success: false, code: 'RATE_LIMITED', message: SERVER_MESSAGES.rateLimited } };
const statusAndBody = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

describe('per-account rate limits', () => {
  it('login: the 11th try on one account in 15 minutes is refused, another account is not', async () => {
    const victim = await registerUser(server);
    const bystander = await registerUser(server);
    for (let i = 0; i < 10; i++) {
      expect((await server.post('/api/auth/login', { email: victim.email, password: `guess-${i}` })).status).toBe(401);
    }
    const blocked = await server.post('/api/auth/login', {
      email: victim.email.toUpperCase(),
      password: victim.password,
    });
    expect(statusAndBody(blocked)).toMatchObject(limited);
    expect(blocked.body.message).toMatch(/^Too many requests/);
    expect(
      (await server.post('/api/auth/login', { email: bystander.email, password: bystander.password })).status,
    ).toBe(200);
  });

  it('verify-2fa: a challenge gets at most 10 requests, on top of its 5 attempts', async () => {
    const u = await registerUser(server);
    await enableTwoFactorFor(server, u.token);
    const { body } = await server.post('/api/auth/login', { email: u.email, password: u.password });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await server.post('/api/auth/verify-2fa', { token: body.token, verificationCode: '000000' })).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5, 10)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[10]).toBe(429);
  });

  it('2FA settings: the 11th enable/disable try of one user is refused, another user is not', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    await server.get('/api/settings/security/two-factor/setup', a.token);
    let last;
    for (let i = 0; i < 11; i++) {
      last = await server.request('PUT', '/api/settings/security/two-factor', {
        token: a.token,
        body: { enable: true, verificationCode: '000000' },
      });
    }
    expect(statusAndBody(last!)).toMatchObject(limited);
    const other = await server.request('PUT', '/api/settings/security/two-factor', {
      token: b.token,
      body: { enable: true, verificationCode: '000000' },
    });
    expect(other.status).toBe(409);
  });

  it('register: at most 5 attempts per email an hour', async () => {
    const input = buildRegistration();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await server.post('/api/auth/register', { ...input, username: `${input.username.slice(0, 14)}_${i}` })).status,
      );
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
  });
});
