import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { prepareResetScript } from './pglite-reset.js';
import { MIGRATIONS_FOLDER, PGLITE_DATA_DIR_ENV, PGLITE_RESET_ENV, PGLITE_TEMPLATE_ENV } from './test-database.js';

const CACHE_ROOT = fileURLToPath(new URL('../../../node_modules/.cache/ziver-test-template/', import.meta.url));

/**
 * What the template depends on: every migration, the reset script's code and PGlite's build.
 * A change to any of them makes a new template.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(MIGRATIONS_FOLDER, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
  }
  hash.update(readFileSync(fileURLToPath(new URL('./pglite-reset.ts', import.meta.url))));
  // The package's build (its exports hide package.json): its WebAssembly is the database.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), 'pglite.wasm')).subarray(0, 1 << 20));
  hash.update(String(statSync(path.join(path.dirname(pgliteEntry), 'pglite.wasm')).size));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Vitest global setup for the server project: starting an embedded PostgreSQL (initdb) and
 * migrating it costs seconds (8 s of CPU, before any test can start), so it is done once and
 * saved as a data-directory tarball with its reset script, kept under node_modules/.cache keyed
 * by the migrations: later runs reuse it. Each test file then loads that copy or empties a used
 * one back to it (`createTestDatabase`). Beside it, the same database as an on-disk data
 * directory, for the tests of what runs on a folder (the CLI, the folder lock): copying it costs
 * ~0.7 s of CPU where a fresh folder costs ~8.5 s of initdb and the migrations
 * (`seedDataDir`). Workers inherit the paths from the environment.
 * Made against a PostgreSQL server too (DATABASE_URL): the folder tests still run on PGlite.
 */
export default async function setup(): Promise<void> {
  const dir = path.join(CACHE_ROOT, templateKey());
  const file = path.join(dir, 'template.tar');
  const resetFile = path.join(dir, 'reset.json');
  const dataDir = path.join(dir, 'pgdata');
  if (!existsSync(file) || !existsSync(resetFile) || !existsSync(dataDir)) {
    const client = new PGlite();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const reset = await prepareResetScript(client);
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written aside, then renamed: a run that stops half-way leaves no half template.
    rmSync(CACHE_ROOT, { recursive: true, force: true });
    const staging = `${dir}.${process.pid}.tmp`;
    mkdirSync(staging, { recursive: true });
    writeFileSync(path.join(staging, 'template.tar'), Buffer.from(await dump.arrayBuffer()));
    writeFileSync(path.join(staging, 'reset.json'), JSON.stringify(reset));
    const onDisk = new PGlite(path.join(staging, 'pgdata'), { loadDataDir: dump });
    await onDisk.query('select 1');
    await onDisk.close();
    renameSync(staging, dir);
  }
  process.env[PGLITE_TEMPLATE_ENV] = file;
  process.env[PGLITE_RESET_ENV] = resetFile;
  process.env[PGLITE_DATA_DIR_ENV] = dataDir;
}
