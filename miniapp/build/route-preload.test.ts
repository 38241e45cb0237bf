import { describe, expect, it } from 'vitest';
import {
  languageFeatureFiles,
  languageFiles,
  miningScreenFiles,
  miningScreenGroup,
  miningScreenRequests,
} from './route-preload';

/** A module graph as rolldown's chunking context shows it: who imports each module statically. */
function graph(importers: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => (id in importers ? { importers: importers[id]! } : null) };
}

describe('miningScreenGroup', () => {
  const modules = graph({
    '/app/src/main.tsx': [],
    '/app/src/lib/api-client.ts': ['/app/src/main.tsx', '/app/src/features/mining/ring.tsx'],
    '/app/src/app/routes/mining.tsx': [],
    '/app/src/features/mining/ring.tsx': ['/app/src/app/routes/mining.tsx'],
    '/app/src/lib/format.ts': ['/app/src/features/mining/ring.tsx', '/app/src/app/routes/history.tsx'],
    '/app/src/app/routes/history.tsx': [],
    '/app/src/features/transactions/list.tsx': ['/app/src/app/routes/history.tsx'],
    // An import cycle must not loop.
    '/app/src/features/mining/a.ts': ['/app/src/features/mining/b.ts', '/app/src/app/routes/mining.tsx'],
    '/app/src/features/mining/b.ts': ['/app/src/features/mining/a.ts'],
  });
  const { name, includeDependenciesRecursively } = miningScreenGroup();

  it("takes the route's own modules, those shared with later routes included, in one chunk", () => {
    for (const id of [
      '/app/src/app/routes/mining.tsx',
      '/app/src/features/mining/ring.tsx',
      '/app/src/lib/format.ts',
      '/app/src/features/mining/a.ts',
      '/app/src/features/mining/b.ts',
    ])
      expect(name(id, modules), id).toBe('mining-screen');
    expect(includeDependenciesRecursively).toBe(false);
  });

  it("leaves the first screen's modules and other routes' own modules alone", () => {
    for (const id of [
      '/app/src/main.tsx',
      '/app/src/lib/api-client.ts',
      '/app/src/app/routes/history.tsx',
      '/app/src/features/transactions/list.tsx',
    ])
      expect(name(id, modules), id).toBeNull();
  });
});

describe('miningScreenFiles', () => {
  const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []) => ({
    type: 'chunk' as const,
    fileName,
    isEntry: fileName.startsWith('assets/index'),
    imports,
    facadeModuleId: moduleIds[0] ?? null,
    moduleIds,
    viteMetadata: { importedCss: new Set(css) },
  });
  const bundle = {
    'assets/index-1.js': chunk(
      'assets/index-1.js',
      ['/app/src/main.tsx'],
      ['assets/react-1.js'],
      ['assets/index-1.css'],
    ),
    'assets/react-1.js': chunk('assets/react-1.js', ['/node_modules/react/index.js']),
    'assets/mining-screen-1.js': chunk(
      'assets/mining-screen-1.js',
      ['/app/src/features/mining/ring.tsx', '/app/src/app/routes/mining.tsx'],
      ['assets/react-1.js', 'assets/domain-1.js'],
      ['assets/mining-screen-1.css', 'assets/index-1.css'],
    ),
    'assets/domain-1.js': chunk('assets/domain-1.js', ['/app/src/lib/domain.ts']),
    'assets/en-mining-1.js': chunk('assets/en-mining-1.js', ['/app/src/app/locales/en-mining.ts']),
    // The other features' English loads after the screen: not preloaded with it.
    'assets/en-features-1.js': chunk('assets/en-features-1.js', ['/app/src/app/locales/en-features.ts']),
    'assets/history-1.js': chunk('assets/history-1.js', ['/app/src/app/routes/history.tsx']),
  };

  it("lists the screen's chunks (found by the modules they hold), their imports and CSS, none of the first screen's", () => {
    expect(miningScreenFiles(bundle).sort()).toEqual(
      [
        '/assets/domain-1.js',
        '/assets/en-mining-1.js',
        '/assets/mining-screen-1.css',
        '/assets/mining-screen-1.js',
      ].sort(),
    );
  });

  it('fails the build when the route is missing', () => {
    const { ['assets/mining-screen-1.js']: _gone, ...rest } = bundle;
    expect(() => miningScreenFiles(rest)).toThrow(/missing/);
  });

  it("lists each on-demand language's app and server texts, and fails the build when one is missing", () => {
    const texts = Object.fromEntries(
      ['es', 'fr', 'de', 'zh'].flatMap((language) => [
        [
          `assets/${language}-app.js`,
          chunk(`assets/${language}-app.js`, [`/app/src/app/locales/${language}-start.ts`], ['assets/domain-1.js']),
        ],
        [
          `assets/${language}-server.js`,
          chunk(`assets/${language}-server.js`, [`/app/shared/src/i18n/${language}.ts`]),
        ],
        [
          `assets/${language}-features.js`,
          chunk(`assets/${language}-features.js`, [`/app/src/app/locales/${language}-features.ts`]),
        ],
      ]),
    );
    const files = languageFiles({ ...bundle, ...texts });
    expect(Object.keys(files)).toEqual(['es', 'fr', 'de', 'zh']);
    expect(files.de!.sort()).toEqual(['/assets/de-app.js', '/assets/de-server.js', '/assets/domain-1.js']);
    expect(languageFeatureFiles({ ...bundle, ...texts }).de).toEqual(['/assets/de-features.js']);
    const { ['assets/zh-server.js']: _gone, ...rest } = texts;
    expect(() => languageFiles({ ...bundle, ...rest })).toThrow(/zh texts/);
    const { ['assets/fr-features.js']: _none, ...noFeatures } = texts;
    expect(() => languageFeatureFiles({ ...bundle, ...noFeatures })).toThrow(/fr feature texts/);
  });
});

describe("the early start's requests", () => {
  it("are the mining screen's first GETs, their paths taken from the contract", () => {
    expect(miningScreenRequests()).toEqual(['/api/mining/status', '/api/transactions/recent/list?limit=5']);
  });
});
