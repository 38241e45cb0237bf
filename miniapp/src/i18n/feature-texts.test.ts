import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ziver/shared/core';
import type { FeatureTexts } from './feature-texts';

/** Every feature's texts module (defineFeatureTexts), found by its place: features/<feature>/texts.ts. */
const MODULES = import.meta.glob<{ texts: FeatureTexts<object> }>('../features/*/texts.ts', { eager: true });

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const modules = Object.entries(MODULES).map(([path, module]) => [path, module.texts] as const);

describe('feature texts modules', () => {
  it('are found, each exporting `texts`', () => {
    expect(modules.length).toBeGreaterThan(0);
    for (const [path, texts] of modules) expect(texts?.namespace, path).toEqual(expect.any(String));
  });

  it('each use a namespace of their own', () => {
    const namespaces = modules.map(([, texts]) => texts.namespace);
    expect(new Set(namespaces).size).toBe(namespaces.length);
    expect(namespaces).not.toContain('translation');
  });

  it.each(modules)(
    '%s: every language has exactly the English keys, none empty, the same placeholders',
    (_path, texts) => {
      const english = new Map(leaves(texts.bundles.en));
      for (const language of LANGUAGES) {
        const bundle = new Map(leaves(texts.bundles[language]));
        expect([...bundle.keys()].sort(), language).toEqual([...english.keys()].sort());
        for (const [key, text] of bundle) {
          expect(typeof text === 'string' && text.trim().length > 0, `${language} ${key}`).toBe(true);
          expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english.get(key)));
        }
      }
    },
  );
});
