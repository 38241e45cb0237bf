import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferrerInfoResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { authReferrerInfoEndpoint } from '@/lib/endpoints/auth-referrer-info';

/** GET /api/auth/referrer-info/{code} (public): who invited the visitor; 404 for an unknown code. */
export function getReferrerInfo(
  code: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReferrerInfoResponse> {
  return call(authReferrerInfoEndpoint, { params: { code }, signal });
}

export function referrerInfoQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['auth', 'referrer-info', code],
    queryFn: ({ signal }) => getReferrerInfo(code, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useReferrerInfo(code: string | null) {
  return useQuery({ ...referrerInfoQueryOptions(code ?? ''), enabled: code !== null });
}
