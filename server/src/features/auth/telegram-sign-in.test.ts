import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { IDENTITY_MESSAGES, REFERRAL_MESSAGES, keyedMessage } from '@ziver/shared';
import { pendingReferrals, users } from '../../platform/db/schema.js';
import { enableTwoFactorFor } from '../../testing/authenticator.js';
import { buildRegistration, registerUser } from '../../testing/factories.js';
import { insertUser } from '../../testing/growth-factories.js';
import { nextTelegramId, signInitData, tamperInitData, TEST_BOT_TOKEN } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let recorder: BotApiRecorder;
let server: TestServer;
beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
  server = await startTestServer({
    RATE_LIMITS: 'off',
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_BOT_USERNAME: 'ziver_test_bot',
    TELEGRAM_API_ROOT: recorder.url,
    PUBLIC_URL: 'https://ziver.test',
    TELEGRAM_INITDATA_MAX_AGE_SECONDS: '3600',
  });
});
afterAll(async () => {
  await server.stop();
  await recorder.close();
});

const signIn = (initData: unknown, referralCode?: string) =>
  server.post('/api/auth/telegram', { initData, referralCode });
const userRow = async (id: string) => (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('POST /api/auth/telegram', () => {
  it('creates an account for a new Telegram user, named after the Telegram username', async () => {
    const id = nextTelegramId();
    const username = `tg_user_${id % 100000}`;
    const res = await signIn(signInitData({ user: { id, username, first_name: 'Tess' } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      isNewUser: true,
      twoFactorRequired: false,
      ...keyedMessage('identity.welcomeNewUser'),
      token: expect.any(String),
      appSettings: { MINING_CYCLE_HOURS: 4 },
      user: { username, email: null, telegram_username: username, telegram_id: String(id) },
    });
    const me = await server.get('/api/auth/me', res.body.token);
    expect(me.body.user.id).toBe(res.body.user.id);
    expect((await userRow(res.body.user.id)).passwordHash).toBeNull();
  });

  it('signs the same account in again (isNewUser false)', async () => {
    const id = nextTelegramId();
    const first = await signIn(signInitData({ user: { id, username: `again_${id % 100000}` } }));
    const second = await signIn(signInitData({ user: { id, username: `again_${id % 100000}` } }));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ isNewUser: false, user: { id: first.body.user.id } });
    expect(second.body.message).toBe(`Welcome back, ${first.body.user.username}!`);
    expect(second.body.token).not.toBe(first.body.token);
  });

  it('ends concurrent first sign-ins of one Telegram user on one account', async () => {
    const id = nextTelegramId();
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => signIn(signInitData({ user: { id, username: `race_${id % 100000}` } }))),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.user.id)).size).toBe(1);
    expect(results.filter((r) => r.body.isNewUser)).toHaveLength(1);
  });

  it('falls back to tg_<id> when the Telegram username is taken, too long, or missing', async () => {
    const taken = await registerUser(server, { username: `taken_${Date.now() % 1_000_000}` });
    const a = nextTelegramId();
    const clash = await signIn(signInitData({ user: { id: a, username: taken.username } }));
    expect(clash.body.user).toMatchObject({ username: `tg_${a}`, telegram_username: taken.username });

    const b = nextTelegramId();
    const long = await signIn(signInitData({ user: { id: b, username: 'a_very_long_telegram_username_32' } }));
    expect(long.body.user.username).toBe(`tg_${b}`);

    const c = nextTelegramId();
    const none = await signIn(signInitData({ user: { id: c } }));
    expect(none.body.user).toMatchObject({ username: `tg_${c}`, telegram_username: null });
  });

  it('auto-saves the Telegram username on an account that has none, and keeps an existing one', async () => {
    const web = await registerUser(server);
    const id = nextTelegramId();
    await server.database.db
      .update(users)
      .set({ telegramId: BigInt(id) })
      .where(eq(users.id, web.user.id));

    const res = await signIn(signInitData({ user: { id, username: 'linked_tg_name' } }));
    expect(res.body).toMatchObject({
      isNewUser: false,
      user: { id: web.user.id, telegram_username: 'linked_tg_name' },
    });

    const renamed = await signIn(signInitData({ user: { id, username: 'renamed_tg_name' } }));
    expect(renamed.body.user.telegram_username).toBe('linked_tg_name');
  });

  it('refuses forged, expired and wrongly signed initData with 401 and creates nothing', async () => {
    const before = (await server.database.db.select({ id: users.id }).from(users)).length;
    const id = nextTelegramId();
    const signed = signInitData({ user: { id, username: 'honest_user' } });
    const cases = [
      [
        tamperInitData(signed, 'user', JSON.stringify({ id: id + 1, username: 'someone_else' })),
        IDENTITY_MESSAGES.telegramDataInvalid,
      ],
      [
        signInitData({ user: { id }, botToken: '111:WRONG-bot-token-aaaaaaaaaaaaaaaaaaaa' }),
        IDENTITY_MESSAGES.telegramDataInvalid,
      ],
      [
        signInitData({ user: { id }, authDate: Math.floor(Date.now() / 1000) - 3700 }),
        IDENTITY_MESSAGES.telegramDataExpired,
      ],
      [
        `user=${encodeURIComponent(JSON.stringify({ id }))}&auth_date=${Math.floor(Date.now() / 1000)}`,
        IDENTITY_MESSAGES.telegramDataInvalid,
      ],
    ] as const;
    for (const [initData, message] of cases) {
      const res = await signIn(initData);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'INVALID_TELEGRAM_DATA', message });
    }
    expect((await server.database.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('answers a missing or non-string initData with 400', async () => {
    for (const body of [{}, { initData: '' }, { initData: 42 }]) {
      const res = await server.post('/api/auth/telegram', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(IDENTITY_MESSAGES.telegramDataMissing);
    }
  });

  it('asks for the second step when the account has 2FA on', async () => {
    const id = nextTelegramId();
    const first = await signIn(signInitData({ user: { id } }));
    const { backupCodes } = await enableTwoFactorFor(server, first.body.token);
    const res = await signIn(signInitData({ user: { id } }));
    expect(res.body).toEqual({
      success: true,
      twoFactorRequired: true,
      token: expect.any(String),
      ...keyedMessage('identity.twoFactorRequired'),
    });
    const done = await server.post('/api/auth/verify-2fa', { token: res.body.token, verificationCode: backupCodes[0] });
    expect(done.status).toBe(200);
    expect(done.body.user.id).toBe(first.body.user.id);
  });

  it('names the bot in /api/auth/config', async () => {
    expect((await server.get('/api/auth/config')).body.telegramBotUsername).toBe('ziver_test_bot');
  });
});

describe('Telegram sign-in without a bot token', () => {
  it('answers 503 TELEGRAM_NOT_CONFIGURED', async () => {
    const bare = await startTestServer({ RATE_LIMITS: 'off' });
    try {
      const res = await bare.post('/api/auth/telegram', { initData: signInitData({ user: { id: nextTelegramId() } }) });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: 'TELEGRAM_NOT_CONFIGURED',
        ...keyedMessage('identity.telegramNotConfigured'),
      });
    } finally {
      await bare.stop();
    }
  });
});

describe('POST /api/auth/pending-referral', () => {
  const savePending = (initData: unknown, referralCode: unknown) =>
    server.post('/api/auth/pending-referral', { initData, referralCode });

  it("records a referral for the caller's own Telegram identity, applied at its first sign-in", async () => {
    const referrer = await registerUser(server);
    const id = nextTelegramId();
    const initData = signInitData({ user: { id, first_name: 'Pat' } });
    const saved = await savePending(initData, referrer.user.referral_code.toLowerCase());
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      success: true,
      saved: true,
      ...keyedMessage('referrals.pendingSaved'),
      referrer: { username: referrer.user.username, referral_code: referrer.user.referral_code },
    });
    const [row] = await server.database.db
      .select()
      .from(pendingReferrals)
      .where(eq(pendingReferrals.telegramId, BigInt(id)));
    expect(row?.referralCode).toBe(referrer.user.referral_code);

    const signedIn = await signIn(signInitData({ user: { id, first_name: 'Pat' } }));
    expect(signedIn.body).toMatchObject({ isNewUser: true, referralApplied: true, user: { zp_balance: 100 } });

    // Once the account exists there is nothing left to record.
    const again = await savePending(signInitData({ user: { id, first_name: 'Pat' } }), referrer.user.referral_code);
    expect(again.body).toEqual({
      success: true,
      saved: false,
      ...keyedMessage('referrals.pendingAlreadyRegistered'),
      referrer: null,
    });
  });

  it('refuses forged initData with 401, an unknown code with 404 and a bare Telegram id with 400', async () => {
    const referrer = await registerUser(server);
    const id = nextTelegramId();
    const forged = tamperInitData(
      signInitData({ user: { id, first_name: 'Pat' } }),
      'user',
      JSON.stringify({ id: id + 1, first_name: 'Pat' }),
    );
    expect((await savePending(forged, referrer.user.referral_code)).status).toBe(401);
    const unknown = await savePending(signInitData({ user: { id, first_name: 'Pat' } }), 'NOPE2345');
    expect([unknown.status, unknown.body.message]).toEqual([404, REFERRAL_MESSAGES.invalidCode]);
    const bare = await server.post('/api/auth/pending-referral', {
      telegramId: id,
      referralCode: referrer.user.referral_code,
    });
    expect(bare.status).toBe(400);
    const rows = await server.database.db
      .select()
      .from(pendingReferrals)
      .where(eq(pendingReferrals.telegramId, BigInt(id)));
    expect(rows).toEqual([]);
  });
});

describe('Telegram sign-in during lockdown', () => {
  it('creates no account, refused like sign-up by email; an existing account still signs in', async () => {
    const admin = await insertUser(server, { role: 'ADMIN' });
    const setLockdown = (enabled: boolean) =>
      server.request('PUT', '/api/system/lockdown', { body: { enabled, message: null }, token: admin.token });
    const referrer = await registerUser(server);
    const knownId = nextTelegramId();
    const known = await signIn(signInitData({ user: { id: knownId, first_name: 'Kim' } }));
    expect(known.status).toBe(200);
    const newId = nextTelegramId();
    const launch = () => signInitData({ user: { id: newId, first_name: 'Lou' } });
    const pending = await server.post('/api/auth/pending-referral', {
      initData: launch(),
      referralCode: referrer.user.referral_code,
    });
    expect(pending.body.saved).toBe(true);

    expect((await setLockdown(true)).status).toBe(200);
    try {
      const byEmail = await server.post('/api/auth/register', buildRegistration());
      expect([byEmail.status, byEmail.body.code]).toEqual([503, 'LOCKDOWN']);
      const refused = await signIn(launch(), referrer.user.referral_code);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual(byEmail.body);
      expect(
        await server.database.db
          .select()
          .from(users)
          .where(eq(users.telegramId, BigInt(newId))),
      ).toEqual([]);

      // Sign-in stays open during lockdown (the client then routes to /lockdown).
      const again = await signIn(signInitData({ user: { id: knownId, first_name: 'Kim' } }));
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ isNewUser: false, user: { id: known.body.user.id } });
    } finally {
      await setLockdown(false);
    }

    // The pending referral waited for the end of lockdown.
    const joined = await signIn(launch());
    expect(joined.body).toMatchObject({ isNewUser: true, referralApplied: true, user: { zp_balance: 100 } });
  });
});
