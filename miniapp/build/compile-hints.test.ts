import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, filesMissingTheHint } from './compile-hints';

const chunk = (fileName: string, name: string, code: string, imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  name,
  fileName,
  code,
  isEntry,
  imports,
  moduleIds: [],
});
const hinted = (code: string) => `${COMPILE_HINT}\n${code}`;

describe('filesMissingTheHint', () => {
  it("names the first screen's and the mining screen's scripts that do not start with the hint", () => {
    const bundle = {
      'index.js': chunk(
        'index.js',
        'index',
        hinted('import "./react.js"; import "./query.js"'),
        ['react.js', 'query.js'],
        true,
      ),
      'react.js': chunk('react.js', 'react', hinted('export {}')),
      'query.js': chunk('query.js', 'query', 'export {}'),
      'mining.js': chunk('mining.js', 'mining-screen', `export {}\n${COMPILE_HINT}`),
      'history.js': chunk('history.js', 'history', 'export {}'),
    };
    expect(filesMissingTheHint(bundle)).toEqual(['query.js', 'mining.js']);
    bundle['query.js'].code = hinted('export {}');
    bundle['mining.js'].code = hinted('export {}');
    expect(filesMissingTheHint(bundle)).toEqual([]);
  });

  it('fails when the mining screen has no chunk of its own', () => {
    const bundle = { 'index.js': chunk('index.js', 'index', hinted(''), [], true) };
    expect(filesMissingTheHint(bundle)).toEqual([
      '(the mining-screen chunk: build/route-preload.ts, miningScreenGroup)',
    ]);
  });
});
