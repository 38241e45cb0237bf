#!/usr/bin/env node
// `npm run telegram:check`: compiles what is stale (tsc -b) and runs the server's CLI
// (server/src/cli/telegram-check.ts): the bot's username, webhook state, pending updates and
// Telegram's last delivery error, with the server's configuration (.env, environment).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript7/bin/tsc'), '-b', 'server'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

if (existsSync('.env')) process.loadEnvFile('.env');
const { main } = await import(pathToFileURL(path.join(root, 'server/dist/cli/telegram-check.js')).href);
process.exitCode = await main();
