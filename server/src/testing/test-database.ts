import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '../platform/db/client.js';
import { trackCommits } from '../platform/db/after-commit.js';
import * as schema from '../platform/db/schema.js';

/** The PostgreSQL server the suite runs against, when CI (or you) set DATABASE_URL. */
export const TEST_PG_URL = process.env.DATABASE_URL || undefined;

/** Where the global setup leaves the migrated PGlite data directory (a tarball). */
export const PGLITE_TEMPLATE_ENV = 'ZIVER_TEST_PGLITE_TEMPLATE';
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
    const { template, ...modules } = await pgliteAssets(templateFile);
    const client = new PGlite({ loadDataDir: template, ...modules });
    const db = drizzle(client, { schema }) as unknown as Database;
    trackCommits(db);
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => client.close(),
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

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
