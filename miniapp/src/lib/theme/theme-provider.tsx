import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { Theme } from '@ziver/shared';
import { usePlatform } from '@/lib/platform/platform-provider';
import { nextTheme, readStoredTheme, resolveAppearance, storeTheme, THEME_COLORS, type Appearance } from './theme';

type ThemeContextValue = {
  theme: Theme;
  appearance: Appearance;
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

function applyToDocument(appearance: Appearance): void {
  const root = document.documentElement;
  root.dataset.theme = appearance;
  root.style.colorScheme = appearance;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = THEME_COLORS[appearance];
}

/** Theme state (stored under 'ziver-theme', dark by default) and the telegram-ui AppRoot. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { telegram } = usePlatform();
  const [theme, setThemeState] = useState<Theme>(() => readStoredTheme(window.localStorage));
  const systemPrefersDark = useSystemPrefersDark();
  const followsTelegram = theme === 'auto' && telegram !== null;
  const appearance = resolveAppearance(theme, systemPrefersDark, followsTelegram ? telegram.isDark() : null);

  useEffect(() => applyToDocument(appearance), [appearance]);

  // Inside Telegram, 'auto' also takes Telegram's own colours.
  useEffect(() => {
    if (!followsTelegram) return;
    return telegram.bindThemeColors();
  }, [followsTelegram, telegram]);

  const setTheme = useCallback((next: Theme) => {
    storeTheme(window.localStorage, next);
    setThemeState(next);
  }, []);
  const cycleTheme = useCallback(() => setTheme(nextTheme(theme)), [setTheme, theme]);

  const value = useMemo(() => ({ theme, appearance, setTheme, cycleTheme }), [theme, appearance, setTheme, cycleTheme]);

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
