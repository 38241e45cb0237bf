import { describe, expect, test } from 'vitest';
import identityDe from '@/features/auth/locales/de';
import identityEn from '@/features/auth/locales/en';
import { DESKTOP, closeBrowser, openPage, screenshot, waitForPath } from './support/browser.js';
import { useAdminConsole } from './support/admin-console.js';
import type { Look } from './support/looks.js';

/**
 * Issue 38, item 18 (and issue 39, item 6), in Chromium against the built server: a user whose
 * account an admin suspends while the app is open is signed out and told the account is
 * suspended, with the operator's support address (SUPPORT_EMAIL), not that the session expired;
 * at 360 px and 1280 px, in English and German, light and dark. Without SUPPORT_EMAIL the login
 * page says to contact the operator, with no address.
 */
const SUPPORT = 'help@ziver.test';
const server = useAdminConsole('suspended', { env: { SUPPORT_EMAIL: SUPPORT } });
const TEXTS = { en: identityEn, de: identityDe } as const;

const CASES: { viewport: { width: number; height: number }; look: Look & { language: 'en' | 'de' } }[] = [
  { viewport: { width: 360, height: 740 }, look: { language: 'en', theme: 'light' } },
  { viewport: DESKTOP, look: { language: 'de', theme: 'dark' } },
];

describe('a suspended user with the app open', () => {
  for (const { viewport, look } of CASES) {
    test(`is told the account is suspended, with the support address (${viewport.width} px, ${look.language}, ${look.theme})`, async () => {
      const admin = await server.register('ADMIN');
      const user = await server.register('USER');
      const { page, errors } = await server.signIn(viewport, user, look);
      await page.locator('[data-testid="mining-phase"]').waitFor();

      // The next call the open app makes is refused as suspended: opening the tasks tab, or the
      // status poll if it comes first (then the app has already left the tab bar for /login).
      const refused = page.waitForResponse((res) => res.url().includes('/api/') && res.status() === 401);
      const suspended = await server.api('POST', `/admin/users/${user.id}/suspend`, admin.token, {
        reason: 'e2e: spam',
      });
      expect(suspended.status).toBe(200);
      // The click fails when the poll's refusal has already sent the app to /login: either way
      // the refusal is what this waits for.
      void page
        .locator('[data-testid="nav-tasks"]')
        .click()
        .catch(() => undefined);
      const answer = await refused;
      expect(((await answer.json()) as { messageKey: string }).messageKey).toBe('identity.accountSuspended');

      expect(await waitForPath(page, (path) => path === '/login')).toBe('/login');
      const notice = page.locator('[data-testid="account-suspended"]');
      await notice.waitFor();
      const texts = TEXTS[look.language];
      expect(await notice.innerText()).toContain(texts.suspended.title);
      expect(await notice.innerText()).toContain(texts.suspended.body);
      const mail = notice.locator(`a[href="mailto:${SUPPORT}"]`);
      expect(await mail.innerText()).toBe(SUPPORT);
      expect(await page.locator('[data-testid="session-expired"]').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `suspended-${viewport.width}-${look.language}-${look.theme}`);

      // Signing in again is refused the same way, with the same address.
      const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
      await form.locator('input[name="email"]').fill(user.email);
      await form.locator('input[name="password"]').fill(user.password);
      await form.locator('button[type="submit"]').click();
      const refusal = page.locator('[data-testid="auth-error"]');
      await refusal.locator(`a[href="mailto:${SUPPORT}"]`).waitFor();
      expect(errors).toEqual([]);
    });
  }
});

describe('the login page', () => {
  test('shows the support address when SUPPORT_EMAIL is set', async () => {
    const user = await server.register('USER');
    const { page } = await server.signIn(DESKTOP, user);
    await page.evaluate(() => localStorage.removeItem('session'));
    await page.goto('/login');
    const contact = page.locator('[data-testid="support-contact"]');
    expect(await contact.locator(`a[href="mailto:${SUPPORT}"]`).innerText()).toBe(SUPPORT);
    expect(await contact.innerText()).toContain(identityEn.support.writeTo);
  });

  test('says to contact the operator, with no address, when SUPPORT_EMAIL is unset', async () => {
    // The suite's shared server runs with no SUPPORT_EMAIL.
    const tracked = await openPage({ width: 360, height: 740 });
    try {
      await tracked.page.goto('/login');
      const contact = tracked.page.locator('[data-testid="support-contact"]');
      expect(await contact.innerText()).toBe(identityEn.support.operator);
      expect(await contact.locator('a').count()).toBe(0);
      await waitForPath(tracked.page, (path) => path === '/login');
    } finally {
      await tracked.context.close();
      await closeBrowser();
    }
  });
});
