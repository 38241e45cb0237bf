import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { and, eq, lt, sql } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { rowsOf, type Database, type Db, type Tx } from './db/client.js';
import { idempotencyKeys } from './db/schema.js';

/**
 * The Idempotency-Key request header (IETF httpapi draft "The Idempotency-Key HTTP Header
 * Field") on the calls that credit points (docs/decisions.md, "Idempotency-Key"). Without the
 * header a call answers exactly as before.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** How long a key's answer is kept (and a key cannot be reused for another request). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

// 1 to 255 printable ASCII characters (the draft's key is a Structured Field string).
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** The caller's key, or undefined without the header; a malformed key is a 400 that changes nothing. */
export function idempotencyKeyOf(req: Pick<Request, 'headers'>): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  // The Structured Field form `"key"` and the bare key name the same key.
  const value = typeof raw === 'string' && /^".*"$/.test(raw) ? raw.slice(1, -1) : raw;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value) || value.trim() === '')
    throw new AppError('BAD_REQUEST', 'server.idempotencyKeyInvalid');
  return value;
}

/** What makes two requests "the same": method, path (with its query) and the hash of the parsed body. */
export function requestFingerprint(req: Pick<Request, 'method' | 'originalUrl' | 'body'>): string {
  const body = createHash('sha256')
    .update(JSON.stringify(req.body ?? null))
    .digest('base64url');
  return `${req.method} ${req.originalUrl} ${body}`;
}

export type IdempotentRequest = { userId: string; key: string; fingerprint: string };

/**
 * Runs `run` at most once per (user, key): its answer is stored in the same transaction as what
 * it writes, so a retry after an answer lost past the commit gets the stored answer and
 * credits nothing. A request still running with the key is refused (409), a key first used for
 * another request too (422). A refusal thrown by `run` rolls back and stores nothing: it changed
 * nothing, so the retry runs again.
 */
export async function answerOnce<T>(
  db: Database,
  request: IdempotentRequest,
  run: (tx: Tx) => Promise<T>,
): Promise<{ answer: T; isReplay: boolean }> {
  const { userId, key, fingerprint } = request;
  return db.transaction(async (tx) => {
    // Held until this transaction ends: a second request with the key meets it and is refused
    // at once instead of waiting on the first's row locks.
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${`idempotency:${userId}:${key}`}, 0)) as locked`,
    );
    if (rowsOf<{ locked: boolean }>(locked)[0]?.locked !== true)
      throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'server.idempotencyKeyInUse');
    const fresh = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const [stored] = await tx.select().from(idempotencyKeys).where(where);
    if (stored && stored.createdAt > fresh) {
      if (stored.fingerprint !== fingerprint)
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'server.idempotencyKeyReused');
      return { answer: stored.answer as T, isReplay: true };
    }
    if (stored) await tx.delete(idempotencyKeys).where(where);
    const answer = await run(tx);
    // The sweep rides on new keys (an index range that is nearly always empty): no timer to run.
    await sweepIdempotencyKeys(tx);
    await tx.insert(idempotencyKeys).values({ userId, key, fingerprint, status: 200, answer });
    return { answer, isReplay: false };
  });
}

/** Drops answers older than the keys' lifetime; returns how many. */
export async function sweepIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/**
 * A crediting call's answer under the caller's Idempotency-Key: without the header `run` runs as
 * ever on `db`; with it, `run` is given the transaction that also stores its answer (its own
 * `db.transaction` calls become savepoints of it), through answerOnce.
 */
export async function withIdempotencyKey<T>(
  db: Database,
  call: { req: Pick<Request, 'headers' | 'method' | 'originalUrl' | 'body'>; userId: string },
  run: (db: Database) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(call.req);
  if (key === undefined) return run(db);
  const request = { userId: call.userId, key, fingerprint: requestFingerprint(call.req) };
  // A transaction is a Database whose `transaction` opens a savepoint.
  const { answer } = await answerOnce(db, request, (tx) => run(tx as unknown as Database));
  return answer;
}
