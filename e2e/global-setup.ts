import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { MINIAPP_INDEX, assertBuilt, builtPgdataTemplate, startBuiltServer } from '../scripts/lib/built-server.mjs';
import { E2E_WORKERS } from './workers.js';

/** Mining cycle used by the browser tests: 0.0015 h = 5.4 s. */
export const E2E_MINING_CYCLE_HOURS = '0.0015';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One built server per worker (see E2E_WORKERS): a file uses its worker's (support/browser.ts). */
    baseUrls: string[];
    /** Each built server's DATA_DIR, in the order of baseUrls: its mail is written to DATA_DIR/mail as .eml files. */
    dataDirs: string[];
    miningCycleSeconds: number;
    /**
     * A migrated PGlite database (builtPgdataTemplate, with the integrity threshold at 100: see
     * raiseIntegrityThreshold) for every built server the tests start on PGlite:
     * `startBuiltServer({ pgdataFrom })` copies it instead of creating one.
     */
    pgdataTemplate: string;
  }
}

/**
 * Starts the built server once per worker for all browser tests, each on its own throwaway
 * PGlite, and stops them after. Files run one after another on each worker, as they would on one
 * server: a file that changes the app's settings (lockdown, the mining rules) shares its server
 * with no file running at the same time.
 */
export default async function setup(project: TestProject) {
  assertBuilt();
  const template = await builtPgdataTemplate({ label: 'e2e-pgdata-template' });
  await raiseIntegrityThreshold(template.pgdata);
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, (_, index) =>
      startBuiltServer({
        label: `e2e-server-${index + 1}`,
        env: { RATE_LIMITS: 'off', LOG_LEVEL: 'warn', MINING_CYCLE_HOURS: E2E_MINING_CYCLE_HOURS },
        pgdataFrom: template.pgdata,
      }),
    ),
  );
  console.log(`[e2e] built servers on ${servers.map((server) => server.url).join(', ')} (mini app: ${MINIAPP_INDEX})`);
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  project.provide(
    'dataDirs',
    servers.map((server) => server.dataDir),
  );
  project.provide('miningCycleSeconds', Number(E2E_MINING_CYCLE_HOURS) * 3600);
  project.provide('pgdataTemplate', template.pgdata);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    template.remove();
  };
}

/**
 * Every account of these servers signs up from 127.0.0.1 in one headless Chromium (one
 * User-Agent, one language) and claims the moment a cycle ends: to the integrity job the whole
 * suite is one farm, and a test's invitee could be held for review by what the files before it
 * did (growth.test.ts's referral reward was, once). The servers run with the operator's
 * threshold at 100 (the app setting `integrity`, as an operator sets it), so only a score of 100
 * flags; the console's integrity tests (admin-integrity, admin-held-rewards) set their own on
 * their own databases.
 */
async function raiseIntegrityThreshold(pgdata: string): Promise<void> {
  const db = new PGlite(pgdata);
  try {
    await db.query(
      `INSERT INTO app_settings (key, value) VALUES ('integrity', '{"threshold":100}')
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
  } finally {
    await db.close();
  }
}
