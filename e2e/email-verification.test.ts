import { renderMessage } from '@ziver/shared';
import { afterAll, describe, expect, test } from 'vitest';
import { DESKTOP, closeBrowser, newCredentials, screenshot, waitForPath } from './support/browser.js';
import { LOOKS, lookName, openInLook, waitForLook, type Look } from './support/looks.js';
import { waitForMailMatch } from './support/mail.js';

const LINK = /(https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]{43})/;
const PHONE_360 = { width: 360, height: 780 } as const;

/** Which viewport each look is checked at: every look at one width, both widths over the four. */
const viewportOf = (index: number) => (index % 2 === 0 ? PHONE_360 : DESKTOP);

/** The account page's verification badge, as settings/locales say it. */
const BADGE: Record<string, { verified: string; notVerified: string }> = {
  en: { verified: 'Verified', notVerified: 'Not verified' },
  fr: { verified: 'Vérifiée', notVerified: 'Non vérifiée' },
};

/**
 * Issue 39, item 3 in the browser: register through the form → the verification mail (an .eml in
 * the server's DATA_DIR/mail) → its link → the account page shows the address verified; the same
 * link again says it was used.
 */
describe('register → verification mail → link → account shows Verified', () => {
  afterAll(closeBrowser);

  LOOKS.forEach((look: Look, index) => {
    const viewport = viewportOf(index);
    test(`verifies the address from the mailed link (${lookName(look)}, ${viewport.width} px)`, async () => {
      const user = newCredentials();
      const { page, context, errors } = await openInLook(look, { viewport });
      try {
        await page.goto('/register');
        await waitForLook(page, look);
        const form = page.locator('form').filter({ has: page.locator('input[name="confirmPassword"]') });
        await form.locator('input[name="username"]').fill(user.username);
        await form.locator('input[name="email"]').fill(user.email);
        await form.locator('input[name="password"]').fill(user.password);
        await form.locator('input[name="confirmPassword"]').fill(user.password);
        await form.locator('button[type="submit"]').click();
        await waitForPath(page, (p) => p === '/mining' || p === '/profile/setup');

        // Not verified yet: the badge says so and offers a new mail.
        await page.goto('/settings/account');
        const badge = page.locator('[data-testid="account-verified"]');
        await expect.poll(() => badge.getAttribute('data-verified')).toBe('false');
        expect((await badge.textContent())?.trim()).toBe(BADGE[look.language]!.notVerified);
        await page.locator('[data-testid="resend-verification"]').waitFor();
        await screenshot(page, `issue39-verify-pending-${look.language}-${look.theme}-${viewport.width}`);

        const [, link] = await waitForMailMatch(user.email, LINK);
        const target = new URL(link!).pathname + new URL(link!).search;
        await page.goto(target);
        const done = page.locator('[data-testid="verify-email-done"]');
        await done.waitFor();
        await page.getByText(renderMessage(look.language, 'identity.emailVerified')).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `issue39-verify-done-${look.language}-${look.theme}-${viewport.width}`);

        await page.locator('[data-testid="verify-next"]').click();
        await waitForPath(page, (p) => p === '/settings/account');
        await expect.poll(() => badge.getAttribute('data-verified')).toBe('true');
        expect((await badge.textContent())?.trim()).toBe(BADGE[look.language]!.verified);
        expect(await page.locator('[data-testid="resend-verification"]').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `issue39-verify-account-${look.language}-${look.theme}-${viewport.width}`);

        // The same link again: refused as used.
        await page.goto(target);
        await page
          .locator('[data-testid="verify-email-failed"]')
          .getByText(renderMessage(look.language, 'identity.emailVerificationTokenUsed'))
          .waitFor();
        expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
