import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every API path in production code comes from the contract (docs/decisions.md §33): no string in
 * a source file outside shared/src/contract spells a path under /api. Comments may name paths;
 * tests and scripts are clients of the spec and spell its paths literally; the API's own docs
 * pages are served at their paths.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const ALLOWED = new Set(['server/src/features/api-docs/routes.ts', 'server/src/features/api-docs/page.ts']);
const isProductionSource = (file: string) =>
  /^(shared|server|bot|miniapp)\/(src|build)\//.test(file) &&
  /\.(ts|tsx|js|mjs)$/.test(file) &&
  !/\.test\.|\/testing\/|\.d\.ts$/.test(file) &&
  !file.startsWith('shared/src/contract/') &&
  !ALLOWED.has(file);

/** The string and template literals of a source text that hold a path under /api. */
export function apiPathLiterals(source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      if (/(^|[^\w.])\/api\/(?!openapi\.json|docs\b)\w/.test(node.text)) found.push(node.text);
    node.forEachChild(visit);
  };
  visit(ts.createSourceFile('source.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
  return found;
}

describe('API paths in production code', () => {
  it('finds a literal /api path, not a comment or the prefix alone (self-test)', () => {
    expect(apiPathLiterals("fetch('/api/mining/status')")).toEqual(['/api/mining/status']);
    expect(apiPathLiterals('get(`/api/admin/users/${id}`)')).toEqual(['/api/admin/users/']);
    expect(apiPathLiterals('const url = `${base}/api/files/${key}`;')).toEqual(['/api/files/']);
    expect(apiPathLiterals("const API_PREFIX = '/api'; // see /api/mining/status")).toEqual([]);
    expect(apiPathLiterals("/** GET '/api/mining/status' */ const x = 1;")).toEqual([]);
    expect(apiPathLiterals("describe('the schema (GET /api/openapi.json)')")).toEqual([]);
  });

  // Parsing is CPU work: on a loaded 2-core machine it took longer than Vitest's default 5 s, so
  // only sources that spell "api" or hold an escape (`'\x2fapi'` spells it too) are parsed, and
  // the test has the time a busy machine needs.
  it('takes every path under /api from the contract', { timeout: 60_000 }, () => {
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(isProductionSource);
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      if (!/api|\\x|\\u/i.test(source)) return [];
      return apiPathLiterals(source).map((literal) => `${file}: ${literal}`);
    });
    expect(found).toEqual([]);
  });
});
