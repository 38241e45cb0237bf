import { describe, expect, it } from 'vitest';
import deFeatures from './de-features';
import deStart from './de-start';
import en from './en';
import enFeatures from './en-features';
import enMining from './en-mining';
import enShell from './en-shell';
import esFeatures from './es-features';
import esStart from './es-start';
import frFeatures from './fr-features';
import frStart from './fr-start';
import zhFeatures from './zh-features';
import zhStart from './zh-start';
import { pickLanguage } from '@/i18n';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function at(locale: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);
}

/** Both chunks of a language as i18next holds them once both are in (deep merge). */
function merged(...parts: object[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const part of parts)
    for (const [key, value] of Object.entries(part))
      out[key] =
        typeof value === 'object' && typeof out[key] === 'object' ? merged(out[key] as object, value as object) : value;
  return out;
}

const es = merged(esStart, esFeatures);
const fr = merged(frStart, frFeatures);
const de = merged(deStart, deFeatures);
const zh = merged(zhStart, zhFeatures);

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
    for (const key of keysOf(enShell)) expect(at(enShell, key), key).toBe(at(en, key));
  });

  it.each([
    ['es', esStart, esFeatures],
    ['fr', frStart, frFeatures],
    ['de', deStart, deFeatures],
    ['zh', zhStart, zhFeatures],
  ])(
    '%s splits as English does: its start texts repeat its features exactly where they overlap',
    (_name, start, features) => {
      expect(keysOf(start).sort()).toEqual(keysOf(merged(enShell, enMining)).sort());
      expect(keysOf(features).sort()).toEqual(keysOf(enFeatures).sort());
      for (const key of keysOf(start))
        if (at(features, key) !== undefined) expect(at(start, key), key).toBe(at(features, key));
    },
  );

  it('uses the spec messages verbatim in English', () => {
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
