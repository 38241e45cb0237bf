#!/usr/bin/env node
// `npm run dev`: TypeScript in watch mode, the server restarted on every rebuild (node --watch),
// and Vite's dev server for the mini app (React fast refresh; it proxies /api to the server).
// Ctrl-C stops all three.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript7/bin/tsc');

console.log('[dev] initial build (tsc -b)…');
const first = spawnSync(process.execPath, [tsc, '-b'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
const children = [
  ['tsc', process.execPath, [tsc, '-b', '--watch', '--preserveWatchOutput']],
  ['server', process.execPath, ['--watch', '--watch-preserve-output', 'server/dist/main.js']],
  ['vite', 'npm', ['run', 'dev', '-w', '@ziver/miniapp']],
].map(([name, command, args]) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  child.on('exit', (code, signal) => {
    if (!isStopping) {
      console.error(`[dev] ${name} exited (${code ?? signal}); stopping the others.`);
      stop(code ?? 1);
    }
  });
  return child;
});

let isStopping = false;
function stop(code = 0) {
  if (isStopping) return;
  isStopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3_000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
console.log('[dev] API on http://localhost:3000 · mini app dev server: see the Vite line above');
