import { isApiError } from '@/lib/api-client';
import type { VerifyTokenResult } from '../api/verify-token';
import type { PublicUser } from '@ziver/shared';

/** What the start-up check of a stored session decided (docs/spec.md §4 Auth). */
export type SessionCheckOutcome =
  { kind: 'valid'; user: PublicUser | null } | { kind: 'invalid' } | { kind: 'network' };

/**
 * Valid: stay signed in with the fresh user. Invalid token, 401 or 403: sign out. Anything
 * else (offline, server trouble): keep the stored session and say the check failed.
 */
export function decideSessionCheck(
  result: { ok: true; value: VerifyTokenResult } | { ok: false; error: unknown },
): SessionCheckOutcome {
  if (result.ok) return result.value.valid ? { kind: 'valid', user: result.value.user } : { kind: 'invalid' };
  if (isApiError(result.error) && (result.error.status === 401 || result.error.status === 403))
    return { kind: 'invalid' };
  return { kind: 'network' };
}
