import { afterAll, describe, expect, test } from 'vitest';
import { DESKTOP, openPage, screenshot, waitForPath, type TrackedPage } from './support/browser.js';
import { CONSOLE_BOT_TOKEN, useAdminConsole } from './support/admin-console.js';
import {
  NIGHT_THEME,
  deliverTelegramEvent,
  installTelegramShim,
  nextTelegramUserId,
  postedOf,
  signTelegramInitData,
  telegramLaunchHash,
  waitForPosted,
} from './telegram-env.js';

/**
 * Issue 38, items 2 and 6, inside Telegram (the mobile bridge: TelegramWebviewProxy.postEvent
 * out, Telegram.WebView.receiveEvent in), at 360 px and 1280 px:
 * - a link in an operator's in-app announcement opens through Telegram (web_app_open_tg_link for
 *   t.me, web_app_open_link for the rest), never as a new tab that would leave the mini app;
 * - the link task opened with Telegram's openLink asks "Did you complete…?" when Telegram says
 *   the mini app is shown again (visibility_changed), which is all a mobile client says.
 */
const consoleApp = useAdminConsole('telegram-links', { withBot: true });
const LINK_TASK = { title: 'Visit the Ziver website', url: 'https://ziver.io' };
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: DESKTOP.width, height: DESKTOP.height },
];

const pages: TrackedPage[] = [];
afterAll(async () => {
  for (const tracked of pages) await tracked.context.close();
});

async function openInTelegram(viewport: { width: number; height: number }) {
  const tracked = await openPage(viewport);
  pages.push(tracked);
  const p = tracked.page;
  await installTelegramShim(p, { themeParams: NIGHT_THEME, answerViewport: true });
  const user = { id: nextTelegramUserId(), first_name: 'Noor', username: `noor_${nextTelegramUserId()}` };
  const launch = telegramLaunchHash({
    initData: signTelegramInitData({ user, botToken: CONSOLE_BOT_TOKEN }),
    themeParams: NIGHT_THEME,
    platform: 'android',
  });
  await p.goto(`${consoleApp.url()}/${launch}`);
  await waitForPath(p, (path) => path === '/profile/setup');
  return { tracked, p, launch };
}

describe('links inside Telegram', () => {
  for (const viewport of VIEWPORTS) {
    test(`${viewport.width}px: announcement links open through Telegram`, async () => {
      const { tracked, p, launch } = await openInTelegram(viewport);
      const admin = await consoleApp.register('ADMIN');
      const sent = await consoleApp.api('POST', '/admin/announcements', admin.token, {
        format: 'html',
        text: `News ${viewport.width}: <a href="https://t.me/ZiverOfficial">our channel</a> and <a href="https://ziver.io/news">the blog</a>`,
      });
      expect(sent.status).toBe(201);

      await p.goto(`${consoleApp.url()}/tasks${launch}`);
      const notice = p.locator('[data-testid="in-app-notice"]', { hasText: `News ${viewport.width}` });
      await notice.waitFor();
      await screenshot(p, `telegram-links-${viewport.width}-notice`);
      const tabs = tracked.context.pages().length;

      await notice.locator('a', { hasText: 'our channel' }).click();
      await waitForPosted(p, 'web_app_open_tg_link', (data) => data?.path_full === '/ZiverOfficial');
      await notice.locator('a', { hasText: 'the blog' }).click();
      await waitForPosted(p, 'web_app_open_link', (data) => data?.url === 'https://ziver.io/news');

      expect(tracked.context.pages()).toHaveLength(tabs);
      expect(new URL(p.url()).pathname).toBe('/tasks');
      expect(tracked.errors).toEqual([]);
    });

    test(`${viewport.width}px: the link task asks when Telegram shows the mini app again`, async () => {
      const { tracked, p, launch } = await openInTelegram(viewport);
      await p.goto(`${consoleApp.url()}/tasks${launch}`);
      const card = p.locator(`[data-testid="task-card"][data-task-title="${LINK_TASK.title}"]`);
      await card.locator('[data-testid="task-complete"]').click();
      const confirm = p.locator('[data-testid="link-task-confirm"]');
      await confirm.locator('[data-testid="confirm-yes"]').click();
      await waitForPosted(p, 'web_app_open_link', (data) => data?.url?.startsWith(LINK_TASK.url));
      await p.locator('[data-testid="link-task-opened"]').waitFor();
      expect(await postedOf(p, 'web_app_open_tg_link')).toEqual([]);

      // The user reads the page in Telegram's browser and closes it: the webview itself
      // neither lost focus nor was hidden; Telegram only says the mini app is shown again.
      await deliverTelegramEvent(p, 'visibility_changed', { is_visible: false });
      await deliverTelegramEvent(p, 'visibility_changed', { is_visible: true });
      const ask = p.locator('[data-testid="link-task-ask"]');
      await ask.waitFor();
      expect(await ask.textContent()).toContain(`Did you complete “${LINK_TASK.title}”?`);
      await screenshot(p, `telegram-links-${viewport.width}-task-ask`);
      await ask.locator('[data-testid="confirm-yes"]').click();
      await p
        .locator(`[data-testid="task-card"][data-task-title="${LINK_TASK.title}"][data-state="completed"]`)
        .waitFor();
      expect(tracked.errors).toEqual([]);
    });
  }
});
