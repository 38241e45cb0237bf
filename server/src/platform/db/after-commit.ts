import { AsyncLocalStorage } from 'node:async_hooks';

// The callbacks of the `db.transaction` whose callback is running (savepoints share their parent's).
const pending = new AsyncLocalStorage<Array<() => void>>();

/** What trackCommits wraps: a database's `transaction` (typed by client.ts, which calls this). */
type Transactional = { transaction: (...args: never[]) => Promise<unknown> };

/**
 * Makes `afterCommit` work on this database: each `db.transaction` collects the callbacks
 * registered inside it and runs them once it has ended. Called once by openDatabase.
 */
export function trackCommits(db: Transactional): void {
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  db.transaction = async (...args: unknown[]) => {
    const callbacks: Array<() => void> = [];
    try {
      return await pending.run(callbacks, () => transaction(...args));
    } finally {
      // Also after a rollback: the callbacks only drop cached copies, which is always safe.
      for (const callback of callbacks) callback();
    }
  };
}

/**
 * Runs `callback` once the enclosing `db.transaction` has ended, or at once outside one (a
 * single statement has committed when it returns). For work that must see committed data,
 * such as dropping this process's cached copy of what the transaction changed.
 */
export function afterCommit(callback: () => void): void {
  const callbacks = pending.getStore();
  if (callbacks) callbacks.push(callback);
  else callback();
}
