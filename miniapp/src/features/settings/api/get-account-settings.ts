import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountInfo } from '@ziver/shared';
import { call } from '@/lib/call';
import { accountEndpoint } from '@/lib/endpoints/account';

export const accountSettingsQueryKey = ['settings', 'account'] as const;

/** GET /api/settings/account: username, email, creation date, role, Telegram. */
export async function getAccountSettings({ signal }: { signal?: AbortSignal } = {}): Promise<AccountInfo> {
  const { account } = await call(accountEndpoint, { signal });
  return account;
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
