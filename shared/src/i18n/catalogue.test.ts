import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.js';
import {
  englishMessage,
  isServerMessageKey,
  keyedMessage,
  MESSAGE_CATALOGUE,
  MESSAGE_TRANSLATIONS,
  placeholdersOf,
  renderMessage,
  SERVER_MESSAGE_KEYS,
} from './index.js';

const entries = Object.entries(MESSAGE_CATALOGUE).flatMap(([group, texts]) =>
  Object.entries(texts).map(([name, text]) => ({ group, name, text: text as string })),
);

describe('the server message list', () => {
  it('has a non-empty text for every key in en, es, fr, de and zh', () => {
    for (const language of LANGUAGES) {
      const texts = MESSAGE_TRANSLATIONS[language] as unknown as Record<string, Record<string, unknown>>;
      const missing = entries
        .filter(({ group, name }) => typeof texts[group]?.[name] !== 'string' || texts[group][name] === '')
        .map(({ group, name }) => `${language}: ${group}.${name}`);
      expect(missing).toEqual([]);
    }
  });

  it('has no key in a translation that the list lacks', () => {
    for (const language of LANGUAGES) {
      const texts = MESSAGE_TRANSLATIONS[language] as unknown as Record<string, Record<string, string>>;
      const extra = Object.entries(texts).flatMap(([group, names]) =>
        Object.keys(names)
          .map((name) => `${group}.${name}`)
          .filter((key) => !isServerMessageKey(key)),
      );
      expect(extra, language).toEqual([]);
    }
  });

  it('keeps the same {placeholders} in every language', () => {
    const mismatches: string[] = [];
    for (const { group, name, text } of entries) {
      const expected = placeholdersOf(text);
      for (const language of LANGUAGES) {
        const texts = MESSAGE_TRANSLATIONS[language] as unknown as Record<string, Record<string, string>>;
        const translated = texts[group]![name]!;
        if (placeholdersOf(translated).join() !== expected.join()) mismatches.push(`${language}: ${group}.${name}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('translates for real: a non-English text differs from the English one unless it is only placeholders or a name', () => {
    const copies: string[] = [];
    for (const { group, name, text } of entries) {
      if (/^\{\w+\}$/.test(text)) continue;
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        const texts = MESSAGE_TRANSLATIONS[language] as unknown as Record<string, Record<string, string>>;
        if (texts[group]![name] === text) copies.push(`${language}: ${group}.${name}`);
      }
    }
    expect(copies).toEqual([]);
  });

  it('builds an answer from a key: the English message, the key and the params', () => {
    expect(keyedMessage('identity.welcomeBack', { username: 'bob' })).toEqual({
      message: 'Welcome back, bob!',
      messageKey: 'identity.welcomeBack',
      params: { username: 'bob' },
    });
    expect(keyedMessage('server.invalidCredentials')).toEqual({
      message: 'Invalid email or password',
      messageKey: 'server.invalidCredentials',
      params: {},
    });
    // The spec's texts stay verbatim in English.
    expect(englishMessage('spec.passwordsDoNotMatch')).toBe('Passwords do not match');
    expect(SERVER_MESSAGE_KEYS).toContain('spec.userExists');
  });

  it('renders a key in a language, falling back to English, then to the sent message for an unknown key', () => {
    expect(renderMessage('es', 'identity.welcomeBack', { username: 'ana' })).toContain('ana');
    expect(renderMessage('de', 'server.invalidCredentials')).not.toBe('Invalid email or password');
    expect(renderMessage('fr', 'nope.unknown', {}, 'As sent')).toBe('As sent');
  });
});
