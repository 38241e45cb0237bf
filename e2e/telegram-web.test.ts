import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CHROMIUM_PATH, PAGE_WAIT_MS, PHONE, screenshot } from './support/browser.js';
import {
  DAY_THEME,
  NIGHT_THEME,
  nextTelegramUserId,
  signTelegramInitData,
  telegramLaunchHash,
  useTelegramServer,
  type ThemeParams,
} from './telegram-env.js';

/**
 * The mini app as Telegram Web runs it: a page on https://web.telegram.org frames the app,
 * served from another site (https://ziver.test), and the two talk over the postMessage bridge
 * (the app posts `{eventType, eventData}` JSON to its parent at Telegram Web's origin; the host
 * answers with postMessage). Both origins are local stand-ins: Playwright answers
 * web.telegram.org with the host page below and forwards ziver.test to the built server. The
 * browser blocks third-party cookies and storage (Chromium's own setting, as in incognito),
 * so inside the frame merely reading `window.localStorage` throws.
 */
const telegramServer = useTelegramServer('e2e-telegram-web');

const HOST_ORIGIN = 'https://web.telegram.org';
const APP_ORIGIN = 'https://ziver.test';

/** Telegram Web's side of the bridge: records what the app posts and answers like a client. */
const HOST_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Telegram Web</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%}</style></head>
<body><script>
  window.__events = [];
  window.__theme = null;
  const frame = document.createElement('iframe');
  frame.id = 'app';
  const send = (eventType, eventData) =>
    frame.contentWindow.postMessage(JSON.stringify({ eventType, eventData }), '${APP_ORIGIN}');
  window.__send = send;
  window.__open = (src, theme) => { window.__theme = theme; frame.src = src; };
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== '${APP_ORIGIN}') return;
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    window.__events.push({ type: message.eventType, data: message.eventData ?? null });
    if (message.eventType === 'web_app_request_theme') send('theme_changed', { theme_params: window.__theme });
    if (message.eventType === 'web_app_request_viewport') {
      send('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true });
    }
    if (message.eventType === 'web_app_request_safe_area') send('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
    if (message.eventType === 'web_app_request_content_safe_area') {
      send('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
    }
    if (message.eventType === 'web_app_invoke_custom_method') answerCustomMethod(message.eventData);
  });
  // CloudStorage as Telegram Web keeps it for this user and bot: the custom methods
  // saveStorageValue / getStorageValues / deleteStorageValues / getStorageKeys.
  window.__cloud = {};
  function answerCustomMethod({ req_id, method, params }) {
    const cloud = window.__cloud;
    let result;
    if (method === 'saveStorageValue') { cloud[params.key] = params.value; result = true; }
    else if (method === 'getStorageValues') {
      result = {};
      for (const key of params.keys) result[key] = cloud[key] ?? '';
    } else if (method === 'deleteStorageValues') { for (const key of params.keys) delete cloud[key]; result = true; }
    else if (method === 'getStorageKeys') result = Object.keys(cloud);
    else return send('custom_method_invoked', { req_id, error: 'UNKNOWN_METHOD' });
    send('custom_method_invoked', { req_id, result });
  }
  document.body.append(frame);
</script></body></html>`;

let userDataDir: string | undefined;
let context: BrowserContext | undefined;
let host: Page | undefined;
const errors: string[] = [];

/** Chromium with "Block third-party cookies" on (cookie_controls_mode 1), the way incognito runs. */
async function launchBlockingThirdPartyStorage(): Promise<BrowserContext> {
  userDataDir = mkdtempSync(path.join(os.tmpdir(), 'ziver-tg-web-'));
  mkdirSync(path.join(userDataDir, 'Default'), { recursive: true });
  writeFileSync(
    path.join(userDataDir, 'Default', 'Preferences'),
    JSON.stringify({ profile: { cookie_controls_mode: 1, block_third_party_cookies: true } }),
  );
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: PHONE,
    locale: 'en-US',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

beforeAll(async () => {
  context = await launchBlockingThirdPartyStorage();
  context.setDefaultTimeout(PAGE_WAIT_MS);
  await context.route(`${HOST_ORIGIN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: HOST_PAGE }),
  );
  await context.route(`${APP_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${telegramServer().url}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
  host = context.pages()[0] ?? (await context.newPage());
  host.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  host.on('pageerror', (error) => errors.push(`uncaught error: ${error.message}`));
  await host.goto(`${HOST_ORIGIN}/k/`);
});

afterAll(async () => {
  // The app keeps polling; requests in flight at close must not fail the run.
  await context?.unrouteAll({ behavior: 'ignoreErrors' });
  await context?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

const page = () => {
  if (!host) throw new Error('the host page did not open');
  return host;
};

/** The app's frame (once it has navigated to the app). */
const appFrame = () => frameAt(`${APP_ORIGIN}/`, (url) => !url.includes('/api/'));

/** The first frame whose URL starts with `prefix` (and passes `accept`), once there is one. */
async function frameAt(prefix: string, accept: (url: string) => boolean = () => true): Promise<Frame> {
  return vi.waitFor(
    () => {
      const frame = page()
        .frames()
        .find((f) => f.url().startsWith(prefix) && accept(f.url()));
      if (!frame) throw new Error('the app frame never loaded');
      return frame;
    },
    { timeout: 30_000, interval: 50 },
  );
}

async function hostEvents(type: string): Promise<unknown[]> {
  const events = await page().evaluate(
    () => (window as unknown as { __events: { type: string; data: unknown }[] }).__events,
  );
  return events.filter((event) => event.type === type).map((event) => event.data);
}

async function waitForHostEvent(type: string, matches: (data: any) => boolean = () => true): Promise<unknown> {
  return vi.waitFor(
    async () => {
      const found = (await hostEvents(type)).find(matches);
      if (found === undefined) throw new Error(`the app never posted ${type} to Telegram Web`);
      return found;
    },
    { timeout: 30_000, interval: 50 },
  );
}

async function sendFromTelegram(eventType: string, eventData: unknown): Promise<void> {
  await page().evaluate(
    ([type, data]) => (window as unknown as { __send: (t: unknown, d: unknown) => void }).__send(type, data),
    [eventType, eventData] as const,
  );
}

const framePath = async () => new URL((await appFrame()).url()).pathname;

describe('Telegram Web (cross-site frame, third-party storage blocked, postMessage bridge)', () => {
  const user = {
    id: nextTelegramUserId(),
    first_name: 'Noa',
    username: `noa_${Math.random().toString(36).slice(2, 8)}`,
    language_code: 'es',
  };

  test('the browser really blocks storage in the frame, and the app still signs in with Telegram', async () => {
    const initData = signTelegramInitData({ user });
    const launch = telegramLaunchHash({ initData, themeParams: NIGHT_THEME, platform: 'weba', version: '8.0' });
    const signIn = page().waitForRequest(
      (req) => req.url() === `${APP_ORIGIN}/api/auth/telegram` && req.method() === 'POST',
    );
    await page().evaluate(
      ([src, theme]) => (window as unknown as { __open: (s: string, t: ThemeParams) => void }).__open(src, theme),
      [`${APP_ORIGIN}/${launch}`, NIGHT_THEME] as const,
    );
    // Chromium's setting, not a shim: in a frame of the app's site with no app script in it,
    // reading localStorage throws…
    await page().evaluate((src) => {
      const probe = document.createElement('iframe');
      probe.src = src;
      probe.style.display = 'none';
      document.body.append(probe);
    }, `${APP_ORIGIN}/api/health`);
    const probe = await frameAt(`${APP_ORIGIN}/api/health`);
    await probe.waitForLoadState('domcontentloaded');
    const storageAccess = await probe.evaluate(() => {
      try {
        void window.localStorage.length;
        return 'allowed';
      } catch (error) {
        return (error as DOMException).name;
      }
    });
    expect(storageAccess).toBe('SecurityError');
    // …while the top-level page (first party) has its storage.
    expect(await page().evaluate(() => typeof window.localStorage.length)).toBe('number');

    const frame = await appFrame();
    await frame.waitForLoadState('domcontentloaded');
    const request = await signIn;
    expect(new URLSearchParams((request.postDataJSON() as { initData: string }).initData).get('user')).toContain(
      user.username,
    );
    const answer = await (await request.response())?.json();
    expect(answer).toMatchObject({ success: true, isNewUser: true });
    // The app runs on in-memory storage: the blocked one was replaced for it and the SDK.
    expect(await frame.evaluate(() => 'value' in (Object.getOwnPropertyDescriptor(window, 'localStorage') ?? {}))).toBe(
      true,
    );

    await waitForHostEvent('web_app_ready');
    await frame.locator('[data-testid="profile-setup-page"]').waitFor();
    expect(await framePath()).toBe('/profile/setup');
    await frame.getByText(`@${user.username}`).first().waitFor();
    await screenshot(page(), 'telegram-web-01-signed-in');
  });

  test("the app follows Telegram's theme (night, then day, then night again) without the user picking one", async () => {
    const frame = await appFrame();
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(
      await frame.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color').trim(),
      ),
    ).toBe(NIGHT_THEME.bg_color);

    await sendFromTelegram('theme_changed', { theme_params: DAY_THEME });
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(
      await frame.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color').trim(),
      ),
    ).toBe(DAY_THEME.bg_color);
    await waitForHostEvent('web_app_set_header_color', (data) => data?.color === DAY_THEME.header_bg_color);
    await screenshot(page(), 'telegram-web-02-day');

    await sendFromTelegram('theme_changed', { theme_params: NIGHT_THEME });
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await waitForHostEvent('web_app_set_header_color', (data) => data?.color === NIGHT_THEME.header_bg_color);
  });

  test('the account speaks the Telegram language (es) and the session lives on in memory', async () => {
    const frame = await appFrame();
    const language = await frame.evaluate(() => document.documentElement.lang);
    expect(language).toBe('es');
    expect(await framePath()).toBe('/profile/setup');
  });

  test("with storage blocked, the session is kept in Telegram's CloudStorage: a reload restores it with no new sign-in, and logout deletes it", async () => {
    const cloudSession = () =>
      page().evaluate(() => (window as unknown as { __cloud: Record<string, string> }).__cloud.ziver_session ?? null);
    await waitForHostEvent('web_app_invoke_custom_method', (data) => data?.method === 'saveStorageValue');
    // Only the token is kept (a JWT: three base64url parts), nothing of the user.
    const storedToken = (await cloudSession()) ?? '';
    expect(storedToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // Telegram Web opens the mini app again: the frame's memory is gone, the cloud copy is not.
    const signIns: string[] = [];
    const onRequest = (req: { url(): string; method(): string }) => {
      if (req.url() === `${APP_ORIGIN}/api/auth/telegram` && req.method() === 'POST') signIns.push(req.url());
    };
    page().on('request', onRequest);
    const verified = page().waitForResponse((res) => res.url() === `${APP_ORIGIN}/api/user/verify-token`);
    const initData = signTelegramInitData({ user });
    const launch = telegramLaunchHash({ initData, themeParams: NIGHT_THEME, platform: 'weba', version: '8.0' });
    await page().evaluate(() => {
      (window as unknown as { __events: unknown[] }).__events.length = 0;
      document.getElementById('app')?.setAttribute('src', 'about:blank');
    });
    await frameAt('about:blank');
    await page().evaluate(
      ([src, theme]) => (window as unknown as { __open: (s: string, t: ThemeParams) => void }).__open(src, theme),
      [`${APP_ORIGIN}/${launch}`, NIGHT_THEME] as const,
    );
    await waitForHostEvent('web_app_invoke_custom_method', (data) => data?.method === 'getStorageValues');
    const verifiedResponse = await verified;
    expect(verifiedResponse.status()).toBe(200);
    expect(verifiedResponse.request().headers().authorization).toBe(`Bearer ${storedToken}`);
    const frame = await appFrame();
    // A returning user: straight to /mining, signed in with the restored session.
    await frame.locator('[data-testid="mining-screen"]').waitFor();
    expect(await framePath()).toBe('/mining');
    expect(signIns).toEqual([]);
    await screenshot(page(), 'telegram-web-03-restored');

    // Logout revokes the session and deletes the cloud copy; Telegram then signs in afresh.
    const freshSignIn = page().waitForRequest(
      (req) => req.url() === `${APP_ORIGIN}/api/auth/telegram` && req.method() === 'POST',
    );
    await frame.locator('[data-testid="profile-menu"]').click();
    await frame.locator('[data-testid="logout"]').click();
    await waitForHostEvent('web_app_invoke_custom_method', (data) => data?.method === 'deleteStorageValues');
    await freshSignIn;
    page().off('request', onRequest);
    // The old token is revoked and gone from CloudStorage (only the new session's copy is there).
    await page().waitForFunction(
      () => (window as unknown as { __cloud: Record<string, string> }).__cloud.ziver_session,
    );
    expect(await cloudSession()).not.toBe(storedToken);
    const revoked = await fetch(`${telegramServer().url}/api/user/verify-token`, {
      headers: { Authorization: `Bearer ${storedToken}` },
    });
    expect(revoked.status).toBe(401);
  });

  test('nothing went to the console as an error', () => {
    expect(errors).toEqual([]);
  });
});
