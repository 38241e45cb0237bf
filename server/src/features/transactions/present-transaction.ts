import type { TransactionView } from '@ziver/shared';
import type { TransactionRow } from '../../platform/db/schema.js';

/**
 * The allow-list of ledger fields the API sends. `metadata` is sent as stored: it is the user's
 * own entry, so writers must never put secrets or other users' private data in it.
 */
export function presentTransaction(row: TransactionRow): TransactionView {
  return {
    id: row.id,
    type: row.type,
    currency: row.currency,
    amount: Number(row.amount),
    description: row.description,
    created_at: row.createdAt.toISOString(),
    metadata: row.metadata ?? {},
  };
}
