import type { Language } from '@ziver/shared/core';
import en from '@/app/locales/en';
import deFeatures from '@/app/locales/de-features';
import deStart from '@/app/locales/de-start';
import esFeatures from '@/app/locales/es-features';
import esStart from '@/app/locales/es-start';
import frFeatures from '@/app/locales/fr-features';
import frStart from '@/app/locales/fr-start';
import zhFeatures from '@/app/locales/zh-features';
import zhStart from '@/app/locales/zh-start';

/**
 * The no-English check of the walk (e2e/i18n-walk.test.ts): on a Spanish, French, German or
 * Chinese screen, no visible text (nor aria-label, placeholder, title, alt) may be an English UI
 * string or an English text the server sent.
 */

type Tree = { [key: string]: string | Tree };

declare global {
  interface ImportMeta {
    /** Vite's (vitest's) static import of the files a pattern matches. */
    glob<T>(pattern: string, options: { eager: true }): Record<string, T>;
  }
}

/** The features' texts modules (features/<feature>/texts.ts), each language under its namespace. */
const FEATURE_TEXTS = Object.values(
  import.meta.glob<{ texts: { namespace: string; bundles: Record<Language, Tree> } }>(
    '../../miniapp/src/features/*/texts.ts',
    { eager: true },
  ),
).map((module) => module.texts);
const featureTexts = (language: Language): Tree =>
  Object.fromEntries(FEATURE_TEXTS.map((texts) => [`${texts.namespace}:`, texts.bundles[language]]));

/** Each language's two parts (start texts, the rest), as the app loads them, and the features' modules. */
const LOCALES = {
  es: [esStart, esFeatures, featureTexts('es')],
  fr: [frStart, frFeatures, featureTexts('fr')],
  de: [deStart, deFeatures, featureTexts('de')],
  zh: [zhStart, zhFeatures, featureTexts('zh')],
} as unknown as Record<Exclude<Language, 'en'>, Tree[]>;

/** Words that are the same in every language: names, brands, units. */
export const ALLOWED_WORDS = new Set([
  'Ziver',
  'ZP',
  'SEB',
  'Telegram',
  'WhatsApp',
  'Twitter',
  'X',
  'LinkedIn',
  'Google',
  'Web3',
  'OK',
  'Email',
  'E-mail',
  'English',
  'Español',
  'Français',
  'Deutsch',
  '中文',
]);

/**
 * English the server is known to still send (reported, not failed). Empty since server texts go
 * by message key, tasks are stored per language and ledger rows render from type + metadata:
 * keep it empty — a screen that shows English must fail the walk.
 */
export const PENDING_SERVER_TEXT: readonly string[] = [];

/** Whether a flagged screen text is only English the pending server branches still send. */
export function isPendingServerText(text: string): boolean {
  return PENDING_SERVER_TEXT.some((pending) => text.includes(pending));
}

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

const ENGLISH = flatten({ ...(en as unknown as Tree), ...featureTexts('en') });

/** Normalises a text as the page shows it: tags of <Trans> dropped, whitespace collapsed. */
export function normaliseText(text: string): string {
  return text
    .replace(/<\/?\d+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for one English string: its {{placeholders}} match any text. */
function patternOf(text: string): RegExp {
  const parts = normaliseText(text).split(/\{\{[^}]+\}\}/);
  return new RegExp(`^${parts.map(escape).join('.+?')}$`);
}

/** Has at least one letter, and is more than a name, a brand or a placeholder alone. */
function isWording(text: string): boolean {
  const plain = normaliseText(text)
    .replace(/\{\{[^}]+\}\}/g, '')
    .trim();
  if (!/\p{L}{2,}/u.test(plain)) return false;
  const words = plain.split(/[\s:,.!?()/·–—-]+/).filter(Boolean);
  return !words.every((word) => ALLOWED_WORDS.has(word) || !/\p{L}/u.test(word));
}

export type EnglishMatcher = {
  /** The English strings that a text is, or null when it is none. */
  match(text: string): string | null;
};

/**
 * English UI strings that must not show on a `language` screen: those whose translation differs
 * (a string the locale keeps in English, such as 'Ziver', is allowed) and that are no text of
 * that locale anywhere (German 'Status' is German too), plus the server's English `serverTexts`.
 */
export function englishMatcher(language: Exclude<Language, 'en'>, serverTexts: Iterable<string>): EnglishMatcher {
  const target = new Map(LOCALES[language].flatMap((part) => [...flatten(part)]));
  const targetTexts = new Set([...target.values()].map(normaliseText));
  const patterns: { text: string; pattern: RegExp }[] = [];
  for (const [key, english] of ENGLISH) {
    const text = normaliseText(english);
    if (!isWording(text) || targetTexts.has(text)) continue;
    if (target.get(key) !== undefined && normaliseText(target.get(key)!) === text) continue;
    patterns.push({ text, pattern: patternOf(text) });
  }
  const server = new Set<string>();
  for (const raw of serverTexts) {
    const text = normaliseText(raw);
    // Sentences and titles only: one-word values are codes, names, types or dates.
    if (!/\s/.test(text) || /:\/\//.test(text)) continue;
    if (isWording(text) && !targetTexts.has(text)) server.add(text);
  }
  return {
    match(raw) {
      const text = normaliseText(raw);
      if (!isWording(text)) return null;
      if (server.has(text)) return text;
      // A server sentence inside a longer text (an error notice with a prefix, a row's title).
      for (const english of server) if (english.length >= 12 && text.includes(english)) return english;
      for (const { text: english, pattern } of patterns) if (pattern.test(text)) return english;
      return null;
    },
  };
}

/** Every string value in a JSON answer, for the server's English (titles, descriptions, messages). */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}
