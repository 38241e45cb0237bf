import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsResponseSchema, type NotificationSettings } from '@ziver/shared';
import { api } from '@/lib/api-client';

export const notificationSettingsQueryKey = ['settings', 'notifications'] as const;

/** GET /api/settings/notifications: the email, push, marketing and security toggles. */
export async function getNotificationSettings({
  signal,
}: { signal?: AbortSignal } = {}): Promise<NotificationSettings> {
  const response = await api.get('/settings/notifications', {
    signal,
    parse: (data) => notificationSettingsResponseSchema.parse(data),
  });
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
