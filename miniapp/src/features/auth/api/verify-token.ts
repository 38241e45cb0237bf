import { queryOptions } from '@tanstack/react-query';
import type { PublicUser } from '@ziver/shared';
import { api, createApiClient, isApiError } from '@/lib/api-client';
import { answerReader } from '@/lib/answer-shape';

export type VerifyTokenResult = { valid: boolean; user: PublicUser | null };

const readVerifyToken = answerReader('verifyToken');

function parseVerifyToken(data: unknown): VerifyTokenResult {
  const { valid, user } = readVerifyToken(data);
  return valid ? { valid, user } : { valid, user: null };
}

/** GET /api/user/verify-token: is the stored session still good? Any bad session answers 401. */
export function verifyToken({ signal }: { signal?: AbortSignal } = {}): Promise<VerifyTokenResult> {
  return api.get('/user/verify-token', { signal, parse: parseVerifyToken });
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
  const client = createApiClient({ baseUrl: '/api', getToken: () => token, onUnauthorized: () => undefined });
  const result = await client.get('/user/verify-token', { parse: parseVerifyToken }).catch((error: unknown) => {
    if (isApiError(error) && error.status === 401) return { valid: false, user: null };
    throw error;
  });
  return result.valid ? result.user : null;
}
