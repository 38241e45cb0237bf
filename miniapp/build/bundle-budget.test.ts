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
  it("names React DOM and zod when they reach the first screen's chunks, and only then", () => {
    const bundle = {
      'index.js': chunk('index.js', ['/app/src/main.tsx'], ['react.js'], true),
      'react.js': chunk('react.js', [
        '/app/node_modules/react-dom/cjs/react-dom.production.min.js',
        '/app/node_modules/scheduler/cjs/scheduler.production.min.js',
      ]),
      'forms.js': chunk('forms.js', ['/app/node_modules/zod/v4/classic/schemas.js']),
    };
    expect(measureFirstScreen(bundle).forbidden).toEqual(['React DOM']);

    bundle['index.js'].imports.push('forms.js');
    expect(measureFirstScreen(bundle).forbidden).toEqual(['zod', 'React DOM']);
  });

  it("passes Preact's compat layer installed as react-dom", () => {
    const bundle = {
      'index.js': chunk('index.js', ['/app/src/main.tsx'], ['react.js'], true),
      'react.js': chunk('react.js', [
        '/app/node_modules/react-dom/client.mjs',
        '/app/node_modules/preact/compat/dist/compat.mjs',
        '/app/node_modules/preact/dist/preact.mjs',
      ]),
    };
    expect(measureFirstScreen(bundle).forbidden).toEqual([]);
  });
});
