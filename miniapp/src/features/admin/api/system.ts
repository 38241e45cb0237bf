import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminSystemResponseSchema,
  dailyLoginRewardResponseSchema,
  lockdownResponseSchema,
  miningSettingsUpdateResponseSchema,
  type AdminSystemResponse,
  type DailyLoginReward,
  type LockdownRequestBody,
  type MiningSettingsUpdate,
} from '@ziver/shared';
import { api } from '@/lib/api-client';
import { auditLogQueryKey } from './get-audit-log';

export const adminSystemQueryKey = ['admin', 'system'] as const;

/** GET /api/admin/system: lockdown, mining settings and daily-login reward in force. */
export function getAdminSystem(signal?: AbortSignal): Promise<AdminSystemResponse> {
  return api.get('/admin/system', { signal, parse: (data) => adminSystemResponseSchema.parse(data) });
}

export const adminSystemQueryOptions = () =>
  queryOptions({ queryKey: adminSystemQueryKey, queryFn: ({ signal }) => getAdminSystem(signal) });

export function useAdminSystem() {
  return useQuery(adminSystemQueryOptions());
}

/** One mutation per switch; each refreshes the settings and the audit log. */
function useSystemMutation<I>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminSystemQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}

/** PUT /api/system/lockdown (the existing admin endpoint). */
export const useSetLockdown = () =>
  useSystemMutation((input: LockdownRequestBody) =>
    api.put('/system/lockdown', input, { parse: (data) => lockdownResponseSchema.parse(data) }),
  );

/** PUT /api/mining/settings (the existing admin endpoint). */
export const useSetMiningSettings = () =>
  useSystemMutation((input: MiningSettingsUpdate) =>
    api.put('/mining/settings', input, { parse: (data) => miningSettingsUpdateResponseSchema.parse(data) }),
  );

/** PUT /api/admin/system/daily-login. */
export const useSetDailyLoginReward = () =>
  useSystemMutation((input: DailyLoginReward) =>
    api.put('/admin/system/daily-login', input, { parse: (data) => dailyLoginRewardResponseSchema.parse(data) }),
  );
