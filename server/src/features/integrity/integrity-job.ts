import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import { recomputeIntegrity } from './recompute-integrity.js';

export type IntegrityJob = {
  /** Runs once now (after a run in progress); false when another instance held the run. */
  runNow(): Promise<boolean>;
  /** Stops the timer and waits for a run in progress. */
  close(): Promise<void>;
};

/**
 * The periodic integrity run, built in the composition root (server.ts) with its interval. One
 * instance runs at a time: the run holds a transaction-scoped advisory lock, and an instance
 * that does not get it skips that round.
 */
export function createIntegrityJob(options: { db: Db; logger: Logger; intervalMs: number }): IntegrityJob {
  const { db, logger } = options;
  let running: Promise<boolean> = Promise.resolve(true);
  const runOnce = () =>
    db.transaction(async (tx) => {
      const [lock] = (
        (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('ziver.integrity')) as locked`)) as unknown as {
          rows: { locked: boolean }[];
        }
      ).rows;
      if (!lock?.locked) return false;
      const result = await recomputeIntegrity(tx);
      logger.debug(result, 'integrity scores recomputed');
      return true;
    });
  const runNow = () =>
    (running = running.then(runOnce).catch((error: unknown) => {
      logger.warn({ err: error }, 'integrity run failed; retried at the next interval');
      return false;
    }));
  const timer = setInterval(() => void runNow(), options.intervalMs);
  timer.unref();
  return {
    runNow,
    close: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
