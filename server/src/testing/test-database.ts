import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '../platform/db/client.js';
import { trackCommits } from '../platform/db/after-commit.js';
import { drizzleOverPglite } from '../platform/db/pglite-drizzle.js';
import { resetToTemplate } from './pglite-reset.js';

/** The PostgreSQL server the suite runs against, when CI (or you) set DATABASE_URL. */
export const TEST_PG_URL = process.env.DATABASE_URL || undefined;

/** Where the global setup leaves the migrated PGlite data directory (a tarball). */
export const PGLITE_TEMPLATE_ENV = 'ZIVER_TEST_PGLITE_TEMPLATE';
/** Where it leaves the script that empties a used database back to the template (pglite-reset.ts). */
export const PGLITE_RESET_ENV = 'ZIVER_TEST_PGLITE_RESET';
/** The migrated template as an on-disk PGlite data directory (global-setup.ts). */
export const PGLITE_DATA_DIR_ENV = 'ZIVER_TEST_PGLITE_DATA_DIR';
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

const PGLITE_DIST = new URL('./', pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')));

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
};

type PgliteAssets = {
  template: Blob;
  pgliteWasmModule: WasmModule;
  initdbWasmModule: WasmModule;
  fsBundle: Blob;
};
let assets: Promise<PgliteAssets> | undefined;

/**
 * The migrated template and PGlite's compiled WebAssembly, read once per worker: loading a
 * data directory with precompiled modules skips initdb, the migrations and the compilation.
 */
function pgliteAssets(templateFile: string): Promise<PgliteAssets> {
  assets ??= (async () => ({
    template: new Blob([readFileSync(templateFile)]),
    pgliteWasmModule: await wasm.compile(readFileSync(new URL('pglite.wasm', PGLITE_DIST))),
    initdbWasmModule: await wasm.compile(readFileSync(new URL('initdb.wasm', PGLITE_DIST))),
    fsBundle: new Blob([readFileSync(new URL('pglite.data', PGLITE_DIST))]),
  }))();
  return assets;
}

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server when
 * DATABASE_URL is set (dropped on close), otherwise an in-memory PGlite loaded from the
 * template the global setup migrated (or migrated here when there is none).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!TEST_PG_URL) {
    const templateFile = process.env[PGLITE_TEMPLATE_ENV];
    if (!templateFile) return openDatabase({ dataDir: 'memory://' });
    const client = await takePglite(templateFile);
    // A new Drizzle wrapper per file: the app's caches are keyed by it, so none carries over.
    const db = drizzleOverPglite(client) as unknown as Database;
    trackCommits(db);
    let closed = false;
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await giveBackPglite(client);
      },
    };
  }
  const name = `ziver_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolMax: 30 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Embedded databases a closed test file gave back, kept for the next file in this worker (files
 * of a worker run one after another; a file holding two databases at once gets a second one).
 * Each is emptied back to the template when taken (pglite-reset.ts).
 */
const idle: PGlite[] = [];
const MAX_IDLE = 2;
let loads = 0;
/** How many embedded databases this worker loaded from the template (the rest were reused). */
export const pgliteTemplateLoads = () => loads;
let resetScript: { script: string; fingerprint: string } | null | undefined;

function resetScriptOf(): { script: string; fingerprint: string } | null {
  if (resetScript === undefined) {
    const file = process.env[PGLITE_RESET_ENV];
    resetScript = file ? (JSON.parse(readFileSync(file, 'utf8')) as { script: string; fingerprint: string }) : null;
  }
  return resetScript;
}

async function takePglite(templateFile: string): Promise<PGlite> {
  const reset = resetScriptOf();
  while (reset && idle.length > 0) {
    const used = idle.pop()!;
    if (await resetToTemplate(used, reset)) return used;
    await used.close().catch(() => undefined);
  }
  const { template, ...modules } = await pgliteAssets(templateFile);
  loads++;
  return new PGlite({ loadDataDir: template, ...modules, startParams: TEST_START_PARAMS });
}

/**
 * PGlite's own start parameters plus smaller shared buffers: PostgreSQL zeroes its shared memory
 * at start, and with initdb's 128 MB that memset was most of a start's CPU (1.6 → 1.0 CPU-s a
 * start; `wasm-function[13376]`, `memset`, was the suite's hottest function). A test database
 * holds a few hundred rows.
 */
const TEST_SHARED_BUFFERS = '16MB';
const TEST_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${TEST_SHARED_BUFFERS}`];

async function giveBackPglite(client: PGlite): Promise<void> {
  if (client.closed) return;
  if (resetScriptOf() && idle.length < MAX_IDLE) idle.push(client);
  else await client.close();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Fills `dir` with a migrated, empty PGlite data directory, as `openDatabase({ dataDir })` would
 * leave it, by copying the template (~0.7 s of CPU instead of ~8.5 s of initdb and migrations).
 * Without a template (the suite on a PostgreSQL server) the folder is left for openDatabase to
 * create. `testBuffers`: the folder's configuration (postgresql.auto.conf) also sets the test
 * databases' smaller shared buffers, so every start on it, by whatever code opens it, zeroes
 * 16 MB instead of 128 MB (~0.9 → ~0.4 CPU-s an `openDatabase`).
 */
export function seedDataDir(dir: string, options: { testBuffers?: boolean } = {}): void {
  const template = process.env[PGLITE_DATA_DIR_ENV];
  if (!template) return;
  cpSync(template, dir, { recursive: true });
  if (options.testBuffers) {
    appendFileSync(path.join(dir, 'postgresql.auto.conf'), `shared_buffers = '${TEST_SHARED_BUFFERS}'\n`);
  }
}

/**
 * Opens a data directory `seedDataDir` filled, for a test's own reads and writes beside the code
 * under test that opens it with `openDatabase`: PGlite with the worker's compiled WebAssembly and
 * the test start parameters, without the migrations check (the folder is the migrated template)
 * or the folder lock. ~0.3 s of CPU where `openDatabase` takes ~0.9 s. Without a template (no
 * global setup) it is `openDatabase`.
 */
export async function openSeededDataDir(dir: string): Promise<{ db: Database; close(): Promise<void> }> {
  const templateFile = process.env[PGLITE_TEMPLATE_ENV];
  if (!templateFile || !process.env[PGLITE_DATA_DIR_ENV]) return openDatabase({ dataDir: dir });
  const { template: _template, ...modules } = await pgliteAssets(templateFile);
  const client = new PGlite(path.resolve(dir), { ...modules, startParams: TEST_START_PARAMS });
  const db = drizzleOverPglite(client) as unknown as Database;
  trackCommits(db);
  return { db, close: () => client.close() };
}
