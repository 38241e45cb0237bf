import { DAILY_LOGIN_ZP } from '@ziver/shared';
import { afterAll, describe, expect, test } from 'vitest';
import {
  DESKTOP,
  closeBrowser,
  openPage,
  registerViaApi,
  screenshot,
  waitForBalance,
  waitForPath,
  type TrackedPage,
} from './support/browser.js';

describe('at desktop width (1280x800)', () => {
  let tracked: TrackedPage | undefined;

  afterAll(async () => {
    await tracked?.context.close();
    await closeBrowser();
  });

  test('an existing user logs in with email and password and reaches /mining', async () => {
    const user = await registerViaApi();
    tracked = await openPage(DESKTOP);
    const { page } = tracked;

    await page.goto('/login');
    const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
    await form.locator('input[name="email"]').fill(user.email);
    await form.locator('input[name="password"]').fill(user.password);
    await screenshot(page, 'desktop-01-login-filled');
    await form.locator('button[type="submit"]').click();

    expect(await waitForPath(page, (path) => path === '/mining')).toBe('/mining');
    await page.locator('[data-testid="mining-phase"][data-phase="ready"]').waitFor();
    // Signing in sends the day's DAILY_LOGIN activity: the only credit this account has.
    await waitForBalance(page, DAILY_LOGIN_ZP);
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeTruthy();
    await screenshot(page, 'desktop-02-mining');
    expect(tracked.errors).toEqual([]);
  });

  test('a wrong password keeps the user on /login and shows the server message', async () => {
    const user = await registerViaApi();
    tracked ??= await openPage(DESKTOP);
    const { page } = tracked;
    await page.evaluate(() => localStorage.removeItem('session'));
    await page.goto('/login');
    const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
    await form.locator('input[name="email"]').fill(user.email);
    await form.locator('input[name="password"]').fill('definitely-wrong');
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/auth/login'));
    await form.locator('button[type="submit"]').click();
    expect((await answered).status()).toBe(401);
    // The message names both things the field accepts.
    await page.getByText('Invalid email, username or password').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'desktop-03-login-refused');
  });
});
