import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PG_URL, seedDataDir } from './testing/test-database.js';
import { TYPESCRIPT_CHILD_ARGS } from './testing/app-instances.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

let taken: Server;
let port: number;
let dataDir: string;
/** Started instances, killed at the end in case one never exits (the defect this file tests). */
const children: ReturnType<typeof spawn>[] = [];

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  port = (taken.address() as { port: number }).port;
  dataDir = mkdtempSync(path.join(tmpdir(), 'ziver-listen-'));
  seedDataDir(path.join(dataDir, 'pgdata'));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await new Promise<void>((resolve) => taken.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start`'s entry on the taken port: how it ends and what it printed on stderr. */
function startOnTakenPort(env: Record<string, string>) {
  const child = spawn(process.execPath, [...TYPESCRIPT_CHILD_ARGS, MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr })),
  );
}

const inUse = () => `Cannot listen on 127.0.0.1:${port}: the address is already in use`;

describe('a port already in use', () => {
  it('embedded database: exits 1 saying so', async () => {
    const { code, stderr } = await startOnTakenPort({
      DATA_DIR: dataDir,
      MINIAPP_DIST: '/nonexistent-miniapp-dist',
    });
    expect(code).toBe(1);
    expect(stderr).toContain(inUse());
  });

  // A pg pool with the invalidations' LISTEN connection still checked out never ended: the
  // process logged nothing and stayed up.
  it.skipIf(!TEST_PG_URL)('DATABASE_URL: exits 1 saying so, as the embedded database does', async () => {
    const name = `ziver_listen_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(TEST_PG_URL!);
      url.pathname = `/${name}`;
      const { code, stderr } = await startOnTakenPort({
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        MINIAPP_DIST: '/nonexistent-miniapp-dist',
      });
      expect(code).toBe(1);
      expect(stderr).toContain(inUse());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
