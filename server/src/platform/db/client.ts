import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { trackCommits } from './after-commit.js';
import { drizzleOverPglite } from './pglite-drizzle.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: use cases take whichever they are given. */
export type Db = Database | Tx;

/** The rows of a `db.execute` answer (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** `select 1`, given up after `timeoutMs` (default 2 s) with a DatabaseUnavailableError. */
  ping(options?: { timeoutMs?: number }): Promise<void>;
  /** The pool's connections in use and the requests waiting for one (PostgreSQL only). */
  poolStats?(): { inUse: number; waiting: number };
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
  /**
   * Connections kept open once opened (pg-pool closes the others after 10 s idle). The server
   * keeps all of them: with its hot reads cached the pool idles for seconds, and a cache refresh
   * of many sessions at once then waited ~200 ms for new backends to start.
   */
  poolMin?: number;
  /** PostgreSQL only: connection wait, statement and idle-in-transaction limits in ms. */
  timeouts?: { connectMs: number; statementMs: number; idleInTransactionMs: number };
  /** Told about errors of pooled connections (idle or checked out); they never crash the process. */
  onConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const timeouts = options.timeouts ?? { connectMs: 5_000, statementMs: 15_000, idleInTransactionMs: 30_000 };
    await migrateServer(options.url, timeouts.connectMs);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      min: options.poolMin ?? 0,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      // A paused server never cancels its statements: the client gives up 1 s after it should have.
      query_timeout: timeouts.statementMs + 1_000,
      keepAlive: true,
    });
    const onError = options.onConnectionError ?? (() => undefined);
    // pg-pool listens for errors only while a client is idle; a client checked out by
    // `db.transaction` whose server goes away would emit an unhandled 'error' and kill the
    // process. Every client gets its own listener for its whole life.
    pool.on('connect', (client) => {
      client.on('error', onError);
      dropOnQueryTimeout(client);
    });
    pool.on('error', onError);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    trackCommits(db);
    return {
      db,
      kind: 'postgres',
      ping: ({ timeoutMs = PING_TIMEOUT_MS } = {}) =>
        withTimeout(
          pool.query('select 1').then(() => undefined),
          timeoutMs,
        ),
      poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
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
    const pgliteDb = drizzleOverPglite(client);
    await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
    trackCommits(pgliteDb as unknown as Database);
    return {
      db: pgliteDb as unknown as Database,
      kind: 'pglite',
      ping: ({ timeoutMs = PING_TIMEOUT_MS } = {}) =>
        withTimeout(
          client.query('select 1').then(() => undefined),
          timeoutMs,
        ),
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

/** Migrates on a connection of its own, without the pool's statement timeouts: waiting for another instance's lock is fine. */
async function migrateServer(url: string, connectMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs });
  client.on('error', () => undefined);
  await client.connect();
  try {
    // Several instances may start at once: one migrates, the others wait.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/**
 * After a client-side query timeout the statement may still be running on the server and the
 * queued ROLLBACK is dropped by node-postgres: returned to the pool, the connection would carry
 * a half-done transaction into the next request. The connection is destroyed instead, so the
 * pool discards it and PostgreSQL rolls the transaction back.
 */
function dropOnQueryTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') {
          (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        }
      });
    }
    return result;
  };
}

const PING_TIMEOUT_MS = 2_000;

function withTimeout(work: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError('timeout', timeoutMs)), timeoutMs);
  });
  work.catch(() => undefined); // a late failure after the timeout is not unhandled
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Why the database cannot serve a request, in the words /api/health and the logs use. */
export type DatabaseFailureReason =
  'refused' | 'timeout' | 'connect-timeout' | 'terminated' | 'shutting-down' | 'too-many-connections' | 'closed';

const REASON_WORDS: Record<DatabaseFailureReason, string> = {
  refused: 'The database server refused the connection (it is not running or not reachable)',
  timeout: 'The database did not answer in time (it is overloaded or paused)',
  'connect-timeout': 'No database connection could be opened in time (the server is overloaded, paused or unreachable)',
  terminated: 'The connection to the database was cut (the server stopped or ended the session)',
  'shutting-down': 'The database server is shutting down or starting up',
  'too-many-connections': 'The database server has no free connections',
  closed: 'The database connection pool is closed (the server is shutting down)',
};

/** A failure of the database itself (not of the query): the API answers 503 DATABASE_UNAVAILABLE. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(
    readonly reason: DatabaseFailureReason,
    timeoutMs?: number,
  ) {
    super(timeoutMs ? `${REASON_WORDS[reason]}: no answer within ${timeoutMs} ms` : REASON_WORDS[reason]);
  }
}

/**
 * Classifies an error from node-postgres, PGlite or Drizzle (looking through `cause`): a
 * DatabaseUnavailableError when the database is down, cut off, paused or refusing
 * connections; undefined for every other error (a bad query, a constraint…).
 */
export function databaseFailureOf(error: unknown): DatabaseUnavailableError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    if (current instanceof DatabaseUnavailableError) return current;
    const reason = reasonOf(current as { code?: unknown; message?: unknown });
    if (reason) return new DatabaseUnavailableError(reason);
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function reasonOf(e: { code?: unknown; message?: unknown }): DatabaseFailureReason | undefined {
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'EAI_AGAIN')
    return 'refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'terminated';
  if (code === 'ETIMEDOUT') return 'connect-timeout';
  if (code === '57P01' || code === '57P02') return 'terminated'; // admin_shutdown, crash_shutdown
  if (code === '57P03') return 'shutting-down'; // cannot_connect_now
  if (code === '53300') return 'too-many-connections';
  if (code === '57014' || code === '25P03') return 'timeout'; // statement / idle-in-transaction timeout
  if (/^08\d{3}$/.test(code) || code === '08P01') return 'terminated'; // connection exceptions
  if (/timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(message))
    return 'connect-timeout';
  if (/Query read timeout/i.test(message)) return 'timeout';
  if (/Connection terminated|not queryable|connection error|Client was closed/i.test(message)) return 'terminated';
  if (/Cannot use a pool after calling end|PGlite is closed/i.test(message)) return 'closed';
  return undefined;
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

const TRANSIENT_CONFLICTS: ReadonlySet<string> = new Set(['40P01', '40001']); // deadlock detected, serialization failure

/**
 * Whether PostgreSQL rolled the transaction back as a deadlock victim or a serialization failure:
 * nothing of it was kept, so running it again is safe and is the expected answer.
 */
export function isTransientConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && TRANSIENT_CONFLICTS.has(state);
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
