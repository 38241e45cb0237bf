import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { keyedMessage } from '@ziver/shared';
import { randomToken, sha256Hex } from '../../platform/crypto.js';
import { emailVerificationTokens, passwordResetTokens, users } from '../../platform/db/schema.js';
import { buildRegistration, registerUser } from '../../testing/factories.js';
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from '../../testing/smtp-stand-in.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { rowsOf } from '../../platform/db/client.js';

// Email verification over HTTP on PostgreSQL, its mail read from a real SMTP server (smtp-server).
let server: TestServer;
let smtp: SmtpStandIn;
const MAIL_ENV = { MAIL: 'on', MAIL_POLL_SECONDS: '0.05', PUBLIC_URL: 'https://ziver.test' };
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await startTestServer({ RATE_LIMITS: 'off', SMTP_URL: smtp.url, ...MAIL_ENV });
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

const SUBJECT = { en: 'Verify your Ziver email address', fr: 'Vérifiez votre adresse e-mail Ziver' };

/** The verification mails the SMTP stand-in has accepted for `address`, once there are `count`. */
const mailsTo = (address: string, count = 1, subject = SUBJECT.en) =>
  vi.waitFor(
    () => {
      const mails = smtp.received.filter((m) => m.to.includes(address) && m.subject === subject);
      if (mails.length < count) throw new Error(`${mails.length} of ${count} mails "${subject}" to ${address}`);
      return mails;
    },
    { timeout: 30_000, interval: 50 },
  );
const mailTo = async (address: string, subject = SUBJECT.en) => (await mailsTo(address, 1, subject))[0]!;
const linkIn = (mail: ReceivedMail) =>
  /https:\/\/ziver\.test\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

const verify = (body: unknown) => server.post('/api/auth/verify-email', body);
const resend = (token?: string) => server.post('/api/auth/verify-email/resend', {}, token);
const isVerified = async (token: string) => (await server.get('/api/auth/me', token)).body.user.verified as boolean;
const changeEmail = (u: { token: string; password: string }, newEmail: string) =>
  server.request('PUT', '/api/settings/account/email', {
    token: u.token,
    body: { newEmail, currentPassword: u.password },
  });
const tokensOf = (userId: string) =>
  server.database.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));

describe('the verification mail', () => {
  it("is queued in the account's transaction: when it cannot be queued, no account is left behind", async () => {
    // A database fault on this one address only (a trigger in this file's own test database).
    await server.database.db.execute(sql`
      create function fail_verification_for_test() returns trigger language plpgsql as $$
      begin
        if new.email like 'no-verification-%' then raise exception 'verification insert refused by the test'; end if;
        return new;
      end $$`);
    await server.database.db.execute(sql`
      create trigger fail_verification_for_test before insert on email_verification_tokens
      for each row execute function fail_verification_for_test()`);
    try {
      const input = { ...buildRegistration(), email: `no-verification-${Date.now()}@example.com` };
      const failed = await server.post('/api/auth/register', input);
      expect(failed.status).toBeGreaterThanOrEqual(500);
      const left = await server.database.db.select().from(users).where(eq(users.email, input.email));
      expect(left).toEqual([]);
    } finally {
      await server.database.db.execute(sql`drop trigger fail_verification_for_test on email_verification_tokens`);
      await server.database.db.execute(sql`drop function fail_verification_for_test()`);
    }
  });

  it('is sent at registration in the chosen language; its link verifies the account once', async () => {
    const input = buildRegistration();
    const res = await server.post('/api/auth/register', { ...input, language: 'fr' });
    expect(res.status).toBe(201);
    expect(res.body.user.verified).toBe(false);
    const mail = await mailTo(input.email, SUBJECT.fr);
    expect(mail.html).toContain('lang="fr"');
    expect(mail.text).toContain('24 heures');
    const token = linkIn(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Neither the token table nor the outbox row holds the token itself.
    const stored = await server.database.db.execute(sql`
      SELECT (SELECT count(*)::int FROM outbox_messages WHERE payload::text LIKE ${`%${token}%`}) AS in_outbox,
             (SELECT count(*)::int FROM email_verification_tokens WHERE token_hash = ${sha256Hex(token!)}) AS hashed`);
    expect(rowsOf(stored)[0]).toEqual({ in_outbox: 0, hashed: 1 });
    const [row] = await tokensOf(res.body.user.id);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000).toBeCloseTo(24, 2);

    const first = await verify({ token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, ...keyedMessage('identity.emailVerified') });
    expect(await isVerified(res.body.token)).toBe(true);
    const again = await verify({ token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, code: 'EMAIL_VERIFICATION_TOKEN_USED' });
  });

  it('is sent to the new address on an email change; the old link stops working, the new one verifies', async () => {
    const u = await registerUser(server);
    const oldToken = linkIn(await mailTo(u.email));
    const newEmail = `moved-${u.email}`;
    expect((await changeEmail(u, newEmail)).status).toBe(200);
    const newToken = linkIn(await mailTo(newEmail));
    const old = await verify({ token: oldToken });
    expect(old.status).toBe(400);
    expect(old.body.code).toBe('EMAIL_VERIFICATION_TOKEN_INVALID');
    expect(await isVerified(u.token)).toBe(false);
    expect((await verify({ token: newToken })).status).toBe(200);
    expect(await isVerified(u.token)).toBe(true);
    // A verified new address can now get a reset link (an unverified changed one cannot).
    expect((await server.post('/api/auth/forgot-password', { email: newEmail })).status).toBe(200);
    const resets = await server.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, u.user.id));
    expect(resets).toHaveLength(1);
  });

  it('verifies nothing when the address changed after the link was sent (409, nothing changed)', async () => {
    const u = await registerUser(server);
    const token = linkIn(await mailTo(u.email));
    await server.database.db
      .update(users)
      .set({ email: `elsewhere-${u.email}` })
      .where(eq(users.id, u.user.id));
    const res = await verify({ token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_VERIFICATION_ADDRESS_CHANGED');
    expect(await isVerified(u.token)).toBe(false);
    const [row] = await tokensOf(u.user.id);
    expect(row!.usedAt).toBeNull();
  });
});

describe('POST /api/auth/verify-email refusals', () => {
  it('an expired link: 400, nothing changed', async () => {
    const u = await registerUser(server);
    const token = linkIn(await mailTo(u.email));
    await server.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailVerificationTokens.userId, u.user.id));
    const res = await verify({ token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'EMAIL_VERIFICATION_TOKEN_EXPIRED' });
    expect(res.body.messageKey).toBe('identity.emailVerificationTokenExpired');
    expect(await isVerified(u.token)).toBe(false);
    expect((await tokensOf(u.user.id))[0]!.usedAt).toBeNull();
  });

  it('a malformed or unknown token: 400 EMAIL_VERIFICATION_TOKEN_INVALID; a missing one: 400 VALIDATION_FAILED', async () => {
    for (const token of ['abc', `${'a'.repeat(42)}!`, 'a'.repeat(44), randomToken()]) {
      const res = await verify({ token });
      expect([token, res.status, res.body.code]).toEqual([token, 400, 'EMAIL_VERIFICATION_TOKEN_INVALID']);
    }
    for (const body of [{}, { token: 42 }, { token: '' }]) {
      const res = await verify(body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('two verifications racing with one token: exactly one succeeds', async () => {
    const u = await registerUser(server);
    const token = linkIn(await mailTo(u.email));
    const results = await Promise.all(Array.from({ length: 4 }, () => verify({ token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.code).toBe('EMAIL_VERIFICATION_TOKEN_USED');
    expect(await isVerified(u.token)).toBe(true);
  });
});

describe('POST /api/auth/verify-email/resend', () => {
  it('mails a new link that supersedes the previous one', async () => {
    const u = await registerUser(server);
    const first = linkIn(await mailTo(u.email));
    const res = await resend(u.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, ...keyedMessage('identity.emailVerificationSent', { email: u.email }) });
    const mails = await mailsTo(u.email, 2);
    const second = linkIn(mails[1]!);
    expect(second).not.toBe(first);
    expect(await tokensOf(u.user.id)).toHaveLength(1);
    expect((await verify({ token: first })).body.code).toBe('EMAIL_VERIFICATION_TOKEN_INVALID');
    expect((await verify({ token: second })).status).toBe(200);
    const after = await resend(u.token);
    expect(after.status).toBe(409);
    expect(after.body.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('is refused signed out (401)', async () => {
    expect((await resend()).status).toBe(401);
  });

  it('is limited to three mails an hour per account (429 after, nothing queued)', async () => {
    const limited = await startTestServer({ RATE_LIMITS: 'on', SMTP_URL: smtp.url, ...MAIL_ENV });
    try {
      const u = await registerUser(limited);
      const queued = async () =>
        rowsOf<{ n: number }>(
          await limited.database.db.execute(
            sql`SELECT count(*)::int AS n FROM outbox_messages WHERE user_id = ${u.user.id} AND channel = 'email'`,
          ),
        )[0]!.n;
      for (let i = 0; i < 3; i++)
        expect((await limited.post('/api/auth/verify-email/resend', {}, u.token)).status).toBe(200);
      const before = await queued();
      const refused = await limited.post('/api/auth/verify-email/resend', {}, u.token);
      expect(refused.status).toBe(429);
      expect(await queued()).toBe(before);
    } finally {
      await limited.stop();
    }
  });
});
