import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { keyedMessage, referralCardResponseSchema, referralStoryResponseSchema } from '@ziver/shared';
import { referralCardImages, referrals, storedFiles, users } from '../../platform/db/schema.js';
import { insertUser } from '../../testing/growth-factories.js';
import { nextTelegramId, signInitData, TEST_BOT_TOKEN } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

/**
 * Issue 40 item 3: the referral card prepared with the bot (savePreparedInlineMessage against
 * the Bot API stand-in, answering and refusing as Telegram does), the story image (sharp,
 * 1080×1920, a QR of the link, cached per user and language), and the card's start_param
 * crediting the referral at the first Telegram sign-in.
 */
let recorder: BotApiRecorder;
let server: TestServer;
beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN, botInfo: { username: 'ziver_test_bot' } });
  server = await startTestServer({
    RATE_LIMITS: 'off',
    CONTRACT_CHECK: 'strict',
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_BOT_USERNAME: 'ziver_test_bot',
    TELEGRAM_MINIAPP_SHORT_NAME: 'app',
    TELEGRAM_API_ROOT: recorder.url,
    PUBLIC_URL: 'https://ziver.test',
    TELEGRAM_INITDATA_MAX_AGE_SECONDS: '3600',
  });
});
afterAll(async () => {
  await server.stop();
  await recorder.close();
});

const linked = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  insertUser(server, { telegramId: BigInt(nextTelegramId()), ...overrides });

/** A file URL of ours (https://ziver.test/api/files/…) fetched from the test server itself. */
async function fetchOwnFile(url: string) {
  const path = url.replace(/^https:\/\/ziver\.test/, '');
  expect(path).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{43}\.jpg$/);
  const res = await fetch(`${server.url}${path}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function decodeQr(bytes: Buffer): Promise<string | null> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // jsqr is CommonJS: its function is both the module and the module's `default`.
  return (
    jsQR.default(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ??
    null
  );
}

async function imageRows(userId: string) {
  return server.database.db
    .select()
    .from(referralCardImages)
    .where(eq(referralCardImages.userId, userId))
    .orderBy(referralCardImages.variant, referralCardImages.language);
}

describe('POST /api/telegram/referral-card', () => {
  it("prepares the inviter's photo card with the bot and answers its id", async () => {
    const { user, token } = await linked({ language: 'fr', username: 'amelie' });
    const res = await server.post('/api/telegram/referral-card', {}, token);
    expect(res.status).toBe(200);
    const body = referralCardResponseSchema.parse(res.body);
    expect(body.preparedMessageId).toMatch(/^prep\d{8}$/);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const [call] = recorder.callsTo('savePreparedInlineMessage');
    const payload = call!.payload as Record<string, any>;
    expect(payload.user_id).toBe(Number(user.telegramId));
    expect(payload).toMatchObject({ allow_user_chats: true, allow_group_chats: true, allow_channel_chats: true });
    const startLink = `https://t.me/ziver_test_bot/app?startapp=${user.referralCode}`;
    expect(payload.result).toMatchObject({
      type: 'photo',
      photo_width: 1200,
      photo_height: 630,
      title: 'amelie vous invite sur Ziver',
      caption: expect.stringContaining(`inscrivez-vous avec mon code ${user.referralCode}`),
      reply_markup: { inline_keyboard: [[{ text: 'Rejoindre Ziver', url: startLink }]] },
    });
    expect(payload.result.thumbnail_url).toBe(payload.result.photo_url);

    // The photo is ours, at the public URL, fetchable without a session and cacheable.
    const { res: photo, bytes } = await fetchOwnFile(payload.result.photo_url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(await decodeQr(bytes)).toBe(startLink);
  });

  it("turns Telegram's refusals into answers the user can act on, never a 500", async () => {
    const { token } = await linked();
    const cases: [() => void, number, string, string | null][] = [
      [
        () =>
          recorder.failNext('savePreparedInlineMessage', {
            error_code: 400,
            description: 'Bad Request: user not found',
          }),
        409,
        'telegram.cardStartBot',
        null,
      ],
      [
        () =>
          recorder.failNext('savePreparedInlineMessage', {
            error_code: 403,
            description: "Forbidden: bot can't initiate conversation with a user",
          }),
        409,
        'telegram.cardStartBot',
        null,
      ],
      [
        () =>
          recorder.failNext('savePreparedInlineMessage', {
            error_code: 429,
            description: 'Too Many Requests: retry after 7',
            parameters: { retry_after: 7 },
          }),
        429,
        'telegram.cardRateLimited',
        '7',
      ],
      [
        () => recorder.failNext('savePreparedInlineMessage', { error_code: 500, description: 'Internal Server Error' }),
        503,
        'telegram.cardUnavailable',
        '5',
      ],
      [() => recorder.failNextWith('savePreparedInlineMessage', { drop: true }), 503, 'telegram.cardUnavailable', '5'],
      [
        () => recorder.failNextWith('savePreparedInlineMessage', { status: 502, body: '<html>Bad Gateway</html>' }),
        503,
        'telegram.cardUnavailable',
        '5',
      ],
    ];
    for (const [script, status, messageKey, retryAfter] of cases) {
      script();
      const res = await server.post('/api/telegram/referral-card', {}, token);
      expect([res.status, res.body.messageKey, res.headers.get('retry-after')]).toEqual([
        status,
        messageKey,
        retryAfter,
      ]);
      expect(res.body.success).toBe(false);
    }
    const limited = await (async () => {
      recorder.failNext('savePreparedInlineMessage', {
        error_code: 429,
        description: 'Too Many Requests: retry after 7',
        parameters: { retry_after: 7 },
      });
      return server.post('/api/telegram/referral-card', {}, token);
    })();
    expect(limited.body.message).toBe('Telegram asked us to slow down. Please try again in 7 seconds.');
    // Once Telegram answers again, so do we.
    expect((await server.post('/api/telegram/referral-card', {}, token)).status).toBe(200);
  });

  it('refuses an account without Telegram (409) and a signed-out caller (401), calling no one', async () => {
    const before = recorder.callsTo('savePreparedInlineMessage').length;
    const { token } = await insertUser(server);
    const res = await server.post('/api/telegram/referral-card', {}, token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, ...keyedMessage('telegram.cardNeedsTelegram') });
    expect((await server.post('/api/telegram/referral-card', {})).status).toBe(401);
    expect((await server.get('/api/telegram/referral-story')).status).toBe(401);
    expect(recorder.callsTo('savePreparedInlineMessage')).toHaveLength(before);
  });
});

describe('GET /api/telegram/referral-story', () => {
  it('answers a 1080×1920 story image with a QR of the link, cached per user and language', async () => {
    const { user, token } = await insertUser(server, { language: 'de', username: 'jonas' });
    const res = await server.get('/api/telegram/referral-story', token);
    expect(res.status).toBe(200);
    const story = referralStoryResponseSchema.parse(res.body);
    const startLink = `https://t.me/ziver_test_bot/app?startapp=${user.referralCode}`;
    expect(story).toMatchObject({
      text: `Komm mit meinem Code ${user.referralCode} zu Ziver`,
      widgetLink: { url: startLink, name: 'Ziver beitreten' },
    });
    const { res: image, bytes } = await fetchOwnFile(story.mediaUrl);
    expect(image.status).toBe(200);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1920 });
    expect(await decodeQr(bytes)).toBe(startLink);

    // Asked again: the same image, not drawn again (one row, one stored file).
    const files = async () => (await server.database.db.select({ n: count() }).from(storedFiles))[0]!.n;
    const filesBefore = await files();
    const rowBefore = (await imageRows(user.id))[0]!;
    const again = await server.get('/api/telegram/referral-story', token);
    expect(again.body.mediaUrl).toBe(story.mediaUrl);
    expect(await files()).toBe(filesBefore);
    expect(await imageRows(user.id)).toEqual([rowBefore]);

    // Another language: another image, kept beside the first.
    await server.database.db.update(users).set({ language: 'zh' }).where(eq(users.id, user.id));
    const chinese = await server.get('/api/telegram/referral-story', token);
    expect(chinese.body.text).toBe(`使用我的邀请码 ${user.referralCode} 加入 Ziver`);
    expect(chinese.body.mediaUrl).not.toBe(story.mediaUrl);
    expect((await imageRows(user.id)).map((row) => row.language)).toEqual(['de', 'zh']);

    // A new name changes what the image shows: drawn again for that language.
    await server.database.db.update(users).set({ language: 'de', username: 'jonas_k' }).where(eq(users.id, user.id));
    const renamed = await server.get('/api/telegram/referral-story', token);
    expect(renamed.body.mediaUrl).not.toBe(story.mediaUrl);
    expect((await imageRows(user.id)).map((row) => row.language)).toEqual(['de', 'zh']);
  });
});

describe("the card's link credits the referral", () => {
  it('at the first Telegram sign-in from start_param of the signed initData, like a ?start link', async () => {
    const { user: referrer } = await insertUser(server);
    const id = nextTelegramId();
    const res = await server.post('/api/auth/telegram', {
      initData: signInitData({ user: { id, first_name: 'Noor' }, extra: { start_param: referrer.referralCode } }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isNewUser: true, referralApplied: true, user: { zp_balance: 100 } });
    const [row] = await server.database.db
      .select({ referrerId: referrals.referrerId })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referredId))
      .where(eq(users.telegramId, BigInt(id)));
    expect(row?.referrerId).toBe(referrer.id);
  });

  it('ignores a start_param that is no referral code', async () => {
    const id = nextTelegramId();
    const res = await server.post('/api/auth/telegram', {
      initData: signInitData({ user: { id, first_name: 'Ola' }, extra: { start_param: 'not a code!' } }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isNewUser: true, user: { zp_balance: 0 } });
    expect(res.body.referralApplied).not.toBe(true);
  });
});
