import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferrerInfoResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { referrerInfoEndpoint } from '@/lib/endpoints/referrer-info';
import { referralsQueryKey } from './get-referral-data';

/** GET /api/referrals/referrer-info/{code}: who owns a code; 404 'Invalid referral code'. */
export function getReferrerInfo(
  code: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReferrerInfoResponse> {
  return call(referrerInfoEndpoint, { params: { code }, signal });
}

export function referrerInfoQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...referralsQueryKey, 'referrer-info', code],
    queryFn: ({ signal }) => getReferrerInfo(code, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Looks the code up once it is non-empty (the caller debounces typing). */
export function useReferrerInfo(code: string) {
  return useQuery({ ...referrerInfoQueryOptions(code), enabled: code.length > 0 });
}
