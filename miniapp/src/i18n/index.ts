import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, STORAGE_KEYS, type Language } from '@ziver/shared/core';
import { guardedLocalStorage } from '@/lib/storage/guarded-storage';
import type { Translation } from './locales/en';
import enShell from './locales/en-shell';

/** Other locales load on demand, so English-only visitors never download them. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Translation }>> = {
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  de: () => import('./locales/de'),
  zh: () => import('./locales/zh'),
};

/** The first supported language among candidates such as 'es-MX' or 'zh-Hans', else English. */
export function pickLanguage(candidates: readonly (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    const base = candidate?.toLowerCase().split(/[-_]/)[0];
    const match = LANGUAGES.find((language) => language === base);
    if (match) return match;
  }
  return 'en';
}

/**
 * The server's texts (the message list, shared/src/i18n) per language, loaded with the language.
 * English has none here: an answer's own `message` is the English text (i18n/server-message.ts).
 */
const serverLoaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  es: () => import('@ziver/shared/i18n/es'),
  fr: () => import('@ziver/shared/i18n/fr'),
  de: () => import('@ziver/shared/i18n/de'),
  zh: () => import('@ziver/shared/i18n/zh'),
};

/** Loads a locale if needed and switches to it; a failed load keeps the current language. */
let resolveStartupLanguage: () => void = () => undefined;
const startupLanguage = new Promise<void>((resolve) => {
  resolveStartupLanguage = resolve;
  // Never hold the screens longer than this (a language that cannot load falls back to English).
  setTimeout(resolve, 3_000);
});

/**
 * Resolves once the language chosen at start-up (app/provider.tsx: the user's kept choice,
 * Telegram's, the browser's) is applied: routes wait for it, so a German reader's login page
 * never shows English first.
 */
export function startupLanguageReady(): Promise<void> {
  return startupLanguage;
}

/** Applies the start-up language, then lets the routes render (see startupLanguageReady). */
export async function applyStartupLanguage(language: Language): Promise<void> {
  try {
    await applyLanguage(language);
  } finally {
    resolveStartupLanguage();
  }
}

export async function applyLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    try {
      const [{ default: resources }, { default: serverTexts }] = await Promise.all([
        loaders[language](),
        serverLoaders[language](),
      ]);
      i18n.addResourceBundle(language, 'server', serverTexts);
      i18n.addResourceBundle(language, 'translation', resources);
    } catch {
      return;
    }
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Loads an English chunk into the resources once; a failed load is tried again on the next call. */
function englishChunk(load: () => Promise<{ default: object }>): () => Promise<void> {
  let loading: Promise<void> | undefined;
  return () => {
    loading ??= load().then(
      ({ default: resources }) => {
        i18n.addResourceBundle('en', 'translation', resources, true, false);
      },
      () => {
        loading = undefined;
      },
    );
    return loading;
  };
}

const miningEnglish = englishChunk(() => import('./locales/en-mining'));
const otherEnglish = englishChunk(() => import('./locales/en-features'));

/**
 * Resolves once the mining screen's English is loaded (./locales/en-mining): all that screen
 * waits for, so a signed-in reader's first screen does not wait for every feature's texts.
 */
export function miningEnglishReady(): Promise<void> {
  return miningEnglish();
}

/**
 * Resolves once all the features' English (the fallback for every language) is loaded; starts
 * the loads on first call. The shell renders with its own strings meanwhile, and routes wait for
 * this (the mining screen for its own part only) before rendering (app/router.tsx), so no screen
 * ever shows a raw key. A failed load is retried on the next call.
 */
export function englishReady(): Promise<void> {
  return Promise.all([miningEnglish(), otherEnglish()]).then(() => undefined);
}

/** The language the user chose (in settings, or their account's), kept in this browser across sign-outs. */
export function readChosenLanguage(storage: Pick<Storage, 'getItem'> = guardedLocalStorage): Language | null {
  try {
    const stored = storage.getItem(STORAGE_KEYS.language);
    return LANGUAGES.find((language) => language === stored) ?? null;
  } catch {
    return null;
  }
}

/** Switches to a language the user chose and keeps it, so the login page after sign-out stays in it. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    guardedLocalStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Kept for this page only.
  }
  await applyLanguage(language);
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

const numberFormats: Record<string, Intl.NumberFormat> = {};

/**
 * Every number put into a text (counts, pages, rewards) is written the language's way, e.g.
 * "1.234" in German; strings pass through. Screens format amounts, dates and durations with
 * lib/format (lazy); this is the first screen's share of it.
 */
function formatInterpolated(value: unknown, _format?: string, language?: string): string {
  // Non-numbers go back as they came (i18next turns them into text itself).
  if (typeof value !== 'number') return value as string;
  const locale = language === 'zh' ? 'zh-CN' : (language ?? 'en');
  return (numberFormats[locale] ??= new Intl.NumberFormat(locale, { maximumFractionDigits: 4 })).format(value);
}

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // A copy: adding the features' English merges into this object, and en-shell stays as written.
  resources: { en: { translation: JSON.parse(JSON.stringify(enShell)) as typeof enShell } },
  interpolation: { escapeValue: false, alwaysFormat: true, format: formatInterpolated },
  initAsync: false,
  react: { useSuspense: false },
  showSupportNotice: false,
});

// The mining screen's English loads at once, beside the first render; the rest with the first
// route that needs it, or once the mining screen is up (app/router.tsx).
void miningEnglishReady();

export { i18n };
