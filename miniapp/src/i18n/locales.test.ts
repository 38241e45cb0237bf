import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@ziver/shared/core';
import de from './locales/de';
import en from './locales/en';
import enShell from './locales/en-shell';
import es from './locales/es';
import fr from './locales/fr';
import zh from './locales/zh';
import { pickLanguage } from './index';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it.each([
    ['es', es],
    ['fr', fr],
    ['de', de],
    ['zh', zh],
  ])('%s has exactly the English keys, none empty', (_name, locale) => {
    expect(keysOf(locale).sort()).toEqual(keysOf(en).sort());
    for (const key of keysOf(locale)) {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });

  it("repeats the features' English exactly where the first-screen shell carries it", () => {
    for (const key of keysOf(enShell)) {
      const at = (locale: unknown) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
      expect(at(enShell), key).toBe(at(en));
    }
  });

  it('uses the spec messages verbatim in English', () => {
    expect(en.messages).toEqual(MESSAGES);
    expect(en.loading.securingSession).toBe('Securing your session...');
    expect(en.loading.verifyingSession).toBe('Verifying your session...');
    expect(en.loading.detectingPlatform).toBe('Detecting your platform...');
    expect(en.loading.initializing).toBe('Initializing Ziver...');
  });

  it('picks the first supported language', () => {
    expect(pickLanguage(['pt-BR', 'es-MX', 'en'])).toBe('es');
    expect(pickLanguage(['zh-Hans-CN'])).toBe('zh');
    expect(pickLanguage([null, undefined, 'ja'])).toBe('en');
  });
});
