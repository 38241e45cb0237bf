import { describe, expect, it } from 'vitest';
import { checkBundle, checkResolvedPackages } from './react-runtime';

const chunk = (fileName: string, moduleIds: string[]) => ({ type: 'chunk' as const, fileName, moduleIds });

describe('the React runtime guard', () => {
  it('accepts React and React DOM 18 themselves', () => {
    expect(
      checkResolvedPackages([
        { request: 'react', name: 'react', version: '18.3.1' },
        { request: 'react-dom', name: 'react-dom', version: '18.3.1' },
      ]),
    ).toEqual([]);
  });

  it('refuses an alias or fork installed under the name, and another major', () => {
    expect(
      checkResolvedPackages([
        { request: 'react', name: '@preact/compat', version: '18.3.2' },
        { request: 'react-dom', name: 'react-dom', version: '17.0.2' },
      ]),
    ).toEqual([
      "'react' resolves to @preact/compat@18.3.2, not to react itself (an alias or fork)",
      "'react-dom' is 17.0.2; the app is built for 18.x",
    ]);
  });

  it("passes a bundle with React DOM's renderer and no Preact", () => {
    const bundle = {
      'react.js': chunk('react.js', [
        '/app/node_modules/react-dom/cjs/react-dom.production.min.js',
        '/app/node_modules/scheduler/cjs/scheduler.production.min.js',
      ]),
      'index.js': chunk('index.js', ['/app/src/main.tsx']),
    };
    expect(checkBundle(bundle)).toEqual([]);
  });

  it("fails a bundle built on Preact's compat layer installed as react-dom", () => {
    const bundle = {
      'react.js': chunk('react.js', [
        '/app/node_modules/react-dom/client.mjs',
        '/app/node_modules/@preact/compat/dist/compat.mjs',
        '/app/node_modules/preact/dist/preact.mjs',
        '/app/node_modules/preact/hooks/dist/hooks.mjs',
      ]),
    };
    expect(checkBundle(bundle)).toEqual([
      "the bundle has no React DOM renderer (react-dom/cjs/react-dom.*): 'react-dom' is not React DOM",
      '@preact/compat is in the bundle',
      'preact is in the bundle',
    ]);
  });
});
