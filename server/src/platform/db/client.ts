import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: use cases take whichever they are given. */
export type Db = Database | Tx;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Rows of a raw query, for the few statements the query builder does not express. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const MIGRATION_LOCK_ID = 727_001;

// NUMERIC and BIGINT arrive as strings from node-postgres; amounts are mapped by Drizzle's
// numeric "number" mode, so nothing global is changed here.

/**
 * Opens the database: a PostgreSQL server with a pool when `url` is given, otherwise embedded
 * PGlite stored under `dataDir` (or in memory when `dataDir` is 'memory://'). Migrations run
 * before it is returned.
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string;
  poolMax?: number;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
    pool.on('error', () => {
      /* idle client errors surface on the next query; keep the process alive */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const client = await pool.connect();
    try {
      // Several instances may start at once: one migrates, the others wait.
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }

  const dir = options.dataDir ?? 'memory://';
  const isMemory = dir.startsWith('memory://');
  let releaseLock = () => {};
  if (!isMemory) {
    mkdirSync(dir, { recursive: true });
    releaseLock = lockDataDir(path.resolve(dir));
  }
  try {
    const client = new PGlite(isMemory ? undefined : path.resolve(dir));
    const pgliteDb = drizzlePglite(client, { schema });
    await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: pgliteDb as unknown as Database,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/**
 * Embedded PGlite is single-process: a second process opening the same folder would corrupt
 * it. A lock file holding the owner's pid refuses that clearly; a stale lock (dead pid) is
 * taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = path.join(dir, '.ziver.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by process ${owner}. Stop that process first, ` +
            'or use a PostgreSQL server (DATABASE_URL) to share one database between processes.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the embedded database in ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The SQLSTATE of a PostgreSQL error, looking through Drizzle's wrapping (`cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  return findPgError(error)?.code;
}

/** PostgreSQL's SQLSTATE for a unique violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const c = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) {
      return { code: c.code, constraint: typeof c.constraint === 'string' ? c.constraint : undefined };
    }
    current = c.cause;
  }
  return undefined;
}
