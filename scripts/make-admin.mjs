#!/usr/bin/env node
// `npm run make-admin -- <email-or-username> [--role ADMIN|TESTER|USER] [--force]`: compiles
// what is stale (tsc -b) and runs the server's CLI (server/src/cli/make-admin.ts), which uses
// the same configuration as the server (.env, DATA_DIR or DATABASE_URL).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript7/bin/tsc'), '-b', 'server'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const { main } = await import(pathToFileURL(path.join(root, 'server/dist/cli/make-admin.js')).href);
process.exitCode = await main(process.argv.slice(2));
