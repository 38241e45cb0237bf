import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { applyReferralResponseSchema, type ApplyReferralRequest, type ApplyReferralResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';
import { referralsQueryKey } from './get-referral-data';

/** POST /api/referrals/apply: the signed-in user takes a referrer (and the 100 ZP bonus). */
export function applyReferral(request: ApplyReferralRequest): Promise<ApplyReferralResponse> {
  return api.post('/referrals/apply', request, { parse: (data) => applyReferralResponseSchema.parse(data) });
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
