import type { TelegramThemeParams } from '@/lib/platform/telegram-bridge';
import { TELEGRAM_THEME_KEYS, type TelegramThemeKey } from './telegram-theme';

/**
 * Telegram's palette made readable: loaded after the first screen (it is not needed to paint it,
 * and the first screen's bundle has no room), then applied over Telegram's own colours
 * (theme-provider.tsx). Telegram's hint and link colours are made for its native text sizes:
 * #999999 on white is 2.8:1, white on Android's #50a8eb buttons 2.6:1.
 */

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
 * The palette with the colours that would not be readable adjusted (readableOn): the button
 * colour under its text, the text colours on the backgrounds and on the tinted (bezeled)
 * surfaces. Colours that are readable stay as Telegram sent them.
 */
export function readablePalette(params: TelegramThemeParams): TelegramThemeParams {
  const colors: Partial<Record<TelegramThemeKey, string>> = {};
  for (const key of TELEGRAM_THEME_KEYS) {
    const value = params[key];
    if (value && /^#[0-9a-f]{6}$/i.test(value)) colors[key] = value.toLowerCase();
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
  return { ...params, ...colors };
}
