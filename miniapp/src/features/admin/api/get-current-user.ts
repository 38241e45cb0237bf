import type { PublicUser } from '@ziver/shared';
import { call } from '@/lib/call';
import { authMeEndpoint } from '@/lib/endpoints/auth-me';

/**
 * GET /api/auth/me: the signed-in user as the server has them now (their role may have changed
 * since sign-in). Not the start-up check's verify-token: that module belongs to the first screen,
 * and sharing it with this chunk split it into a file of its own (bundle budget).
 */
export function getCurrentUser(signal?: AbortSignal): Promise<PublicUser | null> {
  return call(authMeEndpoint, { signal }).then((answer) => answer.user);
}
