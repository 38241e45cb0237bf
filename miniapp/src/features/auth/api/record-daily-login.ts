import type { UserActivityResponse } from '@ziver/shared';
import { call } from '@/lib/call';

/** POST /api/user/activity {activityType:'DAILY_LOGIN'}: credited at most once per UTC day. */
export function recordDailyLogin(): Promise<UserActivityResponse> {
  return call('activity', { body: { activityType: 'DAILY_LOGIN' } });
}
