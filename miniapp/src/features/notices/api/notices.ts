import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '@ziver/shared';
import { call } from '@/lib/call';
import { dismissNoticeEndpoint } from '@/lib/endpoints/dismiss-notice';
import { noticesEndpoint } from '@/lib/endpoints/notices';

export const noticesQueryKey = ['notices'] as const;

/** GET /api/notices: the user's in-app notices not yet dismissed, in their language (the server's). */
export function getNotices(signal?: AbortSignal): Promise<Notice[]> {
  return call(noticesEndpoint, { signal }).then((answer) => answer.notices);
}

/**
 * Read once per open of the app, for this user in this language (choosing another language in
 * settings saves it on the server, so they are asked again in it).
 */
export function useNotices(userId: string, language: string) {
  return useQuery({
    queryKey: [...noticesQueryKey, userId, language],
    queryFn: ({ signal }) => getNotices(signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** POST /api/notices/{id}/dismiss: gone at once here, and for good on the user's other devices. */
export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(dismissNoticeEndpoint, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<Notice[]>({ queryKey: noticesQueryKey }, (notices) =>
        notices?.filter((notice) => notice.id !== id),
      );
    },
  });
}
