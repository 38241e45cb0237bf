import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn, readablePalette } from './readable-palette';
import { telegramThemeVariables } from './telegram-theme';

/** Telegram Desktop's night theme, as it sends it. */
const NIGHT = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  accent_text_color: '#6ab2f2',
  destructive_text_color: '#ec3942',
};

describe("Telegram's palette made readable", () => {
  it('adjusts the colours Telegram sends that would not be readable, and keeps those that are', () => {
    const night = telegramThemeVariables(readablePalette(NIGHT));
    // Telegram Desktop's night red (#ec3942) reaches 3.9:1 on its secondary background: lightened.
    expect(night['--tg-theme-destructive-text-color']).not.toBe('#ec3942');
    expect(night['--tg-theme-text-color']).toBe('#f5f5f5');
    for (const key of ['hint', 'link', 'destructive-text', 'accent-text']) {
      const color = night[`--tg-theme-${key}-color`]!;
      expect(contrastRatio(color, '#232e3c')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(color, '#17212b')).toBeGreaterThanOrEqual(4.5);
    }
    // Android's day palette: #a8a8a8 hints (2.4:1 on white), white on #50a8eb buttons (2.6:1).
    const day = telegramThemeVariables(
      readablePalette({
        bg_color: '#ffffff',
        secondary_bg_color: '#f0f0f0',
        text_color: '#222222',
        hint_color: '#a8a8a8',
        button_color: '#50a8eb',
        button_text_color: '#ffffff',
      }),
    );
    expect(contrastRatio(day['--tg-theme-hint-color']!, '#f0f0f0')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', day['--tg-theme-button-color']!)).toBeGreaterThanOrEqual(4.5);
    expect(day['--tg-theme-text-color']).toBe('#222222');
    expect(day['--tg-theme-button-text-color']).toBe('#ffffff');
  });

  it('readableOn darkens on light backgrounds and lightens on dark ones, only as far as needed', () => {
    expect(readableOn('#000000', ['#ffffff'])).toBe('#000000');
    const darker = readableOn('#999999', ['#ffffff']);
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(darker, '#ffffff')).toBeLessThan(6);
    const lighter = readableOn('#708499', ['#17212b']);
    expect(contrastRatio(lighter, '#17212b')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21);
  });
});
