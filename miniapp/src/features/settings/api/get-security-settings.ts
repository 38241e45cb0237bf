import { queryOptions, useQuery } from '@tanstack/react-query';
import { securitySettingsResponseSchema, type SecuritySettings } from '@ziver/shared';
import { api } from '@/lib/api-client';

export const securitySettingsQueryKey = ['settings', 'security'] as const;

/** GET /api/settings/security: 2FA on or off, whether a password is set, backup codes left. */
export async function getSecuritySettings({ signal }: { signal?: AbortSignal } = {}): Promise<SecuritySettings> {
  const response = await api.get('/settings/security', {
    signal,
    parse: (data) => securitySettingsResponseSchema.parse(data),
  });
  return response.settings;
}

export function securitySettingsQueryOptions() {
  return queryOptions({
    queryKey: securitySettingsQueryKey,
    queryFn: ({ signal }) => getSecuritySettings({ signal }),
  });
}

export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}
