import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@ziver/shared';
import {
  effectiveTheme,
  nextTheme,
  readPickedTheme,
  readStoredTheme,
  resolveAppearance,
  storeTheme,
  THEME_COLORS,
} from './theme';

describe('theme', () => {
  it("defaults to dark and reads 'ziver-theme'", () => {
    expect(readStoredTheme(window.localStorage)).toBe('dark');
    window.localStorage.setItem('ziver-theme', 'light');
    expect(readStoredTheme(window.localStorage)).toBe('light');
    window.localStorage.setItem('ziver-theme', 'purple');
    expect(readStoredTheme(window.localStorage)).toBe('dark');
  });

  it('stores the chosen theme', () => {
    storeTheme(window.localStorage, 'auto');
    expect(window.localStorage.getItem('ziver-theme')).toBe('auto');
  });

  it('cycles light, dark, auto', () => {
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('auto');
    expect(nextTheme('auto')).toBe('light');
  });

  it('auto follows Telegram inside Telegram, else the system', () => {
    expect(resolveAppearance('dark', false, false)).toBe('dark');
    expect(resolveAppearance('light', true, true)).toBe('light');
    expect(resolveAppearance('auto', true, null)).toBe('dark');
    expect(resolveAppearance('auto', false, null)).toBe('light');
    expect(resolveAppearance('auto', true, false)).toBe('light');
  });

  it('uses the spec theme colours', () => {
    expect(THEME_COLORS).toEqual({ dark: '#1A1A1A', light: '#FFFFFF' });
  });
});

describe('effectiveTheme', () => {
  it("inside Telegram follows Telegram ('auto') until the user picks a theme; elsewhere dark", () => {
    expect(effectiveTheme(null, true)).toBe('auto');
    expect(effectiveTheme(null, false)).toBe('dark');
    expect(effectiveTheme('light', true)).toBe('light');
    expect(effectiveTheme('dark', true)).toBe('dark');
  });

  it('readPickedTheme: null when nothing valid is stored', () => {
    window.localStorage.removeItem(STORAGE_KEYS.theme);
    expect(readPickedTheme(window.localStorage)).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.theme, 'purple');
    expect(readPickedTheme(window.localStorage)).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.theme, 'auto');
    expect(readPickedTheme(window.localStorage)).toBe('auto');
  });
});
