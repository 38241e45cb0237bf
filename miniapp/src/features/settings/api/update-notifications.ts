import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { NotificationSettings } from '@ziver/shared';
import { call } from '@/lib/call';
import { updateNotificationsEndpoint } from '@/lib/endpoints/update-notifications';
import { notificationSettingsQueryKey } from './get-notification-settings';

export type UpdateNotificationsResult = { message: string; settings: NotificationSettings };

/** PUT /api/settings/notifications {email, push, marketing, security}. */
export async function updateNotifications(input: NotificationSettings): Promise<UpdateNotificationsResult> {
  const response = await call(updateNotificationsEndpoint, { body: input });
  return { message: response.message ?? '', settings: response.settings };
}

type Context = { previous: NotificationSettings | undefined };

const KEYS = ['email', 'push', 'marketing', 'security'] as const;

function isSame(a: NotificationSettings | undefined, b: NotificationSettings): boolean {
  return a !== undefined && KEYS.every((key) => a[key] === b[key]);
}

/**
 * Saves the toggles optimistically (docs/spec.md §4): the cache shows the new values at once and goes
 * back to the previous ones if the server refuses.
 */
export function useUpdateNotifications(
  options: Pick<
    UseMutationOptions<UpdateNotificationsResult, Error, NotificationSettings, Context>,
    'onSuccess' | 'onError'
  > = {},
) {
  const queryClient = useQueryClient();
  return useMutation<UpdateNotificationsResult, Error, NotificationSettings, Context>({
    mutationFn: updateNotifications,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsQueryKey });
      const previous = queryClient.getQueryData<NotificationSettings>(notificationSettingsQueryKey);
      queryClient.setQueryData(notificationSettingsQueryKey, next);
      return { previous };
    },
    onError: (error, variables, context, ...rest) => {
      // Only undo if nothing newer was applied meanwhile.
      const shown = queryClient.getQueryData<NotificationSettings>(notificationSettingsQueryKey);
      if (context?.previous && isSame(shown, variables))
        queryClient.setQueryData(notificationSettingsQueryKey, context.previous);
      options.onError?.(error, variables, context, ...rest);
    },
    onSuccess: (result, variables, context, ...rest) => {
      const shown = queryClient.getQueryData<NotificationSettings>(notificationSettingsQueryKey);
      if (isSame(shown, variables)) queryClient.setQueryData(notificationSettingsQueryKey, result.settings);
      options.onSuccess?.(result, variables, context, ...rest);
    },
  });
}
