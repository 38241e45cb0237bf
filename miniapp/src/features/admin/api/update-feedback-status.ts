import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateFeedbackStatusRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { adminUpdateFeedbackEndpoint } from '@/lib/endpoints/admin-update-feedback';
import { adminFeedbackQueryKey } from './get-admin-feedback';
import { auditLogQueryKey } from './get-audit-log';

/** PUT /api/admin/feedback/{id}: status and the reply the author sees. */
export function updateFeedbackStatus(id: string, input: UpdateFeedbackStatusRequest) {
  return call(adminUpdateFeedbackEndpoint, { params: { id }, body: input });
}

export function useUpdateFeedbackStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateFeedbackStatusRequest }) => updateFeedbackStatus(id, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminFeedbackQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}
