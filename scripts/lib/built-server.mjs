// Starts the BUILT server (`node server/dist/main.js`) as a child process on a free port and
// waits until GET /api/health answers. Used by the browser tests (e2e/global-setup.ts) and by
// the benchmark (scripts/bench.mjs).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = path.join(ROOT, 'server/dist/main.js');
export const MINIAPP_INDEX = path.join(ROOT, 'miniapp/dist/index.html');

/** Variables a developer's shell might carry that must not leak into a throwaway server. */
const SCRUBBED = [
  'DATABASE_URL',
  'JWT_SECRET',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_BOT_USERNAME',
  'TELEGRAM_API_ROOT',
  'TELEGRAM_WEBHOOK_SECRET',
  'PUBLIC_URL',
  'MINIAPP_URL',
  'MINIAPP_DIST',
  'PORT',
  'HOST',
  'DATA_DIR',
];

/** Throws a clear message when `npm run build` has not been run. */
export function assertBuilt({ needsMiniapp = true } = {}) {
  const missing = [SERVER_ENTRY, ...(needsMiniapp ? [MINIAPP_INDEX] : [])].filter((f) => !existsSync(f));
  if (missing.length) {
    throw new Error(
      `Not built: ${missing.map((f) => path.relative(ROOT, f)).join(', ')} missing. Run \`npm run build\` first.`,
    );
  }
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node server/dist/main.js` with a fresh DATA_DIR (embedded PGlite) unless `env`
 * sets DATABASE_URL, on a free port unless `env` sets PORT; `nodeArgs` go to node (e.g. `--cpu-prof`). Resolves once /api/health answers 200. The child runs in the temp dir,
 * so a developer's `.env` in the repository is not read. The start is given 3 minutes: idle it
 * takes 2-5 s, but a loaded 2-core machine (load 20) took over a minute to open a fresh PGlite.
 * `pgdataFrom` (a folder `builtPgdataTemplate` made) is copied in as the PGlite database, so the
 * server opens a migrated one instead of creating it (~2.7 instead of ~8.7 CPU-s a start).
 * @param {{ env?: Record<string, string>, label?: string, timeoutMs?: number, quiet?: boolean, nodeArgs?: string[], pgdataFrom?: string }} [options]
 */
export async function startBuiltServer({
  env = {},
  label = 'server',
  timeoutMs = 180_000,
  quiet = false,
  nodeArgs = [],
  pgdataFrom,
} = {}) {
  assertBuilt({ needsMiniapp: false });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `ziver-${label}-`));
  if (pgdataFrom) cpSync(pgdataFrom, path.join(env.DATA_DIR ?? dataDir, 'pgdata'), { recursive: true });
  // env.PORT restarts a server where an earlier one listened (a restart test); else a free port.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const childEnv = { ...process.env };
  for (const key of SCRUBBED) delete childEnv[key];
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
    ...env,
    PORT: String(port),
  });

  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: dataDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (stream, sink) =>
    stream.on('data', (chunk) => {
      output = (output + chunk).slice(-20_000);
      if (!quiet) sink.write(`[${label}] ${chunk}`);
    });
  collect(child.stdout, process.stdout);
  collect(child.stderr, process.stderr);

  let exited = null;
  const exitPromise = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`${label} exited during start-up (${exited.code ?? exited.signal}). Output:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`${label} did not answer /api/health within ${timeoutMs / 1000} s. Output:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    url,
    port,
    dataDir,
    pid: child.pid,
    output: () => output,
    /** SIGTERM (graceful shutdown), SIGKILL after 10 s; then removes the data dir. */
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exitPromise;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
      return exited;
    },
  };
}

/**
 * A migrated PGlite database for `startBuiltServer({ pgdataFrom })`: the built server started
 * once on a folder of its own and stopped (a graceful stop closes the database cleanly). It holds
 * only what every fresh database holds (the migrations and the seeded tasks); the server's
 * secrets (DATA_DIR/jwt-secret, vapid-keys.json) stay outside it, so each server makes its own.
 * Returns the folder to copy; `remove()` deletes it.
 */
export async function builtPgdataTemplate({ label = 'pgdata-template' } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `ziver-${label}-`));
  const server = await startBuiltServer({ label, env: { DATA_DIR: dir }, quiet: true });
  const exited = await server.stop();
  if (exited.code !== 0) throw new Error(`${label} did not stop cleanly (${exited.code ?? exited.signal})`);
  return { pgdata: path.join(dir, 'pgdata'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
