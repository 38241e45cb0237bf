import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { PHONE, newCredentials, openPage, screenshot, waitForPath, type TrackedPage } from './support/browser.js';
import {
  DAY_THEME,
  NIGHT_THEME,
  backButtonVisibility,
  deliverTelegramEvent,
  installTelegramShim,
  nextTelegramUserId,
  postedOf,
  rgbOf,
  sawPasswordField,
  signTelegramInitData,
  telegramLaunchHash,
  waitForBackButton,
  waitForPosted,
  type TelegramUser,
  useTelegramServer,
} from './telegram-env.js';

/**
 * The mini app inside a Telegram-like environment (Telegram Desktop at phone size): launch
 * parameters in the URL hash with initData signed by the server's bot token, and the
 * TelegramWebviewProxy bridge recording what the app posts and delivering Telegram's events.
 * The shared server has no bot token, so this file runs its own built server with one, its
 * Bot API pointed at a local recorder. One step per test, in order (never skipped).
 */
const telegramServer = useTelegramServer('e2e-telegram-server');
const serverUrl = () => telegramServer().url;

/** Registers a web user on the Telegram-enabled server and returns their referral code. */
async function referrerCode(): Promise<string> {
  const credentials = newCredentials();
  const res = await fetch(`${serverUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = (await res.json()) as { user?: { referral_code?: string } };
  if (res.status !== 201 || !body.user?.referral_code)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(body)}`);
  return body.user.referral_code;
}

/** Opens the app the way Telegram Desktop does, with a fresh browser context. */
async function openInTelegram(
  user: TelegramUser,
  { search = '', path = '/' }: { search?: string; path?: string } = {},
): Promise<TrackedPage> {
  const tracked = await openPage(PHONE);
  await installTelegramShim(tracked.page, { themeParams: NIGHT_THEME, answerViewport: false });
  const initData = signTelegramInitData({ user });
  await tracked.page.goto(
    `${serverUrl()}${path}${search}${telegramLaunchHash({ initData, themeParams: NIGHT_THEME })}`,
  );
  return tracked;
}

const styleOf = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

const cssVariable = (page: Page, name: string) =>
  page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);

describe('inside Telegram (tdesktop, 390x844)', () => {
  const telegramUser: TelegramUser = {
    id: nextTelegramUserId(),
    first_name: 'Ada',
    username: `ada_${Math.random().toString(36).slice(2, 8)}`,
  };
  let tracked: TrackedPage | undefined;
  const page = () => {
    if (!tracked) throw new Error('no page: the first step failed');
    return tracked.page;
  };

  afterAll(async () => {
    await tracked?.context.close();
  });

  test('a new Telegram user is signed in with no form, with the bot button referral, and lands on /profile/setup', async () => {
    const code = await referrerCode();
    tracked = await openInTelegram(telegramUser, { search: `?ref=${code}` });
    const p = page();
    const signIn = await p.waitForRequest((req) => req.url().endsWith('/api/auth/telegram') && req.method() === 'POST');
    const sent = signIn.postDataJSON() as { initData: string; referralCode?: string };
    expect(new URLSearchParams(sent.initData).get('user')).toContain(telegramUser.username);
    expect(sent.referralCode).toBe(code);
    const answer = await (await signIn.response())?.json();
    expect(answer).toMatchObject({ success: true, isNewUser: true, referralApplied: true });

    expect(await waitForPath(p, (path) => path === '/profile/setup')).toBe('/profile/setup');
    await p.locator('[data-testid="profile-setup-page"]').waitFor();
    expect(await sawPasswordField(p)).toBe(false);
    await p.getByText(`@${telegramUser.username}`).first().waitFor();
    await screenshot(p, 'telegram-01-profile-setup');
  });

  test('the SDK starts: ready, expanded, even though the client never answers the viewport', async () => {
    const p = page();
    expect(await postedOf(p, 'web_app_ready')).toHaveLength(1);
    expect(await postedOf(p, 'web_app_expand')).toHaveLength(1);
    // The shim never answers the safe-area requests: the viewport mount times out, the app renders.
    expect((await postedOf(p, 'web_app_request_safe_area')).length).toBeGreaterThan(0);
  });

  test("the colours are Telegram's theme params", async () => {
    const p = page();
    expect(await cssVariable(p, '--tg-theme-bg-color')).toBe(NIGHT_THEME.bg_color);
    expect(await styleOf(p, '.zv-root', 'background-color')).toBe(rgbOf(NIGHT_THEME.secondary_bg_color!));
    expect(await styleOf(p, 'body', 'background-color')).toBe(rgbOf(NIGHT_THEME.secondary_bg_color!));
    expect(await styleOf(p, '.zv-header', 'background-color')).toBe(rgbOf(NIGHT_THEME.header_bg_color!));
    expect(await styleOf(p, '.zv-root', 'color')).toBe(rgbOf(NIGHT_THEME.text_color!));
    await waitForPosted(p, 'web_app_set_header_color', (data) => data.color === NIGHT_THEME.header_bg_color);
    await waitForPosted(p, 'web_app_set_background_color', (data) => data.color === NIGHT_THEME.secondary_bg_color);
  });

  test('a nested page shows the back button, and pressing it goes back to the root, which hides it', async () => {
    const p = page();
    await waitForBackButton(p, true);
    await deliverTelegramEvent(p, 'back_button_pressed');
    expect(await waitForPath(p, (path) => path === '/')).toBe('/');
    await p.locator('[data-testid="mining-phase"][data-phase="ready"]').waitFor();
    await waitForBackButton(p, false);
    await screenshot(p, 'telegram-02-mining');
  });

  test('starting to mine taps (haptic impact)', async () => {
    const p = page();
    await p.locator('[data-testid="mining-action"]').click();
    await p.locator('[data-testid="mining-phase"][data-phase="in_progress"]').waitFor();
    await waitForPosted(
      p,
      'web_app_trigger_haptic_feedback',
      (data) => data.type === 'impact' && data.impact_style === 'medium',
    );
  });

  test("settings pages: Telegram's back button replaces the page's own, and 'auto' follows Telegram's theme live", async () => {
    const p = page();
    await p.locator('[data-testid="profile-menu"]').click();
    await p.locator('[data-testid="menu-settings"]').click();
    await waitForPath(p, (path) => path === '/settings');
    await waitForBackButton(p, true);
    await p.locator('[data-testid="settings-card-appearance"]').click();
    await waitForPath(p, (path) => path === '/settings/appearance');
    await p.locator('[data-testid="theme-option-auto"]').waitFor();
    expect(await p.locator('[data-testid="back-button"]').count()).toBe(0);
    await screenshot(p, 'telegram-03-appearance-night');

    await p.locator('[data-testid="theme-option-auto"]').click();
    await p.getByText('Follows Telegram').first().waitFor();
    await deliverTelegramEvent(p, 'theme_changed', { theme_params: DAY_THEME });
    await p.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await cssVariable(p, '--tg-theme-bg-color')).toBe(DAY_THEME.bg_color);
    expect(await styleOf(p, '.zv-root', 'background-color')).toBe(rgbOf(DAY_THEME.secondary_bg_color!));
    await waitForPosted(p, 'web_app_set_header_color', (data) => data.color === DAY_THEME.header_bg_color);
    await screenshot(p, 'telegram-04-appearance-day');

    await deliverTelegramEvent(p, 'back_button_pressed');
    expect(await waitForPath(p, (path) => path === '/settings')).toBe('/settings');
    await waitForBackButton(p, true);
  });

  test('an open modal: the back button closes it and keeps the page', async () => {
    const p = page();
    await p.locator('[data-testid="settings-card-security"]').click();
    await waitForPath(p, (path) => path === '/settings/security');
    await p.locator('[data-testid="two-factor-enable"]').click();
    const dialog = p.locator('[role="dialog"][data-state="open"]');
    await dialog.waitFor();
    await screenshot(p, 'telegram-05-modal');
    await deliverTelegramEvent(p, 'back_button_pressed');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(p.url()).pathname).toBe('/settings/security');

    await deliverTelegramEvent(p, 'back_button_pressed');
    expect(await waitForPath(p, (path) => path === '/settings')).toBe('/settings');
    await deliverTelegramEvent(p, 'back_button_pressed');
    expect(await waitForPath(p, (path) => path === '/')).toBe('/');
    await waitForBackButton(p, false);
    expect(await backButtonVisibility(p)).toBe(false);
  });

  test('nothing went to the console as an error', () => {
    expect(tracked?.errors).toEqual([]);
  });

  test('a returning Telegram user reopening the app lands on /mining, again with no form', async () => {
    const again = await openInTelegram(telegramUser);
    try {
      expect(await waitForPath(again.page, (path) => path === '/mining')).toBe('/mining');
      await again.page.locator('[data-testid="mining-phase"]').waitFor();
      expect(await sawPasswordField(again.page)).toBe(false);
      await screenshot(again.page, 'telegram-06-returning');
      expect(again.errors).toEqual([]);
    } finally {
      await again.context.close();
    }
  });
});

describe('the same bundle in a plain browser (390x844)', () => {
  test('shows the landing page without loading the Telegram SDK, and browser back works', async () => {
    const tracked = await openPage(PHONE);
    const { page } = tracked;
    try {
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
      });
      await page.goto(`${serverUrl()}/`);
      await page.locator('[data-testid="landing"]').waitFor();
      // Past platform detection: had it loaded the Telegram SDK, that request would have been
      // made and finished by the time the network is idle.
      await page.waitForLoadState('networkidle');
      // Neither the SDK's vendor chunk nor lib/platform/telegram.ts's own chunk.
      expect(scripts.filter((path) => /\/tma-sdk-|\/telegram-[\w-]{8}\.js$/.test(path))).toEqual([]);
      expect(await page.evaluate(() => 'TelegramWebviewProxy' in window)).toBe(false);
      await screenshot(page, 'telegram-07-plain-landing');

      await page.locator('[data-testid="landing-sign-in"]').click();
      await waitForPath(page, (path) => path === '/login');
      await page.locator('input[name="password"]').waitFor();
      await page.goBack();
      expect(await waitForPath(page, (path) => path === '/')).toBe('/');
      await page.locator('[data-testid="landing"]').waitFor();
      expect(tracked.errors).toEqual([]);
    } finally {
      await tracked.context.close();
    }
  });
});
