import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser } from './support/browser.js';
import { LONG_WORD_LOOKS, lookName, openInLook, waitForLook } from './support/looks.js';

/**
 * Issue 30, item 2: the landing footer wrote the year as an amount ("© 2,026" in English,
 * "2.026" in German, "2 026" in French). A year is written with its four digits in every language.
 */
afterAll(closeBrowser);

describe('the landing footer writes the year as a year (390x844, two languages, light and dark)', () => {
  for (const look of LONG_WORD_LOOKS) {
    test(`${lookName(look)}: "© ${new Date().getFullYear()} Ziver"`, async () => {
      const { context, page, errors } = await openInLook(look);
      try {
        await page.goto('/');
        await waitForLook(page, look);
        const rights = page.locator('[data-testid="landing-rights"]');
        await rights.waitFor();
        expect(await rights.textContent()).toBe(`© ${new Date().getFullYear()} Ziver`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
