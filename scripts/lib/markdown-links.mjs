// Relative links in markdown and the anchors they point at, for scripts/check-links.mjs.
// No markdown library: the docs use inline links, images, reference definitions and a few
// `<a id>` anchors, and a checker that reads those (outside code) is a page of code with no
// dependency to keep up to date.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A link target with a scheme (`https:`, `mailto:`, `tg:`) or protocol-relative: not checked here. */
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * The markdown with fenced code blocks blanked and, unless `keepSpans`, inline code spans too
 * (same line numbers and columns).
 */
export function withoutCode(markdown, { keepSpans = false } = {}) {
  const lines = markdown.split('\n');
  let fence = null;
  return lines
    .map((line) => {
      const opening = line.match(/^\s{0,3}(`{3,}|~{3,})/);
      if (fence) {
        if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = null;
        return '';
      }
      if (opening) {
        fence = opening[1];
        return '';
      }
      return keepSpans ? line : line.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));
    })
    .join('\n');
}

/**
 * GitHub's anchor for a heading's text (github-slugger): lower case, punctuation and symbols
 * dropped, spaces to hyphens. Inline code, emphasis and links count by their text.
 */
export function slugOf(text) {
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[*`]/g, '')
    .replace(/(^|\s)_+|_+(\s|$)/g, '$1$2');
  return plain
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a markdown file offers: its headings' slugs (repeats get -1, -2…) and `<a id|name>`. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of withoutCode(markdown, { keepSpans: true }).split('\n')) {
    const heading = line.match(/^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/);
    if (heading) {
      const base = slugOf(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const html of line.matchAll(/<a\s[^>]*\b(?:id|name)\s*=\s*["']([^"']+)["']/gi)) anchors.add(html[1]);
  }
  return anchors;
}

/** The links of a markdown file outside code: `[text](target)`, `![alt](target)`, `[ref]: target`. */
export function linksOf(markdown) {
  const links = [];
  const lines = withoutCode(markdown).split('\n');
  lines.forEach((line, index) => {
    const definition = line.match(/^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/);
    if (definition) links.push({ target: definition[1], line: index + 1 });
    // The text may hold brackets one level deep ([`a[0]`](…) after code removal is blank).
    for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+(?:\([^\s)]*\)[^\s)]*)*)(?:\s+["'(][^)]*)?\)/g)) {
      links.push({ target: match[1].replace(/^<|>$/g, ''), line: index + 1 });
    }
  });
  return links;
}

/**
 * The dead relative links of the given markdown files (paths relative to `root`): a target that
 * does not exist, leaves the repository, or names an anchor its markdown file does not have.
 */
export function deadLinks(root, files) {
  const anchorCache = new Map();
  const anchorsIn = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  const dead = [];
  for (const file of files) {
    const absolute = path.join(root, file);
    for (const { target, line } of linksOf(readFileSync(absolute, 'utf8'))) {
      if (EXTERNAL.test(target)) continue;
      const hashAt = target.indexOf('#');
      const rawPath = hashAt < 0 ? target : target.slice(0, hashAt);
      const anchor = hashAt < 0 ? null : decodeURIComponent(target.slice(hashAt + 1));
      let pathPart;
      try {
        pathPart = decodeURIComponent(rawPath);
      } catch {
        pathPart = rawPath;
      }
      // `/x` is from the repository's root (as GitHub reads it), anything else from the file's folder.
      const resolved =
        pathPart === '' ? absolute : path.join(pathPart.startsWith('/') ? root : path.dirname(absolute), pathPart);
      const where = `${file}:${line}`;
      if (path.relative(root, resolved).startsWith('..')) {
        dead.push({ where, target, reason: 'points outside the repository' });
        continue;
      }
      if (!existsSync(resolved)) {
        dead.push({ where, target, reason: 'no such file' });
        continue;
      }
      if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile() && !anchorsIn(resolved).has(anchor)) {
        dead.push({ where, target, reason: `no heading or anchor "#${anchor}" in ${path.relative(root, resolved)}` });
      }
    }
  }
  return dead;
}
