import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import adminDe from '../miniapp/src/features/admin/locales/de.js';
import adminEn from '../miniapp/src/features/admin/locales/en.js';
import settingsDe from '../miniapp/src/features/settings/locales/de.js';
import settingsEn from '../miniapp/src/features/settings/locales/en.js';
import { openUserFromSearch, useAdminConsole } from './support/admin-console.js';
import { DESKTOP, PHONE, screenshot } from './support/browser.js';
import { byTestId, hasHorizontalOverflow, waitForText } from './support/uploads.js';

/**
 * Issue 29, items 4 and 5, in Chromium against the built server on PostgreSQL, at 1280 px in
 * English and at 390 px in German. Deliberate actions: a reward, an adjustment, a role change, a
 * suspension and a reactivation each open a dialog saying exactly what will happen; Cancel
 * changes nothing (checked in the database); a suspension cannot be confirmed without a reason,
 * which the user's page then shows. The audit log: a summary line per entry with the actor's and
 * the target's usernames (a link to the user's page), filters by actor, action, target and date
 * that narrow it, and the raw detail behind a disclosure.
 */
const { api, register, signIn, db } = useAdminConsole('admin_deliberate');

const TEXTS = {
  en: { admin: adminEn, roles: settingsEn.account.info.roles },
  de: { admin: adminDe, roles: settingsDe.account.info.roles },
};
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? `{{${key}}}`);

const dialog = (p: Page, id: string) => p.locator(`[data-testid="${id}"]`);
async function answer(p: Page, id: string, button: 'confirm-yes' | 'confirm-no') {
  await dialog(p, id).locator(`[data-testid="${button}"]`).click();
  await dialog(p, id).waitFor({ state: 'detached' });
}
const one = async (sql: string, params: unknown[]) => (await db().query(sql, params)).rows[0] as Record<string, any>;

async function run(viewport: { width: number; height: number }, language: 'en' | 'de') {
  const { admin: L, roles } = TEXTS[language];
  const admin = await register('ADMIN', language);
  const target = await register();
  const title = `Contrast ${language}`;
  const { id: feedbackId } = await one(
    "INSERT INTO feedback (user_id, type, priority, title, message) VALUES ($1, 'bug', 'high', $2, 'Hard to see') RETURNING id",
    [target.id, title],
  );
  const { page: p, errors } = await signIn(viewport, admin);
  await p.goto('/admin');
  await waitForText(p, 'admin-page', L.title);

  // A reward: the dialog names the author and the amount; Cancel pays nothing.
  await byTestId(p, 'admin-tab-feedback').click();
  const card = p.locator(`[data-feedback-id="${feedbackId}"]`);
  await card.locator('[data-testid="admin-reward-zp"]').fill('25');
  await card.locator('[data-testid="admin-reward-send"]').click();
  await waitForText(
    p,
    'admin-reward-confirm',
    fill(L.confirm.reward, { username: target.username, amounts: '+25 ZP', title }),
  );
  await answer(p, 'admin-reward-confirm', 'confirm-no');
  expect((await one('SELECT count(*)::int AS n FROM transactions WHERE user_id = $1', [target.id])).n).toBe(0);
  await card.locator('[data-testid="admin-reward-send"]').click();
  await answer(p, 'admin-reward-confirm', 'confirm-yes');
  await card.locator('[data-testid="admin-rewarded"]').waitFor();

  // The user's page.
  await byTestId(p, 'admin-tab-users').click();
  await openUserFromSearch(p, target);
  await waitForText(p, 'admin-user-balances', '25 ZP');

  // An adjustment: "Give bob +500 ZP: “Welcome”?"; Cancel posts nothing.
  await byTestId(p, 'admin-adjust-amount').fill('500');
  await byTestId(p, 'admin-adjust-reason').fill('Welcome');
  await byTestId(p, 'admin-adjust-submit').click();
  const credit = fill(L.confirm.credit, {
    username: target.username,
    amount: '+500',
    currency: 'ZP',
    reason: 'Welcome',
  });
  await waitForText(p, 'admin-user-confirm', credit);
  await waitForText(p, 'admin-user-confirm', fill(L.confirm.balanceAfter, { currency: 'ZP', balance: '525' }));
  await screenshot(p, `admin-deliberate-01-adjust-${language}`);
  await answer(p, 'admin-user-confirm', 'confirm-no');
  expect((await one('SELECT zp_balance::float AS zp FROM users WHERE id = $1', [target.id])).zp).toBe(25);
  await byTestId(p, 'admin-adjust-submit').click();
  await answer(p, 'admin-user-confirm', 'confirm-yes');
  await waitForText(p, 'admin-user-balances', '525 ZP');

  // A role change: "Change bob's role from user to tester?"; Cancel keeps the role.
  await byTestId(p, 'admin-user-role').selectOption('TESTER');
  await byTestId(p, 'admin-user-role-save').click();
  const roleText = fill(L.confirm.role, { username: target.username, from: roles.USER, to: roles.TESTER });
  await waitForText(p, 'admin-user-confirm', roleText);
  await answer(p, 'admin-user-confirm', 'confirm-no');
  expect((await one('SELECT role FROM users WHERE id = $1', [target.id])).role).toBe('USER');
  await byTestId(p, 'admin-user-role-save').click();
  await answer(p, 'admin-user-confirm', 'confirm-yes');
  expect((await one('SELECT role FROM users WHERE id = $1', [target.id])).role).toBe('TESTER');

  // A suspension: no reason, no confirming; Cancel keeps the account active; the reason is shown.
  await byTestId(p, 'admin-user-suspend').click();
  await waitForText(p, 'admin-user-confirm', fill(L.confirm.suspend, { username: target.username }));
  const yes = dialog(p, 'admin-user-confirm').locator('[data-testid="confirm-yes"]');
  expect(await yes.isDisabled()).toBe(true);
  await byTestId(p, 'admin-suspend-reason').fill('   ');
  expect(await yes.isDisabled()).toBe(true);
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-deliberate-02-suspend-${language}`);
  await answer(p, 'admin-user-confirm', 'confirm-no');
  expect(await one('SELECT suspended_at, suspension_reason FROM users WHERE id = $1', [target.id])).toEqual({
    suspended_at: null,
    suspension_reason: null,
  });
  expect((await api('GET', '/auth/me', target.token)).status).toBe(200);
  const reason = `Spam links in chat (${language})`;
  await byTestId(p, 'admin-user-suspend').click();
  await byTestId(p, 'admin-suspend-reason').fill(`  ${reason} `);
  await answer(p, 'admin-user-confirm', 'confirm-yes');
  await waitForText(p, 'admin-user-suspension-reason', fill(L.users.suspensionReason, { reason }));
  expect((await one('SELECT suspension_reason FROM users WHERE id = $1', [target.id])).suspension_reason).toBe(reason);
  expect((await api('GET', '/auth/me', target.token)).status).toBe(401);

  // Reactivation: one confirmed step; Cancel keeps the suspension.
  await byTestId(p, 'admin-user-suspend').click();
  await waitForText(p, 'admin-user-confirm', fill(L.confirm.reactivate, { username: target.username }));
  await answer(p, 'admin-user-confirm', 'confirm-no');
  expect((await one('SELECT suspended_at FROM users WHERE id = $1', [target.id])).suspended_at).not.toBeNull();
  await byTestId(p, 'admin-user-suspend').click();
  await answer(p, 'admin-user-confirm', 'confirm-yes');
  await p.locator('[data-testid="admin-user-suspension-reason"]').waitFor({ state: 'detached' });
  expect((await one('SELECT suspended_at FROM users WHERE id = $1', [target.id])).suspended_at).toBeNull();
  expect(await hasHorizontalOverflow(p)).toBe(false);

  // The audit log, narrowed to this admin: one summary line per change, usernames linked.
  await byTestId(p, 'admin-tab-audit').click();
  await byTestId(p, 'admin-audit-actor').fill(admin.username);
  await byTestId(p, 'admin-audit-apply').click();
  const entries = p.locator('[data-testid="admin-audit-entry"]');
  const countIs = (n: number) =>
    p.waitForFunction((want) => document.querySelectorAll('[data-testid="admin-audit-entry"]').length === want, n);
  await countIs(5);
  const entry = (action: string) => p.locator(`[data-testid="admin-audit-entry"][data-action="${action}"]`);
  const summaries = {
    'feedback.reward': '+25 ZP',
    'user.adjust': fill(L.audit.summary.adjust, { amount: '+500 ZP', reason: 'Welcome' }),
    'user.role': fill(L.audit.summary.role, { from: 'USER', to: 'TESTER' }),
    'user.suspend': fill(L.audit.summary.suspend, { reason }),
  };
  for (const [action, summary] of Object.entries(summaries)) {
    expect([action, await entry(action).locator('[data-testid="admin-audit-summary"]').textContent()]).toEqual([
      action,
      summary,
    ]);
    expect(await entry(action).locator('[data-testid="admin-audit-actor-link"]').textContent()).toBe(admin.username);
    expect(await entry(action).locator('[data-testid="admin-audit-target-link"]').textContent()).toBe(target.username);
  }
  expect(await entries.count()).toBe(5);
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-deliberate-03-audit-${language}`);

  // The raw detail is one click away.
  const raw = entry('user.suspend').locator('[data-testid="admin-audit-after"]');
  expect(await raw.isVisible()).toBe(false);
  await entry('user.suspend').locator('[data-testid="admin-audit-raw"] summary').click();
  await raw.waitFor({ state: 'visible' });
  expect(JSON.parse((await raw.textContent()) ?? '')).toMatchObject({ suspended: true, reason });

  // Filters narrow it: by action, by target, by date.
  await byTestId(p, 'admin-audit-action').selectOption('user.suspend');
  await byTestId(p, 'admin-audit-apply').click();
  await countIs(1);
  await byTestId(p, 'admin-audit-action').selectOption('');
  await byTestId(p, 'admin-audit-target').fill(target.username);
  await byTestId(p, 'admin-audit-apply').click();
  await countIs(5);
  await byTestId(p, 'admin-audit-actor').fill('');
  await byTestId(p, 'admin-audit-target').fill(admin.username);
  await byTestId(p, 'admin-audit-apply').click();
  await byTestId(p, 'admin-audit-empty').waitFor();
  await byTestId(p, 'admin-audit-target').fill(target.username);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await byTestId(p, 'admin-audit-from').fill(tomorrow);
  await byTestId(p, 'admin-audit-apply').click();
  await byTestId(p, 'admin-audit-empty').waitFor();
  await byTestId(p, 'admin-audit-from').fill(new Date().toISOString().slice(0, 10));
  await byTestId(p, 'admin-audit-apply').click();
  await countIs(5);

  // A username opens that user's page; closing it comes back to the filtered log.
  await entry('user.role').locator('[data-testid="admin-audit-target-link"]').click();
  await waitForText(p, 'admin-user-page', target.email);
  await p.locator('[data-testid="admin-user-page"] button', { hasText: L.users.close }).click();
  await countIs(5);
  expect(errors).toEqual([]);
}

describe('operators console: deliberate actions and a readable audit log', () => {
  test('desktop width, English', async () => {
    await run(DESKTOP, 'en');
  });

  test('390 px, German', async () => {
    await run(PHONE, 'de');
  });
});
