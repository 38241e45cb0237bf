import { queryOptions } from '@tanstack/react-query';
import type { PublicUser } from '@ziver/shared';
import { isApiError } from '@/lib/api-client';
import { call } from '@/lib/call';
import { verifyTokenEndpoint } from '@/lib/endpoints/verify-token';

export type VerifyTokenResult = { valid: boolean; user: PublicUser | null };

/** GET /api/user/verify-token: is the stored session still good? Any bad session answers 401. */
export async function verifyToken({
  signal,
  token,
}: { signal?: AbortSignal; token?: string } = {}): Promise<VerifyTokenResult> {
  const { valid, user } = await call(verifyTokenEndpoint, { signal, token });
  return valid ? { valid, user } : { valid, user: null };
}

export function verifyTokenQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'verify-token'],
    queryFn: ({ signal }) => verifyToken({ signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Checks a token that is not the app's session yet (the copy kept in Telegram's CloudStorage):
 * its user, or null when the server refuses it. A refusal here signs nobody out.
 */
export async function verifyStoredToken(token: string): Promise<PublicUser | null> {
  const result = await verifyToken({ token }).catch((error: unknown) => {
    if (isApiError(error) && error.status === 401) return { valid: false, user: null };
    throw error;
  });
  return result.valid ? result.user : null;
}
