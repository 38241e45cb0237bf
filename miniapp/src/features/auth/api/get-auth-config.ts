import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfigResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { authConfigEndpoint } from '@/lib/endpoints/auth-config';

/** GET /api/auth/config: which sign-in methods this server offers (Google client id, bot). */
export function getAuthConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AuthConfigResponse> {
  return call(authConfigEndpoint, { signal });
}

export function authConfigQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'config'],
    queryFn: ({ signal }) => getAuthConfig({ signal }),
    // The server's configuration does not change while the page is open.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
