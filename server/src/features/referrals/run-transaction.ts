import { isTransientConflict, type Database, type Tx } from '../../platform/db/client.js';

/**
 * Runs a transaction that locks two users' rows, retrying when PostgreSQL picks it as a
 * deadlock victim. Lock orders are chosen to avoid deadlocks; this covers the rare crossing of
 * two opposite referral operations on the same pair of users. A retried transaction was rolled
 * back in full, so running it again is safe.
 */
export async function runReferralTransaction<T>(db: Database, fn: (tx: Tx) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
    }
  }
}
