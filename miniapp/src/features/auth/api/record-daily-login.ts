import type { UserActivityResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { activityEndpoint } from '@/lib/endpoints/activity';

/** POST /api/user/activity {activityType:'DAILY_LOGIN'}: credited at most once per UTC day. */
export function recordDailyLogin(): Promise<UserActivityResponse> {
  return call(activityEndpoint, { body: { activityType: 'DAILY_LOGIN' } });
}
