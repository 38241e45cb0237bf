import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, screenshot, waitForPath } from './support/browser.js';
import { registerUser } from './support/data.js';
import { LOOKS, applyLookToAccount, lookName, openLookPage, signInThroughForm, waitForLook } from './support/looks.js';
import { navigate } from './support/settle.js';

const openDialog = (page: Page) => page.locator('[role="dialog"][data-state="open"]');
const path = (page: Page) => new URL(page.url()).pathname;

/**
 * Issue 30, item 4: with a sheet or modal open, the browser's Back (Android's back in a mobile
 * browser is the same) closes it and stays on the page; the next Back leaves the page. A sheet
 * closed some other way leaves no extra step behind.
 */
describe("the browser's Back with a sheet or modal open (390 px)", () => {
  afterAll(closeBrowser);

  for (const look of LOOKS) {
    test(`closes the sheet first, then leaves the page (${lookName(look)})`, async () => {
      const session = await registerUser();
      await applyLookToAccount(session.token, look);
      const { page, context } = await openLookPage(look);
      try {
        await signInThroughForm(page, session.credentials);
        await waitForLook(page, look);
        await page.locator('[data-testid="mining-phase"]').waitFor();

        // The history's details sheet.
        await navigate(page, '/history');
        const row = page.locator('[data-testid="history-item"] button').first();
        await row.click();
        await openDialog(page).waitFor();
        await screenshot(page, `issue30-back-sheet-${look.language}-${look.theme}`);
        await page.goBack({ waitUntil: 'commit' });
        await openDialog(page).waitFor({ state: 'detached' });
        expect(path(page)).toBe('/history');
        // Closed another way (Escape), the sheet leaves no step behind: Back leaves the page.
        await row.click();
        await openDialog(page).waitFor();
        await page.keyboard.press('Escape');
        await openDialog(page).waitFor({ state: 'detached' });
        expect(path(page)).toBe('/history');
        await page.goBack({ waitUntil: 'commit' });
        await waitForPath(page, (pathname) => pathname === '/mining');

        // The security page's two-factor modal.
        await navigate(page, '/settings/security');
        await page.locator('[data-testid="two-factor-enable"]').click();
        await openDialog(page).waitFor();
        await page.goBack({ waitUntil: 'commit' });
        await openDialog(page).waitFor({ state: 'detached' });
        expect(path(page)).toBe('/settings/security');
        await page.goBack({ waitUntil: 'commit' });
        await waitForPath(page, (pathname) => pathname === '/mining');
      } finally {
        await context.close();
      }
    });
  }
});
