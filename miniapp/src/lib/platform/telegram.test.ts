import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasTelegramLaunchHint } from './launch-hint';
import { readTelegramLaunch, readTelegramSignInData, startTelegramSdk } from './telegram';

/**
 * The SDK wrapper against the real @telegram-apps/sdk, in a page opened the way Telegram
 * Desktop opens a mini app: launch parameters in the URL hash, events out through
 * window.TelegramWebviewProxy.postEvent, events in as messages from the parent.
 */
type Posted = { type: string; data: unknown };

const USER = { id: 700000001, first_name: 'Ada', username: 'ada_tg', language_code: 'fr' };
const THEME = { bg_color: '#17212b', secondary_bg_color: '#232e3c', text_color: '#f5f5f5' };
const INIT_DATA = new URLSearchParams({
  user: JSON.stringify(USER),
  auth_date: String(Math.floor(Date.now() / 1000)),
  start_param: 'ref_ABC123',
  signature: 'c2lnbmF0dXJl',
  hash: 'a'.repeat(64),
}).toString();

function telegramHash(): string {
  return new URLSearchParams({
    tgWebAppData: INIT_DATA,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(THEME),
    tgWebAppStartParam: 'ref_ABC123',
  }).toString();
}

function deliver(eventType: string, eventData?: unknown): void {
  window.dispatchEvent(
    new MessageEvent('message', { data: JSON.stringify({ eventType, eventData }), source: window.parent }),
  );
}

describe('outside Telegram', () => {
  it('answers null without a word in the console, and gives no reason to load the SDK', () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    expect(hasTelegramLaunchHint(window)).toBe(false);
    expect(readTelegramLaunch()).toBeNull();
    expect(readTelegramSignInData()).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });
});

describe('inside Telegram (Telegram Desktop)', () => {
  const posted: Posted[] = [];
  const postedOf = (type: string) => posted.filter((event) => event.type === type).map((event) => event.data);

  beforeAll(() => {
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
      postEvent: (type: string, data?: string) => posted.push({ type, data: data ? JSON.parse(data) : undefined }),
    };
  });

  // The test setup resets the URL before each test: reopen the app the way Telegram does.
  beforeEach(() => window.history.replaceState(null, '', `/?ref=FROMBOT#${telegramHash()}`));

  afterAll(() => {
    delete (window as unknown as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
    window.sessionStorage.clear();
  });

  it('reads the user and the raw, signed initData for the form-less sign-in', () => {
    expect(hasTelegramLaunchHint(window)).toBe(true);
    expect(readTelegramLaunch()).toEqual({ username: 'ada_tg', languageCode: 'fr' });
    const signIn = readTelegramSignInData();
    expect(signIn?.initData).toBe(INIT_DATA);
    expect(signIn?.startParam).toBe('ref_ABC123');
  });

  it('starts the SDK once: ready, expanded, back button, theme from the launch parameters', () => {
    const bridge = startTelegramSdk();
    expect(startTelegramSdk()).toBe(bridge);
    expect(postedOf('web_app_ready')).toHaveLength(1);
    expect(postedOf('web_app_expand')).toHaveLength(1);
    expect(bridge.hasBackButton()).toBe(true);
    expect(bridge.themeParams()).toMatchObject(THEME);
  });

  it('sends haptics, back button, colours and links to Telegram', () => {
    const bridge = startTelegramSdk();
    bridge.impact('medium');
    bridge.notify('success');
    expect(postedOf('web_app_trigger_haptic_feedback')).toEqual([
      { type: 'impact', impact_style: 'medium' },
      { type: 'notification', notification_type: 'success' },
    ]);

    bridge.setBackButtonVisible(true);
    expect(postedOf('web_app_setup_back_button').at(-1)).toEqual({ is_visible: true });

    bridge.setChromeColors({ header: '#101010', background: '#202020' });
    expect(postedOf('web_app_set_header_color').at(-1)).toEqual({ color: '#101010' });
    expect(postedOf('web_app_set_background_color').at(-1)).toEqual({ color: '#202020' });

    expect(bridge.openLink('https://example.com/')).toBe(true);
    expect(postedOf('web_app_open_link').at(-1)).toMatchObject({ url: 'https://example.com/' });
    expect(bridge.shareUrl('https://ziver.app/?ref=A', 'Join')).toBe(true);
    expect(postedOf('web_app_open_tg_link').at(-1)).toEqual({
      path_full: '/share/url?url=https%3A%2F%2Fziver.app%2F%3Fref%3DA&text=Join',
    });
  });

  it("hears the back button and Telegram's theme changes", () => {
    const bridge = startTelegramSdk();
    const onBack = vi.fn();
    const onTheme = vi.fn();
    const offBack = bridge.onBackButtonClick(onBack);
    const offTheme = bridge.onThemeChange(onTheme);

    deliver('back_button_pressed');
    expect(onBack).toHaveBeenCalledTimes(1);

    deliver('theme_changed', { theme_params: { bg_color: '#ffffff', text_color: '#000000' } });
    expect(onTheme).toHaveBeenCalled();
    expect(bridge.themeParams()).toMatchObject({ bg_color: '#ffffff' });

    offBack();
    offTheme();
    deliver('back_button_pressed');
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
