import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionView } from '@ziver/shared';
import { call } from '@/lib/call';
import { recentTransactionsEndpoint } from '@/lib/endpoints/recent-transactions';

/** Under the ledger's common ['transactions'] key, so a claim refreshes it with the rest. */
export const recentTransactionsQueryKey = (limit: number) => ['transactions', 'recent', limit] as const;

/** GET /api/transactions/recent/list?limit= (the server's default is 10). */
export function getRecentTransactions(
  limit: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TransactionView[]> {
  return call(recentTransactionsEndpoint, { query: { limit }, signal }).then((answer) => answer.transactions);
}

export function recentTransactionsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: recentTransactionsQueryKey(limit),
    queryFn: ({ signal }) => getRecentTransactions(limit, { signal }),
  });
}

export function useRecentTransactions(limit: number) {
  return useQuery(recentTransactionsQueryOptions(limit));
}
