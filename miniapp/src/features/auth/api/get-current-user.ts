import type { AppSettings, PublicUser } from '@ziver/shared';
import { call } from '@/lib/call';
import { authMeEndpoint } from '@/lib/endpoints/auth-me';

export type CurrentUser = { user: PublicUser; appSettings: AppSettings | undefined };

/**
 * GET /api/auth/me. With `token`, the call carries that bearer token instead of the stored
 * session's, so a fresh token can be checked before it is stored (token login, docs/spec.md §5).
 */
export async function getCurrentUser({
  signal,
  token,
}: { signal?: AbortSignal; token?: string } = {}): Promise<CurrentUser> {
  const { user, appSettings } = await call(authMeEndpoint, { signal, token });
  return { user, appSettings };
}
