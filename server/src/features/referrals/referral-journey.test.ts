import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildStartUpdate, startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { miningSessions, transactions } from '../../platform/db/schema.js';
import { TELEGRAM_WEBHOOK_URL_PATH, webhookSecretFor } from '../../start-telegram.js';
import { registerUser } from '../../testing/factories.js';
import { nextTelegramId, signInitData } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

const TOKEN = `123456:${'R'.repeat(35)}`;
let server: TestServer;
let recorder: BotApiRecorder;

beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TOKEN });
  server = await startTestServer({
    RATE_LIMITS: 'off',
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: recorder.url,
    PUBLIC_URL: 'https://ziver.test',
  });
});
afterAll(async () => {
  await server.stop();
  await recorder.close();
});

async function finishCycleAndClaim(token: string, userId: string) {
  expect((await server.post('/api/mining/start', {}, token)).status).toBe(201);
  await server.database.db
    .update(miningSessions)
    .set({ startedAt: sql`now() - interval '4 hours'`, endsAt: sql`now() - interval '1 second'` })
    .where(eq(miningSessions.userId, userId));
  const claim = await server.post('/api/mining/claim', {}, token);
  expect(claim.status).toBe(200);
  return claim;
}

const entriesOf = (userId: string) =>
  server.database.db.select().from(transactions).where(eq(transactions.userId, userId));

describe('a referral from link to reward', () => {
  it('credits the friend 100 ZP at sign-up and the referrer 150 ZP once, when the friend first claims', async () => {
    const referrer = await registerUser(server);
    const code = referrer.user.referral_code as string;

    const signup = await server.post('/api/auth/register', {
      username: `friend_${Date.now().toString(36)}`,
      email: `friend_${Date.now()}@example.com`,
      password: 'secret-pass-1',
      referralCode: code.toLowerCase(),
    });
    expect(signup.status).toBe(201);
    expect(signup.body).toMatchObject({
      referralApplied: true,
      referrer: { username: referrer.username, referral_code: code },
      user: { zp_balance: 100 },
    });
    const friend = { token: signup.body.token as string, id: signup.body.user.id as string };
    expect((await server.get('/api/auth/me', referrer.token)).body.user.zp_balance).toBe(0);

    await finishCycleAndClaim(friend.token, friend.id);
    expect((await server.get('/api/auth/me', referrer.token)).body.user.zp_balance).toBe(150);
    await finishCycleAndClaim(friend.token, friend.id);
    expect((await server.get('/api/auth/me', referrer.token)).body.user.zp_balance).toBe(150);

    const rewards = (await entriesOf(referrer.user.id)).filter((e) => e.type === 'referral_reward');
    expect(rewards.map((e) => Number(e.amount))).toEqual([150]);
    const list = await server.get('/api/referrals', referrer.token);
    expect(list.body).toMatchObject({ referralCount: 1, totalEarnings: 150, referrals: [{ rewardPaid: true }] });
  });

  it('signs a user up without a referral when the code is unknown', async () => {
    const res = await server.post('/api/auth/register', {
      username: `nocode_${Date.now().toString(36)}`,
      email: `nocode_${Date.now()}@example.com`,
      password: 'secret-pass-1',
      referralCode: 'NOSUCHCODE',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ referralApplied: false, user: { zp_balance: 0 } });
  });

  it('applies the code a Telegram user started the bot with when they first sign in to the mini app', async () => {
    const referrer = await registerUser(server);
    const telegramId = nextTelegramId();
    const update = buildStartUpdate({
      from: { id: telegramId, language_code: 'en' },
      payload: referrer.user.referral_code as string,
    });
    const hook = await fetch(`${server.url}${TELEGRAM_WEBHOOK_URL_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-telegram-bot-api-secret-token': webhookSecretFor(server.config),
      },
      body: JSON.stringify(update),
    });
    expect(hook.status).toBe(200);

    const initData = signInitData({ user: { id: telegramId, username: `tg_friend_${telegramId}` }, botToken: TOKEN });
    const signIn = await server.post('/api/auth/telegram', { initData });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({
      isNewUser: true,
      referralApplied: true,
      referrer: { username: referrer.username },
      user: { zp_balance: 100, telegram_id: String(telegramId) },
    });

    // The pending referral is consumed: signing in again credits nothing more.
    const again = await server.post('/api/auth/telegram', {
      initData: signInitData({ user: { id: telegramId }, botToken: TOKEN }),
    });
    expect(again.body).toMatchObject({ isNewUser: false, user: { zp_balance: 100 } });
  });
});
