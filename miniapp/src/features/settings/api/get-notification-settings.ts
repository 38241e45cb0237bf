import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@ziver/shared';
import { call } from '@/lib/call';
import { notificationsEndpoint } from '@/lib/endpoints/notifications';

export const notificationSettingsQueryKey = ['settings', 'notifications'] as const;

/** GET /api/settings/notifications: the email, push, marketing and security toggles. */
export async function getNotificationSettings({
  signal,
}: { signal?: AbortSignal } = {}): Promise<NotificationSettings> {
  const response = await call(notificationsEndpoint, { signal });
  return response.settings;
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings({ signal }),
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
