import { describe, expect, it } from 'vitest';
import { classifyPlatform, readBrowserSignals } from './detect-platform';
import { detectPlatform } from './platform-provider';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('platform detection', () => {
  it('puts Telegram first, then the native shell, then mobile web, then web', () => {
    expect(classifyPlatform({ isTelegram: true, hasNativeShell: true, userAgent: IPHONE, hasTouch: true })).toBe(
      'telegram',
    );
    expect(classifyPlatform({ isTelegram: false, hasNativeShell: true, userAgent: IPHONE, hasTouch: true })).toBe(
      'mobile-app',
    );
    expect(classifyPlatform({ isTelegram: false, hasNativeShell: false, userAgent: IPHONE, hasTouch: true })).toBe(
      'mobile-web',
    );
    expect(classifyPlatform({ isTelegram: false, hasNativeShell: false, userAgent: DESKTOP, hasTouch: true })).toBe(
      'web',
    );
  });

  it('needs touch as well as a mobile user agent for mobile web', () => {
    expect(classifyPlatform({ isTelegram: false, hasNativeShell: false, userAgent: IPHONE, hasTouch: false })).toBe(
      'web',
    );
  });

  it('recognises a React Native web view as the native shell', () => {
    const win = Object.assign(Object.create(window) as Window, {
      ReactNativeWebView: { postMessage: () => undefined },
    });
    Object.defineProperty(win, 'navigator', { value: window.navigator });
    expect(readBrowserSignals(win).hasNativeShell).toBe(true);
    expect(readBrowserSignals(window).hasNativeShell).toBe(false);
  });

  it('falls back to the web app outside Telegram without throwing', async () => {
    const state = await detectPlatform(window);
    expect(state.platform).toBe('web');
    expect(state.telegram).toBeNull();
    expect(state.telegramUsername).toBeNull();
  });
});
