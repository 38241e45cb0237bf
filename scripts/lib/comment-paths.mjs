// Repository paths named in code comments, for scripts/check-links.mjs: a comment that says
// "see server/src/platform/http.ts" or "tested in claim-batching.test.ts" must name a file that
// exists. Comments are found by a small lexer (strings, templates and regexes that look like
// comments are not comments; TypeScript's parser took 20 times as long), CSS comments by a pattern.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The source kinds whose comments are checked. */
export const COMMENTED_SOURCES = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css)$/;

/** Extensions that make a word a file name ("http.ts", "docs/performance.md"). */
const FILE_EXTENSIONS = 'ts|tsx|mts|cts|js|mjs|cjs|jsx|json|css|md|sql|html|yml|yaml|sh|svg|png|webp|txt|toml';
const PATH_LIKE = new RegExp(
  String.raw`(?<![\w@$/.:*{-])(?:\.{1,2}/)*[\w-]+(?:[./][\w-]+)*\.(?:${FILE_EXTENSIONS})(?![\w*{(-]|\.\w)`,
  'g',
);

const KEYWORDS_BEFORE_EXPRESSION = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'instanceof',
  'yield',
  'await',
]);
const TOKEN = new RegExp(
  [
    String.raw`(?<space>\s+)`,
    String.raw`(?<line>\/\/[^\n]*)`,
    String.raw`(?<block>\/\*[\s\S]*?(?:\*\/|$))`,
    String.raw`(?<string>'(?:[^'\\\n]|\\[\s\S])*'|"(?:[^"\\\n]|\\[\s\S])*")`,
    String.raw`(?<word>[\w$]+)`,
    String.raw`(?<other>[\s\S])`,
  ].join('|'),
  'y',
);
const REGEX = /\/(?:[^/\\[\n]|\\.|\[(?:[^\]\\\n]|\\.)*\])+\/[a-z]*/y;
const TEMPLATE_PART = /(?:[^`\\$]|\\[\s\S]|\$(?!\{))*(?:`|\$\{|$)/y;

/**
 * The comments of a JavaScript or TypeScript source with the line each starts on: strings,
 * template literals (with `${}` nesting) and regex literals are skipped, so `'//'` or `/\/\*x/`
 * is not a comment. A regex is told from a division by the token before it, as parsers do.
 */
function scriptComments(text) {
  const comments = [];
  const braces = [];
  let expectValue = true;
  let at = 0;
  let line = 1;
  let counted = 0;
  const lineAt = (index) => {
    for (let i = text.indexOf('\n', counted); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
    counted = Math.max(counted, index);
    return line;
  };
  const template = () => {
    TEMPLATE_PART.lastIndex = at;
    const part = TEMPLATE_PART.exec(text);
    at = TEMPLATE_PART.lastIndex;
    if (part[0].endsWith('${')) braces.push('template');
    else expectValue = false;
  };
  while (at < text.length) {
    if (expectValue && text[at] === '/' && text[at + 1] !== '/' && text[at + 1] !== '*') {
      REGEX.lastIndex = at;
      if (REGEX.exec(text)) {
        at = REGEX.lastIndex;
        expectValue = false;
        continue;
      }
    }
    TOKEN.lastIndex = at;
    const token = TOKEN.exec(text);
    const { groups } = token;
    at = TOKEN.lastIndex;
    if (groups.space) continue;
    if (groups.line || groups.block) {
      comments.push({ text: token[0], line: lineAt(token.index) });
      continue;
    }
    if (groups.string) expectValue = false;
    else if (groups.word) expectValue = KEYWORDS_BEFORE_EXPRESSION.has(groups.word);
    else if (groups.other === '`') template();
    else if (groups.other === '{') {
      braces.push('code');
      expectValue = true;
    } else if (groups.other === '}') {
      if (braces.pop() === 'template') template();
      else expectValue = true;
    } else expectValue = groups.other !== ')' && groups.other !== ']';
  }
  return comments;
}

/** The text of every comment of a source file, with the line it starts on. */
export function commentsOf(file, text) {
  if (!file.endsWith('.css')) return scriptComments(text);
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({
    text: match[0],
    line: text.slice(0, match.index).split('\n').length,
  }));
}

/**
 * The words of a comment that name a repository file: a relative path with a folder and an
 * extension (`platform/http.ts`, or from the file when it starts with a dot). URLs, absolute paths (`/api/x.json`), globs
 * and bare names (`client.js` may be grammY's) are left out.
 */
export function pathsIn(comment) {
  const withoutUrls = comment.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, (url) => ' '.repeat(url.length));
  return [...withoutUrls.matchAll(PATH_LIKE)].map((match) => match[0]).filter((named) => named.includes('/'));
}

/**
 * Whether a path named in `file`'s comment exists: relative to the file when it starts with a
 * dot, else as the end of some file's path in the repository (`platform/http.ts`), so a comment
 * may name a file from the root, its package or its feature. Build outputs (`dist/`) and
 * installed packages (`react-dom/cjs/…`) are not the repository's files.
 */
export function pathExists(named, file, index) {
  if (named.startsWith('./') || named.startsWith('../')) {
    return index.files.has(path.posix.normalize(path.posix.join(path.posix.dirname(file), named)));
  }
  const segments = named.split('/');
  if (segments.includes('dist') || segments.includes('node_modules')) return true;
  if (segments.length > 1 && index.packages.has(segments[0])) return true;
  return index.suffixes.has(named);
}

/** The look-up tables of pathExists: every file, every end of every file's path, installed packages. */
export function indexOf(files, packages = []) {
  const suffixes = new Set();
  for (const file of files) {
    const segments = file.split('/');
    for (let i = 0; i < segments.length; i += 1) suffixes.add(segments.slice(i).join('/'));
  }
  return { files: new Set(files), suffixes, packages: new Set(packages) };
}

/**
 * The paths named in comments of the given sources (relative to `root`) that match no file of
 * `files` (the repository's files, relative to `root`).
 */
export function deadCommentPaths(root, sources, files, packages = []) {
  const index = indexOf(files, packages);
  const dead = [];
  for (const file of sources) {
    for (const comment of commentsOf(file, readFileSync(path.join(root, file), 'utf8'))) {
      for (const named of pathsIn(comment.text)) {
        if (!pathExists(named, file, index)) dead.push({ where: `${file}:${comment.line}`, target: named });
      }
    }
  }
  return dead;
}
