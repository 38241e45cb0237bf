import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTRACT, walletStatusResponseSchema, type WalletStatusResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';

export const walletStatusQueryKey = ['wallet', 'status'] as const;

/** GET /api/wallet: whether wallets are on here, the TON Connect manifest, and the linked wallet or null. */
export function getWalletStatus({ signal }: { signal?: AbortSignal } = {}): Promise<WalletStatusResponse> {
  return api.get(CONTRACT.walletStatus.path, { signal, parse: (data) => walletStatusResponseSchema.parse(data) });
}

export function walletStatusQueryOptions() {
  return queryOptions({ queryKey: walletStatusQueryKey, queryFn: ({ signal }) => getWalletStatus({ signal }) });
}

export function useWalletStatus() {
  return useQuery(walletStatusQueryOptions());
}
