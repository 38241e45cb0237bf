import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PHONE, openPage, screenshot, waitForPath } from './support/browser.js';
import { navigate } from './support/settle.js';
import {
  DAY_THEME,
  NIGHT_THEME,
  deliverTelegramEvent,
  installTelegramShim,
  nextTelegramUserId,
  signTelegramInitData,
  telegramLaunchHash,
  useTelegramServer,
  waitForBackButton,
} from './telegram-env.js';

const telegramServer = useTelegramServer('e2e-back-closes-sheet');
const openDialog = (page: Page) => page.locator('[role="dialog"][data-state="open"]');

/**
 * Issue 30, item 4, inside Telegram (Telegram Desktop's bridge at phone size; Android's hardware
 * back reaches the app as the same back_button_pressed event): with the history's details sheet
 * open, Telegram's BackButton closes the sheet and stays on the page; the next press leaves it.
 */
describe("Telegram's BackButton with a sheet open (390 px)", () => {
  const looks = [
    { language: 'en', palette: DAY_THEME, appearance: 'light' },
    { language: 'fr', palette: NIGHT_THEME, appearance: 'dark' },
  ] as const;

  for (const look of looks) {
    test(`closes the sheet first, then goes back (${look.language}, ${look.appearance})`, async () => {
      const { page, context } = await openPage(PHONE);
      try {
        await installTelegramShim(page, { themeParams: look.palette, answerViewport: true });
        const initData = signTelegramInitData({
          user: { id: nextTelegramUserId(), first_name: 'Ada', language_code: look.language },
        });
        await page.goto(`${telegramServer().url}/${telegramLaunchHash({ initData, themeParams: look.palette })}`);
        await waitForPath(page, (path) => path === '/profile/setup' || path === '/mining');
        await page.waitForFunction(
          ([language, theme]) =>
            document.documentElement.lang === language && document.documentElement.dataset.theme === theme,
          [look.language, look.appearance] as const,
        );

        await navigate(page, '/history');
        await waitForBackButton(page, true);
        await page.locator('[data-testid="history-item"] button').first().click();
        await openDialog(page).waitFor();
        await screenshot(page, `issue30-telegram-back-sheet-${look.language}-${look.appearance}`);
        await deliverTelegramEvent(page, 'back_button_pressed');
        await openDialog(page).waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe('/history');

        await deliverTelegramEvent(page, 'back_button_pressed');
        await waitForPath(page, (path) => path === '/');
      } finally {
        await context.close();
      }
    });
  }
});
