import { STORAGE_KEYS, THEMES, type Theme } from '@ziver/shared/core';

export type Appearance = 'dark' | 'light';

export const DEFAULT_THEME: Theme = 'dark';

/** The browser chrome colour per appearance (docs/spec.md §4). */
export const THEME_COLORS: Record<Appearance, string> = { dark: '#1A1A1A', light: '#FFFFFF' };

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The theme the user picked, or null when they never picked one (or it cannot be read). */
export function readPickedTheme(storage: Storage): Theme | null {
  try {
    const stored = storage.getItem(STORAGE_KEYS.theme);
    return isTheme(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The stored theme, dark when nothing (valid) is stored. */
export function readStoredTheme(storage: Storage): Theme {
  return readPickedTheme(storage) ?? DEFAULT_THEME;
}

/**
 * The theme in effect: the user's pick; until they pick one, 'auto' inside Telegram (the app
 * follows Telegram's day or night theme) and dark elsewhere.
 */
export function effectiveTheme(picked: Theme | null, isInsideTelegram: boolean): Theme {
  return picked ?? (isInsideTelegram ? 'auto' : DEFAULT_THEME);
}

export function storeTheme(storage: Storage, theme: Theme): void {
  try {
    storage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Blocked storage only means the choice is not remembered.
  }
}

/** The header toggle's cycle: light, dark, auto, light… */
export function nextTheme(theme: Theme): Theme {
  const order: Theme[] = ['light', 'dark', 'auto'];
  return order[(order.indexOf(theme) + 1) % order.length] ?? DEFAULT_THEME;
}

/**
 * What the screen shows. 'auto' follows Telegram's colour scheme inside Telegram, else the
 * system preference.
 */
export function resolveAppearance(
  theme: Theme,
  systemPrefersDark: boolean,
  telegramIsDark: boolean | null,
): Appearance {
  if (theme !== 'auto') return theme;
  if (telegramIsDark !== null) return telegramIsDark ? 'dark' : 'light';
  return systemPrefersDark ? 'dark' : 'light';
}
