import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS, type Theme } from '@ziver/shared/core';
import { seriousAxeViolations, type Language } from './support/a11y.js';
import { DESKTOP, closeBrowser, openPage, type TrackedPage } from './support/browser.js';
import { expectApi, registerUser, sessionToken } from './support/data.js';

/**
 * The display toggles' accessibility: High Contrast and Large Text keep axe-core (WCAG 2.2 AA)
 * clean, Reduced Motion stops every animation. Every route in every language, width and theme is
 * walked by e2e/i18n-walk.test.ts (axe-core, cut text, sideways scroll, no English).
 */
const NARROW = { width: 360, height: 740 } as const;

const opened: TrackedPage[] = [];
afterAll(async () => {
  for (const t of opened) await t.context.close();
  await closeBrowser();
});

type Visitor = { theme: Theme; language: Language; signedIn: boolean };

/** A page whose storage already holds the theme, the language and (signed in) a fresh user's session. */
async function openAs(viewport: { width: number; height: number }, visitor: Visitor): Promise<Page> {
  const tracked = await openPage(viewport);
  opened.push(tracked);
  const storage: Record<string, string> = {
    [STORAGE_KEYS.theme]: visitor.theme,
    [STORAGE_KEYS.language]: visitor.language,
  };
  if (visitor.signedIn) {
    const session = await registerUser();
    // The server's appearance wins for a signed-in user: it is set there too.
    await expectApi(200, '/settings/appearance/theme', {
      method: 'PUT',
      token: session.token,
      body: { theme: visitor.theme },
    });
    await expectApi(200, '/settings/appearance/language', {
      method: 'PUT',
      token: session.token,
      body: { language: visitor.language },
    });
    storage[STORAGE_KEYS.session] = JSON.stringify({
      user: { ...session.user, token: session.token },
      appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
    });
  }
  await tracked.context.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, storage);
  return tracked.page;
}

/** The signed-in routes that show the bottom navigation. */
const NAV_ROUTES = new Set(['/mining', '/tasks', '/referrals', '/job-marketplace', '/wallet', '/history']);

/** Opens a route and waits until the app has rendered it and its data requests are done. */
async function visit(page: Page, route: string, language: Language): Promise<void> {
  await page.goto(route, { waitUntil: 'networkidle' });
  const isSignedIn = await page.evaluate(() => localStorage.getItem('session') !== null);
  if (isSignedIn && NAV_ROUTES.has(route)) await page.locator('.zv-nav__bar > button').nth(4).waitFor();
  // The history rows (or their empty state) are part of what is checked.
  if (isSignedIn && route === '/history') await page.locator('[data-testid="history-list"]').waitFor();
  // The share buttons stay disabled (faded) until the referral link has loaded.
  if (isSignedIn && route === '/referrals')
    await page.locator('[data-testid="referral-share-telegram"]:enabled').waitFor();
  await page.waitForFunction(
    (lang) => document.documentElement.lang === lang && (document.querySelector('#root')?.textContent ?? '') !== '',
    language,
  );
  // Fonts and late layout (charts measure their width) settle before measuring.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(r))));
}

function describeFindings(route: string, findings: { id: string; help: string; targets: string[] }[]) {
  return findings.map((f) => `${route}: ${f.id} (${f.help})\n    ${f.targets.join('\n    ')}`);
}

describe('High Contrast and Large Text', () => {
  test('signed in, desktop, light, with High Contrast and Large Text on: still no violations', async () => {
    const page = await openAs(DESKTOP, { theme: 'light', language: 'en', signedIn: true });
    await visit(page, '/settings/appearance', 'en');
    const headerHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
    const heightBefore = await headerHeight();
    await page.locator('[data-testid="display-highContrast"]').check({ force: true });
    await page.locator('[data-testid="display-largeText"]').check({ force: true });
    await page.locator('[data-testid="display-message"]').waitFor();
    // Saved on the server with the other appearance settings, and applied again after a reload.
    const token = await sessionToken(page);
    const saved = await expectApi(200, '/settings/appearance', { token });
    expect(saved.settings.display).toEqual({ reducedMotion: false, highContrast: true, largeText: true });
    await page.evaluate(() => localStorage.removeItem('ziver-display'));
    await visit(page, '/settings/appearance', 'en');
    await page.waitForFunction(
      () =>
        document.documentElement.hasAttribute('data-high-contrast') &&
        document.documentElement.hasAttribute('data-large-text'),
    );
    // The whole UI is scaled: the same page is 15 % taller.
    expect(await headerHeight()).toBeGreaterThan(heightBefore * 1.1);
    const problems: string[] = [];
    for (const route of ['/mining', '/history', '/settings/appearance']) {
      await visit(page, route, 'en');
      problems.push(...describeFindings(route, await seriousAxeViolations(page)));
    }
    expect(problems).toEqual([]);
  });
});

describe('Reduced Motion', () => {
  /** Elements still animating or transitioning, by class. */
  const moving = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.zv-root *')]
        .filter((el) => {
          const style = getComputedStyle(el);
          // SVG <animate*> elements (telegram-ui's spinner) have no CSS animation of their own.
          if (style.animationName === '') return false;
          const hasTransition = style.transitionDuration.split(',').some((d) => parseFloat(d) > 0);
          return style.animationName !== 'none' || hasTransition;
        })
        .map(
          (el) =>
            `${el.tagName}.${el.getAttribute('class')} ${getComputedStyle(el).animationName} ${getComputedStyle(el).transitionDuration}`,
        )
        .slice(0, 5),
    );

  /** SVGs with SMIL animations (telegram-ui's spinners), and how many of them still run. */
  const spinningSvgs = (page: Page) =>
    page.evaluate(() => {
      const spinners = [...document.querySelectorAll('svg')].filter((svg) =>
        svg.querySelector('animate, animateTransform, animateMotion'),
      );
      return { spinners: spinners.length, spinning: spinners.filter((svg) => !svg.animationsPaused()).length };
    });

  test('the toggle stops every animation and transition, and so does the device setting', async () => {
    const page = await openAs(NARROW, { theme: 'dark', language: 'en', signedIn: true });
    await visit(page, '/mining', 'en');
    expect((await moving(page)).length).toBeGreaterThan(0);
    await visit(page, '/settings/appearance', 'en');
    await page.locator('[data-testid="display-reducedMotion"]').check({ force: true });
    await page.locator('[data-testid="display-message"]').waitFor();
    for (const route of ['/mining', '/tasks', '/settings/appearance']) {
      await visit(page, route, 'en');
      expect({ route, moving: await moving(page) }).toEqual({ route, moving: [] });
    }
    // The loader shown while /feedback's code is held back (a CSS ring, which turns without
    // Reduced Motion) stands still.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Chunks are named by their hash: the one held is the one holding the feedback form.
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('feedback-form')) await held;
      await route.fulfill({ response, body });
    });
    await page.evaluate(() => {
      history.pushState(null, '', '/feedback');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const ring = page.locator('.zv-inline-loader .zv-loader-ring').first();
    await ring.waitFor();
    expect(await ring.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    expect(await spinningSvgs(page)).toEqual({ spinners: expect.any(Number), spinning: 0 });
    release();
    await page.locator('[data-testid="feedback-form"]').waitFor();

    const device = await openAs(NARROW, { theme: 'light', language: 'en', signedIn: false });
    await device.emulateMedia({ reducedMotion: 'reduce' });
    await visit(device, '/', 'en');
    expect(await moving(device)).toEqual([]);
    expect((await spinningSvgs(device)).spinning).toBe(0);
  });
});
