import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { adminPaths } from '@/config/paths';
import { DESKTOP, screenshot } from './support/browser.js';
import { useAdminConsole, type ConsoleUser } from './support/admin-console.js';
import type { Look } from './support/looks.js';
import { byTestId, hasHorizontalOverflow } from './support/uploads.js';

/**
 * Issue 38, item 11, in Chromium against the built server on PostgreSQL: the console's tables at
 * 1280 px use the width. No cell breaks a word across lines (English "admin", German "Nutzer"),
 * the users list's filters are one compact row, the feedback inbox spans the content area; at
 * 360 px the same sections still fit without sideways scrolling.
 */
const site = useAdminConsole('admin_tables');
const { api, register, setRole, signIn } = site;
const PHONE_360 = { width: 360, height: 780 } as const;
let admin: ConsoleUser;
/** One word longer than any column: the only one that may break (inside the contact column). */
const LONG_EMAIL = 'a.very.long.mailbox.name.for.the.contact.column.of.the.console@example-long-domain.test';

beforeAll(async () => {
  admin = await register('ADMIN');
  // Every role and status in the table, a long contact, and audit entries of several kinds.
  const tester = await register();
  await setRole(tester.id, 'TESTER');
  const suspended = await register();
  expect((await api('POST', `/admin/users/${suspended.id}/suspend`, admin.token, { reason: 'spam' })).status).toBe(200);
  await register('ADMIN');
  await site.db().query('UPDATE users SET email = $1 WHERE id = $2', [LONG_EMAIL, tester.id]);
  expect((await api('PUT', '/admin/system/daily-login', admin.token, { zp: 1, seb: 0 })).status).toBe(200);
  await site
    .db()
    .query(
      "INSERT INTO feedback (user_id, type, priority, title, message) VALUES ($1, 'bug', 'high', 'Wide inbox', 'The inbox should use the width')",
      [tester.id],
    );
});

/**
 * Words of the table cells under `selector` that the browser laid out over more than one line:
 * each word's Range has client rects on different lines when it was broken inside.
 */
function brokenWords(p: Page, selector: string) {
  return p.evaluate((cellSelector) => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll(cellSelector)) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // What is not shown (a closed disclosure's raw detail) is not laid out.
        if (!node.parentElement?.checkVisibility()) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, selector);
}

const box = async (p: Page, selector: string) => {
  const rect = await p.locator(selector).first().boundingBox();
  if (!rect) throw new Error(`${selector} is not shown`);
  return rect;
};

async function runDesktop(look: Look) {
  const { page: p, errors } = await signIn(DESKTOP, admin, look);

  await p.goto(adminPaths.users);
  await byTestId(p, 'admin-users-table').waitFor();
  await expect.poll(() => p.locator('[data-testid="admin-user-row"]').count()).toBeGreaterThanOrEqual(4);
  await screenshot(p, `admin-tables-users-${look.language}-1280`);
  // Short cells (names, roles, statuses, dates, amounts) stay whole; so does every header.
  expect(await brokenWords(p, '.zv-admin-table th, .zv-admin-table td')).toEqual([LONG_EMAIL]);
  const main = await box(p, '.zv-admin-main');
  // The filters are one row of fields with their buttons: no taller than two field rows.
  const filters = await box(p, '[data-testid="admin-user-filters"]');
  expect(filters.height).toBeLessThan(150);
  // The table spans the content area.
  expect((await box(p, '[data-testid="admin-users-table"]')).width).toBeGreaterThanOrEqual(main.width * 0.9);
  expect(await hasHorizontalOverflow(p)).toBe(false);

  await p.goto(adminPaths.audit);
  await byTestId(p, 'admin-audit-table').waitFor();
  await expect.poll(() => p.locator('[data-testid="admin-audit-entry"]').count()).toBeGreaterThanOrEqual(2);
  await screenshot(p, `admin-tables-audit-${look.language}-1280`);
  // The summary and raw detail may wrap between words, never inside one.
  expect(await brokenWords(p, '.zv-admin-table th, .zv-admin-table td')).toEqual([]);
  expect(await hasHorizontalOverflow(p)).toBe(false);

  await p.goto(adminPaths.feedback);
  await p.locator('[data-testid="admin-feedback"] li').first().waitFor();
  await screenshot(p, `admin-tables-feedback-${look.language}-1280`);
  const inbox = await box(p, '[data-testid="admin-feedback"] .zv-admin-list');
  const card = await box(p, '[data-testid="admin-feedback"] .zv-admin-list > li');
  expect(inbox.width).toBeGreaterThanOrEqual(main.width * 0.9);
  expect(card.width).toBeGreaterThanOrEqual(main.width * 0.9);
  expect((await box(p, '[data-testid="admin-feedback"] .zv-admin-filters')).height).toBeLessThan(150);
  expect(errors).toEqual([]);
}

describe('console tables', () => {
  test('at 1280 px, English: whole words, compact filters, a full-width inbox', async () => {
    await runDesktop({ language: 'en', theme: 'light' });
  });

  test('at 1280 px, German: the same with the longer words', async () => {
    await runDesktop({ language: 'de', theme: 'dark' });
  });

  test('at 360 px, German: users, audit and feedback still fit the phone', async () => {
    const { page: p, errors } = await signIn(PHONE_360, admin, { language: 'de', theme: 'light' });
    for (const [path, ready] of [
      [adminPaths.users, '[data-testid="admin-user-filters"]'],
      [adminPaths.audit, '[data-testid="admin-audit-entry"]'],
      [adminPaths.feedback, '[data-testid="admin-feedback"] li'],
    ] as const) {
      await p.goto(path);
      await p.locator(ready).first().waitFor();
      expect(await hasHorizontalOverflow(p)).toBe(false);
    }
    await screenshot(p, 'admin-tables-feedback-de-360');
    expect(errors).toEqual([]);
  });
});
