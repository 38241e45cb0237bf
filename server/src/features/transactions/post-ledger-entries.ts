import { eq, sql } from 'drizzle-orm';
import type { Currency, TransactionType } from '@ziver/shared';
import { roundAmount } from '@ziver/shared';
import type { Tx } from '../../platform/db/client.js';
import { USER_STATUS_TOPIC, type InvalidationBus } from '../../platform/invalidation.js';
import { transactions, users, type TransactionRow } from '../../platform/db/schema.js';

export type LedgerEntry = {
  type: TransactionType | `${TransactionType}_reversal`;
  currency: Currency;
  /** Signed: credits positive, debits negative. */
  amount: number;
  description: string;
  metadata?: Record<string, unknown>;
  /** Makes the entry happen at most once: a second post with the same key is a no-op. */
  idempotencyKey: string;
};

/**
 * Appends entries to a user's ledger and moves the cached balances by exactly what was
 * appended, in the caller's transaction. Entries whose idempotency key already exists are
 * skipped (the database decides, so concurrent posts cannot both land). A debit below zero
 * fails the balance CHECK and aborts the transaction.
 */
export async function postLedgerEntries(
  tx: Tx,
  invalidations: InvalidationBus,
  userId: string,
  entries: LedgerEntry[],
): Promise<TransactionRow[]> {
  if (entries.length === 0) return [];
  const inserted = await tx
    .insert(transactions)
    .values(
      entries.map((e) => ({
        userId,
        type: e.type,
        currency: e.currency,
        amount: roundAmount(e.amount),
        description: e.description,
        metadata: e.metadata ?? {},
        idempotencyKey: e.idempotencyKey,
      })),
    )
    .onConflictDoNothing({ target: transactions.idempotencyKey })
    .returning();
  if (inserted.length === 0) return inserted;

  const delta = (currency: Currency) =>
    roundAmount(inserted.filter((row) => row.currency === currency).reduce((sum, row) => sum + Number(row.amount), 0));
  const zp = delta('ZP');
  const seb = delta('SEB');
  await tx
    .update(users)
    .set({
      zpBalance: sql`${users.zpBalance} + ${zp.toFixed(4)}::numeric`,
      socialCapitalScore: sql`${users.socialCapitalScore} + ${seb.toFixed(4)}::numeric`,
    })
    .where(eq(users.id, userId));
  // Other instances hear of it from the database (a trigger's NOTIFY at commit).
  invalidations.invalidateAfterCommit(USER_STATUS_TOPIC, userId);
  return inserted;
}
