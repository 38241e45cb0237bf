import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@ziver/shared';
import { buildRegistration, registerUser } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

describe('POST /api/auth/register', () => {
  it('creates an account and answers the spec shape with a working token', async () => {
    const input = buildRegistration({ email: 'Mixed.Case@Example.com' });
    const res = await server.post('/api/auth/register', input);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      isNewUser: true,
      token: expect.any(String),
      appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
      user: { username: input.username, email: 'mixed.case@example.com', zp_balance: 0, role: 'USER' },
    });
    expect(res.body.user.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    const me = await server.get('/api/auth/me', res.body.token);
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(res.body.user.id);
  });

  it('keeps the language chosen before sign-up as the account language, and refuses an unknown one', async () => {
    const res = await server.post('/api/auth/register', { ...buildRegistration(), language: 'zh' });
    expect(res.status).toBe(201);
    const appearance = await server.get('/api/settings/appearance', res.body.token);
    expect(appearance.body.settings.language).toEqual({ value: 'zh' });
    const wrong = await server.post('/api/auth/register', { ...buildRegistration(), language: 'xx' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Language must be one of: en, es, fr, de, zh');
  });

  it('keeps a theme picked before sign-up as the account theme, dark without one, and refuses an unknown one', async () => {
    const light = await server.post('/api/auth/register', { ...buildRegistration(), theme: 'light' });
    expect(light.status).toBe(201);
    expect((await server.get('/api/settings/appearance', light.body.token)).body.settings.theme).toEqual({
      value: 'light',
    });
    const none = await server.post('/api/auth/register', buildRegistration());
    expect((await server.get('/api/settings/appearance', none.body.token)).body.settings.theme).toEqual({
      value: 'dark',
    });
    const wrong = await server.post('/api/auth/register', { ...buildRegistration(), theme: 'pink' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Theme must be one of: dark, light, auto');
  });

  it('never sends the password hash or 2FA secret', async () => {
    const { token } = await registerUser(server);
    const me = await server.get('/api/auth/me', token);
    const text = JSON.stringify(me.body);
    expect(text).not.toMatch(/argon2|password|two_factor_secret|twoFactorSecret/i);
  });

  it.each([
    [{ username: 'ab' }, MESSAGES.usernameTooShort],
    [{ email: 'not-an-email' }, MESSAGES.invalidEmail],
    [{ password: '12345' }, MESSAGES.passwordTooShort],
    [{ username: 'x'.repeat(21) }, 'Username must be at most 20 characters'],
  ])('refuses %j with a clear 400', async (override, message) => {
    const res = await server.post('/api/auth/register', buildRegistration(override));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
  });

  it('refuses a taken email or username (any case) with 409 and creates nothing', async () => {
    const first = await registerUser(server);
    const sameEmail = await server.post('/api/auth/register', buildRegistration({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({
      success: false,
      code: 'USER_EXISTS',
      message: 'An account with this email already exists',
    });
    const sameName = await server.post(
      '/api/auth/register',
      buildRegistration({ username: first.username.toUpperCase() }),
    );
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('This username is already taken');
  });

  it('answers malformed JSON, wrong types and missing bodies with 400, never 500', async () => {
    const bad = await server.request('POST', '/api/auth/register', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    const types = await server.post('/api/auth/register', { username: 42, email: ['a'], password: null });
    expect(types.status).toBe(400);
    const empty = await server.request('POST', '/api/auth/register');
    expect(empty.status).toBe(400);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with email or username and issues a new session', async () => {
    const u = await registerUser(server);
    const byEmail = await server.post('/api/auth/login', { email: u.email, password: u.password });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ success: true, twoFactorRequired: false, user: { id: u.user.id } });
    expect(byEmail.body.token).not.toBe(u.token);
    const byName = await server.post('/api/auth/login', { email: u.username.toUpperCase(), password: u.password });
    expect(byName.status).toBe(200);
  });

  it('gives one message for a wrong password and an unknown account', async () => {
    const u = await registerUser(server);
    const wrong = await server.post('/api/auth/login', { email: u.email, password: 'nope-nope' });
    const unknown = await server.post('/api/auth/login', { email: 'nobody@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS' });
  });
});

describe('sessions', () => {
  it('verifies a token, and refuses missing, forged and revoked ones with 401', async () => {
    const u = await registerUser(server);
    const ok = await server.get('/api/user/verify-token', u.token);
    expect(ok.body).toMatchObject({ success: true, valid: true, user: { id: u.user.id } });

    expect((await server.get('/api/user/verify-token')).status).toBe(401);
    expect((await server.get('/api/user/verify-token', 'garbage')).status).toBe(401);
    const [h, p] = u.token.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect((await server.get('/api/user/verify-token', forged)).status).toBe(401);

    const out = await server.post('/api/auth/logout', {}, u.token);
    expect(out.body).toMatchObject({ success: true });
    const after = await server.get('/api/auth/me', u.token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ success: false, code: 'SESSION_EXPIRED' });
  });

  it('refuses a token signed with another algorithm (alg pinned)', async () => {
    const u = await registerUser(server);
    const [, payload] = u.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await server.get('/api/auth/me', none)).status).toBe(401);
  });

  it('logging out one session leaves the others signed in', async () => {
    const u = await registerUser(server);
    const second = await server.post('/api/auth/login', { email: u.email, password: u.password });
    await server.post('/api/auth/logout', {}, second.body.token);
    expect((await server.get('/api/auth/me', u.token)).status).toBe(200);
    expect((await server.get('/api/auth/me', second.body.token)).status).toBe(401);
  });
});

describe('the API surface', () => {
  it('answers unknown routes with the JSON error shape', async () => {
    const res = await server.get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('reports health with the database', async () => {
    const res = await server.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: 'ok', database: { status: 'up' } });
    expect(['pglite', 'postgres']).toContain(res.body.database.kind);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message once the login limit is passed', async () => {
    const limited = await startTestServer({ RATE_LIMITS: 'on' });
    try {
      let last;
      for (let i = 0; i < 31; i++)
        last = await limited.post('/api/auth/login', { email: 'x@example.com', password: 'wrong' });
      expect(last!.status).toBe(429);
      expect(last!.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(last!.body.message).toMatch(/Too many requests/);
    } finally {
      await limited.stop();
    }
  });
});
