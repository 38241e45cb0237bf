import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceSummaryItem } from '@ziver/shared';
import { call } from '@/lib/call';
import { balanceSummaryEndpoint } from '@/lib/endpoints/balance-summary';
import { transactionsQueryKey } from './get-transactions';

/** GET /api/transactions/summary/balance: current balance, total earned and total spent per currency. */
export function getBalanceSummary({ signal }: { signal?: AbortSignal } = {}): Promise<BalanceSummaryItem[]> {
  return call(balanceSummaryEndpoint, { signal }).then((answer) => answer.summary);
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
