import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { keyedMessage } from '@ziver/shared';
import { authChallenges } from '../../platform/db/schema.js';
import { sha256Hex } from '../../platform/crypto.js';
import { enableTwoFactorFor } from '../../testing/authenticator.js';
import { registerUser } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { issueLoginToken, loginTokenUrl } from './issue-login-token.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

const redeem = (token: unknown) => server.post('/api/auth/token-login', { token });

describe('POST /api/auth/login-token', () => {
  it('issues a single-use token valid for 10 minutes, with a link to the login page', async () => {
    const u = await registerUser(server);
    const res = await server.post('/api/auth/login-token', {}, u.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      ...keyedMessage('identity.loginTokenIssued'),
      token: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(res.body.url).toBe(`${server.url}/login?token=${res.body.token}`);
    const minutes = (Date.parse(res.body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10);

    const [row] = await server.database.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.tokenHash, sha256Hex(res.body.token)));
    expect(row).toMatchObject({ kind: 'login', userId: u.user.id, usedAt: null });
    expect(JSON.stringify(row)).not.toContain(res.body.token);
  });

  it('needs a session', async () => {
    expect((await server.post('/api/auth/login-token', {})).status).toBe(401);
  });

  it('builds links on the configured public URL, keeping its path', () => {
    expect(loginTokenUrl('https://app.ziver.io/', 'abc')).toBe('https://app.ziver.io/login?token=abc');
    expect(loginTokenUrl('https://ziver.io/app', 'a b')).toBe('https://ziver.io/app/login?token=a%20b');
  });
});

describe('POST /api/auth/token-login', () => {
  it('signs in once with the login response shape, then refuses the same token', async () => {
    const u = await registerUser(server);
    const { body } = await server.post('/api/auth/login-token', {}, u.token);
    const first = await redeem(body.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      twoFactorRequired: false,
      token: expect.any(String),
      user: { id: u.user.id },
      appSettings: { MINING_REWARD: 50 },
    });
    expect((await server.get('/api/user/verify-token', first.body.token)).body.valid).toBe(true);

    const again = await redeem(body.token);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 'INVALID_LOGIN_TOKEN', ...keyedMessage('identity.loginTokenInvalid') });
  });

  it('lets only one of two simultaneous redemptions through', async () => {
    const u = await registerUser(server);
    const { body } = await server.post('/api/auth/login-token', {}, u.token);
    const results = await Promise.all([redeem(body.token), redeem(body.token), redeem(body.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('refuses an expired or unknown token with 401', async () => {
    const u = await registerUser(server);
    const issued = await issueLoginToken(
      { db: server.database.db, lockdown: server.deps.lockdown },
      { user: u.user, baseUrl: 'https://x.test' },
    );
    await server.database.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authChallenges.tokenHash, sha256Hex(issued.token)));
    expect((await redeem(issued.token)).status).toBe(401);
    expect((await redeem('x'.repeat(43))).status).toBe(401);
  });

  it("answers an empty or non-string token with 400 'Invalid token received'", async () => {
    for (const token of ['', '   ', 42, null, undefined, { a: 1 }]) {
      const res = await redeem(token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, ...keyedMessage('spec.invalidTokenReceived') });
    }
  });

  it('still asks for the 2FA code when 2FA is on', async () => {
    const u = await registerUser(server);
    const { authenticator } = await enableTwoFactorFor(server, u.token);
    const { body } = await server.post('/api/auth/login-token', {}, u.token);
    const res = await redeem(body.token);
    expect(res.body).toEqual({
      success: true,
      twoFactorRequired: true,
      token: expect.any(String),
      ...keyedMessage('identity.twoFactorRequired'),
    });
    const done = await server.post('/api/auth/verify-2fa', {
      token: res.body.token,
      verificationCode: await authenticator.nextCode(),
    });
    expect(done.status).toBe(200);
    expect(done.body.user.id).toBe(u.user.id);
  });

  it('a login token cannot be used as a 2FA challenge, nor the reverse', async () => {
    const u = await registerUser(server);
    const { backupCodes } = await enableTwoFactorFor(server, u.token);
    const { body: issued } = await server.post('/api/auth/login-token', {}, u.token);
    expect(
      (await server.post('/api/auth/verify-2fa', { token: issued.token, verificationCode: backupCodes[0] })).status,
    ).toBe(401);
    const challenge = await server.post('/api/auth/login', { email: u.email, password: u.password });
    expect((await redeem(challenge.body.token)).status).toBe(401);
  });
});
