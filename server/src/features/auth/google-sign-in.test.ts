import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { IDENTITY_MESSAGES, MESSAGES, keyedMessage } from '@ziver/shared';
import { users } from '../../platform/db/schema.js';
import { enableTwoFactorFor } from '../../testing/authenticator.js';
import { buildRegistration, registerUser } from '../../testing/factories.js';
import { insertUser } from '../../testing/growth-factories.js';
import { startFakeGoogle, TEST_GOOGLE_CLIENT_ID, type FakeGoogle } from '../../testing/google-id-tokens.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { isValidUsername } from './usernames.js';

let google: FakeGoogle;
let server: TestServer;
beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestServer({
    RATE_LIMITS: 'off',
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
    GOOGLE_JWKS_URL: google.jwksUrl,
    GOOGLE_TOKENINFO_URL: google.tokenInfoUrl,
  });
});
afterAll(async () => {
  await server.stop();
  await google.close();
});

const signInWithGoogle = (token: unknown, referralCode?: string) =>
  server.post('/api/auth/google', { token, referralCode });
let n = 0;
const uniqueEmail = () => `g${Date.now().toString(36)}${++n}@gmail.com`;

describe('GET /api/auth/config', () => {
  it('names the Google client id so the client can show the button', async () => {
    const res = await server.get('/api/auth/config');
    expect(res.body).toEqual({
      success: true,
      googleClientId: TEST_GOOGLE_CLIENT_ID,
      telegramBotUsername: null,
      supportEmail: null,
    });
  });

  it('names the support address when SUPPORT_EMAIL is set (unset: null, the app says "contact the operator")', async () => {
    const withSupport = await startTestServer({ RATE_LIMITS: 'off', SUPPORT_EMAIL: 'help@ziver.test' });
    try {
      expect((await withSupport.get('/api/auth/config')).body.supportEmail).toBe('help@ziver.test');
      expect((await withSupport.get('/api/system/status')).body.supportEmail).toBe('help@ziver.test');
      expect((await server.get('/api/system/status')).body.supportEmail).toBeNull();
    } finally {
      await withSupport.stop();
    }
  });
});

describe('POST /api/auth/google', () => {
  it('creates the account on first sign-in (isNewUser), then signs the same account in again', async () => {
    const email = uniqueEmail();
    const sub = `sub-${email}`;
    const first = await signInWithGoogle(
      await google.signIdToken({ sub, email, name: 'José Álvarez', picture: 'https://lh3.googleusercontent.com/a/x' }),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      isNewUser: true,
      twoFactorRequired: false,
      ...keyedMessage('identity.welcomeNewUser'),
      token: expect.any(String),
      appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
      user: { email, avatar_url: 'https://lh3.googleusercontent.com/a/x' },
    });
    expect(first.body.user.username).toMatch(/^Jose_Alvarez(_\d{4})?$/);
    expect((await server.get('/api/auth/me', first.body.token)).body.user.id).toBe(first.body.user.id);

    const again = await signInWithGoogle(await google.signIdToken({ sub, email, name: 'José Álvarez' }));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ isNewUser: false, user: { id: first.body.user.id } });
    expect(again.body.message).toBe(`Welcome back, ${first.body.user.username}!`);
    expect(JSON.stringify(again.body)).not.toMatch(/google_sub|googleSub|password/);
  });

  it("keeps the visitor's language and picked theme on a new account, and changes nothing on a known one", async () => {
    const email = uniqueEmail();
    const token = () => google.signIdToken({ sub: `sub-${email}`, email, name: 'Ana' });
    const first = await server.post('/api/auth/google', { token: await token(), language: 'es', theme: 'light' });
    expect([first.status, first.body.isNewUser]).toEqual([200, true]);
    const appearance = () => server.get('/api/settings/appearance', first.body.token);
    expect((await appearance()).body.settings).toMatchObject({ theme: { value: 'light' }, language: { value: 'es' } });

    const again = await server.post('/api/auth/google', { token: await token(), language: 'de', theme: 'dark' });
    expect([again.status, again.body.isNewUser]).toEqual([200, false]);
    expect((await appearance()).body.settings).toMatchObject({ theme: { value: 'light' }, language: { value: 'es' } });

    const bad = await server.post('/api/auth/google', { token: await token(), theme: 'pink' });
    expect(bad.status).toBe(400);
  });

  it('ends concurrent first sign-ins of one Google account on one account', async () => {
    const email = uniqueEmail();
    const tokens = await Promise.all(
      [1, 2, 3, 4].map(() => google.signIdToken({ sub: `race-${email}`, email, name: 'Race Condition' })),
    );
    const results = await Promise.all(tokens.map((token) => signInWithGoogle(token)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.user.id)).size).toBe(1);
    expect(results.filter((r) => r.body.isNewUser)).toHaveLength(1);
  });

  it('accepts both issuer spellings Google uses', async () => {
    const res = await signInWithGoogle(await google.signIdToken({ email: uniqueEmail(), iss: 'accounts.google.com' }));
    expect(res.status).toBe(200);
    expect(res.body.isNewUser).toBe(true);
  });

  it('makes usernames unique and valid for people with the same name or an unusable name', async () => {
    const names = ['Ada Lovelace', 'Ada Lovelace', '李小龍', 'A'];
    const usernames: string[] = [];
    for (const name of names) {
      const res = await signInWithGoogle(await google.signIdToken({ email: uniqueEmail(), name }));
      expect(res.status).toBe(200);
      usernames.push(res.body.user.username);
    }
    expect(new Set(usernames.map((u) => u.toLowerCase())).size).toBe(4);
    for (const username of usernames) expect(isValidUsername(username)).toBe(true);
    expect(usernames[2]).toMatch(/^g[a-z0-9]+(_\d{4})?$/); // from the email when the name has no usable letters
  });

  it('links an existing password account with the same verified email', async () => {
    const existing = await registerUser(server);
    const res = await signInWithGoogle(
      await google.signIdToken({ email: existing.email.toUpperCase(), name: 'Someone Else' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isNewUser: false, user: { id: existing.user.id, username: existing.username } });
    // The password still works too.
    expect((await server.post('/api/auth/login', { email: existing.email, password: existing.password })).status).toBe(
      200,
    );
  });

  it('does not link on an unverified email: a separate account without that email is created', async () => {
    const existing = await registerUser(server);
    const res = await signInWithGoogle(
      await google.signIdToken({ email: existing.email, email_verified: false, name: 'Mallory' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.isNewUser).toBe(true);
    expect(res.body.user.id).not.toBe(existing.user.id);
    expect(res.body.user.email).toBeNull();
  });

  it('refuses to link an email already linked to another Google account', async () => {
    const email = uniqueEmail();
    await signInWithGoogle(await google.signIdToken({ sub: `a-${email}`, email }));
    const res = await signInWithGoogle(await google.signIdToken({ sub: `b-${email}`, email }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN', ...keyedMessage('identity.googleEmailLinkedElsewhere') });
  });

  it.each([
    [
      'wrong audience',
      () => google.signIdToken({ email: uniqueEmail(), aud: 'someone-else.apps.googleusercontent.com' }),
    ],
    ['wrong issuer', () => google.signIdToken({ email: uniqueEmail(), iss: 'https://evil.example.com' })],
    [
      'expired',
      () =>
        google.signIdToken(
          { email: uniqueEmail() },
          { issuedAt: Math.floor(Date.now() / 1000) - 7200, expiresIn: Math.floor(Date.now() / 1000) - 3600 },
        ),
    ],
    [
      'bad signature (a key Google does not have)',
      () => google.signIdToken({ email: uniqueEmail() }, { key: google.strangerKey }),
    ],
    ['unknown key id', () => google.signIdToken({ email: uniqueEmail() }, { kid: 'not-a-google-key' })],
    [
      'HS256 (algorithm confusion)',
      () =>
        new SignJWT({ email: uniqueEmail() })
          .setProtectedHeader({ alg: 'HS256', kid: 'ziver-test-key-1' })
          .setIssuer('https://accounts.google.com')
          .setAudience(TEST_GOOGLE_CLIENT_ID)
          .setSubject('hs-user')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('x'.repeat(32))),
    ],
  ])('refuses a token with %s: 401 and no account', async (_case, makeToken) => {
    const before = await server.database.db.select({ id: users.id }).from(users);
    const res = await signInWithGoogle(await makeToken());
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      success: false,
      code: 'INVALID_GOOGLE_TOKEN',
      ...keyedMessage('identity.googleTokenInvalid'),
    });
    expect(await server.database.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it('refuses a tampered payload', async () => {
    const token = await google.signIdToken({ sub: 'honest', email: uniqueEmail() });
    const [h, , s] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: 'admin', aud: TEST_GOOGLE_CLIENT_ID, iss: 'accounts.google.com', exp: 9e9 }),
    ).toString('base64url');
    const res = await signInWithGoogle(`${h}.${forgedPayload}.${s}`);
    expect(res.status).toBe(401);
  });

  it('validates the token field with the spec messages', async () => {
    const missing = await server.post('/api/auth/google', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MESSAGES.noGoogleToken);
    expect((await signInWithGoogle(null)).body.message).toBe(MESSAGES.noGoogleToken);
    expect((await signInWithGoogle('')).body.message).toBe(MESSAGES.noGoogleToken);
    expect((await signInWithGoogle('short')).body.message).toBe(MESSAGES.invalidTokenFormat);
    expect((await signInWithGoogle(12345678901)).body.message).toBe(MESSAGES.invalidTokenFormat);
    const garbage = await signInWithGoogle('this-is-not-a-jwt-at-all');
    expect(garbage.status).toBe(401);
  });

  it('asks for the second step when the Google user has 2FA on', async () => {
    const email = uniqueEmail();
    const sub = `2fa-${email}`;
    const first = await signInWithGoogle(await google.signIdToken({ sub, email }));
    const { authenticator } = await enableTwoFactorFor(server, first.body.token);

    const res = await signInWithGoogle(await google.signIdToken({ sub, email }));
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
    expect(done.body).toMatchObject({ isNewUser: false, user: { id: first.body.user.id } });
  });

  it('fetches the key set once and reuses it', async () => {
    const before = google.fetches;
    await signInWithGoogle(await google.signIdToken({ email: uniqueEmail() }));
    await signInWithGoogle(await google.signIdToken({ email: uniqueEmail() }));
    expect(google.fetches - before).toBe(0);
  });
});

describe('Google sign-in during lockdown', () => {
  it('creates no account, refused like sign-up by email; an existing account still signs in', async () => {
    const admin = await insertUser(server, { role: 'ADMIN' });
    const setLockdown = (enabled: boolean) =>
      server.request('PUT', '/api/system/lockdown', { body: { enabled, message: null }, token: admin.token });
    const knownEmail = uniqueEmail();
    const known = await google.signIdToken({ sub: `sub-${knownEmail}`, email: knownEmail, name: 'Kim' });
    expect((await signInWithGoogle(known)).status).toBe(200);
    const newEmail = uniqueEmail();

    expect((await setLockdown(true)).status).toBe(200);
    try {
      const byEmail = await server.post('/api/auth/register', buildRegistration());
      expect([byEmail.status, byEmail.body.code]).toEqual([503, 'LOCKDOWN']);
      const refused = await signInWithGoogle(
        await google.signIdToken({ sub: `sub-${newEmail}`, email: newEmail, name: 'Lou' }),
      );
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual(byEmail.body);
      expect(await server.database.db.select().from(users).where(eq(users.email, newEmail))).toEqual([]);
      const again = await signInWithGoogle(
        await google.signIdToken({ sub: `sub-${knownEmail}`, email: knownEmail, name: 'Kim' }),
      );
      expect([again.status, again.body.isNewUser]).toEqual([200, false]);
    } finally {
      expect((await setLockdown(false)).status).toBe(200);
    }
  });
});

describe('Google sign-in not configured or unreachable', () => {
  it('answers 503 GOOGLE_NOT_CONFIGURED without GOOGLE_CLIENT_ID, and the config says so', async () => {
    const bare = await startTestServer({ RATE_LIMITS: 'off' });
    try {
      expect((await bare.get('/api/auth/config')).body.googleClientId).toBeNull();
      const res = await bare.post('/api/auth/google', { token: await google.signIdToken({ email: uniqueEmail() }) });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: 'GOOGLE_NOT_CONFIGURED',
        ...keyedMessage('identity.googleNotConfigured'),
      });
    } finally {
      await bare.stop();
    }
  });

  it('answers 503 UNAVAILABLE when the key set cannot be fetched', async () => {
    const broken = await startTestServer({
      RATE_LIMITS: 'off',
      GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs',
    });
    try {
      const res = await broken.post('/api/auth/google', { token: await google.signIdToken({ email: uniqueEmail() }) });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'UNAVAILABLE', ...keyedMessage('identity.googleUnavailable') });
    } finally {
      await broken.stop();
    }
  });
});

describe('POST /api/auth/google with an OAuth access token (Google token client)', () => {
  it('signs up with a token-info verified access token, then signs the same account in again', async () => {
    const email = uniqueEmail();
    const token = google.issueAccessToken({ email, sub: `sub-${email}` });
    const first = await signInWithGoogle(token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, isNewUser: true, user: { email } });
    expect(typeof first.body.token).toBe('string');
    const again = await signInWithGoogle(google.issueAccessToken({ email, sub: `sub-${email}` }));
    expect(again.body).toMatchObject({ isNewUser: false, user: { id: first.body.user.id } });
  });

  it.each([
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com', azp: 'x' }],
    ['an expired token', { exp: String(Math.floor(Date.now() / 1000) - 10) }],
    ['an unverified email', { email_verified: 'false' }],
  ])('refuses %s with 401 and creates nothing', async (_label, info) => {
    const email = uniqueEmail();
    const res = await signInWithGoogle(google.issueAccessToken({ email, ...info }));
    expect([res.status, res.body.code, res.body.message]).toEqual([
      401,
      'INVALID_GOOGLE_TOKEN',
      IDENTITY_MESSAGES.googleTokenInvalid,
    ]);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeUndefined();
  });

  it('refuses an access token Google does not know', async () => {
    const res = await signInWithGoogle('ya29.not-issued-by-google-at-all');
    expect([res.status, res.body.code]).toEqual([401, 'INVALID_GOOGLE_TOKEN']);
  });
});
