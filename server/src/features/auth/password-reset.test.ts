import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { keyedMessage } from '@ziver/shared';
import { randomToken, sha256Hex } from '../../platform/crypto.js';
import { passwordResetTokens, users } from '../../platform/db/schema.js';
import { enableTwoFactorFor } from '../../testing/authenticator.js';
import { registerUser } from '../../testing/factories.js';
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from '../../testing/smtp-stand-in.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { rowsOf } from '../../platform/db/client.js';

let server: TestServer;
let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await startTestServer({
    RATE_LIMITS: 'off',
    MAIL: 'on',
    SMTP_URL: smtp.url,
    MAIL_POLL_SECONDS: '0.05',
    PUBLIC_URL: 'https://ziver.test',
  });
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

/** Waits until the SMTP stand-in has accepted a mail to `address` with this subject. */
const mailTo = (address: string, subject: string) =>
  vi.waitFor(
    () => {
      const mail = smtp.received.find((m) => m.to.includes(address) && m.subject === subject);
      if (!mail) throw new Error(`no mail "${subject}" to ${address} yet`);
      return mail;
    },
    { timeout: 30_000, interval: 50 },
  );
const linkIn = (mail: ReceivedMail) =>
  /https:\/\/ziver\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

const NEW_PASSWORD = 'Brand-new-pass-1!';
const forgot = (email: string) => server.post('/api/auth/forgot-password', { email });
const reset = (body: Record<string, unknown>) => server.post('/api/auth/reset-password', body);
const login = (email: string, password: string) => server.post('/api/auth/login', { email, password });
const tokensOf = (userId: string) =>
  server.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));

/** A live reset token for the user, as forgot-password stores it (the mail carries the raw one). */
async function issueToken(userId: string): Promise<string> {
  const token = randomToken();
  await server.database.db.insert(passwordResetTokens).values({
    userId,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
  return token;
}

describe('forgot password', () => {
  it('answers a known and an unknown address with the same status and body', async () => {
    const u = await registerUser(server);
    const known = await forgot(u.email);
    const unknown = await forgot(`nobody-${Date.now()}@example.com`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ success: true, ...keyedMessage('identity.passwordResetRequested') });
  });

  it('stores only the hash of a single-use token valid 30 minutes, for the registered address', async () => {
    const u = await registerUser(server);
    await forgot(u.email.toUpperCase());
    const [row, ...more] = await tokensOf(u.user.id);
    expect(more).toHaveLength(0);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.usedAt).toBeNull();
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
  });

  it('sends nothing to a changed, unverified address; a verified one works', async () => {
    const u = await registerUser(server);
    const newEmail = `moved-${u.email}`;
    const changed = await server.request('PUT', '/api/settings/account/email', {
      token: u.token,
      body: { newEmail, currentPassword: u.password },
    });
    expect(changed.status).toBe(200);
    expect((await forgot(newEmail)).status).toBe(200);
    expect(await tokensOf(u.user.id)).toHaveLength(0);
    await server.database.db.update(users).set({ verified: true }).where(eq(users.id, u.user.id));
    await forgot(newEmail);
    expect(await tokensOf(u.user.id)).toHaveLength(1);
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { email: 42 }]) {
      const res = await server.post('/api/auth/forgot-password', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('the reset mail', () => {
  it("sends the link in the account's language; the link resets once, then a 'password changed' mail follows", async () => {
    const u = await registerUser(server);
    await server.database.db.update(users).set({ language: 'de' }).where(eq(users.id, u.user.id));
    await forgot(u.email);
    const mail = await mailTo(u.email, 'Setze dein Ziver-Passwort zurück');
    expect(mail.html).toContain('lang="de"');
    const token = linkIn(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Neither the token table nor the outbox row holds the token itself.
    const stored = await server.database.db.execute(sql`
      SELECT (SELECT count(*)::int FROM outbox_messages WHERE payload::text LIKE ${`%${token}%`}) AS in_outbox,
             (SELECT count(*)::int FROM password_reset_tokens WHERE token_hash = ${sha256Hex(token!)}) AS hashed`);
    const [row] = rowsOf<{ in_outbox: number; hashed: number }>(stored);
    expect(row).toEqual({ in_outbox: 0, hashed: 1 });

    expect((await reset({ token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await login(u.email, NEW_PASSWORD)).status).toBe(200);
    const changed = await mailTo(u.email, 'Dein Ziver-Passwort wurde geändert');
    expect(changed.text).toContain('https://ziver.test/login');
  });

  it('sends no mail to an unknown address, and no "password changed" mail with security mails off', async () => {
    const unknown = `nobody-${Date.now()}@example.com`;
    await forgot(unknown);
    const u = await registerUser(server);
    await server.database.db.update(users).set({ notifySecurity: false }).where(eq(users.id, u.user.id));
    await forgot(u.email);
    const token = linkIn(await mailTo(u.email, 'Reset your Ziver password'));
    expect((await reset({ token, password: NEW_PASSWORD })).status).toBe(200);
    // The outbox is the record: the reset's own mail went, nothing else was queued for either
    // (beside the registration's verification mail).
    const queued = await server.database.db.execute(sql`
      SELECT payload->>'template' AS template FROM outbox_messages
      WHERE channel = 'email' AND (user_id = ${u.user.id} OR payload->>'to' = ${unknown})
        AND payload->>'template' <> 'email_verification'`);
    const rows = rowsOf<{ template: string }>(queued);
    expect(rows.map((r) => r.template)).toEqual(['password_reset']);
  });
});

describe('reset password', () => {
  it('sets the new password, revokes every session, and spends the link', async () => {
    const u = await registerUser(server);
    const second = await login(u.email, u.password);
    const token = await issueToken(u.user.id);
    const res = await reset({ token, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, ...keyedMessage('identity.passwordResetDone') });
    for (const old of [u.token, second.body.token as string]) {
      expect((await server.get('/api/auth/me', old)).status).toBe(401);
    }
    expect((await login(u.email, u.password)).status).toBe(401);
    expect((await login(u.email, NEW_PASSWORD)).status).toBe(200);
    const again = await reset({ token, password: 'Another-pass-2!' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, code: 'PASSWORD_RESET_TOKEN_USED' });
    expect((await login(u.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses expired, malformed and unknown links with their codes and changes nothing', async () => {
    const u = await registerUser(server);
    const expired = await issueToken(u.user.id);
    await server.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.tokenHash, sha256Hex(expired)));
    const cases = [
      [expired, 'PASSWORD_RESET_TOKEN_EXPIRED'],
      ['short', 'PASSWORD_RESET_TOKEN_INVALID'],
      ['a'.repeat(43).replace(/^a/, '!'), 'PASSWORD_RESET_TOKEN_INVALID'],
      [randomToken(), 'PASSWORD_RESET_TOKEN_INVALID'],
    ] as const;
    for (const [token, code] of cases) {
      const res = await reset({ token, password: NEW_PASSWORD });
      expect(res.status, token).toBe(400);
      expect(res.body).toMatchObject({ success: false, code });
    }
    expect((await server.get('/api/auth/me', u.token)).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it('applies the change-password rule to the new password and keeps the link', async () => {
    const u = await registerUser(server);
    const token = await issueToken(u.user.id);
    const weak = await reset({ token, password: 'weakpass' });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('VALIDATION_FAILED');
    expect((await reset({ token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('needs a current TOTP code or a backup code on a 2FA account', async () => {
    const u = await registerUser(server);
    const { authenticator, backupCodes } = await enableTwoFactorFor(server, u.token);
    const token = await issueToken(u.user.id);
    const missing = await reset({ token, password: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'TWO_FACTOR_CODE_REQUIRED' });
    const wrong = await reset({ token, password: NEW_PASSWORD, code: 'AAAA-BBBB-CCCC' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    // Nothing changed by the refusals: the old password still signs in (to its 2FA step).
    expect((await login(u.email, u.password)).body.twoFactorRequired).toBe(true);
    expect((await reset({ token, password: NEW_PASSWORD, code: await authenticator.nextCode() })).status).toBe(200);

    const withBackup = await issueToken(u.user.id);
    const res = await reset({ token: withBackup, password: 'Third-pass-3!', code: backupCodes[0] });
    expect(res.status).toBe(200);
    expect((await login(u.email, 'Third-pass-3!')).body.twoFactorRequired).toBe(true);
  });

  it('lets exactly one of two resets with one link succeed', async () => {
    const u = await registerUser(server);
    for (let round = 0; round < 3; round++) {
      const token = await issueToken(u.user.id);
      const results = await Promise.all(
        ['Racer-one-pass-1!', 'Racer-two-pass-2!'].map((password) => reset({ token, password })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 400]);
      expect(results.find((r) => r.status === 400)!.body.code).toBe('PASSWORD_RESET_TOKEN_USED');
    }
  });

  it('leaves no live session proven with the old password when a sign-in races the reset', async () => {
    const u = await registerUser(server);
    const token = await issueToken(u.user.id);
    const logins = Array.from({ length: 20 }, () => login(u.email, u.password));
    const [done, ...signedIn] = await Promise.all([reset({ token, password: NEW_PASSWORD }), ...logins]);
    expect(done.status).toBe(200);
    const tokens = signedIn.filter((r) => r.status === 200).map((r) => r.body.token as string);
    const statuses = await Promise.all(tokens.map(async (t) => (await server.get('/api/auth/me', t)).status));
    expect(statuses.filter((s) => s !== 401)).toEqual([]);
    expect((await login(u.email, u.password)).status).toBe(401);
  });
});
