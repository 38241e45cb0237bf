import type { UserActivityResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { answerReader } from '@/lib/answer-shape';

/** POST /api/user/activity {activityType:'DAILY_LOGIN'}: credited at most once per UTC day. */
export function recordDailyLogin(): Promise<UserActivityResponse> {
  return api.post('/user/activity', { activityType: 'DAILY_LOGIN' }, { parse: answerReader('activity') });
}
