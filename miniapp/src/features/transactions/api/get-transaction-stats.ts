import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsPeriod, TransactionStatsResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { transactionStatsEndpoint } from '@/lib/endpoints/transaction-stats';
import { transactionsQueryKey } from './get-transactions';

/** GET /api/transactions/stats/overview?period= : totals, per-type sums and the time series. */
export function getTransactionStats(
  period: StatsPeriod,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TransactionStatsResponse> {
  return call(transactionStatsEndpoint, { query: { period }, signal });
}

export function transactionStatsQueryOptions(period: StatsPeriod) {
  return queryOptions({
    queryKey: [...transactionsQueryKey, 'stats', period],
    queryFn: ({ signal }) => getTransactionStats(period, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTransactionStats(period: StatsPeriod) {
  return useQuery(transactionStatsQueryOptions(period));
}
