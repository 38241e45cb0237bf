import { AppError } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { getBalanceSummary } from './get-balance-summary.js';
import { getTransactionStats } from './get-transaction-stats.js';
import { findUserTransaction, listRecentTransactions, listTransactions } from './list-transactions.js';
import { localizeTaskTitles } from './localize-task-titles.js';
import { presentTransaction } from './present-transaction.js';

/** The signed-in user's ledger, read-only (docs/spec.md §7 Transactions). Nothing here writes entries. */
export function transactionRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return {
    transactions: {
      handle: async ({ auth, query }) => {
        const { language } = auth.user;
        const { rows, pagination } = await listTransactions(db, { userId: auth.userId, query, language });
        const shown = await localizeTaskTitles(db, rows, language);
        return { success: true, transactions: shown.map(presentTransaction), pagination };
      },
    },

    balanceSummary: {
      handle: async ({ auth }) => ({ success: true, summary: await getBalanceSummary(db, { userId: auth.userId }) }),
    },

    recentTransactions: {
      handle: async ({ auth, query }) => {
        const rows = await listRecentTransactions(db, { userId: auth.userId, limit: query.limit });
        const shown = await localizeTaskTitles(db, rows, auth.user.language);
        return { success: true, transactions: shown.map(presentTransaction) };
      },
    },

    transactionStats: {
      handle: async ({ auth, query }) => ({
        success: true,
        ...(await getTransactionStats(db, { userId: auth.userId, period: query.period })),
      }),
    },

    transaction: {
      handle: async ({ auth, params }) => {
        const row = isUuid(params.id)
          ? await findUserTransaction(db, { userId: auth.userId, id: params.id })
          : undefined;
        if (!row) throw new AppError('NOT_FOUND', 'economy.transactionNotFound');
        const [shown] = await localizeTaskTitles(db, [row], auth.user.language);
        return { success: true, transaction: presentTransaction(shown!) };
      },
    },
  } satisfies Partial<ApiHandlers>;
}
