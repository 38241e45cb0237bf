import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { sessionStore, useSession } from '@/lib/session';
import { getCurrentUser } from '../api/get-current-user';

const CURRENT_USER_KEY = ['admin', 'me'] as const;

export type AdminAccess = 'checking' | 'allowed' | 'refused';

/**
 * Whether the console may show, by the role the server has now, not the stored one: entering
 * re-reads the current user (a promotion since sign-in lets the user in, no bounce) and keeps the
 * stored session up to date. While inside, a 403 from any admin call asks again, so a demoted
 * admin is sent away on the next answer. Without an answer (offline) the stored role decides;
 * the server refuses admin calls to anyone else anyway.
 */
export function useAdminAccess(): AdminAccess {
  const queryClient = useQueryClient();
  const stored = useSession()?.user ?? null;
  // Under 'admin', so it is dropped with the rest when the user changes.
  const current = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 0,
    retry: false,
  });
  const { refetch } = current;

  const fresh = current.data ?? null;
  useEffect(() => {
    if (fresh && fresh.id === sessionStore.get()?.user.id) sessionStore.updateUser(fresh);
  }, [fresh]);

  useEffect(() => {
    const recheck = (error: unknown) => {
      if (isApiError(error) && error.status === 403) void refetch();
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      // Not the role check itself: a refusal there asking again would never end.
      if (key[0] !== 'admin' || key[1] === CURRENT_USER_KEY[1]) return;
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    // Only the console's own mutations run while it is open.
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, refetch]);

  if (!stored) return 'refused';
  const role = fresh?.id === stored.id ? fresh.role : stored.role;
  // A stored admin sees the console at once (the answer may still send them away); anyone else
  // waits for the answer instead of bouncing on a role that may just have changed.
  if (role === 'ADMIN') return 'allowed';
  return current.isPending ? 'checking' : 'refused';
}
