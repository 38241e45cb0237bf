import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionView } from '@ziver/shared';
import { call } from '@/lib/call';
import { transactionEndpoint } from '@/lib/endpoints/transaction';
import { transactionsQueryKey } from './get-transactions';

/** GET /api/transactions/:id (404 for an id that is not the user's). */
export function getTransaction(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<TransactionView> {
  return call(transactionEndpoint, { params: { id }, signal }).then((answer) => answer.transaction);
}

export function transactionQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...transactionsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getTransaction(id, { signal }),
  });
}

export function useTransaction(id: string | null) {
  return useQuery({ ...transactionQueryOptions(id ?? ''), enabled: id !== null });
}
