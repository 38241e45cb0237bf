import { queryOptions, useQuery } from '@tanstack/react-query';
import { authConfigResponseSchema, type AuthConfigResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';

/** GET /api/auth/config: which sign-in methods this server offers (Google client id, bot). */
export function getAuthConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AuthConfigResponse> {
  return api.get('/auth/config', { signal, parse: (data) => authConfigResponseSchema.parse(data) });
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
