import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, STORAGE_KEYS, type Language } from '@ziver/shared/core';
import { guardedLocalStorage } from '@/lib/storage/guarded-storage';

type OtherLanguage = Exclude<Language, 'en'>;
type TextChunk = () => Promise<{ default: object }>;

/**
 * The app's texts, assembled by the app (app/locales/index.ts) and handed over once with
 * registerTexts: this module knows no feature. English comes in three parts: the shell's (in the
 * first chunk), the mining screen's and the rest. Other locales load on demand, so English-only
 * visitors never download them, each in two chunks as English is: what the shell and the mining
 * screen show (`start`, with the start-up language) and the rest (`features`, after the first
 * screen).
 */
export type AppTexts = {
  shellEnglish: object;
  miningEnglish: TextChunk;
  otherEnglish: TextChunk;
  start: Record<OtherLanguage, TextChunk>;
  features: Record<OtherLanguage, TextChunk>;
};

const registered: { texts?: AppTexts } = {};

function appTexts(): AppTexts {
  if (!registered.texts) throw new Error('i18n: registerTexts(APP_TEXTS) has not been called (main.tsx)');
  return registered.texts;
}

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
const serverLoaders: Record<OtherLanguage, () => Promise<{ default: object }>> = {
  es: () => import('@ziver/shared/i18n/es'),
  fr: () => import('@ziver/shared/i18n/fr'),
  de: () => import('@ziver/shared/i18n/de'),
  zh: () => import('@ziver/shared/i18n/zh'),
};

/** Runs `load` once; a failed load is tried again on the next call. */
function once(load: () => Promise<void>): () => Promise<void> {
  let loading: Promise<void> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

function perLanguage(load: (language: OtherLanguage) => Promise<void>): Record<OtherLanguage, () => Promise<void>> {
  return {
    es: once(() => load('es')),
    fr: once(() => load('fr')),
    de: once(() => load('de')),
    zh: once(() => load('zh')),
  };
}

/** A language's start texts with its server texts (the message list, shared/src/i18n). */
const startTexts = perLanguage(async (language) => {
  const [{ default: resources }, { default: serverTexts }] = await Promise.all([
    appTexts().start[language](),
    serverLoaders[language](),
  ]);
  i18n.addResourceBundle(language, 'server', serverTexts);
  i18n.addResourceBundle(language, 'translation', resources, true, false);
});

/** The rest of a language's texts (AppTexts.features). */
const featureTexts = perLanguage(async (language) => {
  const { default: resources } = await appTexts().features[language]();
  i18n.addResourceBundle(language, 'translation', resources, true, false);
});

let resolveStartupLanguage: () => void = () => undefined;
const startupLanguage = new Promise<void>((resolve) => {
  resolveStartupLanguage = resolve;
  // Never hold the screens longer than this (a language that cannot load falls back to English).
  setTimeout(resolve, 3_000);
});

/**
 * Resolves once the language chosen at start-up (app/provider.tsx: the user's kept choice,
 * Telegram's, the browser's) is applied with its start texts: routes wait for it, so a German
 * reader's login page never shows English first.
 */
export function startupLanguageReady(): Promise<void> {
  return startupLanguage;
}

/**
 * Applies the start-up language with its start texts only, then lets the routes render (see
 * startupLanguageReady); the rest follows with featureTextsReady. A failed load keeps English.
 */
export async function applyStartupLanguage(language: Language): Promise<void> {
  try {
    await switchTo(language, false);
  } finally {
    resolveStartupLanguage();
  }
}

/** Loads all of a language's texts and switches to it; a failed load keeps the current language. */
export function applyLanguage(language: Language): Promise<void> {
  return switchTo(language, true);
}

async function switchTo(language: Language, whole: boolean): Promise<void> {
  if (language !== 'en') {
    try {
      await Promise.all([startTexts[language](), whole ? featureTexts[language]() : undefined]);
    } catch {
      return;
    }
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Loads an English chunk into the resources once; a failed load is tried again on the next call. */
function englishChunk(load: TextChunk): () => Promise<void> {
  const loadOnce = once(async () => {
    const { default: resources } = await load();
    i18n.addResourceBundle('en', 'translation', resources, true, false);
  });
  return () => loadOnce().catch(() => undefined);
}

const miningEnglish = englishChunk(() => appTexts().miningEnglish());
const otherEnglish = englishChunk(() => appTexts().otherEnglish());

/**
 * Resolves once the mining screen's English is loaded (AppTexts.miningEnglish): all that screen
 * waits for, so a signed-in reader's first screen does not wait for every feature's texts.
 */
export function miningEnglishReady(): Promise<void> {
  return miningEnglish();
}

/**
 * Resolves once every feature's texts are in: all the English (the fallback for every language)
 * and, once the start-up language is applied, the rest of its texts (AppTexts.features).
 * Starts the loads on first call. The shell renders with its own strings meanwhile, and routes
 * wait for this (the mining screen for its own English and the start-up language only) before
 * rendering (app/router.tsx), so no screen ever shows a raw key or English before the reader's
 * language. A failed load is retried on the next call; meanwhile the English stands in.
 */
export function featureTextsReady(): Promise<void> {
  const language = startupLanguage.then(() => {
    const current = LANGUAGES.find((known) => known === i18n.language);
    return current && current !== 'en' ? featureTexts[current]().catch(() => undefined) : undefined;
  });
  return Promise.all([miningEnglish(), otherEnglish(), language]).then(() => undefined);
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
  // The shell's English arrives with registerTexts, before the first render (main.tsx).
  resources: { en: { translation: {} } },
  interpolation: { escapeValue: false, alwaysFormat: true, format: formatInterpolated },
  initAsync: false,
  react: { useSuspense: false },
  showSupportNotice: false,
});

/**
 * Hands the app's texts to i18n (main.tsx, before the first render; the tests' setup): the
 * shell's English at once, the mining screen's English loading beside the first render, the rest
 * with the first route that needs it, or once the mining screen is up (app/router.tsx).
 */
export function registerTexts(texts: AppTexts): void {
  if (registered.texts) {
    if (registered.texts !== texts) throw new Error('i18n: registerTexts takes one set of texts');
    return;
  }
  registered.texts = texts;
  // A copy: adding the features' English merges into this object, and the shell's stays as written.
  i18n.addResourceBundle('en', 'translation', JSON.parse(JSON.stringify(texts.shellEnglish)) as object, true, false);
  void miningEnglishReady();
}

export { i18n };
