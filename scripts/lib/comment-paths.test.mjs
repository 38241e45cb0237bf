import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commentsOf, deadCommentPaths, pathsIn } from './comment-paths.mjs';

describe('commentsOf', () => {
  it('finds line and block comments with their lines, not comment-like strings, templates or regexes', () => {
    const source = [
      "const a = '// not a comment'; // one",
      'const b = `/* not ${"either" /* two */} */`;',
      'const c = /\\/\\*x/g.test(a) ? 4 / 2 : 1; /* three',
      '   still three */',
      'const d = (1) / 2 / 3; // four',
    ].join('\n');
    expect(commentsOf('x.ts', source).map((comment) => [comment.line, comment.text])).toEqual([
      [1, '// one'],
      [2, '/* two */'],
      [3, '/* three\n   still three */'],
      [5, '// four'],
    ]);
  });

  it('reads CSS comments', () => {
    expect(commentsOf('x.css', 'a { color: red; }\n/* see features/x.ts */').map((c) => c.line)).toEqual([2]);
  });
});

describe('pathsIn', () => {
  it('takes relative paths with a folder and an extension; leaves URLs, absolute paths, globs and bare names', () => {
    expect(
      pathsIn(
        '// see `shared/src/core.ts` and ./early.js, ../lib/x.mjs#y; not https://a.dev/b.js, /api/x.json, ' +
          'features/*/routes.ts, client.js, decisions.md §8, 0.5/1.2 or e.g.',
      ),
    ).toEqual(['shared/src/core.ts', './early.js', '../lib/x.mjs']);
  });
});

describe('deadCommentPaths', () => {
  let root;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('fails on a comment naming a missing path; a path from the root, its package or the file passes', () => {
    root = mkdtempSync(path.join(tmpdir(), 'comment-paths-'));
    const files = {
      'server/src/platform/http.ts': [
        '// Tested in server/src/platform/message-keys.test.ts and platform/message-keys.test.ts;',
        '// ./auth.ts beside it, ../features/admin/get-dashboard.ts above, react-dom/cjs/react-dom.js',
        '// installed, server/dist/main.js built.',
        'const path = "server/src/platform/gone.ts"; // a string is not a comment',
        '/* server/src/platform/validation-keys.test.ts lists them */',
        '// and ./gone.ts',
      ].join('\n'),
      'server/src/platform/auth.ts': '',
      'server/src/platform/message-keys.test.ts': '',
      'server/src/features/admin/get-dashboard.ts': '/** Stored in `features/admin/dashboard-figures.ts`. */',
      'miniapp/src/app.css': '/* colours: features/admin/dashboard.css */',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const names = Object.keys(files);
    expect(deadCommentPaths(root, names, names, ['react-dom'])).toEqual([
      { where: 'server/src/platform/http.ts:5', target: 'server/src/platform/validation-keys.test.ts' },
      { where: 'server/src/platform/http.ts:6', target: './gone.ts' },
      { where: 'server/src/features/admin/get-dashboard.ts:1', target: 'features/admin/dashboard-figures.ts' },
      { where: 'miniapp/src/app.css:1', target: 'features/admin/dashboard.css' },
    ]);
  });
});
