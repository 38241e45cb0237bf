import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletStatusResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { walletStatusEndpoint } from '@/lib/endpoints/wallet-status';

export const walletStatusQueryKey = ['wallet', 'status'] as const;

/** GET /api/wallet: whether wallets are on here, the TON Connect manifest, and the linked wallet or null. */
export function getWalletStatus({ signal }: { signal?: AbortSignal } = {}): Promise<WalletStatusResponse> {
  return call(walletStatusEndpoint, { signal });
}

export function walletStatusQueryOptions() {
  return queryOptions({ queryKey: walletStatusQueryKey, queryFn: ({ signal }) => getWalletStatus({ signal }) });
}

export function useWalletStatus() {
  return useQuery(walletStatusQueryOptions());
}
