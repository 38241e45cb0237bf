import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@ziver/shared/core';
import { languageBeforeDetection } from './provider';

function browserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('the start-up language before platform detection', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.removeItem(STORAGE_KEYS.language);
    window.history.replaceState(null, '', '/');
  });

  it("is the browser's when Telegram did not launch the page", () => {
    browserLanguages(['de-DE', 'en-US']);
    expect(languageBeforeDetection()).toBe('de');
    browserLanguages(['pt-BR']);
    expect(languageBeforeDetection()).toBe('en');
  });

  it("is the kept choice, before the browser's and before Telegram's", () => {
    browserLanguages(['de-DE']);
    localStorage.setItem(STORAGE_KEYS.language, 'zh');
    expect(languageBeforeDetection()).toBe('zh');
    window.history.replaceState(null, '', '/#tgWebAppData=user%3D%257B%2522language_code%2522%253A%2522fr%2522%257D');
    expect(languageBeforeDetection()).toBe('zh');
  });

  it("waits for detection inside Telegram without a kept choice (Telegram's language needs the SDK)", () => {
    browserLanguages(['de-DE']);
    window.history.replaceState(null, '', '/mining#tgWebAppVersion=8.0&tgWebAppPlatform=android');
    expect(languageBeforeDetection()).toBeNull();
  });
});
