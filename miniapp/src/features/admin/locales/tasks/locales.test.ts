import { describe, expect, it } from 'vitest';
import { TASK_RULE_TYPES, TASK_KINDS, LANGUAGES } from '@ziver/shared';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import zh from './zh';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}/${key}` : key));
}
const textAt = (locale: object, key: string) =>
  key.split('/').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);

describe('tasks editor locales', () => {
  it.each([
    ['es', es],
    ['fr', fr],
    ['de', de],
    ['zh', zh],
  ])('%s has exactly the English keys, each translated and keeping its placeholders', (_name, locale) => {
    expect(keysOf(locale).sort()).toEqual(keysOf(en).sort());
    for (const key of keysOf(locale)) {
      const text = textAt(locale, key);
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      const placeholders = (s: unknown) => String(s).match(/\{\{\w+\}\}/g) ?? [];
      expect([key, placeholders(text)]).toEqual([key, placeholders(textAt(en, key))]);
    }
    // Real translations: most texts differ from English (a few, like "Link", may coincide).
    const same = keysOf(en).filter((key) => textAt(en, key) === textAt(locale, key));
    expect(same.length).toBeLessThan(6);
  });

  it('names every rule type, kind and language', () => {
    expect(Object.keys(en.form.rules).sort()).toEqual([...TASK_RULE_TYPES].sort());
    expect(Object.keys(en.form.ruleValues).sort()).toEqual([...TASK_RULE_TYPES].sort());
    expect(Object.keys(en.kinds).sort()).toEqual([...TASK_KINDS].sort());
    expect(Object.keys(en.form.languages).sort()).toEqual([...LANGUAGES].sort());
  });
});
