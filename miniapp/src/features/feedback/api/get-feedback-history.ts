import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTRACT, type Feedback } from '@ziver/shared';
import { api } from '@/lib/api-client';

export const feedbackHistoryQueryKey = ['feedback', 'history'] as const;

/** GET /api/feedback/user: the user's feedback, newest first, with status, reply and reward. */
export function getFeedbackHistory({ signal }: { signal?: AbortSignal } = {}): Promise<Feedback[]> {
  const { path, response } = CONTRACT.feedbackHistory;
  return api.get(path, { signal, parse: (data) => response.parse(data).feedback });
}

export const feedbackHistoryQueryOptions = () =>
  queryOptions({ queryKey: feedbackHistoryQueryKey, queryFn: ({ signal }) => getFeedbackHistory({ signal }) });

export function useFeedbackHistory() {
  return useQuery(feedbackHistoryQueryOptions());
}
