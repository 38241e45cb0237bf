import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFeedback, AdminFeedbackQuery } from '@ziver/shared';
import { call } from '@/lib/call';
import { adminFeedbackEndpoint } from '@/lib/endpoints/admin-feedback';

export const adminFeedbackQueryKey = ['admin', 'feedback'] as const;

/** GET /api/admin/feedback: the inbox, newest first, with the chosen filters. */
export function getAdminFeedback(filters: AdminFeedbackQuery, signal?: AbortSignal): Promise<AdminFeedback[]> {
  return call(adminFeedbackEndpoint, { query: filters, signal }).then((answer) => answer.feedback);
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
