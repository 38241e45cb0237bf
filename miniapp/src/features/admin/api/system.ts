import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSystemResponse,
  DailyLoginReward,
  LaunchTextRequestBody,
  LockdownRequestBody,
  MiningSettingsUpdate,
} from '@ziver/shared';
import { call } from '@/lib/call';
import { adminDailyLoginEndpoint } from '@/lib/endpoints/admin-daily-login';
import { adminLaunchTextEndpoint } from '@/lib/endpoints/admin-launch-text';
import { adminSystemEndpoint } from '@/lib/endpoints/admin-system';
import { lockdownEndpoint } from '@/lib/endpoints/lockdown';
import { miningSettingsEndpoint } from '@/lib/endpoints/mining-settings';
import { auditLogQueryKey } from './get-audit-log';

export const adminSystemQueryKey = ['admin', 'system'] as const;

/** GET /api/admin/system: lockdown, mining settings and daily-login reward in force. */
export function getAdminSystem(signal?: AbortSignal): Promise<AdminSystemResponse> {
  return call(adminSystemEndpoint, { signal });
}

export const adminSystemQueryOptions = () =>
  queryOptions({ queryKey: adminSystemQueryKey, queryFn: ({ signal }) => getAdminSystem(signal) });

export function useAdminSystem() {
  return useQuery(adminSystemQueryOptions());
}

/** One mutation per switch; each refreshes the settings and the audit log. */
function useSystemMutation<I>(send: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminSystemQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}

/** PUT /api/system/lockdown (the existing admin endpoint). */
export const useSetLockdown = () =>
  useSystemMutation((input: LockdownRequestBody) => call(lockdownEndpoint, { body: input }));

/** PUT /api/mining/settings (the existing admin endpoint). */
export const useSetMiningSettings = () =>
  useSystemMutation((input: MiningSettingsUpdate) => call(miningSettingsEndpoint, { body: input }));

/** PUT /api/admin/system/daily-login. */
export const useSetDailyLoginReward = () =>
  useSystemMutation((input: DailyLoginReward) => call(adminDailyLoginEndpoint, { body: input }));

/** PUT /api/admin/system/launch-text: the coming-soon pages' launch line (null clears it). */
export const useSetLaunchText = () =>
  useSystemMutation((input: LaunchTextRequestBody) => call(adminLaunchTextEndpoint, { body: input }));
