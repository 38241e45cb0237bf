import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTRACT, fillPath, type Feedback } from '@ziver/shared';
import { api } from '@/lib/api-client';

export const feedbackQueryKey = (id: string) => ['feedback', 'one', id] as const;

/** GET /api/feedback/{id}: one of the user's feedback (404 for anyone else's). */
export function getFeedback(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Feedback> {
  const { path, response } = CONTRACT.feedback;
  return api.get(fillPath(path, { id }), { signal, parse: (data) => response.parse(data).feedback });
}

export const feedbackQueryOptions = (id: string) =>
  queryOptions({ queryKey: feedbackQueryKey(id), queryFn: ({ signal }) => getFeedback(id, { signal }) });

export function useFeedback(id: string) {
  return useQuery(feedbackQueryOptions(id));
}
