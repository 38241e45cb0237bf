import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import enMining from '../src/i18n/locales/en-mining';
import enShell from '../src/i18n/locales/en-shell';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The .ts/.tsx files under `dir`, without tests and locale files. */
function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : codeFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the signed-in first screen's texts", () => {
  // The mining screen renders before the other features' English (en-features) has loaded: a
  // key it names from there would show raw. Scans its own code for t('ns.…') and t(`ns.…`).
  it('come from the English it waits for: the shell and en-mining', () => {
    const files = [
      ...codeFiles(path.join(SRC, 'features/mining')),
      ...codeFiles(path.join(SRC, 'components/transactions')),
      path.join(SRC, 'app/routes/mining.tsx'),
    ];
    const available = new Set([...Object.keys(enShell), ...Object.keys(enMining)]);
    const used = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"`]([a-zA-Z]+)\.[a-zA-Z$]/g)].map(
        (m) => `${m[1]} (${path.relative(SRC, file)})`,
      ),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((entry) => !available.has(entry.split(' ')[0]!))).toEqual([]);
  });
});
