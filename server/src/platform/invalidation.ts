import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle, Db } from './db/client.js';
import type { Logger } from './logger.js';
import { afterCommit } from './db/after-commit.js';

/**
 * The cache invalidation bus: whatever changes data an instance may hold in memory (a session
 * revoked, a user's role or password changed, a setting saved) publishes a message here, and
 * every cache of every instance drops the entries it names. Messages travel through PostgreSQL
 * NOTIFY on the same database, so a publish inside a transaction is delivered when it commits,
 * and they are also delivered to this app at once (before the publish returns), so a
 * request that follows a revocation on the same instance never sees the old entry.
 *
 * This module owns the protocol: the channel (INVALIDATION_CHANNEL; the status triggers of
 * migrations 0018 and 0019 NOTIFY on it too, checked by module-state.test.ts), the message
 * format, the local delivery after commit (db/after-commit.ts) and the batched publish. The
 * state (subscribers, the listener, the batch queue) lives in one InvalidationBus per app.
 *
 * Topics are free-form ('session', 'user', 'settings', …); `key` narrows to one entry, none
 * means all entries of the topic. The special topic '*' (sent when the listener connection
 * was lost) means "drop everything".
 */
export type Invalidation = { topic: string; key?: string };
export type InvalidationHandler = (message: Invalidation) => void;

export const INVALIDATION_CHANNEL = 'ziver_invalidate';
const ALL: Invalidation = { topic: '*' };

/**
 * A user's mining status changed (balances, streak or cycle; key: user id, none: every user).
 * Published to every instance by database triggers (migration 0018), except for the claim, which
 * quiets them and publishes in batches (`publishToOtherInstances`, migration 0019); writers in
 * this app also drop their own copy with `invalidateAfterCommit` before they answer.
 */
export const USER_STATUS_TOPIC = 'status';

/**
 * One app's end of the bus, created in the composition root (createAppState, app.ts), in AppDeps:
 * its caches subscribe to it, its writers publish through it, and it listens on the app's
 * database. Two apps in one process (tests) each have their own and hear each other through
 * PostgreSQL, as two processes do.
 */
export type InvalidationBus = {
  /** Receives every invalidation this app publishes and, while listening, other instances'. */
  subscribe(handler: InvalidationHandler): () => void;
  /**
   * True while this app receives the invalidations other instances publish on its database:
   * caches serve entries only then (otherwise a revocation elsewhere could go unseen).
   */
  isReceiving(): boolean;
  /** Publishes an invalidation: to this app at once, to other instances when `db`'s transaction commits. */
  publish(db: Db, topic: string, key?: string): Promise<void>;
  /**
   * Delivers an invalidation to this app only, once the enclosing transaction has ended (at
   * once outside one): for topics other instances hear from the database itself (a trigger's
   * NOTIFY), so that a response sent after the write never meets this app's old copy.
   */
  invalidateAfterCommit(topic: string, key?: string): void;
  /**
   * Tells other instances through PostgreSQL (not this app: deliver it first), without
   * joining any transaction: messages queued while a publish is under way (or in the 10 ms
   * after it) go together in the next one, one statement and one commit per batch. For writes
   * whose own commit must not pay for a NOTIFY (a notifying commit takes a database-wide lock
   * until it is flushed). A failed publish is retried a few times; caches' TTLs are the last
   * backstop (a crash right after the write loses the batch).
   */
  publishToOtherInstances(pool: pg.Pool, messages: Invalidation[]): void;
  /**
   * Listens for other instances' invalidations on the database (a dedicated connection on a
   * PostgreSQL server, the embedded client on PGlite). When the connection is lost every cache is
   * dropped and bypassed until it is back. Returns the function that stops listening.
   */
  listen(database: DatabaseHandle, logger: Logger): Promise<() => Promise<void>>;
};

export function createInvalidationBus(): InvalidationBus {
  const handlers = new Set<InvalidationHandler>();
  const deliver = (message: Invalidation) => {
    for (const handler of handlers) handler(message);
  };
  // Live listeners (one per listen call while its connection is up).
  let listening = 0;
  let batchPublisher: { pool: pg.Pool; publish: (messages: Invalidation[]) => void } | undefined;

  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    isReceiving: () => listening > 0,
    async publish(db, topic, key) {
      const message: Invalidation = key === undefined ? { topic } : { topic, key };
      deliver(message);
      await db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${JSON.stringify(message)})`);
    },
    invalidateAfterCommit(topic, key) {
      const message: Invalidation = key === undefined ? { topic } : { topic, key };
      afterCommit(() => deliver(message));
    },
    publishToOtherInstances(pool, messages) {
      if (batchPublisher?.pool !== pool) batchPublisher = { pool, publish: createBatchPublisher(pool) };
      batchPublisher.publish(messages);
    },
    listen: (database, logger) =>
      listenOn(database, logger, deliver, (delta) => {
        listening = Math.max(0, listening + delta);
      }),
  };
}

const PUBLISH_GAP_MS = 10;

function createBatchPublisher(pool: pg.Pool): (messages: Invalidation[]) => void {
  let queue: string[] = [];
  let isPublishing = false;
  const send = (payloads: string[], triesLeft: number) => {
    isPublishing = true;
    pool
      .query({
        name: 'publish_invalidations',
        text: 'select count(pg_notify($1, p)) from unnest($2::text[]) p',
        values: [INVALIDATION_CHANNEL, payloads],
      })
      .then(
        // At most one publish per PUBLISH_GAP_MS: each is a commit of its own and holds a connection.
        () => setTimeout(next, PUBLISH_GAP_MS).unref(),
        () => {
          if (triesLeft > 0) setTimeout(() => send(payloads, triesLeft - 1), 500).unref();
          else next();
        },
      );
  };
  const next = () => {
    isPublishing = false;
    if (queue.length === 0) return;
    const payloads = [...new Set(queue)];
    queue = [];
    send(payloads, 4);
  };
  return (messages) => {
    for (const message of messages) queue.push(JSON.stringify(message));
    if (!isPublishing) next();
  };
}

function parse(payload: string): Invalidation {
  try {
    const value = JSON.parse(payload) as { topic?: unknown; key?: unknown };
    if (typeof value.topic === 'string') {
      return typeof value.key === 'string' ? { topic: value.topic, key: value.key } : { topic: value.topic };
    }
  } catch {
    /* fall through */
  }
  return ALL;
}

async function listenOn(
  database: DatabaseHandle,
  logger: Logger,
  deliver: InvalidationHandler,
  addListening: (delta: number) => void,
): Promise<() => Promise<void>> {
  const { db } = database;
  const client = (db as unknown as { $client: unknown }).$client;
  const onPayload = (payload: string) => deliver(parse(payload));

  if (database.kind === 'pglite') {
    const unlisten = await (client as PGlite).listen(INVALIDATION_CHANNEL, onPayload);
    addListening(1);
    return async () => {
      addListening(-1);
      await unlisten().catch(() => undefined);
    };
  }

  const pool = client as pg.Pool;
  let stopped = false;
  let current: pg.PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;
  let live = false;
  const setLive = (value: boolean) => {
    if (value !== live) addListening(value ? 1 : -1);
    live = value;
  };

  const lost = (error?: unknown) => {
    if (!live && current === undefined) return;
    setLive(false);
    deliver(ALL);
    current?.release(true);
    current = undefined;
    if (stopped) return;
    logger.warn({ err: error }, 'cache invalidation listener lost its connection; caches bypassed until it is back');
    retry = setTimeout(() => void connect().catch(lost), 1_000);
    retry.unref();
  };

  const connect = async () => {
    const connection = await pool.connect();
    if (stopped) {
      connection.release();
      return;
    }
    current = connection;
    connection.on('notification', (message) => {
      if (message.channel === INVALIDATION_CHANNEL) onPayload(message.payload ?? '');
    });
    connection.on('error', lost);
    await connection.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    // Whatever changed while not listening is unknown: start from empty caches.
    deliver(ALL);
    setLive(true);
  };

  await connect();
  return async () => {
    stopped = true;
    setLive(false);
    if (retry) clearTimeout(retry);
    const connection = current;
    current = undefined;
    if (connection) {
      await connection.query(`UNLISTEN ${INVALIDATION_CHANNEL}`).catch(() => undefined);
      connection.release();
    }
  };
}
