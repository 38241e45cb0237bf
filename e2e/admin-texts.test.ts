import { describe, expect, test } from 'vitest';
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, waitForPath } from './support/browser.js';
import { useAdminConsole, type Viewport } from './support/admin-console.js';
import type { Look } from './support/looks.js';
import { byTestId, hasHorizontalOverflow, waitForText } from './support/uploads.js';

/**
 * Operator texts in five languages and announcements that reach everyone (issue 29, items 7
 * and 8), in Chromium at 1280 px and 390 px, the console in English and in French, light and
 * dark, against the built server with the bot on the local Bot API recorder:
 * - the operator writes a lockdown message in English and French; a French reader's maintenance
 *   page shows the French one, a German reader's the English one;
 * - the operator writes an announcement in several languages and sees the audience by channel
 *   (Telegram, in-app); a web-only French user gets the in-app notice in French on the next open,
 *   dismisses it, and it does not come back (after a reload, nor in another session); Telegram
 *   users get the bot message in their language.
 */
const consoleApp = useAdminConsole('admin-texts', { withBot: true, env: { ANNOUNCE_POLL_SECONDS: '0.2' } });

const RUNS: { name: string; viewport: Viewport; admin: Look; readers: [Look, Look] }[] = [
  {
    name: 'desktop, console in English (light)',
    viewport: DESKTOP,
    admin: { language: 'en', theme: 'light' },
    readers: [
      { language: 'fr', theme: 'dark' },
      { language: 'de', theme: 'light' },
    ],
  },
  {
    name: 'phone, console in French (dark)',
    viewport: PHONE,
    admin: { language: 'fr', theme: 'dark' },
    readers: [
      { language: 'fr', theme: 'light' },
      { language: 'de', theme: 'dark' },
    ],
  },
];

const slug = (name: string) => name.replace(/\W+/g, '-');

async function expectNoSidewaysScroll(p: Page, where: string) {
  expect(await hasHorizontalOverflow(p), `${where} scrolls sideways`).toBe(false);
}

async function withTelegram(userId: string, language: string): Promise<number> {
  const telegramId = randomInt(10_000_000, 2_000_000_000);
  await consoleApp
    .db()
    .query('UPDATE users SET telegram_id = $1, language = $2, notify_push = true WHERE id = $3', [
      telegramId,
      language,
      userId,
    ]);
  return telegramId;
}

describe.each(RUNS)('operator texts, $name', ({ name, viewport, admin: adminLook, readers }) => {
  test('a lockdown message in English and French: each reader sees theirs, others the English one', async () => {
    const admin = await consoleApp.register('ADMIN');
    const [frLook, deLook] = readers;
    const french = await consoleApp.register();
    const german = await consoleApp.register();
    const frReader = await consoleApp.signIn(viewport, french, frLook);
    const deReader = await consoleApp.signIn(viewport, german, deLook);

    const { page: p, errors } = await consoleApp.signIn(viewport, admin, adminLook);
    await p.goto('/admin/system');
    await byTestId(p, 'admin-system').waitFor();
    const english = `Upgrading the ledger (${slug(name)})`;
    const frenchText = `Mise à jour du registre (${slug(name)})`;
    await byTestId(p, 'admin-lockdown-message').fill(english);
    // The form shows what is saved (the other run's texts); an emptied translation uses English.
    await byTestId(p, 'admin-lockdown-message-fr').fill('');
    await byTestId(p, 'admin-lockdown-message-fr-fallback').waitFor();
    await byTestId(p, 'admin-lockdown-message-fr').fill(frenchText);
    await byTestId(p, 'admin-lockdown-message-fr-fallback').waitFor({ state: 'detached' });
    // The other languages are marked as using the English text.
    await byTestId(p, 'admin-lockdown-message-de-fallback').waitFor();
    await byTestId(p, 'admin-lockdown-switch').check({ force: true });
    await byTestId(p, 'admin-lockdown-save').click();
    await byTestId(p, 'admin-lockdown-saved').waitFor();
    await expectNoSidewaysScroll(p, 'the System section');
    await screenshot(p, `admin-texts-lockdown-form-${slug(name)}`);

    for (const [reader, text] of [
      [frReader.page, frenchText],
      [deReader.page, english],
    ] as const) {
      await reader.reload();
      await waitForPath(reader, (path) => path === '/lockdown');
      await waitForText(reader, 'lockdown-message', text);
      await expectNoSidewaysScroll(reader, 'the maintenance page');
    }
    expect(await byTestId(deReader.page, 'lockdown-message').textContent()).not.toContain('Mise à jour');
    await screenshot(frReader.page, `admin-texts-lockdown-fr-${slug(name)}`);
    await screenshot(deReader.page, `admin-texts-lockdown-de-${slug(name)}`);

    await byTestId(p, 'admin-lockdown-switch').uncheck({ force: true });
    await byTestId(p, 'admin-lockdown-save').click();
    await expect
      .poll(async () => (await consoleApp.api('GET', '/system/status')).body.lockdownMode, { timeout: 30_000 })
      .toBe(false);
    expect(errors).toEqual([]);
    expect(frReader.errors).toEqual([]);
  });

  test('an announcement in several languages reaches Telegram and, in the app, everyone until dismissed', async () => {
    const db = consoleApp.db();
    const recorder = consoleApp.recorder();
    const admin = await consoleApp.register('ADMIN');
    const [frLook] = readers;
    const webOnly = await consoleApp.register();
    const tgFrench = await consoleApp.register();
    const tgGerman = await consoleApp.register();
    const frenchChat = await withTelegram(tgFrench.id, 'fr');
    const germanChat = await withTelegram(tgGerman.id, 'de');
    const reader = await consoleApp.signIn(viewport, webOnly, frLook);

    // The audience by channel, counted here straight from the database.
    const counted = await db.query<{ telegram: number; in_app: number }>(
      `SELECT count(*) FILTER (WHERE telegram_id IS NOT NULL AND notify_push AND telegram_blocked_at IS NULL
                                AND suspended_at IS NULL)::int AS telegram,
              count(*) FILTER (WHERE suspended_at IS NULL)::int AS in_app
       FROM users`,
    );
    const { telegram, in_app: inApp } = counted.rows[0]!;
    expect(telegram).toBeGreaterThanOrEqual(2);

    const { page: p, errors } = await consoleApp.signIn(viewport, admin, adminLook);
    await p.goto('/admin/announcements');
    await byTestId(p, 'announce-form').waitFor();
    const english = `New tasks are out (${slug(name)})`;
    const frenchText = `De nouvelles tâches (${slug(name)})`;
    const spanish = `Nuevas tareas (${slug(name)})`;
    await byTestId(p, 'announce-text').fill(english);
    await byTestId(p, 'announce-text-fr').fill(frenchText);
    await byTestId(p, 'announce-text-es').fill(spanish);
    await byTestId(p, 'announce-text-de-fallback').waitFor();
    await waitForText(p, 'announce-recipients', String(telegram));
    await waitForText(p, 'announce-in-app', String(inApp));
    await waitForText(p, 'announce-in-app', String(inApp - telegram));
    await expectNoSidewaysScroll(p, 'the Announcements section');
    await screenshot(p, `admin-texts-announce-form-${slug(name)}`);
    await byTestId(p, 'announce-send').click();
    await waitForText(p, 'announce-confirm-text', String(inApp));
    await byTestId(p, 'announce-confirm').click();
    await byTestId(p, 'announce-progress-in-app').waitFor();

    // Telegram: each user in their language, English where there is no translation.
    const textTo = async (chatId: number) => {
      const sent = await recorder.waitForCall(
        (c) => c.method === 'sendMessage' && String(c.payload.chat_id) === String(chatId),
      );
      return String(sent.payload.text);
    };
    expect(await textTo(frenchChat)).toBe(frenchText);
    expect(await textTo(germanChat)).toBe(english);

    // In the app: the web-only French reader gets it on the next open, in French.
    await reader.page.reload();
    await waitForText(reader.page, 'in-app-notice', frenchText);
    await expectNoSidewaysScroll(reader.page, 'the mining screen with a notice');
    await screenshot(reader.page, `admin-texts-notice-${slug(name)}`);
    await byTestId(reader.page, 'in-app-notice-dismiss').click();
    await byTestId(reader.page, 'in-app-notice').waitFor({ state: 'detached' });
    // Not back after a reload, nor in another session of the same user (the server keeps it).
    const other = await consoleApp.signIn(viewport, webOnly, frLook);
    for (const page of [reader.page, other.page]) {
      // The notices are asked for after the first paint: the answer leaves the dismissed one
      // out, and the shell draws exactly what it got.
      const asked = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/notices');
      await page.reload();
      const answer = await asked;
      expect(answer.status()).toBe(200);
      const { notices } = (await answer.json()) as { notices: { text: string }[] };
      expect(notices.map((n) => n.text)).not.toContain(frenchText);
      await expect.poll(() => page.locator('[data-testid="in-app-notice"]').count()).toBe(notices.length);
      await expect.poll(() => page.getByText(frenchText).count()).toBe(0);
    }
    const left = await consoleApp.api('GET', '/notices', webOnly.token);
    expect(left.body.notices.map((n: { text: string }) => n.text)).not.toContain(frenchText);
    // A German web-only user would read the English text.
    const german = await consoleApp.api('GET', '/notices', tgGerman.token);
    expect(german.body.notices[0]?.text).toBe(english);
    expect(errors).toEqual([]);
    expect(reader.errors).toEqual([]);
  });
});
