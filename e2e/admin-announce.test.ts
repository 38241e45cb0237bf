import { describe, expect, test } from 'vitest';
import { randomInt } from 'node:crypto';
import { DESKTOP, PHONE, screenshot } from './support/browser.js';
import { openUserFromSearch, useAdminConsole, type Viewport } from './support/admin-console.js';
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
const consoleApp = useAdminConsole('announce', { withBot: true, env: { ANNOUNCE_POLL_SECONDS: '0.2' } });
const { api, signIn } = consoleApp;

/** A new account with a role and language, optionally with Telegram linked (as the bot would link it). */
async function register(options: { role?: 'USER' | 'ADMIN'; language?: string; telegram?: boolean } = {}) {
  const user = await consoleApp.register(options.role ?? 'USER');
  const telegramId = options.telegram ? randomInt(10_000_000, 2_000_000_000) : null;
  await consoleApp
    .db()
    .query('UPDATE users SET language = $1, telegram_id = $2 WHERE id = $3', [
      options.language ?? 'en',
      telegramId,
      user.id,
    ]);
  return { ...user, telegramId };
}

async function runAnnouncement(viewport: Viewport, label: string) {
  const db = consoleApp.db();
  const recorder = consoleApp.recorder();
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
  await openUserFromSearch(p, target);
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
    const db = consoleApp.db();
    const recorder = consoleApp.recorder();
    const user = await register({ telegram: true });
    const before = await db.query('SELECT count(*)::int AS n FROM announcements');
    recorder.clearCalls();
    for (const [method, path, body] of [
      ['GET', '/admin/announcements/audience', undefined],
      ['GET', '/admin/announcements', undefined],
      ['POST', '/admin/announcements', { text: 'Free ZP for all', format: 'plain' }],
      ['GET', '/admin/announcements/00000000-0000-4000-8000-000000000000', undefined],
      ['POST', '/admin/announcements/00000000-0000-4000-8000-000000000000/cancel', {}],
      ['POST', '/admin/announcements/00000000-0000-4000-8000-000000000000/withdraw-notice', {}],
      ['POST', `/admin/users/${user.id}/message`, { text: 'Hi' }],
    ] as const) {
      expect([path, (await api(method, path, user.token, body)).status]).toEqual([path, 403]);
    }
    expect((await db.query('SELECT count(*)::int AS n FROM announcements')).rows).toEqual(before.rows);
    expect(recorder.callsTo('sendMessage')).toEqual([]);
  });

  // Last in the file: Telegram's 429 pauses this server's Telegram lane for ten minutes.
  test('at desktop width, dark: a paused sending says why and until when; stopping and withdrawing are separate, confirmed', async () => {
    const db = consoleApp.db();
    const recorder = consoleApp.recorder();
    await db.query('UPDATE users SET notify_push = false');
    const admin = await register({ role: 'ADMIN' });
    const reader = await register({ language: 'fr' });
    await Promise.all([1, 2].map(() => register({ language: 'fr', telegram: true })));
    recorder.clearCalls();
    recorder.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 600',
      parameters: { retry_after: 600 },
    });
    const started = await api('POST', '/admin/announcements', admin.token, {
      text: 'Maintenance ce soir',
      format: 'plain',
      language: 'fr',
    });
    expect(started.status).toBe(201);
    const id: string = started.body.announcement.id;
    const notices = async () =>
      ((await api('GET', '/notices', reader.token)).body.notices as { id: string }[]).map((n) => n.id);
    expect(await notices()).toContain(id);

    const { page: p, errors } = await signIn(DESKTOP, admin, { language: 'en', theme: 'dark' });
    await p.goto('/admin');
    await byTestId(p, 'admin-tab-announcements').click();
    const item = p.locator(`[data-testid="announce-history-item"]`, { hasText: 'Maintenance ce soir' });
    await item.locator('[data-testid="announce-paused"]', { hasText: 'Telegram asked us to wait' }).waitFor();
    await screenshot(p, 'announce-04-paused-desktop-dark');

    // Stop sending: asked first; "Keep sending" keeps it running.
    const dialog = p.locator('[data-testid="announce-action-confirm"]');
    await item.locator('[data-testid="announce-cancel"]').click();
    await dialog.getByText('The in-app notice stays until you withdraw it').waitFor();
    await dialog.locator('[data-testid="confirm-no"]').click();
    await dialog.waitFor({ state: 'detached' });
    expect((await db.query('SELECT status FROM announcements WHERE id = $1', [id])).rows[0].status).toBe('running');
    await item.locator('[data-testid="announce-cancel"]').click();
    await dialog.locator('[data-testid="confirm-yes"]').click();
    await dialog.waitFor({ state: 'detached' });
    await item.locator('[data-testid="announce-status"]', { hasText: 'Cancelled' }).waitFor();
    await item.locator('[data-testid="announce-paused"]').waitFor({ state: 'detached' });
    expect(await notices()).toContain(id);

    // Withdrawing the notice is its own confirmed action.
    await item.locator('[data-testid="announce-withdraw"]').click();
    await dialog.getByText('Remove this notice from the app').waitFor();
    await screenshot(p, 'announce-05-withdraw-desktop-dark');
    await dialog.locator('[data-testid="confirm-yes"]').click();
    await dialog.waitFor({ state: 'detached' });
    await item.locator('[data-testid="announce-withdrawn"]').waitFor();
    await item.locator('[data-testid="announce-withdraw"]').waitFor({ state: 'detached' });
    expect(await notices()).not.toContain(id);
    expect(recorder.deliveredMessages()).toEqual([]);
    expect(await hasHorizontalOverflow(p)).toBe(false);
    expect(errors).toEqual([]);
  });
});
