import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralDataResponseSchema, type ReferralDataResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';

/** Every referrals query starts with this key, so a removal or an application refreshes them all. */
export const referralsQueryKey = ['referrals'] as const;
export const referralDataQueryKey = [...referralsQueryKey, 'data'] as const;

/** GET /api/referrals: the user's code, active referrals (with activity) and net earnings. */
export function getReferralData({ signal }: { signal?: AbortSignal } = {}): Promise<ReferralDataResponse> {
  return api.get('/referrals', { signal, parse: (data) => referralDataResponseSchema.parse(data) });
}

export function referralDataQueryOptions() {
  return queryOptions({ queryKey: referralDataQueryKey, queryFn: ({ signal }) => getReferralData({ signal }) });
}

export function useReferralData() {
  return useQuery(referralDataQueryOptions());
}
