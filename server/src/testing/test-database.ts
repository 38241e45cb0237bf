import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../platform/db/client.js';

/** The PostgreSQL server the suite runs against, when CI (or you) set DATABASE_URL. */
export const TEST_PG_URL = process.env.DATABASE_URL || undefined;

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server when
 * DATABASE_URL is set (dropped on close), otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!TEST_PG_URL) return openDatabase({ dataDir: 'memory://' });
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
