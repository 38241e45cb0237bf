import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, closeBrowser, screenshot } from './support/browser.js';
import { expectApi, registerUser, type ApiSession } from './support/data.js';
import { unexpectedErrors } from './support/identity.js';
import { lookName, openInLook, waitForLook, type Look } from './support/looks.js';
import { seriousAxeViolations } from './support/a11y.js';
import { sidewaysOverflow } from './support/page-checks.js';

const NARROW = { width: 360, height: 740 } as const;

/** Two languages, light and dark, each at 360 px and at 1280 px (and German at 360 px). */
const CASES: readonly { look: Look; viewport: { width: number; height: number } }[] = [
  { look: { language: 'en', theme: 'light' }, viewport: NARROW },
  { look: { language: 'en', theme: 'dark' }, viewport: DESKTOP },
  { look: { language: 'fr', theme: 'dark' }, viewport: NARROW },
  { look: { language: 'fr', theme: 'light' }, viewport: DESKTOP },
  // German's long words at the narrowest width.
  { look: { language: 'de', theme: 'light' }, viewport: NARROW },
];
const TITLES = { en: 'Leaderboard', fr: 'Classement', de: 'Bestenliste' } as Record<string, string>;

let me: ApiSession;
let friend: ApiSession;

beforeAll(async () => {
  // Me and the friend who joined with my code: this week I have 1 referral and 5 ZP, the friend
  // 105 ZP (the 100 ZP sign-up bonus and the daily login's 5).
  me = await registerUser();
  friend = await registerUser({ referralCode: me.user.referral_code });
  for (const session of [me, friend]) {
    await expectApi(200, '/user/activity', { token: session.token, body: { activityType: 'DAILY_LOGIN' } });
  }
});
afterAll(() => closeBrowser());

/** The usernames of the list, in order, once it shows `count` entries. */
async function listed(page: Page, count: number): Promise<string[]> {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="board-entry"]').length === n &&
      document.querySelector('[data-testid="board-list"]')?.getAttribute('aria-busy') === 'false',
    count,
  );
  return page
    .locator('[data-testid="board-entry"] .zv-board__name')
    .evaluateAll((names) => names.map((name) => name.firstChild?.textContent ?? ''));
}

const pinned = (page: Page) => page.locator('[data-testid="board-me"] .zv-board__me-rank');

describe('the leaderboard screen', () => {
  test.each(CASES)('$look.language $look.theme at $viewport.width px', async ({ look, viewport }) => {
    const { page, errors } = await openInLook(look, { session: me, viewport });
    try {
      await page.goto('/leaderboard');
      await waitForLook(page, look);
      await expect.poll(() => page.locator('h1').textContent()).toBe(TITLES[look.language]);
      await pinned(page).waitFor();

      // Friends: me and my friend only.
      // telegram-ui's Switch hides its input under its track: a reader taps the label.
      await page.locator('label.zv-board__friends').click();
      await expect.poll(() => page.locator('[data-testid="board-friends"]').isChecked()).toBe(true);
      await page.locator('[data-testid="board-tab-zp"]').click();
      expect(await listed(page, 2)).toEqual([friend.user.username, me.user.username]);
      await expect.poll(() => pinned(page).textContent()).toBe('#2');
      await expect.poll(() => page.locator('[data-testid="board-entry"][aria-current="true"]').count()).toBe(1);

      await page.locator('[data-testid="board-tab-referrals"]').click();
      expect(await listed(page, 1)).toEqual([me.user.username]);
      await expect.poll(() => pinned(page).textContent()).toBe('#1');
      await page.locator('[data-testid="board-period-all"]').click();
      expect(await listed(page, 1)).toEqual([me.user.username]);

      // My rank stays pinned in sight, with no sideways scrolling.
      await page.locator('[data-testid="board-tab-seb"]').click();
      expect(await listed(page, 2)).toHaveLength(2);
      const box = await page.locator('[data-testid="board-me"]').boundingBox();
      expect(box && box.y + box.height <= viewport.height).toBe(true);
      expect(await page.locator('[data-testid="board-me"]').evaluate((el) => getComputedStyle(el).position)).toBe(
        'sticky',
      );
      expect(await sidewaysOverflow(page)).toBeNull();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `leaderboard-${lookName(look).replace(', ', '-')}-${viewport.width}`);
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  test('is reached from the mining screen and the referrals page', async () => {
    const { page, errors } = await openInLook({ language: 'en', theme: 'dark' }, { session: me, viewport: NARROW });
    try {
      await page.goto('/mining');
      await page.locator('[data-testid="mining-leaderboard-link"]').click();
      await page.waitForURL((url) => url.pathname === '/leaderboard');
      await pinned(page).waitFor();
      await page.goto('/referrals');
      await page.locator('[data-testid="referrals-leaderboard-link"]').click();
      await page.waitForURL((url) => url.pathname === '/leaderboard');
      await pinned(page).waitFor();
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
