import type { AppSettings, PublicUser } from '@ziver/shared';
import { api, createApiClient } from '@/lib/api-client';
import { answerReader } from '@/lib/answer-shape';

export type CurrentUser = { user: PublicUser; appSettings: AppSettings | undefined };

const readSession = answerReader('authMe');

function parseCurrentUser(data: unknown): CurrentUser {
  const { user, appSettings } = readSession(data);
  return { user, appSettings };
}

/**
 * GET /api/auth/me. With `token`, the call carries that bearer token instead of the stored
 * session's, so a fresh token can be checked before it is stored (token login, docs/spec.md §5).
 */
export function getCurrentUser({ signal, token }: { signal?: AbortSignal; token?: string } = {}): Promise<CurrentUser> {
  const client = token
    ? createApiClient({ baseUrl: '/api', getToken: () => token, onUnauthorized: () => undefined })
    : api;
  return client.get('/auth/me', { signal, parse: parseCurrentUser });
}
