import type { ChromeColors, TelegramThemeParams } from '@/lib/platform/telegram-bridge';
import type { Appearance } from './theme';

/**
 * Telegram's palette keys, each applied as the CSS variable telegram-ui and our styles read:
 * bg_color → --tg-theme-bg-color, secondary_bg_color → --tg-theme-secondary-bg-color, …
 */
export const TELEGRAM_THEME_KEYS = [
  'bg_color',
  'secondary_bg_color',
  'section_bg_color',
  'header_bg_color',
  'bottom_bar_bg_color',
  'text_color',
  'hint_color',
  'subtitle_text_color',
  'section_header_text_color',
  'section_separator_color',
  'link_color',
  'accent_text_color',
  'button_color',
  'button_text_color',
  'destructive_text_color',
] as const;

export type TelegramThemeKey = (typeof TELEGRAM_THEME_KEYS)[number];

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function cssVariableFor(key: TelegramThemeKey): string {
  return `--tg-theme-${key.replace(/_/g, '-')}`;
}

/** Older clients send no header or section colours: those surfaces take the background. */
const FALLBACKS: Partial<Record<TelegramThemeKey, TelegramThemeKey>> = {
  secondary_bg_color: 'bg_color',
  section_bg_color: 'bg_color',
  header_bg_color: 'bg_color',
};

function colorOf(params: TelegramThemeParams, key: TelegramThemeKey): string | null {
  const value = params[key];
  if (value && HEX_COLOR.test(value)) return value.toLowerCase();
  const fallback = FALLBACKS[key];
  return fallback ? colorOf(params, fallback) : null;
}

/** The CSS variables for a palette; unknown keys and malformed colours are left out. */
export function telegramThemeVariables(params: TelegramThemeParams): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const key of TELEGRAM_THEME_KEYS) {
    const value = colorOf(params, key);
    if (value) variables[cssVariableFor(key)] = value;
  }
  return variables;
}

/** Perceived brightness below the midpoint: the same rule Telegram's SDK uses for isDark. */
export function isDarkColor(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
  return Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) < 120;
}

/** Whether Telegram's palette is dark (from its background), or null when it sent none. */
export function isTelegramThemeDark(params: TelegramThemeParams): boolean | null {
  const background = params.bg_color;
  return background && HEX_COLOR.test(background) ? isDarkColor(background) : null;
}

/**
 * Telegram's colours are used when they fit what the screen shows: always for 'auto' (which
 * follows Telegram), and for an explicit light or dark when Telegram's palette is of the same
 * kind. A dark choice inside a light Telegram keeps our own dark palette.
 */
export function shouldUseTelegramColors(params: TelegramThemeParams | null, appearance: Appearance): boolean {
  if (!params) return false;
  const isDark = isTelegramThemeDark(params);
  return isDark !== null && isDark === (appearance === 'dark');
}

/** Our own page colours (no Telegram palette): header and page background per appearance. */
export const OWN_CHROME_COLORS: Record<Appearance, ChromeColors> = {
  dark: { header: '#1a1a1a', background: '#1a1a1a' },
  light: { header: '#ffffff', background: '#efeff4' },
};

/**
 * The colours Telegram's own header and background should take so they run into the page:
 * the page header and the page background (the secondary background in telegram-ui).
 */
export function chromeColorsFor(params: TelegramThemeParams | null, appearance: Appearance): ChromeColors {
  const own = OWN_CHROME_COLORS[appearance];
  if (!params || !shouldUseTelegramColors(params, appearance)) return own;
  return {
    header: colorOf(params, 'header_bg_color') ?? own.header,
    background: colorOf(params, 'secondary_bg_color') ?? own.background,
  };
}
