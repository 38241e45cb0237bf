import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@ziver/shared';
import { call } from '@/lib/call';
import { userMeEndpoint } from '@/lib/endpoints/user-me';

export const profileUserQueryKey = ['profile', 'me'] as const;

/** GET /api/user/me: the signed-in user as the server has it now. */
export function getProfileUser({ signal }: { signal?: AbortSignal } = {}): Promise<PublicUser> {
  return call(userMeEndpoint, { signal }).then((answer) => answer.user);
}

/** The profile page refreshes the stored user when it opens (another device may have edited it). */
export function useProfileUser() {
  return useQuery({ queryKey: profileUserQueryKey, queryFn: ({ signal }) => getProfileUser({ signal }) });
}
