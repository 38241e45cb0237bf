import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { adminPaths, adminUserPath } from '@/config/paths';
import adminEn from '@/features/admin/locales/en';
import adminFr from '@/features/admin/locales/fr';
import { ADMIN_SECTIONS } from '@/features/admin/utils/admin-location';
import { DESKTOP, PHONE, screenshot, waitForPath } from './support/browser.js';
import { useAdminConsole, type Viewport } from './support/admin-console.js';
import type { Look } from './support/looks.js';
import { byTestId, hasHorizontalOverflow, waitForText } from './support/uploads.js';

/**
 * The console's addresses (issue 29) in Chromium at 390 px and 1280 px, in English and French,
 * against the built server: /admin lands on the dashboard, every section opens from its own
 * address, filters, search and page live in the query string (a refresh keeps them), Back
 * returns to the previous section and page. Entering re-reads the role from the server: a user
 * promoted since sign-in gets in without a bounce, a demoted admin is sent away at once. At
 * 1280 px a side navigation, full-width charts and a sortable users table (aria-sort);
 * at 390 px the phone layout.
 */
const server = useAdminConsole('admin_nav');

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
  await p.locator(`[data-testid="admin-user-result"][data-user-id="${target.id}"]`).click();
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

const box = async (p: Page, testId: string) => {
  const found = await byTestId(p, testId).boundingBox();
  if (!found) throw new Error(`${testId} has no box`);
  return found;
};
const columnTexts = (p: Page, column: number) =>
  p.$$eval(`[data-testid="admin-users-table"] tbody tr td:nth-child(${column})`, (cells) =>
    cells.map((cell) => cell.textContent?.trim() ?? ''),
  );
const ariaSort = (p: Page, table: string, column: string) =>
  byTestId(p, `${table}-col-${column}`).getAttribute('aria-sort');

/** Three users with known balances, found by one search. */
async function seedUsers(admin: { token: string }) {
  const users = [];
  for (const zp of [5000, 30000, 12000]) {
    const user = await server.register();
    const paid = await server.api('POST', `/admin/users/${user.id}/adjustments`, admin.token, {
      currency: 'ZP',
      amount: zp,
      reason: 'layout test',
    });
    expect(paid.status).toBe(200);
    users.push({ ...user, zp });
  }
  return users;
}

async function runDesktopLayout(look: Look) {
  const admin = await server.register('ADMIN');
  const users = await seedUsers(admin);
  const { page: p, errors } = await server.signIn(DESKTOP, admin, look);

  // Side navigation beside the section, which uses the width; each chart takes a full row.
  await p.goto(adminPaths.dashboard);
  await byTestId(p, 'dash-chart-activity').waitFor();
  const nav = await box(p, 'admin-nav');
  const main = await box(p, 'admin-section-dashboard');
  expect(nav.x + nav.width).toBeLessThanOrEqual(main.x);
  expect(nav.height).toBeGreaterThan(nav.width);
  expect(main.width).toBeGreaterThan(800);
  expect((await box(p, 'dash-chart-activity')).width).toBeGreaterThan(main.width * 0.95);
  await screenshot(p, `admin-desktop-dashboard-${look.language}`);

  // Users as a table; sorting by a header is announced, kept in the address and by a refresh.
  await p.goto(`${adminPaths.users}?q=e2e_`);
  await byTestId(p, 'admin-users-table').waitFor();
  expect(await ariaSort(p, 'admin-users-table', 'zp')).toBeNull();
  await byTestId(p, 'admin-users-table-col-zp').locator('button').click();
  await waitForSearch(p, (q) => q.get('sort') === 'zp' && q.get('dir') === 'asc');
  expect(await ariaSort(p, 'admin-users-table', 'zp')).toBe('ascending');
  await byTestId(p, 'admin-users-table-col-zp').locator('button').click();
  await waitForSearch(p, (q) => q.get('dir') === 'desc');
  await p.reload();
  await byTestId(p, 'admin-users-table').waitFor();
  expect(await ariaSort(p, 'admin-users-table', 'zp')).toBe('descending');
  const byBalance = [...users].sort((a, b) => b.zp - a.zp).map((user) => user.username);
  expect((await columnTexts(p, 1)).slice(0, 3)).toEqual(byBalance);
  // Another sortable column takes over (the server sorts: joined, last seen, ZP).
  await byTestId(p, 'admin-users-table-col-joined').locator('button').click();
  await waitForSearch(p, (q) => q.get('sort') === 'joined' && q.get('dir') === 'asc');
  expect(await ariaSort(p, 'admin-users-table', 'joined')).toBe('ascending');
  expect(await ariaSort(p, 'admin-users-table', 'zp')).toBeNull();
  // Oldest sign-up first: the three seeded here come in the order they registered.
  await p.waitForFunction(
    (seeded) => {
      const cells = document.querySelectorAll('[data-testid="admin-users-table"] tbody tr td:first-child');
      const shown = [...cells].map((cell) => cell.textContent?.trim() ?? '').filter((name) => seeded.includes(name));
      return shown.join() === seeded.join();
    },
    users.map((user) => user.username),
  );
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-desktop-users-${look.language}`);

  // The audit log at the console's width: a table (summary lines, linked usernames) sorted by a header.
  await byTestId(p, 'admin-tab-audit').click();
  await byTestId(p, 'admin-audit-table').waitFor();
  expect(await ariaSort(p, 'admin-audit-table', 'when')).toBe('descending');
  await byTestId(p, 'admin-audit-table-col-when').locator('button').click();
  await waitForSearch(p, (q) => q.get('sort') === 'when' && q.get('dir') === 'asc');
  expect(await ariaSort(p, 'admin-audit-table', 'when')).toBe('ascending');
  expect((await box(p, 'admin-section-audit')).width).toBeGreaterThan(DESKTOP.width / 2);
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-desktop-audit-${look.language}`);
  expect(errors).toEqual([]);
}

async function runPhoneLayout(look: Look) {
  const admin = await server.register('ADMIN');
  await seedUsers(admin);
  const { page: p, errors } = await server.signIn(PHONE, admin, look);
  await p.goto(adminPaths.dashboard);
  await byTestId(p, 'dash-chart-activity').waitFor();
  // The sections as a row of chips above the section, everything within 390 px.
  const nav = await box(p, 'admin-nav');
  const main = await box(p, 'admin-section-dashboard');
  expect(nav.y + nav.height).toBeLessThanOrEqual(main.y);
  expect(main.width).toBeLessThanOrEqual(PHONE.width);
  expect(await hasHorizontalOverflow(p)).toBe(false);
  // Cards, not tables.
  await p.goto(`${adminPaths.users}?q=e2e_`);
  await byTestId(p, 'admin-user-result').waitFor();
  expect(await p.locator('[data-testid="admin-users-table"]').count()).toBe(0);
  await byTestId(p, 'admin-tab-audit').click();
  await byTestId(p, 'admin-audit-entry').waitFor();
  expect(await p.locator('[data-testid="admin-audit-table"]').count()).toBe(0);
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-phone-audit-${look.language}`);
  expect(errors).toEqual([]);
}

const storedRole = (p: Page) =>
  p.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? 'null') as { user?: { role?: string } })?.user?.role);

describe('console layout', () => {
  test('at 1280 px in German, dark: side navigation, full-width charts, a sortable users table', async () => {
    await runDesktopLayout({ language: 'de', theme: 'dark' });
  });

  test('at 390 px in English, light: the phone layout (chips above, cards, no tables)', async () => {
    await runPhoneLayout({ language: 'en', theme: 'light' });
  });
});

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
