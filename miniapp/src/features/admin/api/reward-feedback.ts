import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFeedbackResponseSchema, fillPath, CONTRACT, type RewardFeedbackRequest } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { adminFeedbackQueryKey } from './get-admin-feedback';
import { auditLogQueryKey } from './get-audit-log';

/** POST /api/admin/feedback/{id}/reward: paid once; a second call answers 409. */
export function rewardFeedback(id: string, reward: RewardFeedbackRequest) {
  return api.post(fillPath(CONTRACT.adminRewardFeedback.path, { id }), reward, {
    parse: (data) => adminFeedbackResponseSchema.parse(data),
  });
}

export function useRewardFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reward }: { id: string; reward: RewardFeedbackRequest }) => rewardFeedback(id, reward),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminFeedbackQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}
