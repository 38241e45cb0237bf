import { z } from 'zod';
import { LANGUAGES, type Language } from './constants.js';

/**
 * Texts an operator writes for users (the lockdown message, announcements, issue 29 item 7): an
 * English text, required, and optional translations; each reader gets theirs, English otherwise.
 */
export const TRANSLATION_LANGUAGES = LANGUAGES.filter((l): l is Exclude<Language, 'en'> => l !== 'en');
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];
/** The non-English texts by language; a missing or empty one means "use the English text". */
export type TextTranslations = Partial<Record<TranslationLanguage, string>>;

export const OPERATOR_TEXT_MESSAGES = {
  englishRequired: 'Write the English text too: readers without a translation get it',
  unknownLanguage: 'Translations can only be in es, fr, de or zh (English is the main text)',
  translationsInvalid: 'Translations must be an object of texts by language',
} as const;

/**
 * `translations` of a request: an object keyed by es/fr/de/zh, each a text checked by `text`
 * (trimmed; empty ones are dropped). Any other key is refused, `en` included (it is the main text).
 */
export function translationsSchema(text: z.ZodType<string, string>) {
  return z
    .record(z.string(), z.unknown(), { error: OPERATOR_TEXT_MESSAGES.translationsInvalid })
    .superRefine((value, ctx) => {
      for (const key of Object.keys(value)) {
        if (!(TRANSLATION_LANGUAGES as readonly string[]).includes(key)) {
          ctx.addIssue({ code: 'custom', path: [key], message: OPERATOR_TEXT_MESSAGES.unknownLanguage });
        }
      }
    })
    .pipe(
      z.object(
        Object.fromEntries(TRANSLATION_LANGUAGES.map((l) => [l, text.optional()])) as Record<
          TranslationLanguage,
          z.ZodOptional<z.ZodType<string, string>>
        >,
      ),
    )
    .transform((value): TextTranslations => {
      const kept: TextTranslations = {};
      for (const language of TRANSLATION_LANGUAGES) {
        const written = value[language]?.trim();
        if (written) kept[language] = written;
      }
      return kept;
    });
}

/** The text a reader of `language` gets: their translation when there is one, else the English. */
export function textForLanguage(english: string, translations: TextTranslations, language: string): string {
  return (language !== 'en' && translations[language as TranslationLanguage]) || english;
}

/** Reads stored translations (a jsonb column or setting) back, dropping anything malformed. */
export function readTranslations(value: unknown): TextTranslations {
  const kept: TextTranslations = {};
  if (typeof value !== 'object' || value === null) return kept;
  for (const language of TRANSLATION_LANGUAGES) {
    const text = (value as Record<string, unknown>)[language];
    if (typeof text === 'string' && text.trim() !== '') kept[language] = text;
  }
  return kept;
}
