import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { User } from 'grammy/types';
import { buildMessageUpdate, startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { passwordResetTokens, users } from '../../platform/db/schema.js';
import { TELEGRAM_WEBHOOK_URL_PATH, webhookSecretFor } from '../../start-telegram.js';
import { registerUser } from '../../testing/factories.js';
import { nextTelegramId } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { rowsOf } from '../../platform/db/client.js';

// Issue 39, item 5: /reset in the bot sends the account's reset link in the bot's chat, through
// the outbox's Telegram channel, against the Bot API stand-in; the same answer with no account.
const TOKEN = `123456:${'R'.repeat(35)}`;
const REQUESTED_DE =
  'Wenn dieses Telegram-Konto mit einem Ziver-Konto verbunden ist, kommt sein Link zum Zurücksetzen des Passworts gleich hier an.';
const LINK = /^https:\/\/ziver\.test\/reset-password\?token=([A-Za-z0-9_-]{43})$/;

let recorder: BotApiRecorder;
let server: TestServer;

beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TOKEN });
  // Webhook mode: each update is handled before the webhook call returns, so replies are recorded.
  server = await startTestServer({
    RATE_LIMITS: 'off',
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: recorder.url,
    PUBLIC_URL: 'https://ziver.test',
    NOTIFY_POLL_SECONDS: '0.05',
  });
});
afterAll(async () => {
  await server?.stop();
  await recorder?.close();
});

/** Sends `text` from a Telegram user to the bot through the webhook, as Telegram posts it; the bot's direct replies. */
async function say(text: string, from: Partial<User>) {
  const before = recorder.callsTo('sendMessage').length;
  const res = await fetch(`${server.url}${TELEGRAM_WEBHOOK_URL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': webhookSecretFor(server.config) },
    body: JSON.stringify(buildMessageUpdate(text, { from })),
  });
  expect(res.status).toBe(200);
  return recorder.callsTo('sendMessage').slice(before);
}

const messagesTo = (chatId: number) => recorder.deliveredMessages().filter((c) => Number(c.payload.chat_id) === chatId);

describe('/reset in the bot', () => {
  it("sends the linked account's reset link in the chat, in its language; the link resets the password", async () => {
    const u = await registerUser(server);
    const telegramId = nextTelegramId();
    await server.database.db
      .update(users)
      .set({ telegramId: BigInt(telegramId), language: 'de' })
      .where(eq(users.id, u.user.id));
    const replies = await say('/reset', { id: telegramId, language_code: 'de' });
    // The answer (the link may already have followed it: the lane polls every 50 ms).
    expect(replies[0]!.payload.text).toBe(REQUESTED_DE);

    // The link comes as its own message, from the outbox's Telegram lane.
    const message = await vi.waitFor(
      () => {
        const found = messagesTo(telegramId).find((c) => String(c.payload.text).startsWith('Dein Link'));
        if (!found) throw new Error('no reset link message yet');
        return found;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(message.payload.text).toContain('30 Minuten');
    const button = (message.payload.reply_markup as { inline_keyboard: { text: string; url: string }[][] })
      .inline_keyboard[0]![0]!;
    expect(button.text).toBe('Neues Passwort festlegen');
    const token = LINK.exec(button.url)?.[1];
    expect(token).toBeDefined();
    const [row] = await server.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, u.user.id));
    expect(row!.tokenHash).not.toContain(token!);

    const password = 'From-telegram-7!';
    expect((await server.post('/api/auth/reset-password', { token, password })).status).toBe(200);
    expect((await server.post('/api/auth/login', { email: u.email, password })).status).toBe(200);
    expect(messagesTo(telegramId).filter((c) => String(c.payload.text).startsWith('Dein Link'))).toHaveLength(1);
  });

  it('answers the same to a Telegram user with no account, and sends no link', async () => {
    const countQueued = async () =>
      rowsOf<{ n: number }>(
        await server.database.db.execute(
          sql`SELECT count(*)::int AS n FROM outbox_messages WHERE kind = 'password_reset'`,
        ),
      )[0]!.n;
    const before = await countQueued();
    const telegramId = nextTelegramId();
    const replies = await say('/reset', { id: telegramId, language_code: 'de' });
    expect(replies.map((r) => r.payload.text)).toEqual([REQUESTED_DE]);
    expect(await countQueued()).toBe(before);
    // A later reset link to someone else goes out first: by then nothing more was sent here.
    const other = await registerUser(server);
    const otherId = nextTelegramId();
    await server.database.db
      .update(users)
      .set({ telegramId: BigInt(otherId) })
      .where(eq(users.id, other.user.id));
    await say('/reset', { id: otherId });
    await vi.waitFor(
      () => {
        if (messagesTo(otherId).length < 2) throw new Error('no link yet');
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(messagesTo(telegramId)).toHaveLength(1);
  });
});
