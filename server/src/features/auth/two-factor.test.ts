import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { IDENTITY_MESSAGES, MESSAGES, SETTINGS_MESSAGES, keyedMessage } from '@ziver/shared';
import { authChallenges, twoFactorBackupCodes, users } from '../../platform/db/schema.js';
import { enableTwoFactorFor, TestAuthenticator } from '../../testing/authenticator.js';
import { registerUser } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

const put = (path: string, body: unknown, token: string) => server.request('PUT', path, { body, token });
const toggle = (token: string, body: unknown) => put('/api/settings/security/two-factor', body, token);
const login = (u: { email: string; password: string }) =>
  server.post('/api/auth/login', { email: u.email, password: u.password });
const verify = (token: string, verificationCode: string) =>
  server.post('/api/auth/verify-2fa', { token, verificationCode });

describe('2FA setup', () => {
  it('returns a scannable QR image, the base32 secret and 10 backup codes, and stays off until confirmed', async () => {
    const u = await registerUser(server);
    const res = await server.get('/api/settings/security/two-factor/setup', u.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ success: true, ...keyedMessage('identity.twoFactorSetupReady') });
    expect(res.body.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(res.body.qrCodeUrl.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(res.body.manualEntryCode).toMatch(/^[A-Z2-7]{32}$/);
    const uri = `otpauth://totp/Ziver:${encodeURIComponent(u.email)}?secret=${res.body.manualEntryCode}&issuer=Ziver`;
    expect(res.body.otpauthUrl).toBe(uri);
    // The image is exactly the QR symbol of that URI (the encoder is deterministic for one input).
    expect(res.body.qrCodeUrl).toBe(await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 256 }));
    expect(res.body.backupCodes).toHaveLength(10);
    for (const code of res.body.backupCodes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(new Set(res.body.backupCodes).size).toBe(10);

    const security = await server.get('/api/settings/security', u.token);
    expect(security.body).toMatchObject({
      success: true,
      settings: { two_factor_enabled: false, backup_codes_remaining: 0 },
    });
    // Without 2FA on, a password login is still a one-step login.
    expect((await login(u)).body).toMatchObject({ twoFactorRequired: false, token: expect.any(String) });
  });

  it('keeps the secret encrypted and the backup codes hashed at rest', async () => {
    const u = await registerUser(server);
    const res = await server.get('/api/settings/security/two-factor/setup', u.token);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row!.twoFactorSecret).toMatch(/^v1\./);
    expect(row!.twoFactorSecret).not.toContain(res.body.manualEntryCode);
    const codes = await server.database.db
      .select()
      .from(twoFactorBackupCodes)
      .where(eq(twoFactorBackupCodes.userId, u.user.id));
    expect(codes).toHaveLength(10);
    const stored = JSON.stringify(codes);
    for (const code of res.body.backupCodes as string[]) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace(/-/g, ''));
    }
  });

  it('a second setup replaces the pending secret and codes', async () => {
    const u = await registerUser(server);
    const first = await server.get('/api/settings/security/two-factor/setup', u.token);
    const second = await server.get('/api/settings/security/two-factor/setup', u.token);
    expect(second.body.manualEntryCode).not.toBe(first.body.manualEntryCode);
    const stale = new TestAuthenticator(first.body.manualEntryCode);
    const refused = await toggle(u.token, { enable: true, verificationCode: await stale.nextCode() });
    expect(refused.status).toBe(400);
    const fresh = new TestAuthenticator(second.body.manualEntryCode);
    expect((await toggle(u.token, { enable: true, verificationCode: await fresh.nextCode() })).status).toBe(200);
  });
});

describe('enabling 2FA', () => {
  it('needs a valid 6-digit code, then is on; the same code cannot be used again', async () => {
    const u = await registerUser(server);
    const setup = await server.get('/api/settings/security/two-factor/setup', u.token);
    const app = new TestAuthenticator(setup.body.manualEntryCode);

    for (const bad of ['12345', 'abcdef', '', '1234567']) {
      const res = await toggle(u.token, { enable: true, verificationCode: bad });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        ...keyedMessage('spec.invalidTwoFactorCode'),
      });
    }
    const missing = await toggle(u.token, { enable: true });
    expect(missing.body.message).toBe(MESSAGES.invalidTwoFactorCode);

    const current = await app.nextCode();
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, '0');
    const wrongRes = await toggle(u.token, { enable: true, verificationCode: wrong });
    expect(wrongRes.status).toBe(400);
    expect(wrongRes.body).toMatchObject({
      code: 'INVALID_TWO_FACTOR_CODE',
      ...keyedMessage('identity.twoFactorCodeInvalid'),
    });

    const ok = await toggle(u.token, { enable: true, verificationCode: current });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      ...keyedMessage('settings.twoFactorEnabled'),
      settings: { two_factor_enabled: true, backup_codes_remaining: 10 },
    });
    expect((await server.get('/api/auth/me', u.token)).body.user.two_factor_enabled).toBe(true);

    // The code just accepted is refused the second time (here, to disable).
    const replay = await toggle(u.token, { enable: false, verificationCode: current });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({
      code: 'TWO_FACTOR_CODE_REUSED',
      ...keyedMessage('identity.twoFactorCodeReused'),
    });
    expect((await server.get('/api/settings/security', u.token)).body.settings.two_factor_enabled).toBe(true);
  });

  it('refuses enabling without setup, a second setup while on, and disabling when off', async () => {
    const u = await registerUser(server);
    const noSetup = await toggle(u.token, { enable: true, verificationCode: '123456' });
    expect(noSetup.status).toBe(409);
    expect(noSetup.body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const notOn = await toggle(u.token, { enable: false, verificationCode: '123456' });
    expect(notOn.status).toBe(409);
    expect(notOn.body.code).toBe('TWO_FACTOR_NOT_ENABLED');

    await enableTwoFactorFor(server, u.token);
    const again = await server.get('/api/settings/security/two-factor/setup', u.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TWO_FACTOR_ALREADY_ENABLED');
    expect(JSON.stringify(again.body)).not.toMatch(/backupCodes|manualEntryCode/);
  });

  it('never sends the secret or backup codes again after setup', async () => {
    const u = await registerUser(server);
    const { setup, backupCodes } = await enableTwoFactorFor(server, u.token);
    const bodies = await Promise.all([
      server.get('/api/auth/me', u.token),
      server.get('/api/user/me', u.token),
      server.get('/api/settings/security', u.token),
      server.get('/api/settings/account', u.token),
    ]);
    const text = JSON.stringify(bodies.map((b) => b.body));
    expect(text).not.toContain(setup.manualEntryCode as string);
    for (const code of backupCodes) expect(text).not.toContain(code);
    expect(text).not.toMatch(/two_factor_secret|twoFactorSecret|password_hash|passwordHash|argon2/);
  });
});

describe('signing in with 2FA on (POST /api/auth/verify-2fa)', () => {
  it('answers the password step with a challenge and no session, then the code signs in once', async () => {
    const u = await registerUser(server);
    const { authenticator } = await enableTwoFactorFor(server, u.token);

    const first = await login(u);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      twoFactorRequired: true,
      token: expect.any(String),
      ...keyedMessage('identity.twoFactorRequired'),
    });
    expect(first.body.user).toBeUndefined();
    // The challenge is not a session token.
    expect((await server.get('/api/auth/me', first.body.token)).status).toBe(401);

    const code = await authenticator.nextCode();
    const second = await verify(first.body.token, code);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      success: true,
      twoFactorRequired: false,
      isNewUser: false,
      token: expect.any(String),
      user: { id: u.user.id, two_factor_enabled: true },
      appSettings: { MINING_CYCLE_HOURS: 4 },
    });
    expect((await server.get('/api/auth/me', second.body.token)).status).toBe(200);

    // The challenge is spent, and the code is spent for any other challenge too.
    expect((await verify(first.body.token, code)).status).toBe(401);
    const another = await login(u);
    const replay = await verify(another.body.token, code);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toMatch(/already been used/);
  });

  it('refuses the code that just enabled 2FA with its own code, saying to wait for the next one', async () => {
    const u = await registerUser(server);
    const setup = await server.get('/api/settings/security/two-factor/setup', u.token);
    const code = await new TestAuthenticator(setup.body.manualEntryCode).nextCode();
    expect((await toggle(u.token, { enable: true, verificationCode: code })).status).toBe(200);

    const replay = await verify((await login(u)).body.token, code);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({
      code: 'TWO_FACTOR_CODE_REUSED',
      ...keyedMessage('server.twoFactorCodeReusedAttemptsLeft', { count: 4 }),
    });
    expect(replay.body.message).toMatch(/Wait for the next code/);
  });

  it('lets one code sign in only once even when sent to two challenges at the same time', async () => {
    const u = await registerUser(server);
    const { authenticator } = await enableTwoFactorFor(server, u.token);
    const [a, b] = await Promise.all([login(u), login(u)]);
    const code = await authenticator.nextCode();
    const results = await Promise.all([verify(a!.body.token, code), verify(b!.body.token, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('accepts a backup code once, in any case and with or without dashes', async () => {
    const u = await registerUser(server);
    const { backupCodes } = await enableTwoFactorFor(server, u.token);
    const code = backupCodes[3]!;

    const first = await login(u);
    const ok = await verify(first.body.token, code.toLowerCase().replace(/-/g, ''));
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(u.user.id);

    const again = await login(u);
    const reused = await verify(again.body.token, code);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    expect(reused.body.message).toMatch(/^Invalid or already used backup code/);
    expect((await server.get('/api/settings/security', ok.body.token)).body.settings.backup_codes_remaining).toBe(9);
  });

  it('counts wrong codes: after 5 the challenge is dead even for the right code', async () => {
    const u = await registerUser(server);
    const { authenticator } = await enableTwoFactorFor(server, u.token);
    const { body } = await login(u);
    const right = await authenticator.nextCode();
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');

    const messages: string[] = [];
    const keys: [string, object][] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verify(body.token, wrong);
      expect(res.status).toBe(400);
      messages.push(res.body.message);
      keys.push([res.body.messageKey, res.body.params]);
    }
    expect(messages[0]).toBe('Invalid verification code. Attempts left: 4.');
    expect(messages[3]).toBe('Invalid verification code. Attempts left: 1.');
    expect(messages[4]).toBe('Invalid verification code. Please sign in again.');
    expect(keys[0]).toEqual(['server.twoFactorCodeInvalidAttemptsLeft', { count: 4 }]);
    expect(keys[4]).toEqual(['server.twoFactorCodeInvalidSignInAgain', {}]);

    const dead = await verify(body.token, right);
    expect(dead.status).toBe(401);
    expect(dead.body).toMatchObject({
      code: 'TWO_FACTOR_CHALLENGE_INVALID',
      ...keyedMessage('identity.twoFactorChallengeInvalid'),
    });
    // The right code was not spent by the dead challenge: a new sign-in accepts it.
    const fresh = await login(u);
    expect((await verify(fresh.body.token, right)).status).toBe(200);
  });

  it('refuses an expired or unknown challenge, and malformed codes with the spec message', async () => {
    const u = await registerUser(server);
    const { authenticator } = await enableTwoFactorFor(server, u.token);
    const { body } = await login(u);
    await server.database.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.userId, u.user.id));
    expect((await verify(body.token, await authenticator.nextCode())).status).toBe(401);
    expect((await verify('not-a-challenge', '123456')).status).toBe(401);

    const bad = await verify(body.token, '12ab');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.invalidTwoFactorCode);
    const missing = await server.post('/api/auth/verify-2fa', { token: body.token });
    expect(missing.status).toBe(400);
  });

  it('a challenge dies when 2FA is turned off before it is answered', async () => {
    const u = await registerUser(server);
    const { backupCodes } = await enableTwoFactorFor(server, u.token);
    const { body } = await login(u);
    expect((await toggle(u.token, { enable: false, backupCode: backupCodes[0] })).status).toBe(200);
    const res = await verify(body.token, backupCodes[1]!);
    expect(res.status).toBe(401);
  });
});

describe('disabling 2FA', () => {
  it('works with a fresh code, after which sign-in is one step again', async () => {
    const u = await registerUser(server);
    const { authenticator } = await enableTwoFactorFor(server, u.token);
    const off = await toggle(u.token, { enable: false, verificationCode: await authenticator.nextCode() });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      success: true,
      ...keyedMessage('settings.twoFactorDisabled'),
      settings: { two_factor_enabled: false },
    });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    expect(
      await server.database.db.select().from(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, u.user.id)),
    ).toEqual([]);
    expect((await login(u)).body).toMatchObject({ twoFactorRequired: false, user: { id: u.user.id } });
  });

  it('works with a backup code (upper-casing it), which is then spent', async () => {
    const u = await registerUser(server);
    const { backupCodes } = await enableTwoFactorFor(server, u.token);

    const empty = await toggle(u.token, { enable: false, backupCode: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.backupCodeRequired);
    const malformed = await toggle(u.token, { enable: false, backupCode: 'nope' });
    expect(malformed.body.message).toBe(IDENTITY_MESSAGES.backupCodeFormat);
    const unknown = await toggle(u.token, { enable: false, backupCode: 'AAAA-BBBB-CCCC' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'INVALID_TWO_FACTOR_CODE',
      ...keyedMessage('identity.backupCodeInvalid'),
    });

    const off = await toggle(u.token, { enable: false, backupCode: backupCodes[5]!.toLowerCase() });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(SETTINGS_MESSAGES.twoFactorDisabled);
  });

  it('needs a session', async () => {
    expect((await server.request('PUT', '/api/settings/security/two-factor', { body: { enable: false } })).status).toBe(
      401,
    );
    expect((await server.get('/api/settings/security/two-factor/setup')).status).toBe(401);
  });
});
