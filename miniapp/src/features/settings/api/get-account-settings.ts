import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSettingsResponseSchema, type AccountInfo } from '@ziver/shared';
import { api } from '@/lib/api-client';

export const accountSettingsQueryKey = ['settings', 'account'] as const;

/** GET /api/settings/account: username, email, creation date, role, Telegram. */
export async function getAccountSettings({ signal }: { signal?: AbortSignal } = {}): Promise<AccountInfo> {
  const response = await api.request('GET', '/settings/account', {
    signal,
    parse: (data) => accountSettingsResponseSchema.parse(data),
  });
  return response.account;
}

export function accountSettingsQueryOptions() {
  return queryOptions({
    queryKey: accountSettingsQueryKey,
    queryFn: ({ signal }) => getAccountSettings({ signal }),
  });
}

export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions());
}
