import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import type { BrowserContext } from 'playwright-core';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { startBuiltServer } from '../scripts/lib/built-server.mjs';
import {
  DESKTOP,
  PHONE,
  closeBrowser,
  getBrowser,
  newCredentials,
  screenshot,
  waitForPath,
} from './support/browser.js';
import { byTestId, hasHorizontalOverflow, waitForText } from './support/uploads.js';

/**
 * Announcements through the bot and a message to one user (issue 14), in Chromium at 390 px and
 * at desktop width, against the built server on a throwaway PostgreSQL database, with the bot
 * pointed at the local Bot API recorder: an admin composes an HTML announcement (a mistake is
 * flagged, the preview shows it as Telegram would, with the button in the audience's language),
 * sees the number of recipients, sends it to a small seeded audience, watches the progress reach
 * "Done" and finds it in the history; then messages one user from their page (delivered, then
 * "blocked the bot"). A normal user gets 403 from the same calls.
 */
const BOT_TOKEN = `123456:${'E'.repeat(35)}`;
const ADMIN_DB_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `e2e_announce_${randomBytes(4).toString('hex')}`;
const databaseUrl = ADMIN_DB_URL.replace(/\/[^/]*$/, `/${dbName}`);

let recorder: BotApiRecorder;
let server: Awaited<ReturnType<typeof startBuiltServer>>;
let db: pg.Client;
const contexts: BrowserContext[] = [];

async function adminSql(query: string) {
  const client = new pg.Client({ connectionString: ADMIN_DB_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: BOT_TOKEN });
  await adminSql(`CREATE DATABASE ${dbName}`);
  server = await startBuiltServer({
    label: 'e2e-announce',
    env: {
      DATABASE_URL: databaseUrl,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_ROOT: recorder.url,
      // Webhook mode (the recorder takes setWebhook), so the bot never polls.
      PUBLIC_URL: 'https://ziver.test',
      ANNOUNCE_POLL_SECONDS: '0.2',
    },
  });
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await closeBrowser();
  await db?.end();
  await server?.stop();
  await recorder?.close();
  await adminSql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

async function api(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function register(options: { role?: 'USER' | 'ADMIN'; language?: string; telegram?: boolean } = {}) {
  const credentials = newCredentials();
  const res = await api('POST', '/auth/register', undefined, credentials);
  expect(res.status).toBe(201);
  const id = res.body.user.id as string;
  const telegramId = options.telegram ? randomInt(10_000_000, 2_000_000_000) : null;
  await db.query('UPDATE users SET role = $1, language = $2, telegram_id = $3 WHERE id = $4', [
    options.role ?? 'USER',
    options.language ?? 'en',
    telegramId,
    id,
  ]);
  return { ...credentials, id, telegramId, token: res.body.token as string };
}

async function signIn(viewport: { width: number; height: number }, who: { email: string; password: string }) {
  const browser = await getBrowser();
  const isPhone = viewport.width < 600;
  const context = await browser.newContext({
    baseURL: server.url,
    viewport,
    deviceScaleFactor: isPhone ? 2 : 1,
    isMobile: isPhone,
    hasTouch: isPhone,
    locale: 'en-US',
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(who.email);
  await form.locator('input[name="password"]').fill(who.password);
  await form.locator('button[type="submit"]').click();
  await waitForPath(page, (path) => path === '/mining');
  return { page, errors };
}

async function runAnnouncement(viewport: { width: number; height: number }, label: string) {
  // Only this run's audience may receive it: everyone seeded before opts out.
  await db.query('UPDATE users SET notify_push = false');
  const admin = await register({ role: 'ADMIN' });
  const germans = await Promise.all([1, 2, 3].map(() => register({ language: 'de', telegram: true })));
  const english = await register({ language: 'en', telegram: true });
  recorder.clearCalls();

  const { page: p, errors } = await signIn(viewport, admin);
  await p.goto('/admin');
  await byTestId(p, 'admin-tab-announcements').click();
  await byTestId(p, 'announce-form').waitFor();

  // Compose: HTML with a mistake, flagged; fixed, previewed as Telegram shows it.
  await byTestId(p, 'announce-format').selectOption('html');
  await byTestId(p, 'announce-language').selectOption('de');
  await byTestId(p, 'announce-text').fill(`<b>Big news</b> ${label} & more`);
  await waitForText(p, 'announce-problem', 'Write & as &amp;');
  expect(await byTestId(p, 'announce-send').isDisabled()).toBe(true);
  await byTestId(p, 'announce-text').fill(`<b>Big news</b> ${label} &amp; <i>more</i>`);
  await p.locator('[data-testid="announce-problem"]').waitFor({ state: 'detached' });
  await p.locator('[data-testid="announce-preview-bubble"] b', { hasText: 'Big news' }).waitFor();
  await waitForText(p, 'announce-preview-bubble', `Big news ${label} & more`);
  await byTestId(p, 'announce-button').check({ force: true });
  await waitForText(p, 'announce-preview-button', 'Ziver öffnen');
  await waitForText(p, 'announce-recipients', 'By Telegram: 3');
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `announce-01-compose-${label}`);

  // Send, confirm, watch it finish.
  await byTestId(p, 'announce-send').click();
  await waitForText(p, 'announce-confirm-text', 'Send this message now: 3 by Telegram');
  await byTestId(p, 'announce-confirm').click();
  const current = p.locator('[data-testid="announce-current"]');
  await current.locator('[data-testid="announce-status"]', { hasText: 'Done' }).waitFor();
  expect(await current.locator('[data-testid="announce-count-sent"]').textContent()).toBe('3');
  expect(await current.locator('[data-testid="announce-count-remaining"]').textContent()).toBe('0');
  expect(await current.locator('[data-testid="announce-count-blocked"]').textContent()).toBe('0');
  const delivered = recorder.deliveredMessages();
  expect(delivered.map((c) => Number(c.payload.chat_id)).sort()).toEqual(germans.map((g) => g.telegramId).sort());
  expect(delivered.map((c) => c.payload.chat_id)).not.toContain(english.telegramId);
  expect(delivered[0]!.payload).toMatchObject({
    text: `<b>Big news</b> ${label} &amp; <i>more</i>`,
    parse_mode: 'HTML',
    reply_markup: { inline_keyboard: [[{ text: 'Ziver öffnen', web_app: { url: 'https://ziver.test' } }]] },
  });
  const history = p.locator('[data-testid="announce-history-item"]', { hasText: `Big news ${label} & more` });
  await history.locator('[data-testid="announce-status"]', { hasText: 'Done' }).waitFor();
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `announce-02-done-${label}`);

  // A message to one user from their page: delivered, then the user has blocked the bot.
  const target = germans[0]!;
  await byTestId(p, 'admin-tab-users').click();
  await byTestId(p, 'admin-user-search').fill(target.email);
  await byTestId(p, 'admin-user-search-submit').click();
  await byTestId(p, 'admin-user-result').click();
  await byTestId(p, 'admin-message-form').waitFor();
  recorder.clearCalls();
  await byTestId(p, 'admin-message-text').fill(`Hello from support ${label}`);
  await byTestId(p, 'admin-message-send').click();
  await waitForText(p, 'admin-message-result', 'Delivered');
  expect(recorder.deliveredMessages().map((c) => [c.payload.chat_id, c.payload.text])).toEqual([
    [target.telegramId, `Hello from support ${label}`],
  ]);
  recorder.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
  await byTestId(p, 'admin-message-text').fill('Are you there?');
  await byTestId(p, 'admin-message-send').click();
  await waitForText(p, 'admin-message-result', 'Not delivered: the user blocked the bot');
  const blocked = await db.query('SELECT telegram_blocked_at FROM users WHERE id = $1', [target.id]);
  expect(blocked.rows[0].telegram_blocked_at).not.toBeNull();
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `announce-03-message-${label}`);

  await byTestId(p, 'admin-tab-audit').click();
  await waitForText(p, 'admin-audit', 'Announcement sent');
  await waitForText(p, 'admin-audit', 'Message sent to a user');
  expect(errors).toEqual([]);
}

describe('announcements through the bot', () => {
  test('at 390 px: compose, preview, send, progress to done, history, message one user', async () => {
    await runAnnouncement(PHONE, '390');
  });

  test('at desktop width: the same end to end', async () => {
    await runAnnouncement(DESKTOP, 'desktop');
  });

  test('a normal user gets 403 from the announcement and message calls', async () => {
    const user = await register({ telegram: true });
    const before = await db.query('SELECT count(*)::int AS n FROM announcements');
    recorder.clearCalls();
    for (const [method, path, body] of [
      ['GET', '/admin/announcements/audience', undefined],
      ['GET', '/admin/announcements', undefined],
      ['POST', '/admin/announcements', { text: 'Free ZP for all', format: 'plain' }],
      ['GET', '/admin/announcements/00000000-0000-4000-8000-000000000000', undefined],
      ['POST', '/admin/announcements/00000000-0000-4000-8000-000000000000/cancel', {}],
      ['POST', `/admin/users/${user.id}/message`, { text: 'Hi' }],
    ] as const) {
      expect([path, (await api(method, path, user.token, body)).status]).toEqual([path, 403]);
    }
    expect((await db.query('SELECT count(*)::int AS n FROM announcements')).rows).toEqual(before.rows);
    expect(recorder.callsTo('sendMessage')).toEqual([]);
  });
});
