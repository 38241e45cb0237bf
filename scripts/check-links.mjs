#!/usr/bin/env node
// `node scripts/check-links.mjs` (run by `npm run lint`): fails on a dead relative link in any
// tracked markdown file: a path that does not exist or leaves the repository, or a `#anchor`
// that the linked markdown file (or the file itself) has no heading or `<a id>` for. Links with
// a scheme (https:, mailto:) are not fetched: the check is offline. It also fails on a comment of
// a source file (.ts, .tsx, .js, .mjs, .cjs, .css) naming a repository path that does not exist
// (scripts/lib/comment-paths.mjs); paths git ignores (bench/results/…) are outputs and pass.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMENTED_SOURCES, deadCommentPaths } from './lib/comment-paths.mjs';
import { deadLinks } from './lib/markdown-links.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const git = (args, input) => execFileSync('git', args, { cwd: root, encoding: 'utf8', input });
const repoFiles = git(['ls-files', '--cached', '--others', '--exclude-standard'])
  .split('\n')
  .filter((file) => file && !file.split('/').includes('node_modules') && existsSync(path.join(root, file)));

const files = repoFiles.filter((file) => file.endsWith('.md'));
const dead = deadLinks(root, files);
for (const { where, target, reason } of dead) console.error(`${where}: dead link ${target} (${reason})`);

const packages = readdirSync(path.join(root, 'node_modules')).filter((name) => !name.startsWith('.'));
const sources = repoFiles.filter((file) => COMMENTED_SOURCES.test(file));
const named = deadCommentPaths(root, sources, repoFiles, packages);
/** The named paths git would ignore (written by a run, e.g. bench/results/latest.json). */
const ignoredPaths = (paths) => {
  if (paths.length === 0) return new Set();
  try {
    return new Set(git(['check-ignore', '--no-index', '--stdin'], paths.join('\n')).split('\n'));
  } catch {
    return new Set(); // exit 1: none is ignored
  }
};
const ignored = ignoredPaths([...new Set(named.map(({ target }) => target))]);
const deadNamed = named.filter(({ target }) => !ignored.has(target));
for (const { where, target } of deadNamed) console.error(`${where}: comment names ${target} (no such file)`);

if (dead.length + deadNamed.length > 0) {
  if (dead.length > 0) console.error(`${dead.length} dead link${dead.length === 1 ? '' : 's'} in markdown files`);
  if (deadNamed.length > 0)
    console.error(`${deadNamed.length} missing path${deadNamed.length === 1 ? '' : 's'} in comments`);
  process.exit(1);
}
console.log(`links: ${files.length} markdown files, ${sources.length} sources' comments, no dead relative paths`);
