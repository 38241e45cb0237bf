import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { adminPaths, adminUserPath } from '@/config/paths';
import adminEn from '@/features/admin/locales/en';
import adminFr from '@/features/admin/locales/fr';
import { ADMIN_SECTIONS } from '@/features/admin/utils/admin-location';
import { DESKTOP, PHONE, screenshot, waitForPath } from './support/browser.js';
import { adminTestServer, type Look, type Viewport } from './support/admin-server.js';
import { byTestId, hasHorizontalOverflow, waitForText } from './support/uploads.js';

/**
 * The console's addresses (issue 29) in Chromium at 390 px and 1280 px, in English and French,
 * against the built server: /admin lands on the dashboard, every section opens from its own
 * address, filters, search and page live in the query string (a refresh keeps them), Back
 * returns to the previous section and page. Entering re-reads the role from the server: a user
 * promoted since sign-in gets in without a bounce, a demoted admin is sent away at once.
 */
const server = adminTestServer('admin_nav');
beforeAll(() => server.start());
afterAll(() => server.stop());

const TEXTS = { en: adminEn, fr: adminFr } as const;
const AUDIT_PAGE_SIZE = 20;

const search = (p: Page) => new URL(p.url()).searchParams;
const waitForSearch = (p: Page, predicate: (params: URLSearchParams) => boolean) =>
  p.waitForURL((url) => predicate(url.searchParams), { waitUntil: 'commit' });
const inSection = async (p: Page, section: string) => {
  await byTestId(p, `admin-section-${section}`).waitFor();
  await p.locator(`[data-testid="admin-tab-${section}"][aria-current="page"]`).waitFor();
};
const isAway = (path: string) => path === '/' || path === '/mining';

async function runWalk(viewport: Viewport, look: Look & { language: keyof typeof TEXTS }, label: string) {
  const texts = TEXTS[look.language];
  const admin = await server.register('ADMIN');
  const target = await server.register();
  // Enough audit entries for three pages.
  await server.db().query(
    `INSERT INTO admin_audit_log (admin_id, action, target_type, target_id, before, after)
       SELECT $1, 'system.lockdown', 'system', 'lockdown', '{"enabled":false}', '{"enabled":true}' FROM generate_series(1, 45)`,
    [admin.id],
  );
  const { page: p, errors } = await server.signIn(viewport, admin, look);

  // /admin opens the dashboard, in the reader's language.
  await p.goto('/admin');
  await waitForPath(p, (path) => path === adminPaths.dashboard);
  await inSection(p, 'dashboard');
  await waitForText(p, 'admin-page', texts.title);
  expect((await byTestId(p, 'admin-tab-users').textContent())?.trim()).toBe(texts.tabs.users);

  // Every section, and a user's page, from its own address.
  for (const section of ADMIN_SECTIONS) {
    await p.goto(adminPaths[section]);
    await inSection(p, section);
    expect(new URL(p.url()).pathname).toBe(adminPaths[section]);
  }
  await p.goto(adminUserPath(target.id));
  await waitForText(p, 'admin-user-page', target.username);
  await inSection(p, 'users');

  // The dashboard's range is in the address and survives a refresh.
  await p.goto(adminPaths.dashboard);
  await byTestId(p, 'dash-range-30').click();
  await waitForSearch(p, (q) => q.get('days') === '30');
  await p.reload();
  await p.locator('[data-testid="dash-range-shown"][data-days="30"]').waitFor();

  // Feedback filters: in the address, kept by a refresh.
  await p.goto(adminPaths.feedback);
  await byTestId(p, 'admin-filter-type').selectOption('bug');
  await byTestId(p, 'admin-filter-status').selectOption('resolved');
  await waitForSearch(p, (q) => q.get('type') === 'bug' && q.get('status') === 'resolved');
  await p.reload();
  await byTestId(p, 'admin-feedback-empty').waitFor();
  expect(await byTestId(p, 'admin-filter-type').inputValue()).toBe('bug');
  expect(await byTestId(p, 'admin-filter-status').inputValue()).toBe('resolved');
  expect(await byTestId(p, 'admin-filter-priority').inputValue()).toBe('');

  // Users: the search is in the address; a result's page, then Back to the same results.
  await p.goto(adminPaths.users);
  await byTestId(p, 'admin-user-search').fill(target.email);
  await byTestId(p, 'admin-user-search-submit').click();
  await waitForSearch(p, (q) => q.get('q') === target.email);
  await p.reload();
  await waitForText(p, 'admin-users', target.username);
  expect(await byTestId(p, 'admin-user-search').inputValue()).toBe(target.email);
  await byTestId(p, 'admin-user-result').click();
  await waitForPath(p, (path) => path === adminUserPath(target.id));
  await waitForText(p, 'admin-user-page', target.username);
  await p.goBack();
  await waitForPath(p, (path) => path === adminPaths.users);
  expect(search(p).get('q')).toBe(target.email);
  await waitForText(p, 'admin-users', target.username);

  // The audit log's page: in the address, kept by a refresh, Back returns to the page before.
  const entries = (await server.db().query('SELECT count(*)::int AS n FROM admin_audit_log')).rows[0].n as number;
  const pages = Math.ceil(entries / AUDIT_PAGE_SIZE);
  const pageText = (page: number) =>
    texts.audit.page.replace('{{page}}', String(page)).replace('{{pages}}', String(pages));
  await byTestId(p, 'admin-tab-audit').click();
  await waitForPath(p, (path) => path === adminPaths.audit);
  await waitForText(p, 'admin-audit-page', pageText(1));
  await byTestId(p, 'admin-audit-older').click();
  await waitForSearch(p, (q) => q.get('page') === '2');
  await waitForText(p, 'admin-audit-page', pageText(2));
  await p.reload();
  await waitForText(p, 'admin-audit-page', pageText(2));
  await p.goBack();
  await waitForSearch(p, (q) => !q.has('page'));
  await waitForText(p, 'admin-audit-page', pageText(1));

  // Back returns to the previous section.
  await byTestId(p, 'admin-tab-tasks').click();
  await inSection(p, 'tasks');
  await byTestId(p, 'admin-tab-system').click();
  await inSection(p, 'system');
  await p.goBack();
  await waitForPath(p, (path) => path === adminPaths.tasks);
  await inSection(p, 'tasks');
  await p.goBack();
  await waitForPath(p, (path) => path === adminPaths.audit);
  await inSection(p, 'audit');

  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-nav-${label}`);
  expect(errors).toEqual([]);
}

const storedRole = (p: Page) =>
  p.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? 'null') as { user?: { role?: string } })?.user?.role);

describe('console addresses', () => {
  test('at 1280 px in English: every section by its address, query string kept by refresh, Back', async () => {
    await runWalk(DESKTOP, { language: 'en', theme: 'light' }, 'desktop-en');
  });

  test('at 390 px in French: the same', async () => {
    await runWalk(PHONE, { language: 'fr', theme: 'dark' }, 'phone-fr');
  });

  test('a user promoted after signing in opens /admin directly, with no bounce', async () => {
    const user = await server.register();
    const { page: p, errors } = await server.signIn(PHONE, user);
    expect(await storedRole(p)).toBe('USER');
    await server.setRole(user.id, 'ADMIN');
    await p.goto('/admin/users');
    await inSection(p, 'users');
    expect(new URL(p.url()).pathname).toBe(adminPaths.users);
    expect(await storedRole(p)).toBe('ADMIN');
    await p.goto('/admin');
    await waitForPath(p, (path) => path === adminPaths.dashboard);
    await inSection(p, 'dashboard');
    expect(errors).toEqual([]);
  });

  test('an admin demoted while inside is sent away on the next answer, and cannot come back', async () => {
    const admin = await server.register('ADMIN');
    const { page: p, errors } = await server.signIn(DESKTOP, admin, { language: 'fr', theme: 'light' });
    await p.goto(adminPaths.feedback);
    await inSection(p, 'feedback');
    await server.setRole(admin.id, 'USER');
    await byTestId(p, 'admin-tab-audit').click();
    await waitForPath(p, isAway);
    await p.locator('[data-testid="admin-page"]').waitFor({ state: 'detached' });
    expect(await storedRole(p)).toBe('USER');

    // Demoted before entering (the stored session still says ADMIN): sent away too.
    await server.setRole(admin.id, 'ADMIN');
    await p.goto('/mining');
    await server.setRole(admin.id, 'USER');
    await p.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('session')!) as { user: { role: string } };
      session.user.role = 'ADMIN';
      localStorage.setItem('session', JSON.stringify(session));
    });
    await p.goto(adminPaths.system);
    await waitForPath(p, isAway);
    expect(await p.locator('[data-testid="admin-page"]').count()).toBe(0);
    expect(await storedRole(p)).toBe('USER');
    expect(errors).toEqual([]);
  });
});
