import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { User } from 'grammy/types';
import {
  buildMessageUpdate,
  buildMyChatMemberUpdate,
  startBotApiRecorder,
  type BotApiRecorder,
  type RecordedCall,
} from '@ziver/bot/testing';
import { MESSAGES, TELEGRAM_MESSAGES, keyedMessage } from '@ziver/shared';
import { authChallenges, telegramConnectionCodes, users } from '../../platform/db/schema.js';
import { TELEGRAM_WEBHOOK_URL_PATH, webhookSecretFor } from '../../start-telegram.js';
import { registerUser } from '../../testing/factories.js';
import { creditUser, insertUser } from '../../testing/growth-factories.js';
import { nextTelegramId } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

const TOKEN = `123456:${'A'.repeat(35)}`;
const CONNECT_HOW =
  'Open Ziver on the web, go to the Referrals page and enter this code in the Telegram card. ' +
  'It is valid for 10 minutes and works once. Sending /connect again replaces it.';

let recorder: BotApiRecorder;
let server: TestServer;

beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TOKEN });
  // Webhook mode: each update is handled before the webhook call returns, so replies are recorded.
  server = await startTestServer({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: recorder.url,
    PUBLIC_URL: 'https://ziver.test',
    NOTIFICATIONS: 'off',
  });
});

afterAll(async () => {
  await server?.stop();
  await recorder?.close();
});

const db = () => server.database.db;

/** Feeds an update through the webhook endpoint, as Telegram posts it. */
async function postUpdate(update: unknown): Promise<void> {
  const res = await fetch(`${server.url}${TELEGRAM_WEBHOOK_URL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': webhookSecretFor(server.config) },
    body: JSON.stringify(update),
  });
  expect(res.status).toBe(200);
}

/** Sends `text` from a Telegram user to the bot and returns the bot's reply to them. */
async function say(text: string, from: Partial<User>): Promise<RecordedCall> {
  const before = recorder.callsTo('sendMessage').length;
  await postUpdate(buildMessageUpdate(text, { from }));
  const replies = recorder.callsTo('sendMessage').slice(before);
  expect(replies.map((c) => c.payload.chat_id)).toEqual([from.id]);
  return replies[0]!;
}

/** /connect from a Telegram user; the code as the user reads it in the reply. */
async function connectCode(from: Partial<User>): Promise<string> {
  const reply = await say('/connect', from);
  const code = /^Your connection code: (\d{6})\n/.exec(String(reply.payload.text))?.[1];
  if (!code) throw new Error(`no code in ${JSON.stringify(reply.payload)}`);
  return code;
}

const verify = (token: string, connectionCode: unknown) =>
  server.post('/api/telegram/verify-connection', { connectionCode }, token);

async function codeRow(code: string) {
  const [row] = await db()
    .select()
    .from(telegramConnectionCodes)
    .where(eq(telegramConnectionCodes.code, code))
    .orderBy(sql`${telegramConnectionCodes.createdAt} desc`)
    .limit(1);
  return row!;
}

describe('/connect', () => {
  it('issues a 6-digit code, valid 10 minutes and stored for the Telegram user', async () => {
    const telegramId = nextTelegramId();
    const reply = await say('/connect', { id: telegramId, username: 'amina_tg' });
    const code = /(\d{6})/.exec(String(reply.payload.text))![1]!;
    expect(reply.payload).toEqual({
      chat_id: telegramId,
      text: `Your connection code: ${code}\n\n${CONNECT_HOW}`,
      entities: [{ type: 'code', offset: 22, length: 6 }],
    });

    const row = await codeRow(code);
    expect(row).toMatchObject({
      telegramId: BigInt(telegramId),
      telegramUsername: 'amina_tg',
      usedAt: null,
      attempts: 0,
    });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('a second /connect invalidates the first code: one live code per Telegram user', async () => {
    const from = { id: nextTelegramId(), username: 'twice' };
    const first = await connectCode(from);
    const second = await connectCode(from);
    expect(second).not.toBe(first);

    const live = await db()
      .select({ code: telegramConnectionCodes.code })
      .from(telegramConnectionCodes)
      .where(
        sql`${telegramConnectionCodes.telegramId} = ${BigInt(from.id)} and ${telegramConnectionCodes.usedAt} is null`,
      );
    expect(live).toEqual([{ code: second }]);

    const { token } = await registerUser(server);
    expect((await verify(token, first)).body).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      ...keyedMessage('telegram.codeNoLongerValid'),
    });
    expect((await verify(token, second)).status).toBe(200);
  });
});

describe('POST /api/telegram/verify-connection', () => {
  it('links the web account with the code read from the bot, end to end', async () => {
    const web = await registerUser(server);
    const before = await server.get('/api/telegram/connection-status', web.token);
    expect(before.body).toEqual({
      success: true,
      hasTelegram: false,
      telegram_username: null,
      botUsername: 'ziver_test_bot',
      miniAppShortName: null,
    });

    const from = { id: nextTelegramId(), username: 'linked_tg', language_code: 'en' };
    const code = await connectCode(from);
    const res = await verify(web.token, code);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Telegram connected',
      user: { id: web.user.id, telegram_username: 'linked_tg', telegram_id: String(from.id) },
    });

    const after = await server.get('/api/telegram/connection-status', web.token);
    expect(after.body).toEqual({
      success: true,
      hasTelegram: true,
      telegram_username: 'linked_tg',
      botUsername: 'ziver_test_bot',
      miniAppShortName: null,
    });
    expect((await codeRow(code)).usedAt).not.toBeNull();

    // Single use: the same code again, even by the same user, is refused.
    expect((await verify(web.token, code)).body.message).toBe(TELEGRAM_MESSAGES.codeNoLongerValid);
    // The bot now knows the account.
    expect((await say('/connect', from)).payload.text).toBe(
      `Your Telegram account is already connected to the Ziver account ${web.username}. ` +
        'To connect another account, disconnect this one on the Referrals page first.',
    );
  });

  it('validates the code: required, digits only, 6 long; an unknown code is refused clearly', async () => {
    const { token } = await registerUser(server);
    for (const [input, message] of [
      ['', MESSAGES.enterConnectionCode],
      [undefined, MESSAGES.enterConnectionCode],
      ['   ', MESSAGES.enterConnectionCode],
      ['12a456', TELEGRAM_MESSAGES.codeFormat],
      ['12345', TELEGRAM_MESSAGES.codeFormat],
      ['1234567', TELEGRAM_MESSAGES.codeFormat],
    ] as const) {
      const res = await verify(token, input);
      expect(res.status, String(input)).toBe(400);
      expect(res.body.message, String(input)).toBe(message);
    }
    expect(MESSAGES.enterConnectionCode).toBe('Please enter the connection code');

    const unknown = await verify(token, '000000');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(TELEGRAM_MESSAGES.codeInvalid);
  });

  it('refuses an expired code and links nothing', async () => {
    const web = await registerUser(server);
    const code = await connectCode({ id: nextTelegramId() });
    await db()
      .update(telegramConnectionCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(telegramConnectionCodes.code, code));

    const res = await verify(web.token, code);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TELEGRAM_MESSAGES.codeExpired);
    const [user] = await db().select().from(users).where(eq(users.id, web.user.id));
    expect(user!.telegramId).toBeNull();
    expect((await codeRow(code)).attempts).toBe(1);
  });

  it('refuses (409) a Telegram account already linked to another user, and keeps the code', async () => {
    const telegramId = nextTelegramId();
    const code = await connectCode({ id: telegramId, username: 'taken' });
    // Meanwhile the same Telegram user signs in to the mini app, creating their own account.
    await insertUser(server, { telegramId: BigInt(telegramId) });

    const web = await registerUser(server);
    const res = await verify(web.token, code);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code: 'CONFLICT', ...keyedMessage('telegram.linkedElsewhere') });
    expect(await codeRow(code)).toMatchObject({ usedAt: null, attempts: 1 });
  });

  it('refuses (409) a user already linked to a different Telegram account', async () => {
    const linked = await insertUser(server, { telegramId: BigInt(nextTelegramId()), passwordHash: 'x' });
    const code = await connectCode({ id: nextTelegramId() });
    const res = await verify(linked.token, code);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TELEGRAM_MESSAGES.otherTelegramLinked);
    expect((await codeRow(code)).usedAt).toBeNull();
  });

  it('works once under 10 concurrent verifies by different users', async () => {
    const telegramId = nextTelegramId();
    const code = await connectCode({ id: telegramId });
    const webUsers = await Promise.all(Array.from({ length: 10 }, () => insertUser(server)));

    const results = await Promise.all(webUsers.map((u) => verify(u.token, code)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(400)]);
    for (const r of results.filter((x) => x.status === 400)) {
      expect(r.body.message).toBe(TELEGRAM_MESSAGES.codeNoLongerValid);
    }
    const holders = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.telegramId, BigInt(telegramId)));
    expect(holders).toHaveLength(1);
    expect(holders[0]!.id).toBe(results.find((r) => r.status === 200)!.body.user.id);
  });

  it('rate limits wrong codes per user', async () => {
    const { token } = await registerUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await verify(token, '000001')).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  it('needs a signed-in user', async () => {
    expect((await server.get('/api/telegram/connection-status')).status).toBe(401);
    expect((await server.post('/api/telegram/verify-connection', { connectionCode: '123456' })).status).toBe(401);
    expect((await server.post('/api/telegram/disconnect')).status).toBe(401);
  });
});

describe('POST /api/telegram/disconnect', () => {
  it('unlinks Telegram, and says so when nothing is linked', async () => {
    const web = await registerUser(server);
    expect((await verify(web.token, await connectCode({ id: nextTelegramId(), username: 'bye' }))).status).toBe(200);

    const res = await server.post('/api/telegram/disconnect', {}, web.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      ...keyedMessage('telegram.disconnected'),
      user: { telegram_id: null, telegram_username: null },
    });
    expect((await server.get('/api/telegram/connection-status', web.token)).body.hasTelegram).toBe(false);
    expect((await server.post('/api/telegram/disconnect', {}, web.token)).body.message).toBe(
      TELEGRAM_MESSAGES.notConnected,
    );
  });

  it('refuses to lock out an account whose only sign-in is Telegram', async () => {
    const telegramOnly = await insertUser(server, { telegramId: BigInt(nextTelegramId()), email: null });
    const res = await server.post('/api/telegram/disconnect', {}, telegramOnly.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TELEGRAM_MESSAGES.disconnectNeedsSignInMethod);
  });
});

describe('bot commands backed by the server', () => {
  it('/balance for a linked user (English) and an unlinked one (Spanish)', async () => {
    const telegramId = nextTelegramId();
    const { user, token } = await insertUser(server, { telegramId: BigInt(telegramId), dailyStreakCount: 4 });
    await creditUser(server, user.id, { zp: 1250.5, seb: 1200 });
    expect((await server.post('/api/mining/start', {}, token)).status).toBe(201);

    const linked = await say('/balance', { id: telegramId, language_code: 'en' });
    expect(linked.payload).toEqual({
      chat_id: telegramId,
      text:
        `Your Ziver account: ${user.username}\n\n` +
        'ZP balance: 1,250.5\n' +
        'SEB score: 1,200 (Advanced)\n' +
        'Daily streak: 4\n' +
        'Mining: in progress, 4h 00m left',
      reply_markup: { inline_keyboard: [[{ text: 'Open Ziver', web_app: { url: 'https://ziver.test' } }]] },
    });

    // The cycle ends: the reward is ready.
    await server.database.db.execute(sql`update mining_sessions set ends_at = now() where user_id = ${user.id}`);
    expect((await say('/balance', { id: telegramId, language_code: 'de' })).payload.text).toMatch(
      /\nMining: Deine Belohnung ist bereit\. Öffne Ziver, um sie abzuholen\.$/,
    );

    const unlinkedId = nextTelegramId();
    expect((await say('/balance', { id: unlinkedId, language_code: 'es' })).payload).toEqual({
      chat_id: unlinkedId,
      text:
        'Tu cuenta de Telegram aún no está conectada a una cuenta de Ziver.\n\n' +
        '¿Eres nuevo en Ziver? Abre la app: inicias sesión con Telegram.\n' +
        '¿Ya tienes una cuenta en la web? Envía /connect e introduce el código en la página Referidos.',
      reply_markup: { inline_keyboard: [[{ text: 'Abrir Ziver', web_app: { url: 'https://ziver.test' } }]] },
    });
  });

  it('/login sends a one-time link that signs the linked account in on the web', async () => {
    const telegramId = nextTelegramId();
    const { user } = await insertUser(server, { telegramId: BigInt(telegramId) });
    const reply = await say('/login', { id: telegramId });
    const markup = reply.payload.reply_markup as { inline_keyboard: { text: string; url: string }[][] };
    const button = markup.inline_keyboard[0]![0]!;
    expect(button.text).toBe('Sign in on the web');
    expect(button.url).toMatch(/^https:\/\/ziver\.test\/login\?token=[\w-]+$/);

    const token = new URL(button.url).searchParams.get('token');
    const signedIn = await server.post('/api/auth/token-login', { token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(user.id);
    expect((await server.post('/api/auth/token-login', { token })).status).toBe(401);
  });

  it('/login during lockdown: a maintenance reply and no link for a non-admin, a link for an admin (as over HTTP)', async () => {
    const telegramId = nextTelegramId();
    const { user } = await insertUser(server, { telegramId: BigInt(telegramId) });
    const adminTelegramId = nextTelegramId();
    const admin = await insertUser(server, { telegramId: BigInt(adminTelegramId), role: 'ADMIN' });
    const lockdown = (enabled: boolean) =>
      server.request('PUT', '/api/system/lockdown', { body: { enabled }, token: admin.token });
    const loginChallenges = async () =>
      (await db().select().from(authChallenges).where(eq(authChallenges.userId, user.id))).length;

    expect((await lockdown(true)).status).toBe(200);
    try {
      const refused = await say('/login', { id: telegramId, language_code: 'fr' });
      expect(refused.payload).toEqual({
        chat_id: telegramId,
        text: 'Ziver est en maintenance : les liens de connexion sont suspendus. Réessayez plus tard.',
      });
      expect(await loginChallenges()).toBe(0);
      const allowed = await say('/login', { id: adminTelegramId });
      const markup = allowed.payload.reply_markup as { inline_keyboard: { url: string }[][] };
      expect(markup.inline_keyboard[0]![0]!.url).toMatch(/^https:\/\/ziver\.test\/login\?token=/);
    } finally {
      expect((await lockdown(false)).status).toBe(200);
    }
    expect((await say('/login', { id: telegramId })).payload.reply_markup).toBeDefined();
    expect(await loginChallenges()).toBe(1);
  });

  it('records that a user blocked the bot, and clears it when they write again', async () => {
    const telegramId = nextTelegramId();
    const { user } = await insertUser(server, { telegramId: BigInt(telegramId) });
    const blockedAt = async () =>
      (await db().select({ at: users.telegramBlockedAt }).from(users).where(eq(users.id, user.id)))[0]!.at;

    await postUpdate(buildMyChatMemberUpdate('kicked', { from: { id: telegramId } }));
    expect(await blockedAt()).toBeInstanceOf(Date);
    await say('/help', { id: telegramId });
    expect(await blockedAt()).toBeNull();
  });
});
