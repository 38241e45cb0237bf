import type { Page } from 'playwright-core';
import { STORAGE_KEYS, type Language } from '@ziver/shared/core';
import { PHONE, openPage, type TrackedPage } from './browser.js';
import { expectApi } from './data.js';

/**
 * The looks issue 30's browser tests run in: two languages, each in light and dark, at phone
 * width (390 px). A look is the reader's kept choices, as the settings page would keep them.
 */
export type Look = { language: Language; theme: 'light' | 'dark' };

export const LOOKS: readonly Look[] = [
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'fr', theme: 'light' },
  { language: 'fr', theme: 'dark' },
];

export const lookName = (look: Look) => `${look.language}, ${look.theme}`;

/** A fresh phone-sized page with the look's language and theme kept in localStorage before any script runs. */
export async function openLookPage(look: Look): Promise<TrackedPage> {
  const tracked = await openPage(PHONE);
  await tracked.context.addInitScript(
    (values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    { [STORAGE_KEYS.theme]: look.theme, [STORAGE_KEYS.language]: look.language },
  );
  return tracked;
}

/** Waits until the page is drawn in the look (document language and resolved theme). */
export async function waitForLook(page: Page, look: Look): Promise<void> {
  await page.waitForFunction(
    ([language, theme]) =>
      document.documentElement.lang === language && document.documentElement.dataset.theme === theme,
    [look.language, look.theme] as const,
  );
}

/** Signs a user in through the login form and waits for /mining. */
export async function signInThroughForm(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(user.email);
  await form.locator('input[name="password"]').fill(user.password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/mining', { waitUntil: 'commit' });
}

/** Keeps the look on the account too: a signed-in user's server appearance overrides the local one (spec §4). */
export async function applyLookToAccount(token: string, look: Look): Promise<void> {
  await expectApi(200, '/settings/appearance/theme', { token, method: 'PUT', body: { theme: look.theme } });
  await expectApi(200, '/settings/appearance/language', { token, method: 'PUT', body: { language: look.language } });
}
