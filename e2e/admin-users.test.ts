import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_USERS_PAGE_SIZE, usersExportFileName } from '@ziver/shared';
import { adminPaths, adminUserPath } from '@/config/paths';
import adminEn from '@/features/admin/locales/en';
import adminFr from '@/features/admin/locales/fr';
import { DESKTOP, PHONE, screenshot, waitForPath } from './support/browser.js';
import { useAdminConsole, type ConsoleUser, type Viewport } from './support/admin-console.js';
import type { Look } from './support/looks.js';
import { byTestId, hasHorizontalOverflow } from './support/uploads.js';

/**
 * Issue 29, item 3, in Chromium against the built server on PostgreSQL, at 1280 px (a table whose
 * headers sort) and 390 px (cards and an order menu), in English and French, light and dark: the
 * newest sign-ups listed without a search; pages; each sort (joined, last seen, ZP, either way)
 * over the whole list; each filter (role, suspended, Telegram linked, referred by); the links to a
 * user's page from feedback, the audit log and referrals; and the CSV export, downloaded and
 * checked row by row against the filter.
 */
const server = useAdminConsole('admin_users');
const TEXTS = { en: adminEn, fr: adminFr } as const;
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? `{{${key}}}`));

/** The seeded users as the tests expect them; 30 of them, found by the search "ul_". */
type Seeded = {
  id: string;
  username: string;
  joined: number;
  lastSeen: number;
  zp: number;
  role: 'USER' | 'TESTER' | 'ADMIN';
  suspended: boolean;
  telegram: boolean;
  referredBy: string | null;
};
const seeded: Seeded[] = [];
const COUNT = 30;
const base = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;
let feedbackId: string;
const named = (n: number) => seeded.find((user) => user.username === `ul_${String(n).padStart(2, '0')}`)!;

beforeAll(async () => {
  const db = server.db();
  for (let n = 1; n <= COUNT; n++) {
    const username = `ul_${String(n).padStart(2, '0')}`;
    // Sign-ups an hour apart; last seen and ZP in other, distinct orders.
    const user: Omit<Seeded, 'id'> = {
      username,
      joined: base + n * HOUR,
      lastSeen: base + 100 * HOUR + ((n * 7) % 31) * HOUR,
      zp: ((n * 11) % 31) * 10,
      role: n === 5 || n === 20 ? 'TESTER' : n === 25 ? 'ADMIN' : 'USER',
      suspended: n === 3 || n === 17,
      telegram: n % 4 === 0,
      referredBy: null,
    };
    const { rows } = await db.query(
      `INSERT INTO users (username, email, referral_code, created_at, last_seen_at, zp_balance, role, suspended_at,
         suspension_reason, telegram_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        username,
        `${username}@example.com`,
        `UL${n}X${Date.now().toString(36)}`,
        new Date(user.joined),
        new Date(user.lastSeen),
        user.zp,
        user.role,
        user.suspended ? new Date(base) : null,
        user.suspended ? 'spam' : null,
        user.telegram ? 8_100_000 + n : null,
      ],
    );
    seeded.push({ ...user, id: rows[0].id as string });
  }
  // ul_01 referred ul_02, ul_04 and ul_06 (an active referral each).
  for (const n of [2, 4, 6]) {
    await db.query('UPDATE users SET referred_by = $1 WHERE id = $2', [named(1).id, named(n).id]);
    await db.query("INSERT INTO referrals (referrer_id, referred_id, source) VALUES ($1, $2, 'signup')", [
      named(1).id,
      named(n).id,
    ]);
    named(n).referredBy = named(1).id;
  }
  // Feedback from ul_07, and an audit entry about ul_09.
  const { rows } = await db.query(
    "INSERT INTO feedback (user_id, type, priority, title, message) VALUES ($1, 'bug', 'low', 'Users list link', 'x') RETURNING id",
    [named(7).id],
  );
  feedbackId = rows[0].id as string;
  const operator = await server.register('ADMIN');
  const paid = await server.api('POST', `/admin/users/${named(9).id}/adjustments`, operator.token, {
    currency: 'ZP',
    amount: 5,
    reason: 'users list link',
  });
  expect(paid.status).toBe(200);
  named(9).zp += 5;
});

type Sort = { sort: 'joined' | 'last_seen' | 'zp'; dir: 'asc' | 'desc' };
/** The server's order: the column, then the id the same way. */
function ordered(users: Seeded[], { sort, dir }: Sort): string[] {
  const key = (user: Seeded) => (sort === 'joined' ? user.joined : sort === 'last_seen' ? user.lastSeen : user.zp);
  const sign = dir === 'asc' ? 1 : -1;
  return [...users]
    .sort((a, b) => sign * (key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    .map((user) => user.id);
}

/** The ids the list shows, in order, once it shows `expected` (the previous page stays up while the next loads). */
async function expectListed(p: Page, expected: string[]) {
  await p
    .waitForFunction(
      (want) =>
        [...document.querySelectorAll('[data-testid="admin-user-result"]')]
          .map((row) => row.getAttribute('data-user-id'))
          .join() === want.join(),
      expected,
    )
    .catch(() => undefined);
  const shown = await p.$$eval('[data-testid="admin-user-result"]', (rows) =>
    rows.map((row) => row.getAttribute('data-user-id')),
  );
  expect(shown.map(nameOf)).toEqual(expected.map(nameOf));
}
const nameOf = (id: string | null) => seeded.find((user) => user.id === id)?.username ?? id;
const waitForSearch = (p: Page, predicate: (params: URLSearchParams) => boolean) =>
  p.waitForURL((url) => predicate(url.searchParams), { waitUntil: 'commit' });

/** Sets the order: the header (1280 px: a new column ascends, the same one flips) or the menu (390 px). */
async function sortBy(p: Page, isWide: boolean, { sort, dir }: Sort) {
  if (isWide) {
    const header = byTestId(p, `admin-users-table-col-${sort}`);
    for (let clicks = 0; clicks < 2 && !(await matches(p, sort, dir)); clicks++) {
      await header.locator('button').click();
      await waitForSearch(p, (q) => q.get('sort') === sort);
    }
    expect(await header.getAttribute('aria-sort')).toBe(dir === 'asc' ? 'ascending' : 'descending');
  } else {
    await byTestId(p, 'admin-user-sort').selectOption(`${sort}_${dir}`);
  }
  await waitForSearch(p, (q) => q.get('sort') === sort && q.get('dir') === dir && !q.has('page'));
}
const matches = async (p: Page, sort: string, dir: string) => {
  const q = new URL(p.url()).searchParams;
  return q.get('sort') === sort && q.get('dir') === dir;
};

/** The filter form filled and applied (every field set, so each check stands alone). */
async function applyFilters(
  p: Page,
  filters: { q?: string; role?: string; suspended?: string; telegram?: string; referredBy?: string },
) {
  await byTestId(p, 'admin-user-search').fill(filters.q ?? '');
  await byTestId(p, 'admin-user-role-filter').selectOption(filters.role ?? '');
  await byTestId(p, 'admin-user-suspended-filter').selectOption(filters.suspended ?? '');
  await byTestId(p, 'admin-user-telegram-filter').selectOption(filters.telegram ?? '');
  await byTestId(p, 'admin-user-referrer-filter').fill(filters.referredBy ?? '');
  await byTestId(p, 'admin-user-search-submit').click();
  await waitForSearch(
    p,
    (q) =>
      (q.get('q') ?? '') === (filters.q ?? '') &&
      (q.get('role') ?? '') === (filters.role ?? '') &&
      (q.get('suspended') ?? '') === (filters.suspended ?? '') &&
      (q.get('telegram') ?? '') === (filters.telegram ?? '') &&
      (q.get('referredBy') ?? '') === (filters.referredBy ?? ''),
  );
}

/** The downloaded CSV's rows as fields (the seeded values hold no comma, quote or line break). */
async function downloadCsv(p: Page) {
  const [download] = await Promise.all([p.waitForEvent('download'), byTestId(p, 'admin-user-export').click()]);
  expect(download.suggestedFilename()).toBe(usersExportFileName(new Date()));
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  return { header: header!, rows };
}

async function run(viewport: Viewport, look: Look) {
  const L = TEXTS[look.language as keyof typeof TEXTS];
  const isWide = viewport.width >= 1024;
  const admin: ConsoleUser = await server.register('ADMIN', look.language);
  const { page: p, errors } = await server.signIn(viewport, admin, look);
  const name = `admin-users-${viewport.width}-${look.language}-${look.theme}`;

  // Without a search: everyone, newest sign-up first (this run's admin).
  await p.goto(adminPaths.users);
  await byTestId(p, 'admin-user-result').waitFor();
  const total = Number((await server.db().query('SELECT count(*) FROM users')).rows[0].count);
  await p.waitForFunction(
    (id) => document.querySelector('[data-testid="admin-user-result"]')?.getAttribute('data-user-id') === id,
    admin.id,
  );
  expect(await byTestId(p, 'admin-user-total').textContent()).toBe(fill(L.users.list.total, { count: total }));
  expect(await p.locator('[data-testid="admin-user-result"]').count()).toBe(Math.min(total, ADMIN_USERS_PAGE_SIZE));
  if (isWide) await byTestId(p, 'admin-users-table').waitFor();
  else expect(await p.locator('[data-testid="admin-users-table"]').count()).toBe(0);

  // The search: 30 users over two pages; the page is in the address (refresh and Back keep it).
  await applyFilters(p, { q: 'ul_' });
  const joinedDesc = ordered(seeded, { sort: 'joined', dir: 'desc' });
  await expectListed(p, joinedDesc.slice(0, ADMIN_USERS_PAGE_SIZE));
  expect(await byTestId(p, 'admin-user-total').textContent()).toBe(fill(L.users.list.total, { count: COUNT }));
  expect(await byTestId(p, 'admin-users-pager-page').textContent()).toBe(fill(L.audit.page, { page: 1, pages: 2 }));
  await byTestId(p, 'admin-users-pager-next').click();
  await waitForSearch(p, (q) => q.get('page') === '2');
  await expectListed(p, joinedDesc.slice(ADMIN_USERS_PAGE_SIZE));
  expect(await byTestId(p, 'admin-users-pager-next').isDisabled()).toBe(true);
  await p.reload();
  await expectListed(p, joinedDesc.slice(ADMIN_USERS_PAGE_SIZE));
  await p.goBack();
  await waitForSearch(p, (q) => !q.has('page') && q.get('q') === 'ul_');
  await expectListed(p, joinedDesc.slice(0, ADMIN_USERS_PAGE_SIZE));

  // Each sort, either way, over the whole list (page 1 shows the first 25 of all 30).
  const sorts: Sort[] = [
    { sort: 'joined', dir: 'asc' },
    { sort: 'last_seen', dir: 'asc' },
    { sort: 'last_seen', dir: 'desc' },
    { sort: 'zp', dir: 'asc' },
    { sort: 'zp', dir: 'desc' },
  ];
  for (const sort of sorts) {
    await sortBy(p, isWide, sort);
    await expectListed(p, ordered(seeded, sort).slice(0, ADMIN_USERS_PAGE_SIZE));
  }
  if (!isWide)
    expect(await byTestId(p, 'admin-user-sort').locator('option:checked').textContent()).toBe(
      L.users.list.sorts.zp_desc,
    );
  await screenshot(p, `${name}-list`);
  expect(await hasHorizontalOverflow(p)).toBe(false);

  // Each filter (the order stays: most ZP first).
  const zpDesc: Sort = { sort: 'zp', dir: 'desc' };
  const expectFiltered = async (filters: Parameters<typeof applyFilters>[1], keep: (user: Seeded) => boolean) => {
    await applyFilters(p, { q: 'ul_', ...filters });
    await expectListed(p, ordered(seeded.filter(keep), zpDesc).slice(0, ADMIN_USERS_PAGE_SIZE));
  };
  await expectFiltered({ role: 'TESTER' }, (u) => u.role === 'TESTER');
  await expectFiltered({ role: 'ADMIN' }, (u) => u.role === 'ADMIN');
  await expectFiltered({ suspended: 'true' }, (u) => u.suspended);
  await expectFiltered({ suspended: 'false' }, (u) => !u.suspended);
  await expectFiltered({ telegram: 'true' }, (u) => u.telegram);
  await expectFiltered({ telegram: 'false' }, (u) => !u.telegram);
  await expectFiltered({ referredBy: 'UL_01' }, (u) => u.referredBy === named(1).id);
  await expectFiltered(
    { telegram: 'true', suspended: 'false', role: 'USER' },
    (u) => u.telegram && !u.suspended && u.role === 'USER',
  );
  await p.reload();
  expect(await byTestId(p, 'admin-user-telegram-filter').inputValue()).toBe('true');
  expect(await byTestId(p, 'admin-user-role-filter').inputValue()).toBe('USER');

  // The CSV: every page under the filter, in the list's order.
  await applyFilters(p, { q: 'ul_', suspended: 'false' });
  const active = seeded.filter((u) => !u.suspended);
  expect(active.length).toBeGreaterThan(ADMIN_USERS_PAGE_SIZE);
  const csv = await downloadCsv(p);
  expect(csv.header.slice(0, 3)).toEqual(['id', 'username', 'email']);
  expect(csv.rows.map((row) => row[0])).toEqual(ordered(active, zpDesc));
  const column = (header: string) => csv.header.indexOf(header);
  for (const row of csv.rows) {
    const user = seeded.find((u) => u.id === row[0])!;
    expect([row[1], row[column('suspended_at')], Number(row[column('zp_balance')])]).toEqual([
      user.username,
      '',
      user.zp,
    ]);
  }
  await applyFilters(p, { q: 'ul_', referredBy: named(1).id });
  const referred = (await downloadCsv(p)).rows;
  expect(referred.map((row) => row[1])).toEqual(
    ['ul_04', 'ul_06', 'ul_02'].sort((a, b) => named(Number(b.slice(3))).zp - named(Number(a.slice(3))).zp),
  );

  // Links: the referrer in the table (1280 px), referrals both ways on a user's page.
  if (isWide) {
    await byTestId(p, 'admin-user-referrer-link').click();
    await waitForPath(p, (path) => path === adminUserPath(named(1).id));
  } else {
    await p.goto(adminUserPath(named(1).id));
  }
  await byTestId(p, 'admin-user-page').waitFor();
  await p.locator('[data-testid="admin-user-referral-link"]', { hasText: 'ul_04' }).click();
  await waitForPath(p, (path) => path === adminUserPath(named(4).id));
  await byTestId(p, 'admin-user-referrer-link').click();
  await waitForPath(p, (path) => path === adminUserPath(named(1).id));
  await byTestId(p, 'admin-user-page').waitFor();

  // From feedback: the author's name.
  await p.goto(adminPaths.feedback);
  await p.locator(`[data-feedback-id="${feedbackId}"] [data-testid="admin-feedback-author-link"]`).click();
  await waitForPath(p, (path) => path === adminUserPath(named(7).id));
  await byTestId(p, 'admin-user-page').waitFor();
  expect(await byTestId(p, 'admin-user-page').locator('text=ul_07').count()).toBeGreaterThan(0);

  // From the audit log: who the entry was about.
  await p.goto(`${adminPaths.audit}?target=${named(9).username}`);
  if (isWide) await byTestId(p, 'admin-audit-table').waitFor();
  await p
    .locator('[data-testid="admin-audit-entry"][data-action="user.adjust"] [data-testid="admin-audit-target-link"]')
    .click();
  await waitForPath(p, (path) => path === adminUserPath(named(9).id));
  await byTestId(p, 'admin-user-page').waitFor();
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `${name}-user`);
  expect(errors).toEqual([]);
}

describe('the users list', () => {
  test('at 1280 px in English, light: table, pages, header sorts, filters, links, CSV', async () => {
    await run(DESKTOP, { language: 'en', theme: 'light' });
  });
  test('at 1280 px in French, dark', async () => {
    await run(DESKTOP, { language: 'fr', theme: 'dark' });
  });
  test('at 390 px in English, dark: cards, the order menu, filters, links, CSV', async () => {
    await run(PHONE, { language: 'en', theme: 'dark' });
  });
  test('at 390 px in French, light', async () => {
    await run(PHONE, { language: 'fr', theme: 'light' });
  });
});
