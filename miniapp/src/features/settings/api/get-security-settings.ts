import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecuritySettings } from '@ziver/shared';
import { call } from '@/lib/call';
import { securityEndpoint } from '@/lib/endpoints/security';

export const securitySettingsQueryKey = ['settings', 'security'] as const;

/** GET /api/settings/security: 2FA on or off, whether a password is set, backup codes left. */
export async function getSecuritySettings({ signal }: { signal?: AbortSignal } = {}): Promise<SecuritySettings> {
  const response = await call(securityEndpoint, { signal });
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
