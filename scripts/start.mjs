#!/usr/bin/env node
// `npm start`: build whatever is missing or stale, then run the server in THIS process, so that
// SIGTERM / SIGINT reach the server's own graceful shutdown (no wrapper process in between).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const say = (message) => console.log(`[start] ${message}`);

function run(label, command, args) {
  const t0 = Date.now();
  say(`${label}…`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`[start] ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  say(`${label}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** Newest modification time of any file under the given paths (directories are walked). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
        visit(path.join(p, entry));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

if (!existsSync(at('node_modules'))) {
  console.error('[start] Dependencies are not installed: run `npm install` first.');
  process.exit(1);
}

// 1. TypeScript (shared, bot, server, miniapp types): incremental, about a second when up to date.
run('Compiling TypeScript (tsc -b)', process.execPath, [at('node_modules/typescript7/bin/tsc'), '-b']);

// 2. The mini app bundle, only when missing or older than its sources.
const indexHtml = at('miniapp/dist/index.html');
const sources = [
  at('miniapp/src'),
  at('miniapp/index.html'),
  at('miniapp/vite.config.ts'),
  at('miniapp/build'),
  at('shared/src'),
];
const builtAt = existsSync(indexHtml) ? statSync(indexHtml).mtimeMs : 0;
if (!builtAt) {
  run('Building the mini app (first run)', 'npm', ['run', 'build', '-w', '@ziver/miniapp']);
} else if (newestMtime(sources) > builtAt) {
  run('Rebuilding the mini app (sources changed)', 'npm', ['run', 'build', '-w', '@ziver/miniapp']);
} else {
  say('Mini app is up to date.');
}

// `npm start` runs us under `sh -c`, and a SIGTERM sent to npm (by a process manager) stops npm
// and the shell without reaching us. When our parent goes away, shut down as if signalled.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
}

// 3. The server, in this process.
say('Starting the server…');
await import(pathToFileURL(at('server/dist/main.js')).href);
