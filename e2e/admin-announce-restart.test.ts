import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { startBuiltServer } from '../scripts/lib/built-server.mjs';
import {
  DESKTOP,
  PAGE_WAIT_MS,
  closeBrowser,
  getBrowser,
  newCredentials,
  screenshot,
  waitForPath,
} from './support/browser.js';
import { byTestId, hasHorizontalOverflow } from './support/uploads.js';

/**
 * An announcement to 1,000 users with the server restarted in the middle (issue 14), in Chromium
 * at desktop width, against the BUILT server on a throwaway PostgreSQL database with the bot
 * pointed at the local Bot API recorder. 1,000 eligible users (Telegram linked, notifications on,
 * five languages) are seeded by SQL next to a few who blocked the bot, opted out, never linked
 * Telegram or are suspended. An admin sees 1,000 recipients, sends to everyone, and once the
 * recorder holds a few hundred messages the server gets SIGTERM (its graceful stop) and a new one
 * starts on the same port with the same environment. The open console keeps polling and shows the
 * announcement done with 1,000 sent; the recorder got exactly one message per eligible chat and
 * none for the others.
 */
const BOT_TOKEN = `123456:${'R'.repeat(35)}`;
const ADMIN_DB_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `e2e_announce_restart_${randomBytes(4).toString('hex')}`;
const databaseUrl = ADMIN_DB_URL.replace(/\/[^/]*$/, `/${dbName}`);

const ELIGIBLE = 1_000;
/** Chat ids of the seeded users: eligible ones are FIRST_CHAT + 1..1000, the others above. */
const FIRST_CHAT = 7_000_000_000;
const LANGUAGES = ['en', 'es', 'fr', 'de', 'zh'] as const;
/** Telegram's ceiling (the config's maximum): 1,000 messages take about 34 s. */
const RATE_PER_SECOND = 30;

let recorder: BotApiRecorder;
let server: Awaited<ReturnType<typeof startBuiltServer>>;
let serverEnv: Record<string, string>;
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
  serverEnv = {
    DATABASE_URL: databaseUrl,
    // The same secret after the restart, so the admin's session in the browser stays valid.
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_ROOT: recorder.url,
    // Webhook mode (the recorder takes setWebhook), so the bot never polls.
    PUBLIC_URL: 'https://ziver.test',
    NOTIFICATIONS: 'off',
    NOTIFY_RATE_PER_SECOND: String(RATE_PER_SECOND),
    ANNOUNCE_RATE_PER_SECOND: String(RATE_PER_SECOND),
    ANNOUNCE_POLL_SECONDS: '0.2',
  };
  server = await startBuiltServer({ label: 'e2e-announce-restart', env: serverEnv });
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

/** 1,000 eligible users in five languages, and 2 each who blocked the bot, opted out, never linked, are suspended. */
async function seedAudience() {
  await db.query(
    `INSERT INTO users (username, referral_code, telegram_id, language, notify_push)
     SELECT 'bulk_' || i, 'BULK' || i, $1::bigint + i, ($2::text[])[1 + i % 5], true
     FROM generate_series(1, $3::int) AS i`,
    [FIRST_CHAT, LANGUAGES, ELIGIBLE],
  );
  const others = [
    ['blocked', 'telegram_blocked_at = now()'],
    ['optedout', 'notify_push = false'],
    ['unlinked', 'telegram_id = NULL'],
    ['suspended', 'suspended_at = now()'],
  ] as const;
  for (const [index, [kind, change]] of others.entries()) {
    const base = FIRST_CHAT + ELIGIBLE + 100 * (index + 1);
    await db.query(
      `INSERT INTO users (username, referral_code, telegram_id, language, notify_push)
       SELECT $1 || i, upper($1) || i, $2::bigint + i, 'en', true FROM generate_series(1, 2) AS i`,
      [`${kind}_`, base],
    );
    await db.query(`UPDATE users SET ${change} WHERE username LIKE '${kind}\\_%'`);
  }
  const excluded = await db.query<{ id: string }>(
    `SELECT telegram_id::text AS id FROM users
     WHERE username ~ '^(blocked|optedout|suspended)_' AND telegram_id IS NOT NULL`,
  );
  expect(excluded.rows).toHaveLength(6);
  return excluded.rows.map((r) => Number(r.id));
}

async function signInAdmin() {
  const credentials = newCredentials();
  const res = await api('POST', '/auth/register', undefined, credentials);
  expect(res.status).toBe(201);
  await db.query(`UPDATE users SET role = 'ADMIN' WHERE id = $1`, [res.body.user.id]);

  const browser = await getBrowser();
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US' });
  contexts.push(context);
  context.setDefaultTimeout(PAGE_WAIT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(credentials.email);
  await form.locator('input[name="password"]').fill(credentials.password);
  await form.locator('button[type="submit"]').click();
  await waitForPath(page, (path) => path === '/mining');
  return { page, errors };
}

/** Polls `check` until it is true (the recorder and the database are outside the page). */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

const count = (p: Page, key: string) =>
  p.locator(`[data-testid="announce-current"] [data-testid="announce-count-${key}"]`).textContent();

describe('an announcement to 1,000 users survives a server restart', () => {
  test(
    'at desktop width: 1,000 recipients, SIGTERM mid-way, a new server on the same port, each user messaged once',
    // A loaded machine took over 150 s (load 16 on 2 cores); idle it takes well under a minute.
    { timeout: 300_000 },
    async () => {
      const excludedChats = await seedAudience();
      const { page: p, errors } = await signInAdmin();
      recorder.clearCalls();

      await p.goto('/admin');
      await byTestId(p, 'admin-tab-announcements').click();
      await byTestId(p, 'announce-form').waitFor();
      await byTestId(p, 'announce-language').selectOption('');
      await byTestId(p, 'announce-text').fill('Restart-proof news for everyone');
      await p
        .locator('[data-testid="announce-recipients"]', { hasText: /^By Telegram: 1[,.\u202f\u00a0]?000$/ })
        .waitFor();
      await byTestId(p, 'announce-send').click();
      await p
        .locator('[data-testid="announce-confirm-text"]', { hasText: /now: 1[,.\u202f\u00a0]?000 by Telegram/ })
        .waitFor();
      await byTestId(p, 'announce-confirm').click();
      await p
        .locator('[data-testid="announce-current"] [data-testid="announce-status"]', { hasText: 'Sending' })
        .waitFor();

      // A few hundred out, the next send is held by Telegram (2.5 s) and the server gets SIGTERM
      // (its graceful stop) while it is in flight; then a new server starts on the same port.
      await until('300 messages before the restart', () => recorder.deliveredMessages().length >= 300, 60_000);
      const slowFrom = recorder.callsTo('sendMessage').length;
      recorder.scriptNext('sendMessage', { delayMs: 2_500 });
      const inFlight = () =>
        recorder
          .callsTo('sendMessage')
          .slice(slowFrom)
          .find((c) => c.delivered === false);
      await until('a send held in flight', () => inFlight() !== undefined, 10_000);
      const slow = inFlight()!;
      const exit = await server.stop();
      const beforeRestart = recorder.callsTo('sendMessage').length;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(beforeRestart).toBeLessThan(ELIGIBLE);
      // The graceful stop waited for the send in flight and recorded it; nothing is left unknown.
      expect(slow.delivered).toBe(true);
      const slowDelivery = await db.query(
        `SELECT d.state AS status FROM outbox_messages d JOIN users u ON u.id = d.user_id
         WHERE d.kind = 'announcement' AND u.telegram_id = $1`,
        [slow.payload.chat_id],
      );
      expect(slowDelivery.rows).toEqual([{ status: 'sent' }]);
      const unknownAtStop = await db.query(
        `SELECT state AS status, count(*)::int AS n FROM outbox_messages
         WHERE kind = 'announcement' AND state IN ('sending', 'unconfirmed') GROUP BY state`,
      );
      expect(unknownAtStop.rows).toEqual([]);
      // Every send that reached Telegram before the stop is recorded as sent, and only those.
      const sentAtStop = await db.query(
        `SELECT count(*)::int AS n FROM outbox_messages WHERE kind = 'announcement' AND state = 'sent'`,
      );
      expect(sentAtStop.rows).toEqual([{ n: recorder.deliveredMessages().length }]);
      server = await startBuiltServer({
        label: 'e2e-announce-restart-2',
        env: { ...serverEnv, PORT: String(server.port) },
      });

      // The open console keeps polling through the restart and shows the announcement done.
      const current = p.locator('[data-testid="announce-current"]');
      await current.locator('[data-testid="announce-status"]', { hasText: 'Done' }).waitFor({ timeout: 240_000 });
      expect(recorder.callsTo('sendMessage').length).toBeGreaterThan(beforeRestart);
      expect(await count(p, 'sent')).toBe('1000');
      expect(await count(p, 'remaining')).toBe('0');
      expect(await count(p, 'failed')).toBe('0');
      expect(await count(p, 'blocked')).toBe('0');
      expect(await current.locator('[data-testid="announce-count-unconfirmed"]').count()).toBe(0);
      const history = p.locator('[data-testid="announce-history-item"]', { hasText: 'Restart-proof news' });
      await history.locator('[data-testid="announce-status"]', { hasText: 'Done' }).waitFor();
      expect(await hasHorizontalOverflow(p)).toBe(false);
      await screenshot(p, 'announce-restart-done-desktop');

      // Each eligible chat got exactly one message (none sent twice, not even undelivered tries),
      // in its own language's button; blocked, opted-out, unlinked and suspended users none.
      const sends = recorder.callsTo('sendMessage');
      const chats = sends.map((c) => Number(c.payload.chat_id));
      expect(new Set(chats).size).toBe(chats.length);
      expect(chats.sort((a, b) => a - b)).toEqual(Array.from({ length: ELIGIBLE }, (_, i) => FIRST_CHAT + i + 1));
      expect(recorder.deliveredMessages()).toHaveLength(ELIGIBLE);
      for (const chat of excludedChats) expect(chats).not.toContain(chat);
      expect(sends.every((c) => c.payload.text === 'Restart-proof news for everyone')).toBe(true);

      const statuses = await db.query(
        `SELECT d.state AS status, count(*)::int AS n FROM outbox_messages d WHERE d.kind = 'announcement' GROUP BY d.state`,
      );
      expect(statuses.rows).toEqual([{ status: 'sent', n: ELIGIBLE }]);
      expect(errors).toEqual([]);
    },
  );
});
