import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionListResponseSchema, type TransactionListResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { toTransactionsQuery, type TransactionListParams } from '../utils/history-query';

/** Every ledger query starts with this key, so a claim or a reward can refresh them all at once. */
export const transactionsQueryKey = ['transactions'] as const;

/** GET /api/transactions?page&limit&type&currency&startDate&endDate&search */
export function getTransactions(
  params: TransactionListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TransactionListResponse> {
  return api.get(`/transactions?${toTransactionsQuery(params)}`, {
    signal,
    parse: (data) => transactionListResponseSchema.parse(data),
  });
}

export function transactionsQueryOptions(params: TransactionListParams) {
  return queryOptions({
    queryKey: [...transactionsQueryKey, 'list', toTransactionsQuery(params)],
    queryFn: ({ signal }) => getTransactions(params, { signal }),
    // Paging and filtering keep the last rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useTransactions(params: TransactionListParams) {
  return useQuery(transactionsQueryOptions(params));
}
