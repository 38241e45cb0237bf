#!/usr/bin/env node
// Keeps the configuration docs true to the code:
//   - the variable names come from the zod schema in server/src/platform/config.ts;
//   - each one must be described in .env.example (comment lines above `NAME=default`,
//     or `# NAME=example` when it has no default);
//   - README.md's table between <!-- env:start --> and <!-- env:end --> is generated from both.
// `node scripts/env-docs.mjs --write` regenerates the table; `--check` (run by `npm run lint`)
// fails when a variable is missing or the table is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = path.join(root, 'server/src/platform/config.ts');
const EXAMPLE = path.join(root, '.env.example');
const README = path.join(root, 'README.md');
const START = '<!-- env:start -->';
const END = '<!-- env:end -->';

/** Top-level keys of `const envSchema = z.object({ … })`. */
function schemaVariables() {
  const source = readFileSync(CONFIG, 'utf8');
  const start = source.indexOf('const envSchema = z.object({');
  if (start < 0) throw new Error(`no "const envSchema = z.object({" in ${path.relative(root, CONFIG)}`);
  // Comments, strings and regex literals removed, so only real brackets count towards depth.
  const body = source
    .slice(start)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) =>
      line
        .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''")
        .replace(/\/(?:[^/\\\n*]|\\.)(?:[^/\\\n]|\\.)*\/[a-z]*/g, '/r/')
        .replace(/\/\/.*$/, ''),
    );
  const names = [];
  let depth = 0;
  for (const line of body) {
    if (depth === 2) {
      const m = line.match(/^\s*([A-Z][A-Z0-9_]*)\s*:/);
      if (m) names.push(m[1]);
    }
    for (const ch of line) {
      if (ch === '(' || ch === '{' || ch === '[') depth++;
      if (ch === ')' || ch === '}' || ch === ']') depth--;
    }
    if (depth <= 0 && names.length) break;
  }
  return names;
}

/** Variables documented in .env.example: section, description, default or example. */
function exampleVariables() {
  const vars = new Map();
  let comment = [];
  let section = '';
  for (const raw of readFileSync(EXAMPLE, 'utf8').split('\n')) {
    const line = raw.trim();
    const sectionMatch = line.match(/^#\s*-{2,}\s*(.+?)\s*-{2,}\s*$/);
    const varMatch = line.match(/^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/);
    if (sectionMatch) {
      section = sectionMatch[1];
      comment = [];
    } else if (varMatch) {
      const [, hash, name, value] = varMatch;
      vars.set(name, { name, section, isSet: !hash, value, description: comment.join(' ') });
      comment = [];
    } else if (line.startsWith('#')) {
      comment.push(line.replace(/^#\s?/, ''));
    } else if (line === '') {
      comment = [];
    }
  }
  return vars;
}

function table(names, documented) {
  const esc = (s) => s.replace(/\|/g, '\\|');
  const rows = names.map((name) => {
    const v = documented.get(name);
    const def = v.isSet ? (v.value === '' ? '(empty)' : `\`${v.value}\``) : '(unset)';
    return `| \`${name}\` | ${def} | ${esc(v.description)} |`;
  });
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

const mode = process.argv[2] ?? '--check';
const names = schemaVariables();
const documented = exampleVariables();
const problems = [];
for (const name of names) {
  if (!documented.has(name)) problems.push(`${name} is read by config.ts but not described in .env.example`);
  else if (!documented.get(name).description) problems.push(`${name} has no comment in .env.example`);
}
for (const name of documented.keys()) {
  if (!names.includes(name)) problems.push(`${name} is in .env.example but config.ts does not read it`);
}
if (problems.length) {
  console.error(`Configuration docs are out of date:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

const readme = readFileSync(README, 'utf8');
const a = readme.indexOf(START);
const b = readme.indexOf(END);
if (a < 0 || b < a) {
  console.error(`README.md lacks the ${START} … ${END} markers`);
  process.exit(1);
}
const next = `${readme.slice(0, a + START.length)}\n${table(names, documented)}\n${readme.slice(b)}`;
if (mode === '--write') {
  if (next !== readme) writeFileSync(README, next);
  console.log(`README.md configuration table: ${names.length} variables`);
} else if (next !== readme) {
  console.error('README.md configuration table is stale: run `npm run docs:env`.');
  process.exit(1);
} else {
  console.log(`env docs: ${names.length} variables in config.ts, .env.example and README.md agree`);
}
