import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { freePort } from '../scripts/lib/built-server.mjs';
import { CONSOLE_BOT_TOKEN, useAdminConsole } from './support/admin-console.js';
import { DESKTOP, openPage, screenshot, waitForPath, type TrackedPage } from './support/browser.js';
import {
  installTelegramShim,
  NIGHT_THEME,
  nextTelegramUserId,
  postedOf,
  signTelegramInitData,
  telegramLaunchHash,
  waitForPosted,
} from './telegram-env.js';

/**
 * Issue 38, item 3, in Chromium against the built server with wallets on (it knows its public
 * URL) and a bot: /wallet opens TON Connect UI with no Content Security Policy error, in a
 * browser and in the Telegram frame (the bridge of Telegram's clients, e2e/telegram-env.ts);
 * there the wallet links TON Connect UI opens go out through Telegram (web_app_open_tg_link for
 * t.me, web_app_open_link for a wallet's own https link), never as a tab that leaves the app;
 * and GET /api/wallet names the mini app's t.me link that TON Connect gets as twaReturnUrl.
 */
const BOT = 'ziver_wallet_bot';
const SHORT_NAME = 'app'; // as in the return URL checked below
const site = useAdminConsole('wallet_telegram', {
  withBot: true,
  env: async () => {
    const port = await freePort();
    return {
      PORT: String(port),
      // The bot's server needs an https PUBLIC_URL (withBot's); the mini app is served here.
      MINIAPP_URL: `http://127.0.0.1:${port}`,
      TONCONNECT_MANIFEST_URL: `http://127.0.0.1:${port}/tonconnect-manifest.json`,
      TON_NETWORK: 'testnet',
      TELEGRAM_BOT_USERNAME: BOT,
      TELEGRAM_MINIAPP_SHORT_NAME: SHORT_NAME,
    };
  },
});
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: DESKTOP.width, height: DESKTOP.height },
];

const pages: TrackedPage[] = [];
afterAll(async () => {
  for (const tracked of pages) await tracked.context.close();
});

/** Every CSP violation the page meets: Chromium's console line and the DOM event's directive. */
async function recordCsp(p: Page) {
  const console: string[] = [];
  p.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await p.addInitScript(() => {
    const win = window as unknown as { __csp: string[] };
    win.__csp = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      win.__csp.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return {
    console,
    events: () => p.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  };
}

/** Opens TON Connect's wallet list from the Connect wallet card. */
async function openWalletList(p: Page) {
  const card = p.getByTestId('wallet-connect');
  await expect.poll(() => card.getAttribute('data-phase'), { timeout: 20_000 }).toBe('ready');
  await p.getByTestId('wallet-connect-button').click();
  const modal = p.locator('#tc-widget-root [data-tc-wallets-modal-container]');
  await modal.waitFor();
  return modal;
}

/** TON Connect's own directives (script-src-attr, style, img, font, connect): none may be violated. */
const notZodProbe = (violation: string) => !violation.startsWith('script-src eval');

describe('TON Connect on /wallet', () => {
  test('in a browser at 1280 px: no CSP error, and the API names the mini app link to return to', async () => {
    const user = await site.register();
    const status = await site.api('GET', '/wallet', user.token);
    // The bot's name as Telegram's getMe gave it (the local Bot API's), the short name as configured.
    expect(status.body).toMatchObject({
      enabled: true,
      returnUrl: expect.stringMatching(/^https:\/\/t\.me\/\w+\/app$/),
    });
    const { page: p, errors } = await site.signIn(DESKTOP, user);
    const csp = await recordCsp(p);
    await p.goto('/wallet');
    await openWalletList(p);
    await screenshot(p, 'wallet-telegram-browser-1280');
    expect(csp.console).toEqual([]);
    expect((await csp.events()).filter(notZodProbe)).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const viewport of VIEWPORTS) {
    test(`in Telegram at ${viewport.width} px: wallet links go out through Telegram, no CSP error`, async () => {
      const tracked = await openPage(viewport);
      pages.push(tracked);
      const p = tracked.page;
      const csp = await recordCsp(p);
      await installTelegramShim(p, { themeParams: NIGHT_THEME, answerViewport: true });
      const user = { id: nextTelegramUserId(), first_name: 'Noor', username: `noor_${nextTelegramUserId()}` };
      const launch = telegramLaunchHash({
        initData: signTelegramInitData({ user, botToken: CONSOLE_BOT_TOKEN }),
        themeParams: NIGHT_THEME,
        platform: 'android',
      });
      await p.goto(`${site.url()}/${launch}`);
      await waitForPath(p, (path) => path === '/profile/setup');
      await p.goto(`${site.url()}/wallet${launch}`);
      const tabs = tracked.context.pages().length;

      // Telegram's own wallet: a t.me link, opened inside Telegram. On a phone TON Connect offers
      // it as its first button; on the desktop from its list, then "Open" on the wallet's page.
      let modal = await openWalletList(p);
      await screenshot(p, `wallet-telegram-list-${viewport.width}`);
      if (viewport.width < 600) {
        await modal.getByText('Connect Wallet in Telegram').first().click();
      } else {
        await modal
          .getByText(/^Wallet in\s*Telegram$/)
          .first()
          .click();
        await modal.getByText('Connect Wallet in Telegram on desktop').first().click();
      }
      await waitForPosted(p, 'web_app_open_tg_link', (data) => /^\/wallet/.test(data?.path_full ?? ''));

      if (viewport.width < 600) {
        // Another wallet's https link: Telegram's openLink, not a tab of its own.
        await p.goto(`${site.url()}/mining${launch}`);
        await p.goto(`${site.url()}/wallet${launch}`);
        modal = await openWalletList(p);
        await modal.getByText('Tonkeeper', { exact: true }).first().click();
        await waitForPosted(p, 'web_app_open_link', (data) => /^https:\/\/app\.tonkeeper\.com\//.test(data?.url ?? ''));
      }

      expect(tracked.context.pages()).toHaveLength(tabs);
      expect(new URL(p.url()).pathname).toBe('/wallet');
      expect(await postedOf(p, 'web_app_open_link')).not.toContainEqual(
        expect.objectContaining({ url: expect.stringMatching(/^https:\/\/t\.me\//) }),
      );
      expect(csp.console).toEqual([]);
      expect((await csp.events()).filter(notZodProbe)).toEqual([]);
      // This machine has no way out: TON Connect's fetch of its wallets list fails (it then uses its built-in list).
      const isOffline = (error: string) =>
        /\[TON_CONNECT_SDK\] TypeError: Failed to fetch|Failed to load resource/.test(error);
      expect(tracked.errors.filter((error) => !isOffline(error))).toEqual([]);
    });
  }
});
