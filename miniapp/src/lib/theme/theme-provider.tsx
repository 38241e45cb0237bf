import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { Theme } from '@ziver/shared/core';
import { usePlatform } from '@/lib/platform/platform-provider';
import type { TelegramBridge, TelegramThemeParams } from '@/lib/platform/telegram-bridge';
import {
  chromeColorsFor,
  cssVariableFor,
  isTelegramThemeDark,
  shouldUseTelegramColors,
  TELEGRAM_THEME_KEYS,
  telegramThemeVariables,
} from './telegram-theme';
import {
  effectiveTheme,
  nextTheme,
  readPickedTheme,
  resolveAppearance,
  storeTheme,
  THEME_COLORS,
  type Appearance,
} from './theme';
import './theme.css';
import { guardedLocalStorage } from '@/lib/storage/guarded-storage';

type ThemeContextValue = {
  theme: Theme;
  appearance: Appearance;
  /** What 'auto' follows: Telegram's theme inside Telegram, else the device. */
  autoFollows: 'telegram' | 'system';
  /** Whether the screen shows Telegram's own palette. */
  usesTelegramColors: boolean;
  setTheme: (theme: Theme) => void;
  cycleTheme: () => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function useSystemPrefersDark(): boolean {
  const [prefersDark, setPrefersDark] = useState(() => window.matchMedia?.(DARK_QUERY).matches ?? true);
  useEffect(() => {
    const query = window.matchMedia?.(DARK_QUERY);
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return prefersDark;
}

const noSubscription = () => () => undefined;
const noParams = () => null;

/** Telegram's theme palette, live (theme_changed), or null outside Telegram. */
function useTelegramThemeParams(telegram: TelegramBridge | null): TelegramThemeParams | null {
  const subscribe = useMemo(
    () => (telegram ? (onChange: () => void) => telegram.onThemeChange(onChange) : noSubscription),
    [telegram],
  );
  const snapshot = useMemo(() => (telegram ? () => telegram.themeParams() : noParams), [telegram]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

let paletteApplied = 0;

function setPaletteVariables(root: HTMLElement, palette: TelegramThemeParams): void {
  for (const [name, value] of Object.entries(telegramThemeVariables(palette))) root.style.setProperty(name, value);
}

function applyToDocument(appearance: Appearance, telegramPalette: TelegramThemeParams | null): void {
  const root = document.documentElement;
  root.dataset.theme = appearance;
  root.style.colorScheme = appearance;

  // Telegram's palette goes into the --tg-theme-* variables telegram-ui reads; without it those
  // variables are removed and telegram-ui's (and our) light and dark palettes apply.
  for (const key of TELEGRAM_THEME_KEYS) root.style.removeProperty(cssVariableFor(key));
  const applied = ++paletteApplied;
  if (telegramPalette) {
    setPaletteVariables(root, telegramPalette);
    root.dataset.telegramColors = 'true';
    // Then with the colours that would not be readable adjusted (loaded after the first screen).
    import('./readable-palette')
      .then(({ readablePalette }) => {
        if (applied === paletteApplied) setPaletteVariables(root, readablePalette(telegramPalette));
      })
      .catch(() => undefined);
  } else {
    delete root.dataset.telegramColors;
  }

  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = telegramPalette ? chromeColorsFor(telegramPalette, appearance).header : THEME_COLORS[appearance];
}

/**
 * Theme state (stored under 'ziver-theme'; until picked, 'auto' inside Telegram and dark elsewhere) and the telegram-ui AppRoot.
 * Inside Telegram, 'auto' follows Telegram's theme, Telegram's palette colours the page when
 * it fits the chosen appearance, and Telegram's header and background are painted to match.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { telegram } = usePlatform();
  // Until the user picks a theme, inside Telegram the app follows Telegram's (day or night, live).
  const [picked, setPicked] = useState<Theme | null>(() => readPickedTheme(guardedLocalStorage));
  const theme = effectiveTheme(picked, telegram !== null);
  const systemPrefersDark = useSystemPrefersDark();
  const telegramParams = useTelegramThemeParams(telegram);
  const telegramIsDark = telegramParams ? isTelegramThemeDark(telegramParams) : null;
  const appearance = resolveAppearance(theme, systemPrefersDark, telegramIsDark);
  const usesTelegramColors = shouldUseTelegramColors(telegramParams, appearance);
  const palette = usesTelegramColors ? telegramParams : null;

  useEffect(() => applyToDocument(appearance, palette), [appearance, palette]);

  const chrome = chromeColorsFor(palette, appearance);
  useEffect(() => {
    telegram?.setChromeColors({ header: chrome.header, background: chrome.background });
  }, [telegram, chrome.header, chrome.background]);

  const setTheme = useCallback((next: Theme) => {
    storeTheme(guardedLocalStorage, next);
    setPicked(next);
  }, []);
  const cycleTheme = useCallback(() => setTheme(nextTheme(theme)), [setTheme, theme]);

  const autoFollows = telegramIsDark !== null ? 'telegram' : 'system';
  const value = useMemo<ThemeContextValue>(
    () => ({ theme, appearance, autoFollows, usesTelegramColors, setTheme, cycleTheme }),
    [theme, appearance, autoFollows, usesTelegramColors, setTheme, cycleTheme],
  );

  return (
    <ThemeContext.Provider value={value}>
      <AppRoot appearance={appearance} className="zv-root" data-appearance={appearance}>
        {children}
      </AppRoot>
    </ThemeContext.Provider>
  );
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
