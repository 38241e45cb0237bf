import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RewardFeedbackRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { adminRewardFeedbackEndpoint } from '@/lib/endpoints/admin-reward-feedback';
import { adminFeedbackQueryKey } from './get-admin-feedback';
import { auditLogQueryKey } from './get-audit-log';

/** POST /api/admin/feedback/{id}/reward: paid once; a second call answers 409. */
export function rewardFeedback(id: string, reward: RewardFeedbackRequest) {
  return call(adminRewardFeedbackEndpoint, { params: { id }, body: reward });
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
