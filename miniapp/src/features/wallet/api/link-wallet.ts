import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { type walletLinkedResponseSchema, type TonProofRequest, type WalletStatusResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { walletTonProofEndpoint } from '@/lib/endpoints/wallet-ton-proof';
import { walletStatusQueryKey } from './get-wallet-status';

export type WalletLinkedResponse = ReturnType<typeof walletLinkedResponseSchema.parse>;

/** POST /api/wallet/ton-proof: the account and proof from TON Connect; the server verifies and links. */
export function linkWallet(request: TonProofRequest): Promise<WalletLinkedResponse> {
  return call(walletTonProofEndpoint, { body: request });
}

export function useLinkWallet(
  options: Omit<UseMutationOptions<WalletLinkedResponse, Error, TonProofRequest>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: linkWallet,
    onSuccess: (response, ...rest) => {
      queryClient.setQueryData<WalletStatusResponse>(walletStatusQueryKey, (status) =>
        status ? { ...status, wallet: response.wallet } : status,
      );
      return options.onSuccess?.(response, ...rest);
    },
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: walletStatusQueryKey });
      return options.onSettled?.(...args);
    },
  });
}
