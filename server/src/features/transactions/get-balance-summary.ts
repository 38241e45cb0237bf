import { eq, inArray, not, sql } from 'drizzle-orm';
import { CURRENCIES, SPENDING_LEDGER_TYPES, roundAmount, type BalanceSummaryItem } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { transactions, users } from '../../platform/db/schema.js';

/**
 * Per currency: the cached balance and the ledger's totals. Earned is the signed sum of every
 * non-spending entry (so a reversed bonus lowers it), spent the negated sum of withdrawals and
 * purchases (a refund lowers it); by the ledger invariant `earned - spent = current_balance`.
 * Both reads run in one snapshot so they agree even while a reward is being credited.
 */
export async function getBalanceSummary(db: Database, options: { userId: string }): Promise<BalanceSummaryItem[]> {
  const isSpending = inArray(transactions.type, [...SPENDING_LEDGER_TYPES]);
  const { balances, sums } = await db.transaction(
    async (tx) => {
      const [balances] = await tx
        .select({ ZP: users.zpBalance, SEB: users.socialCapitalScore })
        .from(users)
        .where(eq(users.id, options.userId));
      const sums = await tx
        .select({
          currency: transactions.currency,
          earned: sql<number>`coalesce(sum(${transactions.amount}) filter (where ${not(isSpending)}), 0)`.mapWith(
            Number,
          ),
          spent: sql<number>`coalesce(-sum(${transactions.amount}) filter (where ${isSpending}), 0)`.mapWith(Number),
        })
        .from(transactions)
        .where(eq(transactions.userId, options.userId))
        .groupBy(transactions.currency);
      return { balances, sums };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return CURRENCIES.map((currency) => {
    const sum = sums.find((s) => s.currency === currency);
    return {
      currency,
      current_balance: Number(balances?.[currency] ?? 0),
      total_earned: roundAmount(sum?.earned ?? 0),
      total_spent: roundAmount(sum?.spent ?? 0),
    };
  });
}
