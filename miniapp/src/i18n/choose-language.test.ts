import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@ziver/shared/core';
import { chooseLanguage, i18n, pickLanguage, readChosenLanguage } from '.';

describe('the chosen language', () => {
  it('is kept in this browser, so the login page after sign-out stays in it', async () => {
    await chooseLanguage('zh');
    expect(i18n.language).toBe('zh');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('zh');
    expect(readChosenLanguage()).toBe('zh');
    // The start-up order: the kept choice before the browser's languages.
    expect(pickLanguage([readChosenLanguage(), 'en-US'])).toBe('zh');
    await chooseLanguage('en');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(readChosenLanguage({ getItem: () => 'xx' })).toBeNull();
    expect(readChosenLanguage({ getItem: () => null })).toBeNull();
  });
});
