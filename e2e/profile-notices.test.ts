import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser } from './support/browser.js';
import { registerUser } from './support/data.js';
import { LONG_WORD_LOOKS, lookName, openInLook, waitForLook } from './support/looks.js';
import { uploadFiles } from './support/uploads.js';

/**
 * Issue 30, item 7: on the profile, "Avatar updated" and "Profile updated" were two banners that
 * stacked and stayed. A confirmation is now a transient notice: one at a time (the newer replaces
 * the older), in a live region screen readers announce, gone by itself.
 */

/** The confirmations shown on the page now: every visible success notice. */
function visibleConfirmations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.zv-notice--success')]
      .filter((el) => el.checkVisibility())
      .map((el) => (el.textContent ?? '').trim()),
  );
}

/** Whether the flash notice sits in a polite live region that was on the page before it came. */
const isAnnounced = (page: Page) =>
  page.evaluate(() => {
    const notice = document.querySelector('[data-testid="flash-message"]');
    return notice?.closest('[aria-live="polite"]')?.getAttribute('data-was-empty') === 'true';
  });

afterAll(closeBrowser);

describe('profile confirmations are one transient notice (390x844, two languages, light and dark)', () => {
  for (const look of LONG_WORD_LOOKS) {
    test(`${lookName(look)}: avatar then profile saved, one notice at a time, gone by itself`, async () => {
      const { context, page, errors } = await openInLook(look, { session: await registerUser() });
      try {
        await page.goto('/profile');
        await waitForLook(page, look);
        await page.locator('[data-testid="profile-page"]').waitFor();
        // The live region is on the page before anything is said in it: mark it to prove that.
        await page.locator('.zv-flash[aria-live="polite"]').evaluate((el) => el.setAttribute('data-was-empty', 'true'));

        const files = await uploadFiles();
        await page.locator('[data-testid="avatar-file-input"]').setInputFiles(files.png);
        await page.locator('[data-testid="avatar-save"]').click();
        const flash = page.locator('[data-testid="flash-message"]');
        await flash.waitFor();
        const avatarText = (await flash.textContent())?.trim();
        expect(await visibleConfirmations(page)).toEqual([avatarText]);
        expect(await isAnnounced(page)).toBe(true);

        await page.locator('[data-testid="profile-edit"]').click();
        await page.locator('[data-testid="profile-bio-input"]').fill('Hello there');
        await page.locator('[data-testid="profile-save"]').click();
        await page.waitForFunction((previous) => {
          const text = document.querySelector('[data-testid="flash-message"]')?.textContent?.trim();
          return text !== undefined && text !== previous;
        }, avatarText);
        const profileText = (await flash.textContent())?.trim();
        // The newer confirmation replaced the older one.
        expect(await visibleConfirmations(page)).toEqual([profileText]);
        expect(await isAnnounced(page)).toBe(true);
        // Gone by itself (notifications vanish after 3 s, docs/spec.md §4).
        await flash.waitFor({ state: 'detached' });
        expect(await visibleConfirmations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
