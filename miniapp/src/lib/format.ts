/**
 * Every number, date, time, duration and relative time the mini app shows, in the chosen
 * language, through Intl. Formatters are cached per locale and options (building one costs far
 * more than using it, and the mining clock formats every second). Only lazily loaded feature
 * chunks import this module, never the first screen.
 */

/** The Intl locale of an app language: the regional default of each (zh is Simplified Chinese, zh-CN). */
const INTL_LOCALES: Record<string, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE', zh: 'zh-CN' };

export function intlLocale(language: string | undefined): string {
  const base = (language ?? 'en').toLowerCase().split(/[-_]/)[0] ?? 'en';
  return INTL_LOCALES[base] ?? 'en-US';
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function cached<T, O>(cache: Map<string, T>, language: string, options: O, make: (locale: string, o: O) => T): T {
  const locale = intlLocale(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make(locale, options);
    cache.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, language, options, (locale, o) => new Intl.NumberFormat(locale, o));
}

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, language, options, (locale, o) => new Intl.DateTimeFormat(locale, o));
}

function relativeTimeFormat(language: string): Intl.RelativeTimeFormat {
  return cached(
    relativeFormats,
    language,
    { numeric: 'auto' as const },
    (locale, o) => new Intl.RelativeTimeFormat(locale, o),
  );
}

/** Balances, points and amounts: grouping and up to 4 decimals (docs/spec.md §9), e.g. "1.234,5" in German. */
export function formatAmount(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 4 }).format(value);
}

/** An amount with its sign, as operators read changes: "+500", "−20" (zero unsigned). */
export function formatSignedAmount(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 4, signDisplay: 'exceptZero' }).format(value);
}

/** A whole count (referrals, tasks, transactions), grouped: "12,345" / "12.345" / "12 345". */
export function formatCount(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** A fraction (0.42) as a percentage in the language's own form: "42%", "42 %", "42 %". */
export function formatPercent(fraction: number, language: string): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/** Accepts an ISO string, a timestamp or a Date; null when it is not a real instant. */
export function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date: medium "Jan 5, 2025", long "January 5, 2025" (docs/spec.md §2), full with the weekday. */
export function formatDate(
  value: string | number | Date | null | undefined,
  language: string,
  style: 'medium' | 'long' | 'full' = 'medium',
): string | null {
  const date = toDate(value);
  return date ? dateTimeFormat(language, { dateStyle: style }).format(date) : null;
}

/** A date with its time: "Jan 5, 2025, 4:59 PM" / "5 janv. 2025, 16:59". */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  language: string,
  options: { dateStyle?: 'medium' | 'long' | 'full'; timeStyle?: 'short' | 'medium' } = {},
): string | null {
  const date = toDate(value);
  return date
    ? dateTimeFormat(language, {
        dateStyle: options.dateStyle ?? 'medium',
        timeStyle: options.timeStyle ?? 'short',
      }).format(date)
    : null;
}

/** A clock time, with seconds: "4:59:03 PM" / "16:59:03". */
export function formatTime(value: string | number | Date, language: string): string | null {
  const date = toDate(value);
  return date ? dateTimeFormat(language, { timeStyle: 'medium' }).format(date) : null;
}

/** "Nov 21, 4:59 PM" this year, "Nov 21, 2024, 4:59 PM" before (a ledger row's date). */
export function formatShortDateTime(value: string | number | Date, language: string, now = Date.now()): string | null {
  const date = toDate(value);
  if (!date) return null;
  const isThisYear = date.getFullYear() === new Date(now).getFullYear();
  return dateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    ...(isThisYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago", "il y a 3 minutes", "vor 3 Minuten", "3分钟前"; "now" under 10 seconds. */
export function formatRelativeTime(
  value: string | number | Date | null | undefined,
  language: string,
  now = Date.now(),
): string | null {
  const date = toDate(value);
  if (!date) return null;
  let amount = (date.getTime() - now) / 1000;
  if (Math.abs(amount) < 10) return relativeTimeFormat(language).format(0, 'second');
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeTimeFormat(language).format(Math.trunc(amount), unit);
    amount /= size;
  }
  return null;
}

function unit(language: string, name: 'hour' | 'minute' | 'second', value: number, options: Intl.NumberFormatOptions) {
  return numberFormat(language, { style: 'unit', unit: name, ...options }).format(value);
}

/** One piece of a formatted countdown: a number, a unit ("Std.", "h") or what stands between. */
export type CountdownPart = { kind: 'number' | 'unit' | 'literal'; text: string };

/**
 * The mining countdown (docs/spec.md §4) in pieces: hours and minutes while an hour or more remains,
 * minutes and seconds below, in the language's short unit forms ("3h 05m", "3 Std. 05 Min.",
 * "3小时 05分钟"). Pieces let the mining ring draw the units smaller than the digits.
 */
export function countdownParts(totalSeconds: number, language: string): CountdownPart[] {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  // English keeps its compact "3h 05m"; CLDR's narrow forms mix styles in other languages.
  const unitDisplay = intlLocale(language) === 'en-US' ? 'narrow' : 'short';
  const piece = (name: 'hour' | 'minute' | 'second', value: number, isPadded: boolean): CountdownPart[] =>
    numberFormat(language, { style: 'unit', unit: name, unitDisplay, minimumIntegerDigits: isPadded ? 2 : 1 })
      .formatToParts(value)
      .map((part) => ({
        kind: part.type === 'unit' ? 'unit' : part.type === 'literal' ? 'literal' : 'number',
        text: part.value,
      }));
  const [first, second] =
    hours > 0
      ? [piece('hour', hours, false), piece('minute', minutes, true)]
      : [piece('minute', minutes, false), piece('second', seconds, true)];
  return [...first, { kind: 'literal', text: ' ' }, ...second];
}

/** The mining countdown as text, e.g. "3h 05m" or "4 min 09 s" (see countdownParts). */
export function formatCountdown(totalSeconds: number, language: string): string {
  return countdownParts(totalSeconds, language)
    .map((part) => part.text)
    .join('');
}

/** A length of time in words: "4 hours", "1 hour 30 minutes", "4 Stunden", "4小时", "45 minutes". */
export function formatDuration(totalSeconds: number, language: string): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(unit(language, 'hour', hours, { unitDisplay: 'long' }));
  if (minutes > 0) parts.push(unit(language, 'minute', minutes, { unitDisplay: 'long' }));
  if (seconds > 0 || parts.length === 0) parts.push(unit(language, 'second', seconds, { unitDisplay: 'long' }));
  return parts.join(' ');
}
