import { describe, expect, it } from 'vitest';
import {
  chromeColorsFor,
  isDarkColor,
  isTelegramThemeDark,
  OWN_CHROME_COLORS,
  shouldUseTelegramColors,
  telegramThemeVariables,
} from './telegram-theme';

/** Telegram Desktop's night theme, as it sends it. */
const NIGHT = {
  bg_color: '#17212B',
  secondary_bg_color: '#232e3c',
  header_bg_color: '#17212b',
  section_bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  accent_text_color: '#6ab2f2',
  destructive_text_color: '#ec3942',
};

const DAY = { bg_color: '#ffffff', secondary_bg_color: '#f1f1f1', text_color: '#000000' };

describe("theme from Telegram's theme params", () => {
  it('maps each palette key onto the --tg-theme-* variable telegram-ui reads', () => {
    const variables = telegramThemeVariables(NIGHT);
    expect(variables['--tg-theme-bg-color']).toBe('#17212b');
    expect(variables['--tg-theme-secondary-bg-color']).toBe('#232e3c');
    expect(variables['--tg-theme-header-bg-color']).toBe('#17212b');
    expect(variables['--tg-theme-text-color']).toBe('#f5f5f5');
    expect(variables['--tg-theme-button-text-color']).toBe('#ffffff');
    expect(variables['--tg-theme-destructive-text-color']).toBe('#ec3942');
  });

  it('leaves out unknown keys and malformed colours', () => {
    const variables = telegramThemeVariables({ bg_color: 'red', text_color: '#12345', made_up_color: '#123456' });
    expect(variables).toEqual({});
  });

  it('gives the header and section surfaces the background when an older client sends no colour for them', () => {
    const variables = telegramThemeVariables(DAY);
    expect(variables['--tg-theme-header-bg-color']).toBe('#ffffff');
    expect(variables['--tg-theme-section-bg-color']).toBe('#ffffff');
    expect(variables['--tg-theme-secondary-bg-color']).toBe('#f1f1f1');
  });

  it('tells a dark palette from a light one by its background', () => {
    expect(isDarkColor('#17212b')).toBe(true);
    expect(isDarkColor('#ffffff')).toBe(false);
    expect(isTelegramThemeDark(NIGHT)).toBe(true);
    expect(isTelegramThemeDark(DAY)).toBe(false);
    expect(isTelegramThemeDark({})).toBeNull();
  });

  it("uses Telegram's colours only when they fit the appearance shown", () => {
    expect(shouldUseTelegramColors(NIGHT, 'dark')).toBe(true);
    expect(shouldUseTelegramColors(NIGHT, 'light')).toBe(false);
    expect(shouldUseTelegramColors(DAY, 'light')).toBe(true);
    expect(shouldUseTelegramColors(null, 'dark')).toBe(false);
    expect(shouldUseTelegramColors({}, 'dark')).toBe(false);
  });

  it("paints Telegram's header and background like the page", () => {
    expect(chromeColorsFor(NIGHT, 'dark')).toEqual({ header: '#17212b', background: '#232e3c' });
    expect(chromeColorsFor(NIGHT, 'light')).toEqual(OWN_CHROME_COLORS.light);
    expect(chromeColorsFor(null, 'dark')).toEqual(OWN_CHROME_COLORS.dark);
  });
});
