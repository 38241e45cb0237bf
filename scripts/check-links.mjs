#!/usr/bin/env node
// `node scripts/check-links.mjs` (run by `npm run lint`): fails on a dead relative link in any
// tracked markdown file: a path that does not exist or leaves the repository, or a `#anchor`
// that the linked markdown file (or the file itself) has no heading or `<a id>` for. Links with
// a scheme (https:, mailto:) are not fetched: the check is offline and takes well under a second.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deadLinks } from './lib/markdown-links.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.split('/').includes('node_modules') && existsSync(path.join(root, file)));

const dead = deadLinks(root, files);
for (const { where, target, reason } of dead) console.error(`${where}: dead link ${target} (${reason})`);
if (dead.length > 0) {
  console.error(`${dead.length} dead link${dead.length === 1 ? '' : 's'} in markdown files`);
  process.exit(1);
}
console.log(`markdown links: ${files.length} files, no dead relative links`);
