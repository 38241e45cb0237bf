import { describe, expect, it } from 'vitest';
import {
  countdownParts,
  dateTimeFormat,
  formatAmount,
  formatCount,
  formatCountdown,
  formatDate,
  formatDuration,
  formatPercent,
  formatRelativeTime,
  formatTime,
  intlLocale,
  numberFormat,
} from './format';

/** Intl separates with no-break spaces (U+00A0, U+202F); compared as plain spaces. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

const AT = Date.UTC(2025, 0, 5, 15, 4, 9);
const utcDate = (language: string) =>
  dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(AT));

describe('the Intl locale of each app language', () => {
  it('maps the five languages to a region, zh to Simplified Chinese (zh-CN)', () => {
    expect(['en', 'es', 'fr', 'de', 'zh'].map(intlLocale)).toEqual(['en-US', 'es-ES', 'fr-FR', 'de-DE', 'zh-CN']);
    expect(intlLocale('zh-Hans')).toBe('zh-CN');
    expect(intlLocale('pt')).toBe('en-US');
    expect(intlLocale(undefined)).toBe('en-US');
  });

  it('builds each formatter once per locale and options', () => {
    expect(numberFormat('de', { maximumFractionDigits: 2 })).toBe(numberFormat('de', { maximumFractionDigits: 2 }));
    expect(numberFormat('de')).not.toBe(numberFormat('fr'));
  });
});

describe('numbers', () => {
  it.each([
    ['en', '1,234,567.8912'],
    ['es', '1.234.567,8912'],
    ['fr', '1 234 567,8912'],
    ['de', '1.234.567,8912'],
    ['zh', '1,234,567.8912'],
  ])('writes amounts with up to 4 decimals in %s: %s', (language, expected) => {
    expect(plain(formatAmount(1234567.89123, language))).toBe(expected);
  });

  it('uses the German decimal comma and drops trailing zeros', () => {
    expect(formatAmount(2.5, 'de')).toBe('2,5');
    expect(formatAmount(50, 'de')).toBe('50');
    expect(formatAmount(0.0001, 'de')).toBe('0,0001');
  });

  it('groups counts without decimals', () => {
    expect(formatCount(12345, 'de')).toBe('12.345');
    expect(plain(formatCount(12345, 'fr'))).toBe('12 345');
    expect(formatCount(12345, 'en')).toBe('12,345');
  });

  it('writes percentages each language’s way', () => {
    expect(formatPercent(0.42, 'en')).toBe('42%');
    expect(plain(formatPercent(0.42, 'fr'))).toBe('42 %');
    expect(plain(formatPercent(0.42, 'de'))).toBe('42 %');
    expect(formatPercent(0.42, 'zh')).toBe('42%');
  });
});

describe('dates and times', () => {
  it('writes a long date like the spec in English and natively elsewhere', () => {
    expect(utcDate('en')).toBe('January 5, 2025');
    expect(utcDate('es')).toBe('5 de enero de 2025');
    expect(utcDate('fr')).toBe('5 janvier 2025');
    expect(utcDate('de')).toBe('5. Januar 2025');
    expect(utcDate('zh')).toBe('2025年1月5日');
  });

  it('formats medium dates and clock times, and null for what is not a date', () => {
    const noon = new Date(2025, 0, 5, 12, 0, 0);
    expect(formatDate(noon, 'zh')).toBe('2025年1月5日');
    expect(formatDate(noon, 'de')).toBe('05.01.2025');
    expect(formatTime(new Date(2025, 0, 5, 16, 59, 3), 'de')).toBe('16:59:03');
    expect(plain(formatTime(new Date(2025, 0, 5, 16, 59, 3), 'en'))).toBe('4:59:03 PM');
    expect(formatDate('not a date', 'en')).toBeNull();
    expect(formatDate(null, 'en')).toBeNull();
  });

  it('says how long ago in words, in each language', () => {
    const now = AT;
    const minutesAgo = now - 3 * 60_000;
    expect(formatRelativeTime(minutesAgo, 'en', now)).toBe('3 minutes ago');
    expect(formatRelativeTime(minutesAgo, 'fr', now)).toBe('il y a 3 minutes');
    expect(formatRelativeTime(minutesAgo, 'de', now)).toBe('vor 3 Minuten');
    expect(formatRelativeTime(minutesAgo, 'es', now)).toBe('hace 3 minutos');
    expect(formatRelativeTime(minutesAgo, 'zh', now)).toBe('3分钟前');
    expect(formatRelativeTime(now - 2_000, 'en', now)).toBe('now');
    expect(formatRelativeTime(now - 26 * 3_600_000, 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(now - 3 * 3_600_000, 'de', now)).toBe('vor 3 Stunden');
    expect(formatRelativeTime(now + 2 * 86_400_000, 'fr', now)).toBe('après-demain');
  });
});

describe('durations', () => {
  it('counts down in hours and minutes above an hour, minutes and seconds below (spec §4)', () => {
    expect(formatCountdown(4 * 3600, 'en')).toBe('4h 00m');
    expect(formatCountdown(3 * 3600 + 5 * 60 + 59, 'en')).toBe('3h 05m');
    expect(formatCountdown(249, 'en')).toBe('4m 09s');
    expect(formatCountdown(-3, 'en')).toBe('0m 00s');
    expect(plain(formatCountdown(3 * 3600 + 5 * 60, 'de'))).toBe('3 Std. 05 Min.');
    expect(plain(formatCountdown(249, 'fr'))).toBe('4 min 09 s');
    expect(plain(formatCountdown(3 * 3600 + 5 * 60, 'zh'))).toBe('3小时 05分钟');
  });

  it('splits the countdown so the ring can draw units smaller than digits', () => {
    const parts = countdownParts(3 * 3600 + 5 * 60, 'de');
    expect(parts.filter((p) => p.kind === 'unit').map((p) => p.text)).toEqual(['Std.', 'Min.']);
    expect(parts.filter((p) => p.kind === 'number').map((p) => p.text)).toEqual(['3', '05']);
    expect(plain(parts.map((p) => p.text).join(''))).toBe('3 Std. 05 Min.');
  });

  it('says a cycle length in words', () => {
    expect(formatDuration(4 * 3600, 'en')).toBe('4 hours');
    expect(formatDuration(5400, 'en')).toBe('1 hour 30 minutes');
    expect(plain(formatDuration(4 * 3600, 'de'))).toBe('4 Stunden');
    expect(plain(formatDuration(4 * 3600, 'es'))).toBe('4 horas');
    expect(plain(formatDuration(4 * 3600, 'zh'))).toBe('4小时');
    expect(plain(formatDuration(45, 'fr'))).toBe('45 secondes');
  });
});
