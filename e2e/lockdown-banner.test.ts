import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { renderMessage } from '@ziver/shared';
import { adminPaths } from '@/config/paths';
import lockdownDe from '@/features/system/locales/de';
import lockdownEn from '@/features/system/locales/en';
import { DESKTOP, PAGE_WAIT_MS, getBrowser, newCredentials, screenshot, waitForPath } from './support/browser.js';
import { useAdminConsole, type ConsoleUser } from './support/admin-console.js';
import type { Look } from './support/looks.js';

/**
 * Issue 38, items 16 and 10, in Chromium against the built server, while lockdown is on with an
 * operator's notice written in English and German: /register and /login show the maintenance
 * state in the reader's language (the operator's own words, and that sign-up waits), and a sign-up
 * submitted anyway says "under maintenance" in that language, not "Server error"; an admin sees a
 * banner in the app and the console saying users are locked out, with the way to the switch. At
 * 360 px and 1280 px, English and German, light and dark.
 */
const server = useAdminConsole('lockdown_banner');
const TEXTS = { en: lockdownEn, de: lockdownDe } as const;
const NOTICE = { en: 'Back at noon', de: 'Zurück um zwölf' } as const;

type Case = { viewport: { width: number; height: number }; look: Look & { language: 'en' | 'de' } };
const CASES: Case[] = [
  { viewport: { width: 360, height: 740 }, look: { language: 'de', theme: 'dark' } },
  { viewport: DESKTOP, look: { language: 'en', theme: 'light' } },
];

let admin: ConsoleUser;
/** Admins who sign in during lockdown (registered before it: sign-up waits for its end). */
const signingIn: ConsoleUser[] = [];
beforeAll(async () => {
  admin = await server.register('ADMIN');
  for (let n = 0; n < CASES.length + 1; n++) signingIn.push(await server.register('ADMIN'));
  const on = await server.api('PUT', '/system/lockdown', admin.token, {
    enabled: true,
    message: NOTICE.en,
    translations: { de: NOTICE.de },
  });
  expect(on.status).toBe(200);
});
afterAll(async () => {
  await server.api('PUT', '/system/lockdown', admin.token, { enabled: false });
});

/** A signed-out visitor's page on this file's server, reading the app in `look`. */
async function visitorPage({ viewport, look }: Case): Promise<Page> {
  const browser = await getBrowser();
  const context = await browser.newContext({ baseURL: server.url(), viewport, locale: 'en-US' });
  server.track(context);
  context.setDefaultTimeout(PAGE_WAIT_MS);
  await context.addInitScript((chosen: Look) => {
    localStorage.setItem('ziver-language', chosen.language);
    localStorage.setItem('ziver-theme', chosen.theme);
  }, look);
  return context.newPage();
}

const hasNoSidewaysScroll = (page: Page, width: number) =>
  page.evaluate((w) => document.documentElement.scrollWidth <= w, width);

describe('during lockdown, a signed-out visitor', () => {
  for (const item of CASES) {
    const { viewport, look } = item;
    test(`sees the maintenance state on /register and /login, and a sign-up refused as maintenance (${viewport.width} px, ${look.language}, ${look.theme})`, async () => {
      const page = await visitorPage(item);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const texts = TEXTS[look.language];

      await page.goto('/register');
      const banner = page.locator('[data-testid="lockdown-banner"]');
      await banner.waitFor();
      const said = await banner.innerText();
      expect(said).toContain(texts.title);
      expect(said).toContain(NOTICE[look.language]);
      expect(said).toContain(texts.banner.signUpClosed);
      expect(new URL(page.url()).pathname).toBe('/register');

      const credentials = newCredentials();
      const form = page.locator('form').filter({ has: page.locator('input[name="confirmPassword"]') });
      await form.locator('input[name="username"]').fill(credentials.username);
      await form.locator('input[name="email"]').fill(credentials.email);
      await form.locator('input[name="password"]').fill(credentials.password);
      await form.locator('input[name="confirmPassword"]').fill(credentials.password);
      const answered = page.waitForResponse((res) => res.url().endsWith('/api/auth/register'));
      await form.locator('button[type="submit"]').click();
      expect((await answered).status()).toBe(503);
      const refusal = page.locator('[data-testid="auth-error"]');
      await refusal.waitFor();
      expect(await refusal.innerText()).toBe(renderMessage(look.language, 'server.lockdown'));
      expect(await hasNoSidewaysScroll(page, viewport.width)).toBe(true);
      await screenshot(page, `lockdown-register-${viewport.width}-${look.language}-${look.theme}`);

      await page.locator(`a[href="/login"]`).first().click();
      expect(await waitForPath(page, (path) => path === '/login')).toBe('/login');
      expect(await banner.innerText()).toContain(NOTICE[look.language]);
      expect(await hasNoSidewaysScroll(page, viewport.width)).toBe(true);
      expect(errors).toEqual([]);
    });
  }
});

describe('during lockdown, an admin', () => {
  CASES.forEach(({ viewport, look }, n) => {
    test(`sees that users are locked out, in the app and the console (${viewport.width} px, ${look.language}, ${look.theme})`, async () => {
      const who = signingIn[n]!;
      const { page, errors } = await server.signIn(viewport, who, look);
      const texts = TEXTS[look.language];
      const banner = page.locator('[data-testid="lockdown-banner"]');
      await banner.waitFor();
      expect(await banner.innerText()).toContain(texts.banner.adminTitle);
      expect(await banner.innerText()).toContain(texts.banner.adminBody);
      expect(await hasNoSidewaysScroll(page, viewport.width)).toBe(true);
      await screenshot(page, `lockdown-admin-app-${viewport.width}-${look.language}-${look.theme}`);

      await banner.locator(`a[href="${adminPaths.system}"]`).click();
      expect(await waitForPath(page, (path) => path === adminPaths.system)).toBe(adminPaths.system);
      // On the switch itself the banner stays, without the link to where it already is.
      await banner.waitFor();
      expect(await banner.innerText()).toContain(texts.banner.adminTitle);
      expect(await banner.locator('a').count()).toBe(0);
      expect(await hasNoSidewaysScroll(page, viewport.width)).toBe(true);
      await screenshot(page, `lockdown-admin-console-${viewport.width}-${look.language}-${look.theme}`);
      expect(errors).toEqual([]);
    });
  });

  test('sees no banner once lockdown is off', async () => {
    const who = signingIn[CASES.length]!;
    const { page } = await server.signIn(DESKTOP, who);
    await page.locator('[data-testid="lockdown-banner"]').waitFor();
    expect((await server.api('PUT', '/system/lockdown', admin.token, { enabled: false })).status).toBe(200);
    // The app opened again (a new tab, still signed in): its status check answers "off".
    const again = await page.context().newPage();
    await page.close();
    const statusAnswer = again.waitForResponse((res) => res.url().includes('/api/system/status'));
    await again.goto('/mining');
    expect(((await (await statusAnswer).json()) as { lockdownMode: boolean }).lockdownMode).toBe(false);
    await again.locator('[data-testid="mining-phase"]').waitFor();
    expect(await again.locator('[data-testid="lockdown-banner"]').count()).toBe(0);
    expect(
      (await server.api('PUT', '/system/lockdown', admin.token, { enabled: true, message: NOTICE.en })).status,
    ).toBe(200);
  });
});
