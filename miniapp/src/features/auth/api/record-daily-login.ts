import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { UserActivityResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { loadSchemas } from '@/lib/schemas';

/** POST /api/user/activity {activityType:'DAILY_LOGIN'}: credited at most once per UTC day. */
export function recordDailyLogin(): Promise<UserActivityResponse> {
  const schemas = loadSchemas();
  return api.post(
    '/user/activity',
    { activityType: 'DAILY_LOGIN' },
    {
      parse: async (data) => (await schemas).userActivityResponseSchema.parse(data),
    },
  );
}

export function useRecordDailyLogin(
  options: Omit<UseMutationOptions<UserActivityResponse, Error, void>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: recordDailyLogin, ...options });
}
