import { describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { buildPng } from '../server/src/testing/images.js';
import { openUserFromSearch, useAdminConsole } from './support/admin-console.js';
import { DESKTOP, PHONE, getBrowser, screenshot, waitForPath } from './support/browser.js';
import { byTestId, hasHorizontalOverflow, waitForText } from './support/uploads.js';

/**
 * The operators' console (issue 14) in Chromium at 390 px and at desktop width, against the
 * built server on a throwaway PostgreSQL database (the role is set with SQL, as the CLI does):
 * an admin opens /admin from the profile menu, filters the feedback inbox, sees the attachment,
 * sets a status with a reply the author then sees, rewards once (a double click pays once) and
 * changes lockdown, the mining reward and the daily-login reward (then paid to a new claim), and
 * finds every action in the audit log. A normal user has no menu entry, is sent away from /admin
 * and gets 403 from the API.
 */
const { api, register, signIn, url, db: database, track } = useAdminConsole('admin');

async function sendFeedback(token: string, title: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    title,
    message: 'The claim button is hard to see.',
    type: 'bug',
    priority: 'high',
  }))
    form.append(k, v);
  form.append(
    'attachments',
    new Blob([new Uint8Array(await buildPng({ width: 320, height: 200 }))], { type: 'image/png' }),
    's.png',
  );
  const res = await fetch(`${url()}/api/feedback`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { feedback: { id: string } }).feedback.id;
}

const card = (p: Page, id: string) => p.locator(`[data-feedback-id="${id}"]`);
/**
 * Every user action asks first (e2e/admin-deliberate.test.ts checks the texts and Cancel); the
 * dialog closes once the answer is in and the form is reset.
 */
async function confirm(p: Page) {
  await p.locator('[data-testid="admin-user-confirm"] [data-testid="confirm-yes"]').click();
  await p.locator('[data-testid="admin-user-confirm"]').waitFor({ state: 'detached' });
}

async function runConsole(viewport: { width: number; height: number }, label: string) {
  const admin = await register('ADMIN');
  const author = await register();
  const title = `Contrast ${label} ${randomBytes(2).toString('hex')}`;
  const feedbackId = await sendFeedback(author.token, title);
  const { page: p, errors } = await signIn(viewport, admin);

  // Chunks are named by their hash: the console's is the one that draws its page.
  const chunks: string[] = [];
  p.on('response', async (res) => {
    if (/\/assets\/[^/]+\.js$/.test(res.url()) && (await res.text()).includes('admin-page')) chunks.push(res.url());
  });
  expect(chunks).toEqual([]);
  await byTestId(p, 'profile-menu').click();
  await byTestId(p, 'menu-admin').click();
  await waitForPath(p, (path) => path === '/admin/dashboard');
  await waitForText(p, 'admin-page', 'Admin console');
  expect(chunks.length).toBeGreaterThan(0);
  await byTestId(p, 'admin-tab-feedback').click(); // the dashboard is the first tab

  // Filters: bug / high / new shows it; resolved does not.
  await byTestId(p, 'admin-filter-type').selectOption('bug');
  await byTestId(p, 'admin-filter-priority').selectOption('high');
  await byTestId(p, 'admin-filter-status').selectOption('new');
  await card(p, feedbackId).waitFor();
  await byTestId(p, 'admin-filter-status').selectOption('resolved');
  await card(p, feedbackId).waitFor({ state: 'detached' });
  await byTestId(p, 'admin-filter-status').selectOption('');
  const item = card(p, feedbackId);
  await item.waitFor();
  await p.waitForFunction(
    (id) => (document.querySelector(`[data-feedback-id="${id}"] img`) as HTMLImageElement | null)?.naturalWidth === 320,
    feedbackId,
  );
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-01-inbox-${label}`);

  // Status and reply.
  await item.locator('[data-testid="admin-status-select"]').selectOption('resolved');
  await item.locator('[data-testid="admin-reply"]').fill('Fixed in the next release, thank you!');
  await item.locator('[data-testid="admin-status-save"]').click();
  await card(p, feedbackId).locator('[data-testid="admin-feedback-status"]', { hasText: 'Resolved' }).waitFor();
  const history = await api('GET', '/feedback/user', author.token);
  expect(history.body.feedback[0]).toMatchObject({
    id: feedbackId,
    status: 'resolved',
    admin_reply: 'Fixed in the next release, thank you!',
  });

  // Reward, confirmed with a double click: paid once.
  const rewardCard = card(p, feedbackId);
  await rewardCard.locator('[data-testid="admin-reward-zp"]').fill('25');
  await rewardCard.locator('[data-testid="admin-reward-seb"]').fill('1.5');
  await rewardCard.locator('[data-testid="admin-reward-send"]').click();
  await waitForText(p, 'admin-reward-confirm', `Give ${author.username} +25 ZP · +1.5 SEB for “${title}”?`);
  await p.locator('[data-testid="admin-reward-confirm"] [data-testid="confirm-yes"]').dblclick();
  await card(p, feedbackId)
    .locator('[data-testid="admin-rewarded"]', { hasText: 'Rewarded: 25 ZP · 1.5 SEB' })
    .waitFor();
  const paid = await database().query(
    "SELECT currency, amount::float AS amount FROM transactions WHERE user_id = $1 AND type = 'feedback_reward' ORDER BY currency",
    [author.id],
  );
  expect(paid.rows).toEqual([
    { currency: 'SEB', amount: 1.5 },
    { currency: 'ZP', amount: 25 },
  ]);
  await screenshot(p, `admin-02-rewarded-${label}`);

  // System: lockdown with a message, mining reward, daily-login reward.
  await byTestId(p, 'admin-tab-system').click();
  await byTestId(p, 'admin-system').waitFor();
  await byTestId(p, 'admin-lockdown-switch').check({ force: true });
  await byTestId(p, 'admin-lockdown-message').fill(`Upgrading ${label}`);
  await byTestId(p, 'admin-lockdown-save').click();
  await byTestId(p, 'admin-lockdown-saved').waitFor();
  expect((await api('GET', '/system/status')).body).toMatchObject({
    lockdownMode: true,
    message: `Upgrading ${label}`,
  });
  await byTestId(p, 'admin-lockdown-switch').uncheck({ force: true });
  await byTestId(p, 'admin-lockdown-save').click();
  await p.waitForFunction(async () => {
    const res = await fetch('/api/system/status');
    return ((await res.json()) as { lockdownMode: boolean }).lockdownMode === false;
  });
  await byTestId(p, 'admin-mining-reward').fill('7.5');
  await byTestId(p, 'admin-mining-save').click();
  await byTestId(p, 'admin-mining-saved').waitFor();
  expect((await api('GET', '/mining/config', admin.token)).body.settings.MINING_REWARD).toBe(7.5);
  await byTestId(p, 'admin-daily-zp').fill('9');
  await byTestId(p, 'admin-daily-seb').fill('0.5');
  await byTestId(p, 'admin-daily-save').click();
  await byTestId(p, 'admin-daily-saved').waitFor();
  const claimer = await register();
  expect((await api('POST', '/user/activity', claimer.token, { activityType: 'DAILY_LOGIN' })).status).toBe(200);
  const daily = await database().query(
    "SELECT currency, amount::float AS amount FROM transactions WHERE user_id = $1 AND type = 'daily_login' ORDER BY currency",
    [claimer.id],
  );
  expect(daily.rows).toEqual([
    { currency: 'SEB', amount: 0.5 },
    { currency: 'ZP', amount: 9 },
  ]);
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-03-system-${label}`);

  // The audit log lists both actions.
  await byTestId(p, 'admin-tab-audit').click();
  await waitForText(p, 'admin-audit', 'Feedback rewarded');
  await waitForText(p, 'admin-audit', 'Feedback status changed');
  await waitForText(p, 'admin-audit', 'Lockdown switched');
  await waitForText(p, 'admin-audit', 'Daily login reward changed');
  await waitForText(p, 'admin-audit', admin.username);
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-04-audit-${label}`);
  expect(errors).toEqual([]);
}

async function runUsers(viewport: { width: number; height: number }, label: string) {
  const admin = await register('ADMIN');
  const target = await register();
  const { page: p, errors } = await signIn(viewport, admin);
  await p.goto('/admin');
  await byTestId(p, 'admin-tab-users').click();
  await openUserFromSearch(p, target);
  await waitForText(p, 'admin-user-balances', '0 ZP');
  await waitForText(p, 'admin-user-state', 'Active');

  // Adjustments: a credit with a reason; a debit below zero is refused.
  await byTestId(p, 'admin-adjust-amount').fill('15');
  await byTestId(p, 'admin-adjust-reason').fill(`Goodwill ${label}`);
  await byTestId(p, 'admin-adjust-submit').click();
  await confirm(p);
  await waitForText(p, 'admin-user-balances', '15 ZP');
  await waitForText(p, 'admin-user-ledger', `Admin adjustment · Reason: Goodwill ${label}`);
  await byTestId(p, 'admin-adjust-amount').fill('-20');
  await byTestId(p, 'admin-adjust-reason').fill('Too much');
  await byTestId(p, 'admin-adjust-submit').click();
  await confirm(p);
  await waitForText(p, 'admin-user-action-error', 'This adjustment would make the balance negative');
  await waitForText(p, 'admin-user-balances', '15 ZP');

  // Role, then suspension: the session ends and sign-in is refused with a clear message.
  await byTestId(p, 'admin-user-role').selectOption('TESTER');
  await byTestId(p, 'admin-user-role-save').click();
  await confirm(p);
  await waitForText(p, 'admin-user-action-ok', 'Role changed');
  await byTestId(p, 'admin-user-suspend').click();
  await byTestId(p, 'admin-suspend-reason').fill(`Abuse ${label}`);
  await confirm(p);
  await waitForText(p, 'admin-user-state', 'Suspended since');
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-05-user-${label}`);
  expect((await api('GET', '/auth/me', target.token)).status).toBe(401);
  const refused = await api('POST', '/auth/login', undefined, { email: target.email, password: target.password });
  expect([refused.status, refused.body.message]).toEqual([
    403,
    'Your account has been suspended. Please contact support.',
  ]);

  const browser = await getBrowser();
  const context = await browser.newContext({ baseURL: url(), viewport, locale: 'en-US' });
  track(context);
  const other = await context.newPage();
  await other.goto('/login');
  const form = other.locator('form').filter({ has: other.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(target.email);
  await form.locator('input[name="password"]').fill(target.password);
  await form.locator('button[type="submit"]').click();
  await waitForText(other, 'auth-error', 'Your account has been suspended. Please contact support.');

  await byTestId(p, 'admin-user-suspend').click();
  await confirm(p);
  await waitForText(p, 'admin-user-state', 'Active');
  expect((await api('POST', '/auth/login', undefined, { email: target.email, password: target.password })).status).toBe(
    200,
  );

  await byTestId(p, 'admin-tab-audit').click();
  await waitForText(p, 'admin-audit', 'Balance adjusted');
  await waitForText(p, 'admin-audit', 'User suspended');
  await waitForText(p, 'admin-audit', 'User reactivated');
  await waitForText(p, 'admin-audit', 'Role changed');
  expect(errors).toEqual([]);
}

describe('operators console', () => {
  test('users at 390 px: search, page, adjustment, refused debit, role, suspend and reactivate', async () => {
    await runUsers(PHONE, '390');
  });

  test('users at desktop width: the same end to end', async () => {
    await runUsers(DESKTOP, 'desktop');
  });

  test('at 390 px: inbox, filters, attachment, status and reply, one reward, system settings, audit log', async () => {
    await runConsole(PHONE, '390');
  });

  test('at desktop width: the same end to end', async () => {
    await runConsole(DESKTOP, 'desktop');
  });

  test('a normal user has no entry, is sent away from /admin, and the API answers 403', async () => {
    const user = await register();
    const { page: p } = await signIn(PHONE, user);
    await byTestId(p, 'profile-menu').click();
    await byTestId(p, 'menu-settings').waitFor();
    expect(await p.locator('[data-testid="menu-admin"]').count()).toBe(0);
    await p.goto('/admin');
    await waitForPath(p, (path) => path === '/' || path === '/mining');
    expect(await p.locator('[data-testid="admin-page"]').count()).toBe(0);
    for (const [method, path, body] of [
      ['GET', '/admin/feedback', undefined],
      ['GET', '/admin/audit-log', undefined],
      ['PUT', '/admin/feedback/00000000-0000-4000-8000-000000000000', { status: 'resolved' }],
      ['POST', '/admin/feedback/00000000-0000-4000-8000-000000000000/reward', { zp: 1 }],
      ['GET', '/admin/system', undefined],
      ['PUT', '/admin/system/daily-login', { zp: 1, seb: 1 }],
      ['PUT', '/system/lockdown', { enabled: true }],
      ['PUT', '/mining/settings', { MINING_REWARD: 1 }],
      ['GET', '/admin/users?q=e2e', undefined],
      ['GET', `/admin/users/${user.id}`, undefined],
      ['PUT', `/admin/users/${user.id}/role`, { role: 'ADMIN' }],
      ['POST', `/admin/users/${user.id}/suspend`, { reason: 'x' }],
      ['POST', `/admin/users/${user.id}/reactivate`, {}],
      ['POST', `/admin/users/${user.id}/adjustments`, { currency: 'ZP', amount: 100, reason: 'x' }],
    ] as const) {
      expect([path, (await api(method, path, user.token, body)).status]).toEqual([path, 403]);
    }
  });
});
