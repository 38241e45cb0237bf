import type { Language } from '../constants.js';
import { interpolate } from './interpolate.js';
import { MESSAGE_CATALOGUE, messageTextIn, type MessageParams, type MessageTranslations } from './catalogue.js';
import de from './de.js';
import es from './es.js';
import fr from './fr.js';
import zh from './zh.js';

export * from './catalogue.js';

/** Every language's texts of the list (the mini app loads one at a time, through its locale files). */
export const MESSAGE_TRANSLATIONS: Record<Language, MessageTranslations> = { en: MESSAGE_CATALOGUE, es, fr, de, zh };

/**
 * A list entry in a language, filled with its params; English when the language lacks it, and
 * `fallback` (the English `message` an answer carried) when the key is not in the list at all.
 */
export function renderMessage(language: Language, key: string, params: MessageParams = {}, fallback?: string): string {
  const text = messageTextIn(MESSAGE_TRANSLATIONS[language], key) ?? messageTextIn(MESSAGE_CATALOGUE, key);
  return text === undefined ? (fallback ?? key) : interpolate(text, params);
}
