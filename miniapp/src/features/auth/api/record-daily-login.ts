import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { UserActivityResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { USER_ACTIVITY_TYPES } from '@ziver/shared/core';
import {
  boolean,
  literal,
  messageFields,
  nullable,
  number,
  object,
  oneOf,
  string,
  type Reader,
} from '@/lib/answer-shape';
import { readPublicUser } from '@/lib/public-user-shape';

/** The answer (userActivityResponseSchema), checked without zod: start-up calls it. */
export const readUserActivity: Reader<UserActivityResponse> = object({
  success: literal(true),
  activityType: oneOf(USER_ACTIVITY_TYPES),
  credited: boolean,
  ...messageFields,
  day: string,
  reward: nullable(object({ zp: number, seb: number })),
  user: readPublicUser,
});

/** POST /api/user/activity {activityType:'DAILY_LOGIN'}: credited at most once per UTC day. */
export function recordDailyLogin(): Promise<UserActivityResponse> {
  return api.post(
    '/user/activity',
    { activityType: 'DAILY_LOGIN' },
    {
      parse: (data) => readUserActivity(data),
    },
  );
}

export function useRecordDailyLogin(
  options: Omit<UseMutationOptions<UserActivityResponse, Error, void>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: recordDailyLogin, ...options });
}
