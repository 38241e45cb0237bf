import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionListResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { transactionsEndpoint } from '@/lib/endpoints/transactions';
import { typesReading } from '@/components/transactions/transaction-search';
import { toTransactionsQuery, type TransactionListParams } from '../utils/history-query';

/** Every ledger query starts with this key, so a claim or a reward can refresh them all at once. */
export const transactionsQueryKey = ['transactions'] as const;

/** GET /api/transactions?page&limit&type&currency&startDate&endDate&search&searchTypes */
export function getTransactions(
  params: TransactionListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TransactionListResponse> {
  return call(transactionsEndpoint, { query: toTransactionsQuery(params), signal });
}

export function transactionsQueryOptions(params: TransactionListParams) {
  return queryOptions({
    queryKey: [...transactionsQueryKey, 'list', toTransactionsQuery(params)],
    queryFn: ({ signal }) => getTransactions(params, { signal }),
    // Paging and filtering keep the last rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

/**
 * The history list. A search also names the entry types whose row text, in the reader's
 * language, contains it: the server cannot see the texts rows are rendered with.
 */
export function useTransactions(params: TransactionListParams) {
  const { t, i18n } = useTranslation();
  const searchTypes = useMemo(() => typesReading(params.search, t, i18n.language), [params.search, t, i18n.language]);
  return useQuery(transactionsQueryOptions({ ...params, searchTypes }));
}
