import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { type walletUnlinkedResponseSchema, type WalletStatusResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { walletUnlinkEndpoint } from '@/lib/endpoints/wallet-unlink';
import { walletStatusQueryKey } from './get-wallet-status';

export type WalletUnlinkedResponse = ReturnType<typeof walletUnlinkedResponseSchema.parse>;

/** DELETE /api/wallet: unlinks the signed-in user's wallet. */
export function unlinkWallet(): Promise<WalletUnlinkedResponse> {
  return call(walletUnlinkEndpoint);
}

export function useUnlinkWallet(
  options: Omit<UseMutationOptions<WalletUnlinkedResponse, Error, void>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: unlinkWallet,
    onSuccess: (...args) => {
      queryClient.setQueryData<WalletStatusResponse>(walletStatusQueryKey, (status) =>
        status ? { ...status, wallet: null } : status,
      );
      return options.onSuccess?.(...args);
    },
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: walletStatusQueryKey });
      return options.onSettled?.(...args);
    },
  });
}
