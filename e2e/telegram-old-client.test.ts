import { afterAll, describe, expect, test } from 'vitest';
import { PHONE, openPage, screenshot, waitForPath, type TrackedPage } from './support/browser.js';
import {
  DAY_THEME,
  installTelegramShim,
  nextTelegramUserId,
  postedEvents,
  signTelegramInitData,
  telegramLaunchHash,
  useTelegramServer,
} from './telegram-env.js';

/**
 * An old Telegram for Android (Bot API 6.0) over the mobile bridge (window.TelegramWebviewProxy):
 * the app must post only the methods that version has (the SDK tells which), and its share
 * button and links still work through the fallbacks (the browser's own ways to open a link).
 */
const telegramServer = useTelegramServer('e2e-telegram-old-client');

/** Every method Telegram clients of Bot API 6.0 know (core.telegram.org/api/web-events). */
const METHODS_OF_6_0 = new Set([
  'iframe_ready',
  'iframe_will_reload',
  'web_app_close',
  'web_app_data_send',
  'web_app_expand',
  'web_app_open_link',
  'web_app_ready',
  'web_app_request_theme',
  'web_app_request_viewport',
  'web_app_setup_main_button',
  'web_app_setup_closing_behavior',
]);

describe('Telegram for Android, Bot API 6.0 (TelegramWebviewProxy)', () => {
  let tracked: TrackedPage | undefined;
  const page = () => {
    if (!tracked) throw new Error('no page: the first step failed');
    return tracked.page;
  };

  afterAll(async () => {
    await tracked?.context.close();
  });

  test('signs in and starts, posting only methods 6.0 supports', async () => {
    tracked = await openPage(PHONE);
    await installTelegramShim(tracked.page, { themeParams: DAY_THEME, answerViewport: true });
    const user = {
      id: nextTelegramUserId(),
      first_name: 'Old',
      username: `old_${Math.random().toString(36).slice(2, 8)}`,
    };
    const initData = signTelegramInitData({ user });
    await page().goto(
      `${telegramServer().url}/${telegramLaunchHash({ initData, themeParams: DAY_THEME, platform: 'android', version: '6.0' })}`,
    );
    expect(await waitForPath(page(), (path) => path === '/profile/setup')).toBe('/profile/setup');
    await page().locator('[data-testid="profile-setup-page"]').waitFor();

    await page().goto(`${telegramServer().url}/referrals`);
    await page().locator('[data-testid="referral-link-card"]').waitFor();
    await page().locator('[data-testid="referral-link"]').getByText('/register?ref=').waitFor();
    await screenshot(page(), 'telegram-old-client-referrals');

    const posted = (await postedEvents(page())).map((event) => event.type);
    expect(posted).toContain('web_app_ready');
    expect(posted.filter((type) => !METHODS_OF_6_0.has(type))).toEqual([]);
  });

  test("sharing on Telegram falls back to navigating to Telegram's share link, which the client intercepts", async () => {
    // 6.0 has no web_app_open_tg_link: the SDK navigates the webview to the t.me link instead,
    // which Telegram clients open themselves. Here a stand-in answers t.me.
    await page().route('https://t.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>t.me</title>' }),
    );
    await page().locator('[data-testid="referral-share-telegram"]').click();
    await page().waitForURL((url) => url.hostname === 't.me', { waitUntil: 'commit' });
    const shared = new URL(page().url());
    expect(shared.pathname).toBe('/share/url');
    // Inside Telegram the shared link opens the bot (no mini app short name configured here).
    expect(shared.searchParams.get('url')).toMatch(/^https:\/\/t\.me\/ziver_e2e_bot\?start=[A-Za-z0-9_-]+$/);
    const posted = (await postedEvents(page())).map((event) => event.type);
    expect(posted).not.toContain('web_app_open_tg_link');
    expect(posted.filter((type) => !METHODS_OF_6_0.has(type))).toEqual([]);
  });

  test('nothing went to the console as an error', () => {
    // The referrals page's smart suggestion answers 404 when there is none (not this test's concern).
    expect(tracked?.errors.filter((line) => !line.includes('status of 404'))).toEqual([]);
  });
});
