import { expect, test } from 'vitest';
import { buildMessageUpdate } from '@ziver/bot/testing';
import { PHONE, newCredentials, openPage, screenshot, waitForPath } from './support/browser.js';
import { apiLogin, unexpectedErrors } from './support/identity.js';
import { nextTelegramUserId, useTelegramServer } from './telegram-env.js';

/**
 * The Referrals page's Telegram connect card end to end, with a real code issued by the bot:
 * its own built server with a bot token (long polling against a local Bot API recorder, as in
 * e2e/telegram.test.ts), a web user signed in with the form, /connect sent to the bot by a
 * Telegram user, and the code from the bot's reply typed into the card.
 */
const telegramServer = useTelegramServer('e2e-telegram-connect-server');
const serverUrl = () => telegramServer().url;

test('a web user links Telegram on /referrals with the code the bot sent to /connect, then unlinks (390x844)', async () => {
  const credentials = newCredentials();
  const registered = await fetch(`${serverUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  expect(registered.status).toBe(201);

  const tracked = await openPage(PHONE);
  const { page } = tracked;
  try {
    await page.goto(`${serverUrl()}/login`);
    const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
    await form.locator('input[name="email"]').fill(credentials.email);
    await form.locator('input[name="password"]').fill(credentials.password);
    await form.locator('button[type="submit"]').click();
    await waitForPath(page, (path) => path === '/mining');

    await page.goto(`${serverUrl()}/referrals`);
    const card = page.locator('[data-testid="telegram-connect-card"]');
    await page.locator('[data-testid="telegram-connect-card"][data-state="not_connected"]').waitFor();

    // An empty code never reaches the server.
    await card.locator('[data-testid="telegram-verify"]').click();
    expect((await card.locator('[data-testid="telegram-code-error"]').textContent())?.trim()).toBe(
      'Please enter the connection code',
    );

    // A Telegram user asks the bot for a code (long polling picks the update up).
    const telegramId = nextTelegramUserId();
    telegramServer().recorder.pushUpdate(
      buildMessageUpdate('/connect', { from: { id: telegramId, first_name: 'Linker', username: 'tg_linker' } }),
    );
    const sent = await telegramServer().recorder.waitForCall(
      (call) => call.method === 'sendMessage' && Number(call.payload.chat_id) === telegramId,
    );
    const code = /\b(\d{6})\b/.exec(String(sent.payload.text))?.[1];
    expect(code, `no 6-digit code in the bot's reply: ${String(sent.payload.text)}`).toMatch(/^\d{6}$/);

    await card.locator('[data-testid="telegram-code-input"]').fill(code!);
    const verified = page.waitForResponse((res) => res.url().endsWith('/api/telegram/verify-connection'));
    await card.locator('[data-testid="telegram-verify"]').click();
    expect((await verified).status()).toBe(200);
    await page.locator('[data-testid="telegram-connect-card"][data-state="connected"]').waitFor();
    expect(await card.locator('[data-testid="telegram-username"]').textContent()).toContain('@tg_linker');
    await screenshot(page, 'telegram-connect-01-connected');

    const token = await apiLogin(serverUrl(), credentials.email, credentials.password);
    const auth = { authorization: `Bearer ${token}` };
    const status = await fetch(`${serverUrl()}/api/telegram/connection-status`, { headers: auth });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ success: true, hasTelegram: true, telegram_username: 'tg_linker' });

    // Unlink, with the confirmation.
    await card.locator('[data-testid="telegram-disconnect"]').click();
    await page.locator('[data-testid="telegram-disconnect-dialog"] [data-testid="confirm-yes"]').click();
    await page.locator('[data-testid="telegram-connect-card"][data-state="not_connected"]').waitFor();
    const after = await fetch(`${serverUrl()}/api/telegram/connection-status`, { headers: auth });
    expect(await after.json()).toMatchObject({ hasTelegram: false });
    await screenshot(page, 'telegram-connect-02-disconnected');

    // The code worked once: used again, it is refused and links nothing.
    const reused = await fetch(`${serverUrl()}/api/telegram/verify-connection`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ connectionCode: code }),
    });
    expect(reused.status).toBeGreaterThanOrEqual(400);
    expect(reused.status).toBeLessThan(500);
    expect(await reused.json()).toMatchObject({ success: false });
    const still = await fetch(`${serverUrl()}/api/telegram/connection-status`, { headers: auth });
    expect(await still.json()).toMatchObject({ hasTelegram: false });

    expect(unexpectedErrors(tracked.errors)).toEqual([]);
  } finally {
    await tracked.context.close();
  }
});
