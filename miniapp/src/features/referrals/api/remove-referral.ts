import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { RemoveReferralResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { removeReferralEndpoint } from '@/lib/endpoints/remove-referral';
import { referralsQueryKey } from './get-referral-data';

/**
 * DELETE /api/referrals/{id}, with the referred user's id (a referral row's `id`): removes the
 * referral and reverses its bonus and reward (compensating entries).
 */
export function removeReferral(referredUserId: string): Promise<RemoveReferralResponse> {
  return call(removeReferralEndpoint, { params: { id: referredUserId } });
}

export function useRemoveReferral(
  options: Omit<UseMutationOptions<RemoveReferralResponse, Error, string>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: removeReferral,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: referralsQueryKey });
      // The reversal moved the referrer's balance, and referral-count tasks may no longer be met.
      void queryClient.invalidateQueries({ queryKey: ['mining'] });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
      return options.onSuccess?.(...args);
    },
  });
}
