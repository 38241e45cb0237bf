import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { prepareResetScript } from './pglite-reset.js';
import { MIGRATIONS_FOLDER, PGLITE_RESET_ENV, PGLITE_TEMPLATE_ENV } from './test-database.js';

/**
 * Vitest global setup for the server project: starting an embedded PostgreSQL (initdb) and
 * migrating it costs seconds, so it is done once here and saved as a data-directory tarball;
 * each test file then loads that copy (`createTestDatabase`). Workers inherit the path from
 * the environment. Skipped when the suite runs against a PostgreSQL server (DATABASE_URL).
 */
export default async function setup(): Promise<() => void> {
  if (process.env.DATABASE_URL) return () => {};
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ziver-pglite-template-'));
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const reset = await prepareResetScript(client);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  const resetFile = path.join(dir, 'reset.json');
  writeFileSync(resetFile, JSON.stringify(reset));
  process.env[PGLITE_RESET_ENV] = resetFile;
  return () => rmSync(dir, { recursive: true, force: true });
}
