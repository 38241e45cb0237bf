import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import enMining from '../src/app/locales/en-mining';
import enShell from '../src/app/locales/en-shell';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The .ts/.tsx files under `dir`, without tests and locale files. */
function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : codeFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Whether `key` (a.b.c) names one text in `texts`, or, for a key built at run time, a group of them. */
function has(texts: object, key: string): boolean {
  const parts = key.split('.');
  const dynamic = parts.at(-1)!.includes('${');
  let node: unknown = texts;
  for (const part of dynamic ? parts.slice(0, -1) : parts) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return dynamic ? typeof node === 'object' : typeof node === 'string';
}

/** `has`, counting i18next's plural forms (key_one, key_other) as the key. */
const hasText = (texts: object, key: string) => has(texts, key) || has(texts, `${key}_other`);

describe("the signed-in first screen's texts", () => {
  // The mining screen and the shell around it render before the other features' English
  // (en-features) has loaded: a key they name from there would show raw. Scans their code for
  // t('a.b') and t(`a.${x}`).
  it('come from the English it waits for: the shell and en-mining', () => {
    const files = [
      ...codeFiles(path.join(SRC, 'features/mining')),
      ...codeFiles(path.join(SRC, 'components/transactions')),
      ...codeFiles(path.join(SRC, 'app/layout')),
      path.join(SRC, 'app/routes/mining.tsx'),
    ];
    const texts = { ...enShell, ...enMining };
    const used = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"`]([a-zA-Z]+\.[a-zA-Z.]*(?:\$\{)?)/g)].map((m) => ({
        key: m[1]!,
        file: path.relative(SRC, file),
      })),
    );
    expect(used.length).toBeGreaterThan(40);
    expect(used.filter(({ key }) => !hasText(texts, key))).toEqual([]);
  });
});
