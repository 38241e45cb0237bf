import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDataDir } from '../../testing/test-database.js';
import { DataDirLockedError, openDatabase } from './client.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('embedded database folder', () => {
  it('refuses a folder held by another live process, and frees it on close', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ziver-lock-'));
    dirs.push(dir);
    // A migrated folder, as a server that ran before leaves it. An empty folder (initdb and
    // every migration, as `npm start` on a fresh clone) is what the browser tests' server starts on.
    seedDataDir(dir);
    // The parent process (the test runner's) stands in for another live server.
    writeFileSync(path.join(dir, '.ziver.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);

    rmSync(path.join(dir, '.ziver.lock'));
    const db = await openDatabase({ dataDir: dir });
    expect(readFileSync(path.join(dir, '.ziver.lock'), 'utf8')).toBe(String(process.pid));
    await db.close();
    expect(existsSync(path.join(dir, '.ziver.lock'))).toBe(false);
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ziver-lock-'));
    dirs.push(dir);
    seedDataDir(dir);
    writeFileSync(path.join(dir, '.ziver.lock'), '999999999');
    const db = await openDatabase({ dataDir: dir });
    // The lock is ours now, and the database answers.
    expect(readFileSync(path.join(dir, '.ziver.lock'), 'utf8')).toBe(String(process.pid));
    await expect(db.ping()).resolves.toBeUndefined();
    await db.close();
  });
});
