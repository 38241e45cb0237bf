import { afterAll, describe, expect, test, vi } from 'vitest';
import { DESKTOP, openPage, screenshot, waitForPath, type TrackedPage } from './support/browser.js';
import {
  NIGHT_THEME,
  deliverTelegramEvent,
  installTelegramShim,
  nextTelegramUserId,
  postedOf,
  signTelegramInitData,
  telegramLaunchHash,
  useTelegramServer,
  waitForPosted,
} from './telegram-env.js';

/**
 * Issue 38, item 4, inside Telegram (the mobile bridge), at 360 px and 1280 px:
 * - a bot set to open fullscreen: Telegram reports the device's safe area and the strip its own
 *   controls take (safe_area_changed, content_safe_area_changed); the header and the page are
 *   laid out inside both, not under Telegram's close and menu buttons;
 * - while a bottom sheet or dialog is open, Telegram's vertical swipes are off (a downward drag
 *   would minimise the app instead of closing the sheet), and back on once it closes.
 */
const telegramServer = useTelegramServer('e2e-telegram-fullscreen');
const SAFE_AREA = { top: 44, bottom: 34, left: 0, right: 0 };
const CONTENT_SAFE_AREA = { top: 46, bottom: 0, left: 0, right: 0 };
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: DESKTOP.width, height: DESKTOP.height },
];

const pages: TrackedPage[] = [];
afterAll(async () => {
  for (const tracked of pages) await tracked.context.close();
});

describe('fullscreen inside Telegram', () => {
  for (const viewport of VIEWPORTS) {
    test(`${viewport.width}px: the header sits below Telegram's controls; a dialog turns vertical swipes off`, async () => {
      const { url } = telegramServer();
      const tracked = await openPage(viewport);
      pages.push(tracked);
      const p = tracked.page;
      await installTelegramShim(p, { themeParams: NIGHT_THEME, answerViewport: true });
      const user = { id: nextTelegramUserId(), first_name: 'Ravi', username: `ravi_${nextTelegramUserId()}` };
      const launch = telegramLaunchHash({
        initData: signTelegramInitData({ user }),
        themeParams: NIGHT_THEME,
        platform: 'ios',
      });
      await p.goto(`${url}/${launch}`);
      await waitForPath(p, (path) => path === '/profile/setup');
      await p.goto(`${url}/tasks${launch}`);
      await p.locator('[data-testid="task-list"]').waitFor();

      // Telegram goes fullscreen (web_app_request_fullscreen from the bot's settings) and says so.
      await deliverTelegramEvent(p, 'fullscreen_changed', { is_fullscreen: true });
      await deliverTelegramEvent(p, 'safe_area_changed', SAFE_AREA);
      await deliverTelegramEvent(p, 'content_safe_area_changed', CONTENT_SAFE_AREA);
      const reserved = SAFE_AREA.top + CONTENT_SAFE_AREA.top;
      await p.waitForFunction(
        (top) => (document.querySelector('.zv-header__inner')?.getBoundingClientRect().top ?? 0) >= top,
        reserved,
      );
      const inner = await p.locator('.zv-header__inner').boundingBox();
      expect(inner?.y).toBe(reserved);
      expect(inner?.height).toBe(56);
      // The header's own background still reaches the top edge (Telegram's controls sit on it).
      expect((await p.locator('.zv-header').boundingBox())?.y).toBe(0);
      const firstCard = await p.locator('[data-testid="task-card"]').first().boundingBox();
      expect(firstCard!.y).toBeGreaterThanOrEqual(reserved + 56);
      await screenshot(p, `telegram-fullscreen-${viewport.width}-tasks`);

      const card = p.locator('[data-testid="task-card"][data-task-title="Visit the Ziver website"]');
      await card.locator('[data-testid="task-complete"]').click();
      const confirm = p.locator('[data-testid="link-task-confirm"]');
      await confirm.waitFor();
      await waitForPosted(p, 'web_app_setup_swipe_behavior', (data) => data?.allow_vertical_swipe === false);
      await screenshot(p, `telegram-fullscreen-${viewport.width}-sheet`);
      await p.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      await waitForPosted(p, 'web_app_setup_swipe_behavior', (data) => data?.allow_vertical_swipe === true);
      expect(await postedOf(p, 'web_app_setup_swipe_behavior')).toEqual([
        { allow_vertical_swipe: false },
        { allow_vertical_swipe: true },
      ]);
      expect(tracked.errors).toEqual([]);
    });
  }
});

describe('the mining screen offers full screen (Mini Apps 8.0)', () => {
  for (const viewport of VIEWPORTS) {
    test(`${viewport.width}px: request, Telegram's answer, exit on leaving; a refusal is told`, async () => {
      const { url } = telegramServer();
      const tracked = await openPage(viewport);
      pages.push(tracked);
      const p = tracked.page;
      await installTelegramShim(p, { themeParams: NIGHT_THEME, answerViewport: true });
      const user = { id: nextTelegramUserId(), first_name: 'Mina', username: `mina_${nextTelegramUserId()}` };
      const launch = telegramLaunchHash({
        initData: signTelegramInitData({ user }),
        themeParams: NIGHT_THEME,
        platform: 'android',
      });
      await p.goto(`${url}/${launch}`);
      await waitForPath(p, (path) => path === '/profile/setup');
      await p.goto(`${url}/mining${launch}`);
      const button = p.locator('[data-testid="mining-fullscreen"]');
      await button.waitFor();
      expect(await button.getAttribute('aria-label')).toBe('Full screen');

      // Telegram refuses the first time (fullscreen_failed, as a client that cannot answers).
      await button.click();
      await vi.waitFor(async () => expect(await postedOf(p, 'web_app_request_fullscreen')).toHaveLength(1), {
        timeout: 30_000,
      });
      await deliverTelegramEvent(p, 'fullscreen_failed', { error: 'UNSUPPORTED' });
      await p.locator('[data-testid="mining-fullscreen-failed"]').waitFor();
      expect(await button.getAttribute('aria-label')).toBe('Full screen');

      // Then it goes full screen: the button turns into "Leave full screen".
      await button.click();
      await vi.waitFor(async () => expect(await postedOf(p, 'web_app_request_fullscreen')).toHaveLength(2), {
        timeout: 30_000,
      });
      await deliverTelegramEvent(p, 'fullscreen_changed', { is_fullscreen: true });
      await p.locator('[data-testid="mining-fullscreen"][aria-pressed="true"]').waitFor();
      expect(await button.getAttribute('aria-label')).toBe('Leave full screen');
      await p.locator('[data-testid="mining-fullscreen-failed"]').waitFor({ state: 'detached' });
      await screenshot(p, `telegram-fullscreen-${viewport.width}-mining`);

      // Leaving the mining screen leaves full screen.
      await p.locator('.zv-nav__bar > button').nth(1).click();
      await waitForPath(p, (path) => path === '/tasks');
      // (Its events carry no data, so they are counted.)
      await vi.waitFor(async () => expect(await postedOf(p, 'web_app_exit_fullscreen')).toHaveLength(1), {
        timeout: 30_000,
      });
      await deliverTelegramEvent(p, 'fullscreen_changed', { is_fullscreen: false });
      expect(tracked.errors).toEqual([]);
    });
  }
});
