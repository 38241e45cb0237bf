import { Router } from 'express';
import {
  AppError,
  recentTransactionsQuerySchema,
  transactionListQuerySchema,
  transactionStatsQuerySchema,
} from '@ziver/shared';
import { authOf, isUuid, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { getBalanceSummary } from './get-balance-summary.js';
import { getTransactionStats } from './get-transaction-stats.js';
import { findUserTransaction, listRecentTransactions, listTransactions } from './list-transactions.js';
import { localizeTaskTitles } from './localize-task-titles.js';
import { presentTransaction } from './present-transaction.js';

/** The signed-in user's ledger, read-only (docs/spec.md §7 Transactions). Nothing here writes entries. */
export function createTransactionsRouter(deps: AppDeps): Router {
  const { db } = deps.database;
  const router = Router();
  router.use(requireAuth({ db, config: deps.config, auth: deps.auth }));

  router.get('/', async (req, res) => {
    const query = parseWith(transactionListQuerySchema, req.query);
    const { language } = authOf(req).user;
    const { rows, pagination } = await listTransactions(db, { userId: authOf(req).userId, query, language });
    const shown = await localizeTaskTitles(db, rows, language);
    res.json({ success: true, transactions: shown.map(presentTransaction), pagination });
  });

  router.get('/summary/balance', async (req, res) => {
    res.json({ success: true, summary: await getBalanceSummary(db, { userId: authOf(req).userId }) });
  });

  router.get('/recent/list', async (req, res) => {
    const { limit } = parseWith(recentTransactionsQuerySchema, req.query);
    const rows = await listRecentTransactions(db, { userId: authOf(req).userId, limit });
    const shown = await localizeTaskTitles(db, rows, authOf(req).user.language);
    res.json({ success: true, transactions: shown.map(presentTransaction) });
  });

  router.get('/stats/overview', async (req, res) => {
    const { period } = parseWith(transactionStatsQuerySchema, req.query);
    res.json({ success: true, ...(await getTransactionStats(db, { userId: authOf(req).userId, period })) });
  });

  router.get('/:id', async (req, res) => {
    const id = req.params.id;
    const row = isUuid(id) ? await findUserTransaction(db, { userId: authOf(req).userId, id }) : undefined;
    if (!row) throw new AppError('NOT_FOUND', 'economy.transactionNotFound');
    const [shown] = await localizeTaskTitles(db, [row], authOf(req).user.language);
    res.json({ success: true, transaction: presentTransaction(shown!) });
  });

  return router;
}
