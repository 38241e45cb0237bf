import { queryOptions, useQuery } from '@tanstack/react-query';
import { balanceSummaryResponseSchema, type BalanceSummaryItem } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { transactionsQueryKey } from './get-transactions';

/** GET /api/transactions/summary/balance: current balance, total earned and total spent per currency. */
export function getBalanceSummary({ signal }: { signal?: AbortSignal } = {}): Promise<BalanceSummaryItem[]> {
  return api.get('/transactions/summary/balance', {
    signal,
    parse: (data) => balanceSummaryResponseSchema.parse(data).summary,
  });
}

export function balanceSummaryQueryOptions() {
  return queryOptions({
    queryKey: [...transactionsQueryKey, 'summary', 'balance'],
    queryFn: ({ signal }) => getBalanceSummary({ signal }),
  });
}

export function useBalanceSummary() {
  return useQuery(balanceSummaryQueryOptions());
}
