// A Telegram-like environment for the browser tests (the mini app as Telegram Desktop runs it):
// initData signed exactly as Telegram signs it, the launch parameters in the URL hash, and a
// window.TelegramWebviewProxy that records what the app posts and can answer it. Written for
// e2e/telegram.test.ts; the shared harness (global setup, support/browser.ts) is untouched.
import { createHmac, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { startBuiltServer } from '../scripts/lib/built-server.mjs';
import { E2E_MINING_CYCLE_HOURS } from './global-setup.js';
import { closeBrowser } from './support/browser.js';

/** A bot token of the right shape for tests (never a real one). */
export const E2E_BOT_TOKEN = '7000000001:E2E-telegram-bot-token_for-ziver-browser';

export type TelegramUser = {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: boolean;
  allows_write_to_pm?: boolean;
  photo_url?: string;
};

/** Telegram's theme palette as clients send it (snake_case keys, '#rrggbb'). */
export type ThemeParams = Record<string, string>;

/** Telegram Desktop's night palette. */
export const NIGHT_THEME: ThemeParams = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  header_bg_color: '#1c2a38',
  section_bg_color: '#17212b',
  bottom_bar_bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  subtitle_text_color: '#708499',
  section_header_text_color: '#6ab3f3',
  section_separator_color: '#111921',
  link_color: '#6ab3f3',
  accent_text_color: '#6ab2f2',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  destructive_text_color: '#ec3942',
};

/** Telegram Desktop's day palette. */
export const DAY_THEME: ThemeParams = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f0f2f5',
  header_bg_color: '#fafafa',
  section_bg_color: '#ffffff',
  bottom_bar_bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  subtitle_text_color: '#999999',
  section_header_text_color: '#3a95d5',
  section_separator_color: '#e7e7e7',
  link_color: '#168acd',
  accent_text_color: '#168acd',
  button_color: '#40a7e3',
  button_text_color: '#ffffff',
  destructive_text_color: '#d14e4e',
};

let nextId = 810_000_000;
/** A fresh Telegram user id per call. */
export function nextTelegramUserId(): number {
  return nextId++ + Math.floor(Math.random() * 1000) * 1_000_000;
}

/**
 * initData signed as Telegram signs it (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
 * every field but `hash`, sorted by key, as `key=value` lines; HMAC-SHA256 with the key
 * HMAC-SHA256("WebAppData", botToken); hex. Like Telegram since Bot API 8.0 it carries a
 * `signature` field (the SDK requires one), which is part of the signed data.
 */
export function signTelegramInitData(options: {
  user: TelegramUser;
  botToken?: string;
  authDate?: number;
  startParam?: string;
}): string {
  const fields: Record<string, string> = {
    query_id: `AAH${randomBytes(9).toString('base64url')}`,
    user: JSON.stringify({ language_code: 'en', allows_write_to_pm: true, ...options.user }),
    auth_date: String(options.authDate ?? Math.floor(Date.now() / 1000)),
    signature: randomBytes(64).toString('base64url'),
    ...(options.startParam ? { start_param: options.startParam } : {}),
  };
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secretKey = createHmac('sha256', 'WebAppData')
    .update(options.botToken ?? E2E_BOT_TOKEN)
    .digest();
  const params = new URLSearchParams(fields);
  params.set('hash', createHmac('sha256', secretKey).update(dataCheckString).digest('hex'));
  return params.toString();
}

/** The URL hash Telegram opens a mini app with (tgWebAppData=…&tgWebAppVersion=…). */
export function telegramLaunchHash(options: {
  initData: string;
  themeParams: ThemeParams;
  platform?: string;
  version?: string;
  startParam?: string;
}): string {
  const params = new URLSearchParams({
    tgWebAppData: options.initData,
    tgWebAppVersion: options.version ?? '8.0',
    tgWebAppPlatform: options.platform ?? 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(options.themeParams),
    ...(options.startParam ? { tgWebAppStartParam: options.startParam } : {}),
  });
  return `#${params.toString()}`;
}

/**
 * One event the mini app posted to Telegram: `raw` is the second argument of postEvent exactly as
 * sent (a JSON string, or undefined for a method without parameters), `data` its parsed value.
 */
export type PostedEvent = { type: string; data: unknown; raw: string | undefined; at: number };

type ShimOptions = {
  themeParams: ThemeParams;
  answerViewport: boolean;
  /**
   * Answers CloudStorage (web_app_invoke_custom_method: saveStorageValue, getStorageValues,
   * deleteStorageValues, getStorageKeys) with custom_method_invoked, as Telegram keeps it for the
   * user and bot: the values survive navigations and reloads of the same browser context.
   */
  cloudStorage?: boolean;
};

/**
 * Installs, before any page script runs, what Telegram Desktop injects: a
 * window.TelegramWebviewProxy whose postEvent records each event in window.__telegramEvents.
 * It answers theme and viewport requests like a client would, except the safe-area requests
 * when `answerViewport` is false: a client that never answers them, so the viewport's mount
 * never resolves (the app must render anyway). It also notes whether a password field ever
 * appeared (the sign-in must need no form). With `cloudStorage` it keeps CloudStorage too.
 */
export async function installTelegramShim(page: Page, options: ShimOptions): Promise<void> {
  await page.addInitScript((shim: ShimOptions) => {
    type Win = Window & {
      __telegramEvents: { type: string; data: unknown; raw: string | undefined; at: number }[];
      __sawPasswordField: boolean;
      __telegramAnswers: { type: string; data: unknown }[];
      __telegramTheme: Record<string, string>;
      TelegramWebviewProxy: { postEvent(type: string, data?: string): void };
      Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
    };
    const win = window as unknown as Win;
    win.__telegramEvents = [];
    win.__sawPasswordField = false;
    win.__telegramTheme = shim.themeParams;

    // Telegram answers a request asynchronously: the stand-in delivers its event a moment later
    // (and notes it in window.__telegramAnswers once the app has received it).
    win.__telegramAnswers = [];
    const deliver = (type: string, data?: unknown) =>
      // eslint-disable-next-line no-restricted-syntax -- the stand-in's asynchronous delivery, not a wait
      setTimeout(() => {
        win.Telegram?.WebView?.receiveEvent?.(type, data);
        win.__telegramAnswers.push({ type, data });
      }, 10);

    // Kept in the page's own storage under a key of the stand-in's, so a reload finds it.
    const CLOUD_KEY = '__telegramCloudStorage';
    const answerCloudStorage = (request: { req_id: string; method: string; params: Record<string, any> }) => {
      const { req_id, method, params } = request;
      const cloud: Record<string, string> = JSON.parse(localStorage.getItem(CLOUD_KEY) ?? '{}');
      let result: unknown;
      if (method === 'saveStorageValue') {
        cloud[params.key] = params.value;
        result = true;
      } else if (method === 'getStorageValues') {
        result = Object.fromEntries((params.keys as string[]).map((key) => [key, cloud[key] ?? '']));
      } else if (method === 'deleteStorageValues') {
        for (const key of params.keys as string[]) delete cloud[key];
        result = true;
      } else if (method === 'getStorageKeys') {
        result = Object.keys(cloud);
      } else {
        deliver('custom_method_invoked', { req_id, error: 'UNKNOWN_METHOD' });
        return;
      }
      localStorage.setItem(CLOUD_KEY, JSON.stringify(cloud));
      deliver('custom_method_invoked', { req_id, result });
    };

    win.TelegramWebviewProxy = {
      postEvent(type, data) {
        win.__telegramEvents.push({ type, data: data ? JSON.parse(data) : undefined, raw: data, at: Date.now() });
        if (type === 'web_app_request_theme') deliver('theme_changed', { theme_params: win.__telegramTheme });
        if (shim.cloudStorage && type === 'web_app_invoke_custom_method' && data) answerCloudStorage(JSON.parse(data));
        if (!shim.answerViewport) return;
        if (type === 'web_app_request_viewport') {
          deliver('viewport_changed', {
            height: window.innerHeight,
            width: window.innerWidth,
            is_expanded: true,
            is_state_stable: true,
          });
        }
        if (type === 'web_app_request_safe_area')
          deliver('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
        if (type === 'web_app_request_content_safe_area') {
          deliver('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
        }
      },
    };

    new MutationObserver(() => {
      if (!win.__sawPasswordField && document.querySelector('input[type="password"], input[name="password"]')) {
        win.__sawPasswordField = true;
      }
    }).observe(document, { subtree: true, childList: true });
  }, options);
}

/** Every event the app has posted so far, in order. */
export async function postedEvents(page: Page): Promise<PostedEvent[]> {
  return page.evaluate(() => (window as unknown as { __telegramEvents: PostedEvent[] }).__telegramEvents);
}

/** The data of every posted event of one type, in order. */
export async function postedOf(page: Page, type: string): Promise<unknown[]> {
  return (await postedEvents(page)).filter((event) => event.type === type).map((event) => event.data);
}

/** Waits until the app has posted an event of `type` whose data satisfies `matches`; returns that data. */
export async function waitForPosted(
  page: Page,
  type: string,
  matches: (data: any) => boolean = () => true,
  timeout = 10_000,
): Promise<unknown> {
  return vi.waitFor(
    async () => {
      const found = (await postedOf(page, type)).find((data) => matches(data));
      if (found !== undefined) return found;
      const seen = (await postedEvents(page)).map((event) => `${event.type} ${JSON.stringify(event.data ?? null)}`);
      throw new Error(`no ${type} event matched within ${timeout} ms; posted so far:\n${seen.join('\n')}`);
    },
    { timeout, interval: 50 },
  );
}

/**
 * Waits until the stand-in has delivered one of its own answers (a `custom_method_invoked`, a
 * `theme_changed`…) whose data satisfies `matches`: the app has received it when this returns.
 */
export async function waitForAnswered(
  page: Page,
  type: string,
  matches: (data: any) => boolean = () => true,
  timeout = 10_000,
): Promise<void> {
  await vi.waitFor(
    async () => {
      const answers = await page.evaluate(
        () => (window as unknown as { __telegramAnswers: { type: string; data: unknown }[] }).__telegramAnswers,
      );
      if (!answers.some((answer) => answer.type === type && matches(answer.data))) {
        throw new Error(`no ${type} answer matched within ${timeout} ms; answered: ${JSON.stringify(answers)}`);
      }
    },
    { timeout, interval: 50 },
  );
}

/** The back button's visibility as last set by the app (web_app_setup_back_button), or null before any. */
export async function backButtonVisibility(page: Page): Promise<boolean | null> {
  const setups = (await postedOf(page, 'web_app_setup_back_button')) as { is_visible: boolean }[];
  return setups.at(-1)?.is_visible ?? null;
}

/** Waits until the back button's last visibility is `isVisible`. */
export async function waitForBackButton(page: Page, isVisible: boolean, timeout = 10_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const visibility = await backButtonVisibility(page);
      if (visibility !== isVisible) {
        throw new Error(`back button should be ${isVisible ? 'visible' : 'hidden'}, is ${visibility}`);
      }
    },
    { timeout, interval: 50 },
  );
}

/**
 * Delivers an event to the app the way Telegram Desktop does, through
 * window.Telegram.WebView.receiveEvent (set up by the SDK once it listens).
 */
export async function deliverTelegramEvent(page: Page, type: string, data?: unknown): Promise<void> {
  await page.evaluate(
    ([eventType, eventData]) => {
      const win = window as unknown as {
        __telegramTheme: Record<string, string>;
        Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
      };
      const receive = win.Telegram?.WebView?.receiveEvent;
      if (!receive)
        throw new Error('the page does not listen to Telegram events (window.Telegram.WebView.receiveEvent)');
      if (eventType === 'theme_changed') {
        win.__telegramTheme = (eventData as { theme_params: Record<string, string> }).theme_params;
      }
      receive(eventType as string, eventData);
    },
    [type, data] as const,
  );
}

/** Whether a password field ever appeared on the page since it was opened. */
export async function sawPasswordField(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sawPasswordField: boolean }).__sawPasswordField);
}

/** '#17212b' → 'rgb(23, 33, 43)', as getComputedStyle reports colours. */
export function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

export type TelegramServer = { url: string; recorder: BotApiRecorder };

/**
 * For one test file: a built server with a bot token (the shared server has none), its Bot API
 * pointed at a local recorder, started before the file's tests and stopped after them (with
 * the browser). `env` adds to or overrides its environment. Returns a getter that throws if the
 * server did not start.
 */
export function useTelegramServer(label: string, env: Record<string, string> = {}): () => TelegramServer {
  let recorder: BotApiRecorder | undefined;
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  beforeAll(async () => {
    recorder = await startBotApiRecorder({ token: E2E_BOT_TOKEN, botInfo: { username: 'ziver_e2e_bot' } });
    server = await startBuiltServer({
      label,
      pgdataFrom: inject('pgdataTemplate'),
      env: {
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        MINING_CYCLE_HOURS: E2E_MINING_CYCLE_HOURS,
        TELEGRAM_BOT_TOKEN: E2E_BOT_TOKEN,
        TELEGRAM_BOT_USERNAME: 'ziver_e2e_bot',
        TELEGRAM_API_ROOT: recorder.url,
        ...env,
      },
    });
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.stop();
    await recorder?.close();
  });
  return () => {
    if (!server || !recorder) throw new Error('the Telegram-enabled server did not start');
    return { url: server.url, recorder };
  };
}
