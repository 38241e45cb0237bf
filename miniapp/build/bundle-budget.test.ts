import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFirstScreen, measureServed } from './bundle-budget';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  code: 'export {}',
  isEntry,
  imports,
  moduleIds,
});

describe('findFirstScreen', () => {
  it("names zod when it reaches the first screen's chunks, and only then", () => {
    const bundle = {
      'index.js': chunk('index.js', ['/app/src/main.tsx'], ['react.js'], true),
      'react.js': chunk('react.js', ['/app/node_modules/react-dom/cjs/react-dom.production.min.js']),
      'forms.js': chunk('forms.js', ['/app/node_modules/zod/v4/classic/schemas.js']),
    };
    expect(findFirstScreen(bundle).forbidden).toEqual([]);
    expect(findFirstScreen(bundle).files).toEqual(['index.js', 'react.js']);

    bundle['index.js'].imports.push('forms.js');
    expect(findFirstScreen(bundle).forbidden).toEqual(['zod']);
  });
});

describe('measureServed', () => {
  it('weighs the precompressed copy the server sends, or the file where the build wrote none', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'budget-'));
    writeFileSync(path.join(dir, 'big.js'), 'x'.repeat(5000));
    writeFileSync(path.join(dir, 'big.js.gz'), 'y'.repeat(40));
    writeFileSync(path.join(dir, 'small.js'), 'z'.repeat(300));
    writeFileSync(path.join(dir, 'look.css'), 'a'.repeat(70));
    expect(await measureServed(dir, ['big.js', 'small.js', 'look.css'])).toEqual({
      jsGzipBytes: 340,
      cssGzipBytes: 70,
    });
  });
});
