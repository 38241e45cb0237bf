import type { Page } from 'playwright-core';
import { STORAGE_KEYS, type Language, type Theme } from '@ziver/shared/core';
import { PHONE, openPage, type TrackedPage } from './browser.js';
import { expectApi, type ApiSession } from './data.js';

/**
 * The looks issue 30's browser tests run in, at phone width (390 px): a language and a theme,
 * kept as the settings page would keep them.
 */
export type Look = { language: Language; theme: Theme };

/** Two languages, each in light and dark. */
export const LOOKS: readonly Look[] = [
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'fr', theme: 'light' },
  { language: 'fr', theme: 'dark' },
];

/** For layout checks: English and the two languages whose words run longest, in both themes. */
export const LONG_WORD_LOOKS: readonly Look[] = [
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'de', theme: 'light' },
  { language: 'fr', theme: 'dark' },
];

export const lookName = (look: Look) => `${look.language}, ${look.theme}`;

/** A fresh phone-sized page with the look's language and theme kept in localStorage before any script runs. */
export async function openLookPage(look: Look): Promise<TrackedPage> {
  return openInLook(look);
}

/**
 * A fresh page in that look: the kept theme and language in localStorage before any script runs
 * and, when signed in, the same in the user's server settings (which win for a signed-in user)
 * and the session in localStorage.
 */
export async function openInLook(
  look: Look,
  options: { session?: ApiSession; viewport?: { width: number; height: number } } = {},
): Promise<TrackedPage> {
  const tracked = await openPage(options.viewport ?? PHONE);
  const values: Record<string, string> = {
    [STORAGE_KEYS.theme]: look.theme,
    [STORAGE_KEYS.language]: look.language,
  };
  const { session } = options;
  if (session) {
    await applyLookToAccount(session.token, look);
    values[STORAGE_KEYS.session] = JSON.stringify({
      user: { ...session.user, token: session.token },
      appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
    });
  }
  await tracked.context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
  return tracked;
}

/** Waits until the page is drawn in the look: document language, resolved theme, telegram-ui's appearance. */
export async function waitForLook(page: Page, look: Look): Promise<void> {
  await page.waitForFunction(
    ([language, theme]) =>
      document.documentElement.lang === language &&
      document.documentElement.dataset.theme === theme &&
      document.querySelector(`.zv-root[data-appearance="${theme}"]`) !== null,
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

/** Keeps the look on the account too: a signed-in user's server appearance overrides the local one (docs/spec.md §4). */
export async function applyLookToAccount(token: string, look: Look): Promise<void> {
  await expectApi(200, '/settings/appearance/theme', { token, method: 'PUT', body: { theme: look.theme } });
  await expectApi(200, '/settings/appearance/language', { token, method: 'PUT', body: { language: look.language } });
}
