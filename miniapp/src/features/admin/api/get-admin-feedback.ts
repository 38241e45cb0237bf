import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminFeedbackListResponseSchema, type AdminFeedback, type AdminFeedbackQuery } from '@ziver/shared';
import { api } from '@/lib/api-client';

export const adminFeedbackQueryKey = ['admin', 'feedback'] as const;

/** GET /api/admin/feedback: the inbox, newest first, with the chosen filters. */
export function getAdminFeedback(filters: AdminFeedbackQuery, signal?: AbortSignal): Promise<AdminFeedback[]> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const search = params.size > 0 ? `?${params}` : '';
  return api.get(`/admin/feedback${search}`, {
    signal,
    parse: (data) => adminFeedbackListResponseSchema.parse(data).feedback,
  });
}

export const adminFeedbackQueryOptions = (filters: AdminFeedbackQuery) =>
  queryOptions({
    queryKey: [...adminFeedbackQueryKey, filters],
    queryFn: ({ signal }) => getAdminFeedback(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminFeedback(filters: AdminFeedbackQuery) {
  return useQuery(adminFeedbackQueryOptions(filters));
}
