// The BUILT server as a child process that the fault suite and the soak can kill, restart on the
// same data, and read every log line of (scripts/lib/built-server.mjs keeps only the tail).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENTRY, assertBuilt, freePort } from './built-server.mjs';

const SCRUBBED = [
  'DATABASE_URL',
  'JWT_SECRET',
  'TELEGRAM_BOT_TOKEN',
  'PUBLIC_URL',
  'MINIAPP_URL',
  'PORT',
  'HOST',
  'DATA_DIR',
];

/**
 * Starts `node server/dist/main.js`; `waitHealthy` (default) waits until /api/health answers
 * 200. The same `dataDir` and `port` may be passed again to restart on the same data.
 */
export async function spawnApp({
  env = {},
  dataDir,
  port,
  label = 'app',
  waitHealthy = true,
  timeoutMs = 60_000,
} = {}) {
  assertBuilt({ needsMiniapp: false });
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), `ziver-${label}-`));
  const appPort = port ?? (await freePort());
  const childEnv = { ...process.env };
  for (const key of SCRUBBED) delete childEnv[key];
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(appPort),
    DATA_DIR: dir,
    // 'info' writes "server listening": the start-up wait checks that line so a health answer
    // from another process that grabbed the port meanwhile is not mistaken for this one's.
    LOG_LEVEL: 'info',
    LOG_PRETTY: 'false',
    RATE_LIMITS: 'off',
    JWT_SECRET: 'faults-jwt-secret-0123456789abcdef0123456789',
    ...env,
  });
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: dir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  let partial = '';
  const collect = (chunk) => {
    const text = partial + chunk;
    const parts = text.split('\n');
    partial = parts.pop();
    lines.push(...parts);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited;
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      if (partial) lines.push(partial);
      partial = '';
      exited = { code, signal };
      resolve(exited);
    }),
  );
  const url = `http://127.0.0.1:${appPort}`;
  const logsListening = ['info', 'debug', 'trace'].includes(childEnv.LOG_LEVEL);
  const app = {
    /** Whether this process said it listens (only known when LOG_LEVEL is info or lower). */
    hasListened: () => !logsListening || lines.some((l) => l.includes('"msg":"server listening"')),
    url,
    port: appPort,
    pid: child.pid,
    dataDir: dir,
    lines,
    exit,
    get exited() {
      return exited;
    },
    isAlive: () => !exited,
    /** Resident memory of the process, in MB (Linux). */
    rssMb() {
      try {
        const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
        return Math.round(kb / 102.4) / 10;
      } catch {
        return NaN;
      }
    },
    kill(signal = 'SIGKILL') {
      if (!exited) child.kill(signal);
      return exit;
    },
    /** SIGTERM and wait (SIGKILL after `graceMs`). */
    async stop(graceMs = 30_000) {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exit;
        clearTimeout(timer);
      }
      return exited;
    },
    removeData: () => rmSync(dir, { recursive: true, force: true }),
  };
  if (waitHealthy) await waitForHealth(app, timeoutMs, label);
  return app;
}

/** Polls /api/health until 200; throws with the log when the process exits or time runs out. */
export async function waitForHealth(app, timeoutMs = 60_000, label = 'app') {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (app.exited)
      throw new Error(`${label} exited (${app.exited.code ?? app.exited.signal}):\n${app.lines.slice(-40).join('\n')}`);
    try {
      const res = await fetch(`${app.url}/api/health`, { signal: AbortSignal.timeout(3_000) });
      if (res.status === 200 && (!app.hasListened || app.hasListened())) return Date.now();
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline)
      throw new Error(`${label} not healthy within ${timeoutMs} ms:\n${app.lines.slice(-40).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
