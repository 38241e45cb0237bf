import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionStatsResponseSchema, type StatsPeriod, type TransactionStatsResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { transactionsQueryKey } from './get-transactions';

/** GET /api/transactions/stats/overview?period= : totals, per-type sums and the time series. */
export function getTransactionStats(
  period: StatsPeriod,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TransactionStatsResponse> {
  return api.get(`/transactions/stats/overview?period=${encodeURIComponent(period)}`, {
    signal,
    parse: (data) => transactionStatsResponseSchema.parse(data),
  });
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
