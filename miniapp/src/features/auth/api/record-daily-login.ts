import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { UserActivityResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { answerReader } from '@/lib/answer-shape';

/** POST /api/user/activity {activityType:'DAILY_LOGIN'}: credited at most once per UTC day. */
export function recordDailyLogin(): Promise<UserActivityResponse> {
  return api.post('/user/activity', { activityType: 'DAILY_LOGIN' }, { parse: answerReader('activity') });
}

export function useRecordDailyLogin(
  options: Omit<UseMutationOptions<UserActivityResponse, Error, void>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: recordDailyLogin, ...options });
}
