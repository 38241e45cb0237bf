import { STORAGE_KEYS } from '@ziver/shared/core';
import { afterAll, describe, expect, test } from 'vitest';
import { PHONE, closeBrowser, newCredentials, openPage, screenshot, waitForPath } from './support/browser.js';
import { expectApi, sessionToken } from './support/data.js';
import { LOOKS, lookName, waitForLook } from './support/looks.js';

/**
 * Issue 30, item 11: a visitor's explicit theme (and language) picked before signing up carries
 * into the new account, so the app does not switch to the account's default (dark) after
 * registering, nor after a reload.
 */
describe('the theme picked before signing up (390 px)', () => {
  afterAll(closeBrowser);

  for (const look of LOOKS) {
    test(`stays after registering (${lookName(look)})`, async () => {
      const { page, context } = await openPage(PHONE);
      try {
        await page.goto('/register');
        // Kept once, as the visitor's pick would be, then read by a fresh page load.
        await page.evaluate(
          ([values]) => {
            for (const [key, value] of Object.entries(values!)) localStorage.setItem(key, value);
          },
          [{ [STORAGE_KEYS.theme]: look.theme, [STORAGE_KEYS.language]: look.language }] as const,
        );
        await page.reload();
        await waitForLook(page, look);

        const user = newCredentials();
        const form = page.locator('form').filter({ has: page.locator('input[name="confirmPassword"]') });
        await form.locator('input[name="username"]').fill(user.username);
        await form.locator('input[name="email"]').fill(user.email);
        await form.locator('input[name="password"]').fill(user.password);
        await form.locator('input[name="confirmPassword"]').fill(user.password);
        const appearanceLoaded = page.waitForResponse(
          (res) => new URL(res.url()).pathname === '/api/settings/appearance' && res.ok(),
        );
        await form.locator('button[type="submit"]').click();
        await waitForPath(page, (path) => path === '/mining');
        await appearanceLoaded;

        const token = await sessionToken(page);
        const settings = (await expectApi(200, '/settings/appearance', { token })).settings;
        expect(settings.theme.value).toBe(look.theme);
        expect(settings.language.value).toBe(look.language);
        await page.locator('[data-testid="mining-phase"]').waitFor();
        await waitForLook(page, look);

        // The account's appearance now rules, and it is the visitor's.
        await page.reload();
        await page.locator('[data-testid="mining-phase"]').waitFor();
        await waitForLook(page, look);
        await screenshot(page, `issue30-theme-before-sign-up-${look.language}-${look.theme}`);
      } finally {
        await context.close();
      }
    });
  }
});
