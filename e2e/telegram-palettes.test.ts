import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, test } from 'vitest';
import { seriousAxeViolations } from './support/a11y.js';
import { PAGE_WAIT_MS, getBrowser } from './support/browser.js';
import { navigate, settlePage, trackRequests } from './support/settle.js';
import {
  DAY_THEME,
  NIGHT_THEME,
  installTelegramShim,
  nextTelegramUserId,
  signTelegramInitData,
  telegramLaunchHash,
  useTelegramServer,
  type ThemeParams,
} from './telegram-env.js';

/**
 * Contrast whatever palette Telegram supplies: the app opened as each client opens it (launch
 * parameters with its theme, the bridge answering theme requests), signed in by Telegram, and
 * axe-core (contrast included) on the signed-in routes. The app follows Telegram's theme ('auto',
 * the default inside Telegram) and paints with its colours, so text must reach 4.5:1 (3:1 large)
 * even where Telegram's own hint or button colours do not.
 */
const telegramServer = useTelegramServer('e2e-telegram-palettes');
const SCREENSHOTS_DIR =
  process.env.SCREENSHOTS_DIR || fileURLToPath(new URL('../artifacts/screenshots', import.meta.url));

/** Telegram's default day and night palettes per client, as they send them (tgWebAppThemeParams). */
const PALETTES: { name: string; platform: string; theme: ThemeParams }[] = [
  {
    name: 'ios-day',
    platform: 'ios',
    theme: {
      bg_color: '#ffffff',
      text_color: '#000000',
      hint_color: '#8e8e93',
      subtitle_text_color: '#8e8e93',
      link_color: '#007aff',
      accent_text_color: '#007aff',
      button_color: '#007aff',
      button_text_color: '#ffffff',
      secondary_bg_color: '#efeff4',
      section_bg_color: '#ffffff',
      header_bg_color: '#f8f8f8',
      bottom_bar_bg_color: '#f2f2f2',
      section_header_text_color: '#6d6d72',
      section_separator_color: '#c8c7cc',
      destructive_text_color: '#ff3b30',
    },
  },
  {
    name: 'ios-night',
    platform: 'ios',
    theme: {
      bg_color: '#000000',
      text_color: '#ffffff',
      hint_color: '#98989e',
      subtitle_text_color: '#98989e',
      link_color: '#3e88f7',
      accent_text_color: '#3e88f7',
      button_color: '#3e88f7',
      button_text_color: '#ffffff',
      secondary_bg_color: '#1c1c1d',
      section_bg_color: '#2c2c2e',
      header_bg_color: '#1a1a1a',
      bottom_bar_bg_color: '#1d1d1d',
      section_header_text_color: '#8d8e93',
      section_separator_color: '#545458',
      destructive_text_color: '#eb5545',
    },
  },
  {
    name: 'android-day',
    platform: 'android',
    theme: {
      bg_color: '#ffffff',
      text_color: '#222222',
      hint_color: '#a8a8a8',
      subtitle_text_color: '#82868a',
      link_color: '#2678b6',
      accent_text_color: '#1c93e3',
      button_color: '#50a8eb',
      button_text_color: '#ffffff',
      secondary_bg_color: '#f0f0f0',
      section_bg_color: '#ffffff',
      header_bg_color: '#527da3',
      section_header_text_color: '#3a95d5',
      section_separator_color: '#d9d9d9',
      destructive_text_color: '#cc2929',
    },
  },
  {
    name: 'android-night',
    platform: 'android',
    theme: {
      bg_color: '#212d3b',
      text_color: '#ffffff',
      hint_color: '#7d8b99',
      subtitle_text_color: '#7b8790',
      link_color: '#5eabe1',
      accent_text_color: '#64b5ef',
      button_color: '#50a8eb',
      button_text_color: '#ffffff',
      secondary_bg_color: '#151e27',
      section_bg_color: '#1d2733',
      header_bg_color: '#242d39',
      bottom_bar_bg_color: '#151e27',
      section_header_text_color: '#79c4fc',
      section_separator_color: '#0d1218',
      destructive_text_color: '#ee686f',
    },
  },
  {
    name: 'web-day',
    platform: 'weba',
    theme: {
      bg_color: '#ffffff',
      text_color: '#000000',
      hint_color: '#707579',
      subtitle_text_color: '#707579',
      link_color: '#3390ec',
      accent_text_color: '#3390ec',
      button_color: '#3390ec',
      button_text_color: '#ffffff',
      secondary_bg_color: '#f4f4f5',
      section_bg_color: '#ffffff',
      header_bg_color: '#ffffff',
      bottom_bar_bg_color: '#ffffff',
      section_header_text_color: '#707579',
      section_separator_color: '#c8c6cc',
      destructive_text_color: '#e53935',
    },
  },
  {
    name: 'web-night',
    platform: 'weba',
    theme: {
      bg_color: '#212121',
      text_color: '#ffffff',
      hint_color: '#aaaaaa',
      subtitle_text_color: '#aaaaaa',
      link_color: '#8774e1',
      accent_text_color: '#8774e1',
      button_color: '#8774e1',
      button_text_color: '#ffffff',
      secondary_bg_color: '#181818',
      section_bg_color: '#212121',
      header_bg_color: '#212121',
      bottom_bar_bg_color: '#212121',
      section_header_text_color: '#aaaaaa',
      section_separator_color: '#100f10',
      destructive_text_color: '#ff595a',
    },
  },
  { name: 'desktop-day', platform: 'tdesktop', theme: DAY_THEME },
  { name: 'desktop-night', platform: 'tdesktop', theme: NIGHT_THEME },
];

const ROUTES = [
  '/mining',
  '/tasks',
  '/referrals',
  '/job-marketplace',
  '/history',
  '/profile',
  '/settings',
  '/settings/appearance',
  '/settings/security',
  '/settings/notifications',
  '/settings/account',
  '/feedback',
  '/privacy',
];

const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing) await close().catch(() => undefined);
});

// Two palettes at a time (maxConcurrency in e2e/vitest.config.ts), each with its own Telegram user
// and browser context: the walk mostly waits on the browser.
describe.concurrent("Telegram's own palettes: text keeps its contrast", () => {
  for (const palette of PALETTES) {
    test(`${palette.name}: axe-core on every signed-in route`, async ({ expect }) => {
      mkdirSync(SCREENSHOTS_DIR, { recursive: true });
      const browser = await getBrowser();
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
      });
      closing.push(() => context.close());
      context.setDefaultTimeout(PAGE_WAIT_MS);
      const page = await context.newPage();
      const inFlight = trackRequests(page);
      await installTelegramShim(page, { themeParams: palette.theme, answerViewport: true });
      const initData = signTelegramInitData({
        user: {
          id: nextTelegramUserId(),
          first_name: 'Pal',
          username: `pal_${Math.random().toString(36).slice(2, 8)}`,
        },
      });
      const hash = telegramLaunchHash({ initData, themeParams: palette.theme, platform: palette.platform });
      await page.goto(`${telegramServer().url}/mining${hash}`);
      // A first Telegram sign-in lands on /profile/setup; then the app is walked from there.
      await page.waitForURL((url) => url.pathname === '/profile/setup');
      await page.waitForFunction(() => document.documentElement.dataset.telegramColors === 'true');

      const problems: string[] = [];
      for (const route of ROUTES) {
        await navigate(page, route);
        await settlePage(page, {
          language: 'en',
          route,
          inFlight,
          label: `${palette.name} ${route}`,
          // The share buttons stay disabled (faded) until the referral link has loaded.
          ready: route === '/referrals' ? '[data-testid="referral-share-telegram"]:enabled' : undefined,
        });
        for (const finding of await seriousAxeViolations(page)) {
          problems.push(
            `${palette.name} ${route}: ${finding.id} (${finding.help})\n    ${finding.targets.join('\n    ')}`,
          );
        }
        await page.screenshot({
          path: path.join(SCREENSHOTS_DIR, `telegram-${palette.name}${route.replaceAll('/', '-')}.png`),
          fullPage: true,
        });
      }
      // The palette was in use throughout (the app did not fall back to its own colours).
      expect(await page.evaluate(() => document.documentElement.dataset.telegramColors)).toBe('true');
      expect(problems).toEqual([]);
    }, 90_000);
  }
});
