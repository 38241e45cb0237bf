import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Feedback } from '@ziver/shared';
import { call } from '@/lib/call';
import { feedbackHistoryEndpoint } from '@/lib/endpoints/feedback-history';

export const feedbackHistoryQueryKey = ['feedback', 'history'] as const;

/** GET /api/feedback/user: the user's feedback, newest first, with status, reply and reward. */
export function getFeedbackHistory({ signal }: { signal?: AbortSignal } = {}): Promise<Feedback[]> {
  return call(feedbackHistoryEndpoint, { signal }).then((answer) => answer.feedback);
}

export const feedbackHistoryQueryOptions = () =>
  queryOptions({ queryKey: feedbackHistoryQueryKey, queryFn: ({ signal }) => getFeedbackHistory({ signal }) });

export function useFeedbackHistory() {
  return useQuery(feedbackHistoryQueryOptions());
}
