import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApplyReferralRequest, ApplyReferralResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { applyReferralEndpoint } from '@/lib/endpoints/apply-referral';
import { sessionStore } from '@/lib/session';
import { referralsQueryKey } from './get-referral-data';

/** POST /api/referrals/apply: the signed-in user takes a referrer (and the 100 ZP bonus). */
export function applyReferral(request: ApplyReferralRequest): Promise<ApplyReferralResponse> {
  return call(applyReferralEndpoint, { body: request });
}

export function useApplyReferral(
  options: Omit<UseMutationOptions<ApplyReferralResponse, Error, ApplyReferralRequest>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: applyReferral,
    onSuccess: (response, ...rest) => {
      sessionStore.updateUser(response.user);
      void queryClient.invalidateQueries({ queryKey: referralsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['mining'] });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      return options.onSuccess?.(response, ...rest);
    },
  });
}
