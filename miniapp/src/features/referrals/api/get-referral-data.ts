import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralDataResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { referralsEndpoint } from '@/lib/endpoints/referrals';

/** Every referrals query starts with this key, so a removal or an application refreshes them all. */
export const referralsQueryKey = ['referrals'] as const;
export const referralDataQueryKey = [...referralsQueryKey, 'data'] as const;

/** GET /api/referrals: the user's code, active referrals (with activity) and net earnings. */
export function getReferralData({ signal }: { signal?: AbortSignal } = {}): Promise<ReferralDataResponse> {
  return call(referralsEndpoint, { signal });
}

export function referralDataQueryOptions() {
  return queryOptions({ queryKey: referralDataQueryKey, queryFn: ({ signal }) => getReferralData({ signal }) });
}

export function useReferralData() {
  return useQuery(referralDataQueryOptions());
}
