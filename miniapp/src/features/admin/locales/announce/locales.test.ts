import { describe, expect, it } from 'vitest';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import zh from './zh';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}/${key}` : key));
}
const textAt = (locale: unknown, key: string) =>
  key.split('/').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);

describe('announcement console locales', () => {
  it.each([
    ['es', es],
    ['fr', fr],
    ['de', de],
    ['zh', zh],
  ])('%s has exactly the English keys, none empty, translated', (_name, locale) => {
    expect(keysOf(locale).sort()).toEqual(keysOf(en).sort());
    const same = keysOf(locale).filter((key) => textAt(locale, key) === textAt(en, key));
    // Only texts that read the same in every language (placeholders, "Message", "Format") may match.
    expect(same.length).toBeLessThanOrEqual(3);
    for (const key of keysOf(locale)) {
      const text = textAt(locale, key);
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      // The same placeholders as English.
      const placeholders = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect([key, placeholders(text)]).toEqual([key, placeholders(textAt(en, key))]);
    }
  });
});
