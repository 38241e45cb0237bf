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

const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** `a` moved towards `b` by `share` (0 to 1). */
function mix(a: string, b: string, share: number): string {
  const to = channels(b);
  return `#${channels(a)
    .map((c, i) =>
      Math.round(c + (to[i]! - c) * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * `color` as it is when it reaches 4.5:1 (WCAG AA) on every one of `backgrounds`, else darkened
 * (light backgrounds) or lightened (dark ones) step by step until it does: Telegram's own hint
 * and link colours (#999999 on white, 2.8:1) are made for its native text sizes, not for ours.
 */
export function readableOn(color: string, backgrounds: string[]): string {
  const towards = luminance(backgrounds[0]!) > 0.18 ? '#000000' : '#ffffff';
  for (let share = 0; share < 1; share += 0.04) {
    const candidate = mix(color, towards, share);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= 4.6)) return candidate;
  }
  return towards;
}

/** Text colours, drawn on the page's backgrounds and on tinted (bezeled) surfaces. */
const TEXT_KEYS: TelegramThemeKey[] = [
  'text_color',
  'hint_color',
  'subtitle_text_color',
  'section_header_text_color',
  'destructive_text_color',
  'link_color',
  'accent_text_color',
];

/**
 * The CSS variables for a palette; unknown keys and malformed colours are left out. Colours that
 * would not be readable are adjusted (readableOn): button colours under their text, text colours
 * on the backgrounds and on the tinted (bezeled) surfaces.
 */
export function telegramThemeVariables(params: TelegramThemeParams): Record<string, string> {
  const colors: Partial<Record<TelegramThemeKey, string>> = {};
  for (const key of TELEGRAM_THEME_KEYS) {
    const value = colorOf(params, key);
    if (value) colors[key] = value;
  }
  const backgrounds = [colors.bg_color, colors.secondary_bg_color, colors.section_bg_color].filter(
    (value): value is string => value !== undefined,
  );
  if (colors.button_color && colors.button_text_color) {
    colors.button_color = readableOn(colors.button_color, [colors.button_text_color]);
  }
  // Twice: a lightened accent makes the tinted surfaces (telegram-ui's secondary fill: the accent
  // at 10-15 %) lighter, which the second pass takes into account.
  for (let pass = 0; pass < 2 && backgrounds.length > 0; pass++) {
    const accent = colors.accent_text_color ?? colors.link_color;
    const surfaces = accent ? [...backgrounds, ...backgrounds.map((bg) => mix(bg, accent, 0.2))] : backgrounds;
    for (const key of TEXT_KEYS) {
      const value = colors[key];
      if (value) colors[key] = readableOn(value, surfaces);
    }
  }
  const variables: Record<string, string> = {};
  for (const [key, value] of Object.entries(colors)) variables[cssVariableFor(key as TelegramThemeKey)] = value;
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
