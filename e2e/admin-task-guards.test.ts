import { describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import en from '../miniapp/src/features/admin/locales/tasks/en.js';
import fr from '../miniapp/src/features/admin/locales/tasks/fr.js';
import { useAdminConsole } from './support/admin-console.js';
import { ARTIFACTS_DIR, DESKTOP, PHONE, screenshot } from './support/browser.js';
import { byTestId, hasHorizontalOverflow, waitForText } from './support/uploads.js';

/**
 * Issue 29, item 9, in Chromium against the built server on PostgreSQL, at 1280 px and 390 px,
 * in English (light) and French (dark): retired tasks stay out of the list until "Show retired
 * tasks" is on; saving a 0 ZP task whose title another active task has (in another case, with
 * spaces) and with only a Spanish translation first shows the three warnings, naming the missing
 * languages; "Keep editing" saves nothing (checked in the database), "Save anyway" saves it.
 */
const { api, register, signIn, db } = useAdminConsole('admin_task_guards');

const TEXTS = { en, fr };
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? `{{${key}}}`);

const warnings = (p: Page) => p.locator('[data-testid="admin-task-warnings"]');
const rowsOf = (p: Page, section: string, title: string) =>
  p.locator(`[data-testid="${section}"] [data-testid="admin-task-row"]`, { hasText: title });
const countTitled = async (title: string) =>
  (await db().query('SELECT count(*)::int AS n FROM tasks WHERE lower(trim(title)) = lower($1)', [title])).rows[0].n;

async function run(viewport: { width: number; height: number }, language: 'en' | 'fr', theme: 'light' | 'dark') {
  const L = TEXTS[language];
  const tag = `${language}-${viewport.width}-${randomBytes(2).toString('hex')}`;
  const title = `Join the guide ${tag}`;
  const retiredTitle = `Spring promo ${tag}`;
  const admin = await register('ADMIN', language);
  expect((await api('PUT', '/settings/appearance/theme', admin.token, { theme })).status).toBe(200);
  const task = (name: string) => ({
    title: name,
    description: 'Read it.',
    kind: 'link',
    link_url: 'https://example.com/guide',
    zp_reward: 5,
  });
  expect((await api('POST', '/tasks', admin.token, task(title))).status).toBe(201);
  const retired = await api('POST', '/tasks', admin.token, task(retiredTitle));
  expect((await api('DELETE', `/tasks/${retired.body.task.id}`, admin.token)).status).toBe(200);

  const { page: p, errors } = await signIn(viewport, admin);
  await p.goto('/admin');
  await byTestId(p, 'admin-tab-tasks').click();
  await rowsOf(p, 'admin-tasks-active', title).waitFor();

  // Retired tasks appear only with the toggle.
  expect(await p.locator('[data-testid="admin-task-row"]', { hasText: retiredTitle }).count()).toBe(0);
  const retiredCount = (await db().query('SELECT count(*)::int AS n FROM tasks WHERE retired_at IS NOT NULL')).rows[0]
    .n;
  await waitForText(p, 'admin-tasks', fill(L.showRetired, { count: String(retiredCount) }));
  await byTestId(p, 'admin-tasks-show-retired').check({ force: true });
  await rowsOf(p, 'admin-tasks-retired', retiredTitle).waitFor();
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-task-guards-01-retired-${tag}`);
  await byTestId(p, 'admin-tasks-show-retired').uncheck({ force: true });
  await rowsOf(p, 'admin-tasks-retired', retiredTitle).waitFor({ state: 'detached' });

  // A 0 ZP task, titled like another active one, translated into Spanish only.
  const twin = `  ${title.toUpperCase()} `;
  await byTestId(p, 'admin-task-new').click();
  await byTestId(p, 'admin-task-kind').selectOption('link');
  await byTestId(p, 'admin-task-link').fill('https://example.com/other');
  await byTestId(p, 'admin-task-title-en').fill(twin);
  await byTestId(p, 'admin-task-description-en').fill('Read the other guide.');
  await byTestId(p, 'admin-task-title-es').fill('Lee la guía');
  await byTestId(p, 'admin-task-description-es').fill('Lee la otra guía.');
  await byTestId(p, 'admin-task-zp_reward').fill('0');
  await byTestId(p, 'admin-task-save').click();
  await waitForText(p, 'admin-task-warning-zeroReward', L.warnings.zeroReward);
  await waitForText(p, 'admin-task-warning-duplicateTitle', fill(L.warnings.duplicateTitle, { title }));
  const missing = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    (['fr', 'de', 'zh'] as const).map((code) => L.form.languages[code]),
  );
  await waitForText(
    p,
    'admin-task-warning-missingTranslations',
    fill(L.warnings.missingTranslations, { languages: missing }),
  );
  expect(await hasHorizontalOverflow(p)).toBe(false);
  // The sheet itself (a full-page shot leaves a fixed sheet at the top of a long form).
  await warnings(p)
    .locator('[role="alertdialog"]')
    .screenshot({ path: path.join(ARTIFACTS_DIR, `admin-task-guards-02-warnings-${tag}.png`) });

  // Keep editing: back to the form, nothing saved.
  await warnings(p).locator('[data-testid="confirm-no"]').click();
  await warnings(p).waitFor({ state: 'detached' });
  await byTestId(p, 'admin-task-editor').waitFor();
  expect(await countTitled(title)).toBe(1);

  // Save anyway: saved as typed, listed with the original.
  await byTestId(p, 'admin-task-save').click();
  await warnings(p).locator('[data-testid="confirm-yes"]').click();
  await byTestId(p, 'admin-tasks').waitFor();
  // Row texts match case-insensitively: the original and the new task.
  await expect.poll(() => rowsOf(p, 'admin-tasks-active', title).count()).toBe(2);
  expect(await countTitled(title)).toBe(2);
  const saved = await db().query('SELECT zp_reward FROM tasks WHERE title <> $1 AND lower(trim(title)) = lower($1)', [
    title,
  ]);
  expect(Number(saved.rows[0].zp_reward)).toBe(0);
  expect(errors).toEqual([]);
}

describe('task editor guards', () => {
  test('1280 px, English, light', async () => {
    await run(DESKTOP, 'en', 'light');
  });

  test('390 px, English, light', async () => {
    await run(PHONE, 'en', 'light');
  });

  test('1280 px, French, dark', async () => {
    await run(DESKTOP, 'fr', 'dark');
  });

  test('390 px, French, dark', async () => {
    await run(PHONE, 'fr', 'dark');
  });
});
