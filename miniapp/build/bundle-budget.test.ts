import { describe, expect, it } from 'vitest';
import { measureFirstScreen } from './bundle-budget';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  code: 'export {}',
  isEntry,
  imports,
  moduleIds,
});

describe('measureFirstScreen', () => {
  it("names zod when it reaches the first screen's chunks, and only then", () => {
    const bundle = {
      'index.js': chunk('index.js', ['/app/src/main.tsx'], ['react.js'], true),
      'react.js': chunk('react.js', ['/app/node_modules/react-dom/cjs/react-dom.production.min.js']),
      'forms.js': chunk('forms.js', ['/app/node_modules/zod/v4/classic/schemas.js']),
    };
    expect(measureFirstScreen(bundle).forbidden).toEqual([]);
    expect(measureFirstScreen(bundle).files).toEqual(['index.js', 'react.js']);

    bundle['index.js'].imports.push('forms.js');
    expect(measureFirstScreen(bundle).forbidden).toEqual(['zod']);
  });
});
